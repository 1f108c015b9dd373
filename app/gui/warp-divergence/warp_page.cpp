// SPDX-License-Identifier: MIT
// WarpPage: frames export.
#include "app/gui/warp-divergence/warp_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/figure_export.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/simt/warp_simulator.hpp"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>

namespace accelscope::gui {

WarpPage::WarpPage(const PageServices& /*services*/, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Space plays/pauses, arrows step. Edit the program or the data on the left; both execution models "
                    "update at once."),
                 [this] { return m_visualizer.svg(); }, parent)
{
    setObjectName("warp-divergence");
    auto* frames = new QPushButton(tr("Export frames…"), this);
    frames->setToolTip(tr("One figure PNG per step of the playback, for an animated slide"));
    buttonRow()->addWidget(frames);
    connect(frames, &QPushButton::clicked, this, [this] { exportFrames(); });
    bindSettings();
}

int WarpPage::exportFrames(const QString& requested)
{
    QString folder = requested;
    if (folder.isEmpty()) {
        folder = QFileDialog::getExistingDirectory(this, tr("Folder for the frames"));
        if (folder.isEmpty()) return 0;
    }
    QDir dir(folder);
    if (!dir.mkpath(".")) return 0;
    const int saved = m_visualizer.step();
    const int steps = m_visualizer.stepCount();
    int written = 0;
    for (int step = 0; step <= steps; ++step) {
        m_visualizer.setStep(step);
        const auto figure = m_visualizer.figure(false);
        if (!figure) break;
        if (renderFigure(*figure).save(dir.filePath(QStringLiteral("frame-%1.png").arg(step, 4, 10, QChar('0'))), "PNG")) ++written;
    }
    m_visualizer.setStep(saved);
    canvas()->update();
    emit statusMessage(tr("Saved %1 frames in %2").arg(written).arg(folder));
    return written;
}

std::expected<models::figure::Figure, QString> WarpPage::figure(bool dark)
{
    auto made = m_visualizer.figure(dark);
    if (!made) return std::unexpected(QString::fromStdString(made.error()));
    return std::move(*made);
}

void WarpPage::bindSettings()
{
    using models::simt::ExecutionModel;
    // The preset resets the others: first in the contract, so the binding applies it first.
    m_binding.bindText("preset", [&w = m_visualizer] { return w.preset(); }, [&w = m_visualizer](const std::string& name) { return w.loadPreset(name); });
    m_binding.bindText(
        "model",
        [&w = m_visualizer]() -> std::optional<std::string> {
            const auto model = w.highlightedModel();
            if (!model) return std::nullopt;
            return *model == ExecutionModel::Its ? "its" : "prevolta";
        },
        [&w = m_visualizer](const std::string& model) { w.setHighlightedModel(model == "its" ? ExecutionModel::Its : ExecutionModel::PreVolta); });
    m_binding.bindInt("warps", [&w = m_visualizer] { return w.warps(); }, [&w = m_visualizer](int n) { w.setWarps(n); });
    m_binding.bindInt("width", [&w = m_visualizer] { return w.width(); }, [&w = m_visualizer](int n) { w.setWidth(n); });
    m_binding.bindText("data", [&w = m_visualizer] { return std::string(models::simt::dataPatternName(w.dataPattern())); },
                       [&w = m_visualizer](const std::string& name) { w.setDataPattern(models::simt::dataPatternFromName(name).value()); });
    for (const auto& [model, key] : {std::pair{ExecutionModel::PreVolta, "efficiency_prevolta"}, std::pair{ExecutionModel::Its, "efficiency_its"}}) {
        m_binding.report<double>(key, [&w = m_visualizer, model] { // what the page measured: the program may be edited
            const auto& run = w.run(model);
            return run && run->completed ? run->total.simdEfficiency : 0.0;
        });
    }
    m_binding.onApplied([this] { canvas()->update(); });
}

QString WarpPage::stepAnimation(int direction)
{
    auto& v = m_visualizer;
    if (v.playing()) v.togglePlay(); // a manual step takes over from playback
    const int count = v.stepCount();
    const int current = v.step() < 0 ? (direction > 0 ? 0 : count) : v.step();
    v.setStep(std::clamp(current + direction, 0, count));
    canvas()->update();
    return tr("Warp divergence: step %1 of %2").arg(v.step()).arg(count);
}

bool WarpPage::animationAtEnd() { return m_visualizer.step() == m_visualizer.stepCount(); }

QString WarpPage::togglePlay()
{
    m_visualizer.togglePlay();
    canvas()->update(); // a playing visualizer asks for its next frames from here on
    return tr("Warp divergence: %1").arg(m_visualizer.playing() ? tr("playing") : tr("paused"));
}

} // namespace accelscope::gui
