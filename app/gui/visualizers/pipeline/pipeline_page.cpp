// SPDX-License-Identifier: MIT
// PipelinePage: the canvas, lesson settings and presenter steps.
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "labs/guided/page_contracts.hpp"

namespace accelscope::gui {

PipelinePage::PipelinePage(const PageServices& /*services*/, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Two schedules stacked: drag p, m, v and the op times; the simulated bubble is shown beside the "
                    "paper's closed form."),
                 [this] { return m_visualizer.svg(); }, parent)
{
    setObjectName("pipeline-bubbles");
}

bool PipelinePage::applySetting(const std::string& key, const std::string& value)
{
    auto& v = m_visualizer;
    bool applied = false;
    if (key == "schedule" || key == "schedule2") {
        const auto schedule = models::pipeline::scheduleFromName(value);
        applied = schedule.has_value();
        if (applied && key == "schedule") v.setSchedules(*schedule, v.bottomSchedule());
        if (applied && key == "schedule2") v.setSchedules(v.topSchedule(), *schedule);
    } else if (key == "p" || key == "m" || key == "v") {
        const auto contract = labs::guided::contractOf("pipeline-bubbles");
        const auto n = contract.setting(key).integerIn(value);
        applied = n.has_value();
        auto& c = v.config();
        int& field = key == "p" ? c.stages : key == "m" ? c.microbatches : c.chunks;
        if (applied) field = *n;
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState PipelinePage::state()
{
    auto& v = m_visualizer;
    const auto& c = v.config();
    labs::guided::PageState out{{"schedule", std::string(models::pipeline::scheduleName(v.topSchedule()))},
                                {"p", std::to_string(c.stages)},
                                {"m", std::to_string(c.microbatches)},
                                {"v", std::to_string(c.chunks)}};
    if (const auto bottom = v.bottomSchedule()) out["schedule2"] = std::string(models::pipeline::scheduleName(*bottom));
    return out;
}

QString PipelinePage::stepAnimation(int direction)
{
    auto& v = m_visualizer;
    v.stepBy(direction);
    canvas()->update();
    const auto t = v.cursorTime();
    return tr("Pipeline bubbles: step %1 of %2, t = %3").arg(v.step()).arg(v.stepCount()).arg(t.value_or(0.0), 0, 'g', 3);
}

bool PipelinePage::animationAtEnd() { return m_visualizer.step() == m_visualizer.stepCount(); }

QString PipelinePage::togglePlay()
{
    m_visualizer.togglePlay();
    canvas()->update();
    return tr("Pipeline bubbles: %1").arg(m_visualizer.playing() ? tr("playing") : tr("paused"));
}

std::expected<models::figure::Figure, QString> PipelinePage::figure(bool dark)
{
    auto made = m_visualizer.figure(dark);
    if (!made) return std::unexpected(QString::fromStdString(made.error()));
    return std::move(*made);
}

} // namespace accelscope::gui
