// SPDX-License-Identifier: MIT
// The roofline chart as a Scene: axes, bandwidth and compute roofs, kernel or LLM dots, measured roofs. ImGui-free.
#pragma once

#include "app/gui/canvas/scene.hpp"
#include "app/gui/roofline/roofline_axes.hpp"
#include "app/gui/roofline/roofline_state.hpp"

#include <vector>

namespace accelscope::gui::roofline {

/// Turns a RooflineState into the log-log chart (also the SVG export and what tests inspect).
class RooflineChart {
public:
    explicit RooflineChart(const RooflineState& state) : m_state(state) {}

    /// The chart on a `width` × `height` area at text size `fontSize` (pixels).
    Scene build(float width, float height, bool dark, float fontSize, Scene::Measure measure = {}) const;

private:
    struct RoofLabel;
    void addRoofs(Scene& scene, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const;
    void addKernels(Scene& scene, const RooflineAxes& a, bool dark) const;
    void addLlm(Scene& scene, const RooflineAxes& a, bool dark) const;
    void addMeasured(Scene& scene, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const;
    float roofLabelMargin(const Scene& scene) const;

    const RooflineState& m_state;
};

} // namespace accelscope::gui::roofline
