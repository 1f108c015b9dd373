// SPDX-License-Identifier: MIT
// Pipeline bubbles: Gantt charts of two schedules stacked, the activation memory under each, the
// closed-form bubble next to the simulated one, sliders for p, m, v and the op times, and a
// step-by-step playback of both schedules on one time cursor.
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/visualizer.hpp"
#include "app/gui/pipeline-bubbles/pipeline_playback.hpp"
#include "models/figure/figure.hpp"
#include "models/pipeline/pipeline_schedule.hpp"

#include <expected>
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
    /// The configuration as it is, for reading (config() marks the simulation to run again).
    const models::pipeline::PipelineConfig& currentConfig() const { return m_config; }
    models::pipeline::Schedule topSchedule() const { return m_top; }
    std::optional<models::pipeline::Schedule> bottomSchedule() const { return m_bottom; }
    /// Simulated results (top, bottom); an error message when a configuration is invalid.
    const std::optional<models::pipeline::PipelineResult>& top() { refresh(); return m_topResult; }
    const std::optional<models::pipeline::PipelineResult>& bottom() { refresh(); return m_bottomResult; }
    const std::string& error() { refresh(); return m_error; }
    /// The slide figure at the current playback step (models::pipeline::pipelineFigure); why not
    /// when a schedule cannot be simulated.
    std::expected<models::figure::Figure, std::string> figure(bool dark);
    /// The light figure as SVG (empty when there is none).
    std::string svg();

    /// Playback. A step is one moment at which some op starts, in either chart: the distinct op
    /// start times of both shown schedules, in time order (both charts share one time axis, so the
    /// cursor is the same instant in both and the faster schedule visibly runs ahead). At step s
    /// (1 … stepCount()) the cursor stands at the s-th of those times: ops that have started by
    /// then are drawn in full colour (those starting at the cursor outlined), later ones faded, and
    /// the bubble hatching and the activation line run up to the cursor. Step 0 is the timeline
    /// before the first op; −1 (the default) shows the whole schedule without a cursor. The
    /// statistics in the chart titles are always those of the whole schedule.
    /// Sets the step, clamped to −1 … stepCount().
    void setStep(int step);
    int step() const { return m_playback.step(); }
    /// Number of distinct op start times over the shown charts; 0 when none could be simulated.
    int stepCount();
    /// One step forward (+1) or back (−1), clamped to 0 … stepCount(); from −1 (everything shown)
    /// forward goes to step 1 and back to stepCount() − 1, as on the Warp page. Pauses playback.
    void stepBy(int direction);
    /// The cursor's time in the schedules' time units (those of F, B and W); none at −1.
    std::optional<double> cursorTime();
    /// Starts or pauses playback; starting from −1 or from the last step begins again at step 0.
    /// Playing advances a few steps per second (a slider) and stops at the last step.
    void togglePlay();
    bool playing() const { return m_playback.playing(); }

private:
    /// The lesson settings contract: the controls' ranges come from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("pipeline-bubbles");
    struct Chart;
    void refresh();
    void drawControls();
    void drawPlayback();
    void advancePlayback(DrawContext& context);
    void drawSchedule(models::pipeline::Schedule schedule, const models::pipeline::PipelineResult& result,
                      float height, double timeScale, bool dark);
    void drawGantt(const Chart& chart, const models::pipeline::PipelineResult& result, bool dark) const;
    void drawActivations(const Chart& chart, const models::pipeline::PipelineResult& result, int chunks) const;
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
    PipelinePlayback m_playback; ///< over the op start times of both charts
};

} // namespace accelscope::gui::pipeline
