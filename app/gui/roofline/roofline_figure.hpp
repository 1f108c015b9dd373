// SPDX-License-Identifier: MIT
// The roofline chart as a slide figure: the chart (with its legend), each device's roofs and ridge
// points as statistics, the catalog sources. ImGui-free.
#pragma once

#include "app/gui/roofline/roofline_visualizer.hpp"
#include "models/figure/figure.hpp"

#include <QString>

#include <expected>

namespace accelscope::gui::roofline {

/// The figure of what the page shows now; why not when no device is chosen.
std::expected<models::figure::Figure, QString> rooflineFigure(const RooflineVisualizer& visualizer, bool dark);

} // namespace accelscope::gui::roofline
