// SPDX-License-Identifier: MIT
// One check for a number entering from a user, a file or the settings: finite and within its range.
#include "models/common/number_range.hpp"

#include "models/common/number_text.hpp"

#include <cmath>
#include <string>

namespace accelscope::models {

Result<double> numberInRange(std::string_view what, double value, double min, double max)
{
    if (std::isfinite(value) && value >= min && value <= max) return value;
    return fail(ErrorCode::InvalidArgument, std::string(what) + " must be a number from " + readableText(min) + " to " +
                                                readableText(max) + ", got " + readableText(value));
}

} // namespace accelscope::models
