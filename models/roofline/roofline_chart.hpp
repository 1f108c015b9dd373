// SPDX-License-Identifier: MIT
// The roofline chart, a pure function of the state: axes, bandwidth and compute roofs, kernel or LLM dots, measured
// roofs, as a figure Drawing with hover tips. The Roofline page rasterises it; its figure and `roofline --svg` write it.
#pragma once

#include "models/figure/chart_canvas.hpp"
#include "models/roofline/roofline_axes.hpp"
#include "models/roofline/roofline_state.hpp"

#include <vector>

namespace accelscope::models::roofline {

/// Turns a RooflineState into the log-log chart (the page, the figure export and what tests inspect).
class RooflineChart {
public:
    explicit RooflineChart(const RooflineState& state) : m_state(state) {}

    /// The chart on a `width` × `height` area at text size `fontSize` (pixels).
    figure::Chart build(float width, float height, bool dark, float fontSize, figure::Measure measure = {}) const;

private:
    struct RoofLabel;
    void addRoofs(figure::ChartCanvas& scene, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const;
    void addKernels(figure::ChartCanvas& scene, const RooflineAxes& a, bool dark) const;
    void addLlm(figure::ChartCanvas& scene, const RooflineAxes& a, bool dark) const;
    void addMeasured(figure::ChartCanvas& scene, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const;
    float roofLabelMargin(const figure::ChartCanvas& scene) const;

    const RooflineState& m_state;
};

/// RooflineChart(state).build(…): the chart (drawing and hover tips) on a `width` × `height` area; `measure` gives text widths
/// (the screen's font; textWidthEstimate when empty, as the figure and the CLI use).
figure::Chart rooflineChart(const RooflineState& state, float width, float height, bool dark, float fontSize, figure::Measure measure = {});

} // namespace accelscope::models::roofline
