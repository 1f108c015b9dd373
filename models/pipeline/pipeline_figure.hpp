// SPDX-License-Identifier: MIT
// The pipeline-bubbles figure for slides: Gantt charts of one or two schedules on one time axis up
// to a playback step, legend, bubble statistics. One builder for the GUI's "Export figure" and
// `accelscope-cli pipeline --svg`.
#pragma once

#include "models/figure/figure.hpp"
#include "models/pipeline/pipeline_schedule.hpp"

#include <optional>
#include <vector>

namespace accelscope::models::pipeline {

/// The playback's moments: distinct op start times of `results`, ascending (times equal within
/// 1e-9 relative count once). Step s (1 … size) stands on the s-th; step 0 on the first with
/// nothing started; −1 shows everything.
std::vector<double> pipelineStepTimes(const std::vector<const PipelineResult*>& results);

/// One chart of the figure.
struct PipelineChart {
    Schedule schedule = Schedule::OneFOneB;
    PipelineConfig config;            ///< as simulated (p, m, v, times)
    const PipelineResult* result = nullptr;
};

struct PipelineFigureInput {
    std::vector<PipelineChart> charts; ///< one or two
    int step = -1;                     ///< −1 … pipelineStepTimes(results).size()
    bool dark = false;
};

/// The figure: one Gantt per schedule (stage rows, F/B/W coloured, micro-batch numbers, ops not
/// started by the step faded, the cursor line), legend and per schedule the bubble fraction,
/// makespan and the closed form.
figure::Figure pipelineFigure(const PipelineFigureInput& input);

} // namespace accelscope::models::pipeline
