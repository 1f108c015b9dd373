// SPDX-License-Identifier: MIT
// PipelinePage: the canvas, lesson settings and presenter steps.
#include "app/gui/pipeline-bubbles/pipeline_page.hpp"

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
    bindSettings();
}

void PipelinePage::bindSettings()
{
    using models::pipeline::scheduleFromName;
    using models::pipeline::scheduleName;
    m_binding.bindText("schedule", [&v = m_visualizer] { return std::string(scheduleName(v.topSchedule())); },
                       [&v = m_visualizer](const std::string& name) { v.setSchedules(scheduleFromName(name).value(), v.bottomSchedule()); });
    m_binding.bindText(
        "schedule2",
        [&v = m_visualizer]() -> std::optional<std::string> {
            const auto bottom = v.bottomSchedule();
            return bottom ? std::optional(std::string(scheduleName(*bottom))) : std::nullopt;
        },
        [&v = m_visualizer](const std::string& name) { v.setSchedules(v.topSchedule(), scheduleFromName(name).value()); });
    for (const auto& [key, field] : {std::pair{"p", &models::pipeline::PipelineConfig::stages}, std::pair{"m", &models::pipeline::PipelineConfig::microbatches},
                                     std::pair{"v", &models::pipeline::PipelineConfig::chunks}}) {
        // Read without config(): that marks the simulation for a rerun (a state read every half second must not).
        m_binding.bindInt(key, [&v = m_visualizer, field] { return v.currentConfig().*field; },
                          [&v = m_visualizer, field](int n) { v.config().*field = n; });
    }
    m_binding.onApplied([this] { canvas()->update(); });
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
