// SPDX-License-Identifier: MIT
// The memory pyramid as a slide figure: the pyramids, each level with a bandwidth as a statistic, the bases.
// The Memory pyramid page's "Export figure" and `accelscope-cli memory pyramid … --svg`.
#pragma once

#include "models/common/result.hpp"
#include "models/figure/figure.hpp"
#include "models/memory/pyramid_view.hpp"

namespace accelscope::models::memory {

/// The figure of `view` in the theme (`dark`): a 960 × 800 chart at 15 px text, text widths by
/// textWidthEstimate, so the GUI and the CLI write the same bytes. Error when no pyramid is shown.
Result<figure::Figure> pyramidFigure(const PyramidView& view, bool dark);

} // namespace accelscope::models::memory
