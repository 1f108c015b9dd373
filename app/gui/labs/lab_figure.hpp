// SPDX-License-Identifier: MIT
// The Labs page's chart as a slide figure: the shown series (log axes where the chart uses them),
// the markers (cache sizes), legend, each series' best point, and where the numbers come from.
#pragma once

#include "app/gui/labs/lab_chart.hpp"
#include "models/figure/figure.hpp"

#include <QString>

#include <expected>

namespace accelscope::gui {

/// The figure of what `chart` shows now; why not when it shows no series.
std::expected<models::figure::Figure, QString> labFigure(const LabChart& chart, bool dark);

} // namespace accelscope::gui
