// SPDX-License-Identifier: MIT
// RooflinePage: catalog hand-over, shortcuts, measured roofs.
#include "app/gui/roofline/roofline_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QShortcut>

namespace accelscope::gui {

RooflinePage::RooflinePage(AppContext& context, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Roofs per device and precision; kernels placed by the kernel library (drag size and batch). Hover "
                    "a line or a dot for its numbers and source. Ctrl+L: LLM ops; Ctrl+K: add a kernel."),
                 [this] { return m_visualizer.svg(); }, parent),
      m_visualizer(context.catalog().devices)
{
    setObjectName("roofline");
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_visualizer.setCatalog(context.catalog().devices);
        canvas()->update();
    });
    auto* mode = new QShortcut(QKeySequence(tr("Ctrl+L")), this);
    connect(mode, &QShortcut::activated, this, [this] {
        m_visualizer.setMode(m_visualizer.mode() == roofline::ChartMode::Kernels ? roofline::ChartMode::Llm
                                                                                 : roofline::ChartMode::Kernels);
        canvas()->update();
    });
    auto* add = new QShortcut(QKeySequence(tr("Ctrl+K")), this);
    connect(add, &QShortcut::activated, this, [this] {
        if (m_visualizer.kernels().size() < 8) m_visualizer.kernels().push_back({roofline::KernelKind::Softmax, 4096, 4096, "bf16", true});
        m_visualizer.setMode(roofline::ChartMode::Kernels);
        canvas()->update();
    });
}

void RooflinePage::showMeasured(const labs::MeasuredRoofline& measured)
{
    m_visualizer.showMeasured(measured);
    canvas()->update();
    emit statusMessage(tr("Roofline: showing %1").arg(QString::fromStdString(measured.name)));
}

void RooflinePage::clearMeasured()
{
    m_visualizer.clearMeasured();
    canvas()->update();
}

} // namespace accelscope::gui
