// SPDX-License-Identifier: MIT
// The roofline chart as a slide figure: the chart (with its legend), each device's roofs and ridge points as
// statistics, the catalog sources. The Roofline page's "Export figure" and `accelscope-cli roofline … --svg`.
#pragma once

#include "models/common/result.hpp"
#include "models/figure/figure.hpp"
#include "models/roofline/roofline_state.hpp"

namespace accelscope::models::roofline {

/// The figure of `state` in the theme (`dark`): a 900 × 560 chart at 15 px text, text widths by
/// textWidthEstimate, so the GUI and the CLI write the same bytes. Error when no device is chosen.
Result<figure::Figure> rooflineFigure(const RooflineState& state, bool dark);

} // namespace accelscope::models::roofline
