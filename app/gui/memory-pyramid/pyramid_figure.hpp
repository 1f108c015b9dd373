// SPDX-License-Identifier: MIT
// The memory pyramid as a slide figure: the chart with its key, what is moved, catalog sources.
#pragma once

#include "app/gui/memory-pyramid/pyramid_visualizer.hpp"
#include "models/figure/figure.hpp"

#include <QString>

#include <expected>

namespace accelscope::gui::memory {

/// The figure of the pyramids shown now; why not when none is shown.
std::expected<models::figure::Figure, QString> pyramidFigure(const PyramidVisualizer& visualizer, bool dark);

} // namespace accelscope::gui::memory
