// SPDX-License-Identifier: MIT
// How far the serving step model's tokens/s can be off: the spread of measured / predicted over published offline
// runs it was never fitted on (the held-out residuals, not a fitted one).
#pragma once

#include <string>

namespace accelscope::models::system {

struct ServingBand {
    double low = 1;     ///< 10th percentile of measured / predicted
    double median = 1;
    double high = 1;    ///< 90th percentile
    int rows = 0;
    std::string source; ///< the rows and the script that computes it
};

/// The band of `serve step`: scripts/check_serving_published.py --band over data/serving/published (a test holds the two
/// together).
const ServingBand& servingBand();

} // namespace accelscope::models::system
