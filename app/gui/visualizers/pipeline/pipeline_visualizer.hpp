// SPDX-License-Identifier: MIT
// Pipeline bubbles: Gantt charts of two schedules stacked, the activation memory under each, the
// closed-form bubble next to the simulated one, and sliders for p, m, v and the op times.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/pipeline/pipeline_schedule.hpp"

#include <optional>
#include <string>

namespace accelscope::gui::pipeline {

class PipelineVisualizer : public Visualizer {
public:
    PipelineVisualizer();
    std::string id() const override { return "pipeline-bubbles"; }
    std::string title() const override { return "Pipeline bubbles"; }
    void draw(DrawContext& context) override;

    void setSchedules(models::pipeline::Schedule top, std::optional<models::pipeline::Schedule> bottom);
    models::pipeline::PipelineConfig& config() { m_dirty = true; return m_config; }
    models::pipeline::Schedule topSchedule() const { return m_top; }
    std::optional<models::pipeline::Schedule> bottomSchedule() const { return m_bottom; }
    /// Simulated results (top, bottom); an error message when a configuration is invalid.
    const std::optional<models::pipeline::PipelineResult>& top() { refresh(); return m_topResult; }
    const std::optional<models::pipeline::PipelineResult>& bottom() { refresh(); return m_bottomResult; }
    const std::string& error() { refresh(); return m_error; }
    /// SVG of both Gantt charts, for slides.
    std::string svg();

private:
    void refresh();
    void drawControls();
    void drawSchedule(models::pipeline::Schedule schedule, const models::pipeline::PipelineResult& result,
                      float height, double timeScale, bool dark);
    models::pipeline::PipelineConfig m_config;
    models::pipeline::Schedule m_top = models::pipeline::Schedule::OneFOneB;
    std::optional<models::pipeline::Schedule> m_bottom = models::pipeline::Schedule::ZbH1;
    std::optional<models::pipeline::PipelineResult> m_topResult;
    std::optional<models::pipeline::PipelineResult> m_bottomResult;
    std::string m_error;
    bool m_dirty = true;
    float m_forward = 1.0f;  ///< slider values (the config holds doubles)
    float m_backward = 1.0f;
    float m_weight = 1.0f;
    float m_comm = 0.0f;
};

} // namespace accelscope::gui::pipeline
