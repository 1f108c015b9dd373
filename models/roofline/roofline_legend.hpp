// SPDX-License-Identifier: MIT
// The roofline chart's legend: devices with their peaks (or LLM bounds), kernel markers, the measured machine.
#pragma once

#include "models/figure/chart_canvas.hpp"
#include "models/roofline/roofline_state.hpp"

#include <string>
#include <vector>

namespace accelscope::models::roofline {

/// Writes the legend above the plot; ImGui-free (a figure::ChartCanvas in, its height out).
class RooflineLegend {
public:
    explicit RooflineLegend(const RooflineState& state) : m_state(state) {}

    /// How the legend is drawn: its text size in pixels; compact = devices without their compute peaks.
    struct Style {
        float size;
        bool compact;
    };
    /// The largest style whose legend leaves the plot at least 70 % of `height`.
    Style style(float width, float height, bool dark, float fontSize, const figure::Measure& measure) const;
    /// Adds the legend at the top of `scene`; returns its height.
    float add(figure::ChartCanvas& scene, bool dark, Style style) const;
    /// The marker of the kernel-th kernel, on the plot and in the legend.
    static figure::MarkerShape kernelMarker(std::size_t kernel);

private:
    /// A device's legend phrases ("NVIDIA H100 SXM5 80GB:", "bf16 989.5", …).
    std::vector<std::string> deviceLegend(const catalog::Device& d, bool compact) const;

    const RooflineState& m_state;
};

} // namespace accelscope::models::roofline
