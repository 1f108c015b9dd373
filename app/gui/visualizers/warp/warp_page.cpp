// SPDX-License-Identifier: MIT
// WarpPage: frames export.
#include "app/gui/visualizers/warp/warp_page.hpp"

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

bool WarpPage::applySetting(const std::string& key, const std::string& value)
{
    using models::simt::ExecutionModel;
    auto& w = m_visualizer;
    bool applied = false;
    if (key == "preset") { // it resets the others: first in the contract, so the window applies it first
        applied = w.loadPreset(value);
    } else if (key == "warps") {
        const auto contract = labs::guided::contractOf("warp-divergence");
        const auto n = contract.setting("warps").integerIn(value);
        applied = n.has_value();
        if (applied) w.setWarps(*n);
    } else if (key == "width") {
        const auto n = labs::guided::settingInt(value);
        applied = n == 32 || n == 64;
        if (applied) w.setWidth(*n);
    } else if (key == "data") {
        const auto pattern = models::simt::dataPatternFromName(value);
        applied = pattern.has_value();
        if (applied) w.setDataPattern(*pattern);
    } else if (key == "model") {
        applied = value == "its" || value == "prevolta";
        if (applied) w.setHighlightedModel(value == "its" ? ExecutionModel::Its : ExecutionModel::PreVolta);
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState WarpPage::state()
{
    using models::simt::ExecutionModel;
    auto& w = m_visualizer;
    labs::guided::PageState out{{"preset", w.preset()},
                                {"warps", std::to_string(w.warps())},
                                {"width", std::to_string(w.width())},
                                {"data", std::string(models::simt::dataPatternName(w.dataPattern()))}};
    if (const auto model = w.highlightedModel()) out["model"] = *model == ExecutionModel::Its ? "its" : "prevolta";
    for (const auto& [model, name] : {std::pair{ExecutionModel::PreVolta, "efficiency_prevolta"}, std::pair{ExecutionModel::Its, "efficiency_its"}}) {
        const auto& run = w.run(model);
        out[name] = labs::guided::numberSetting(run && run->completed ? run->total.simdEfficiency : 0.0);
    }
    return out;
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
