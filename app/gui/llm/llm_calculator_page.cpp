// SPDX-License-Identifier: MIT
// LlmCalculatorPage: catalog hand-over and the mode shortcut.
#include "app/gui/llm/llm_calculator_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QShortcut>

namespace accelscope::gui {

LlmCalculatorPage::LlmCalculatorPage(AppContext& context, QWidget* parent)
    : CanvasPage(m_calculator,
                 tr("Memory per device from the model and layout; the matrix tries every catalog device at 1-64 devices. "
                    "Ctrl+T switches inference/training."),
                 [this] { return m_calculator.svg(); }, parent),
      m_calculator(context.catalog().devices)
{
    setObjectName("llm-calculator");
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_calculator.setCatalog(context.catalog().devices);
        canvas()->update();
    });
    auto* mode = new QShortcut(QKeySequence(tr("Ctrl+T")), this);
    connect(mode, &QShortcut::activated, this, [this] {
        auto& s = m_calculator.settings();
        s.mode = s.mode == llm::CalcMode::Inference ? llm::CalcMode::Training : llm::CalcMode::Inference;
        canvas()->update();
    });
}

} // namespace accelscope::gui
