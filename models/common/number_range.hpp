// SPDX-License-Identifier: MIT
// One check for a number entering from a user, a file or the settings: finite and within its range.
#pragma once

#include "models/common/result.hpp"

#include <string_view>

namespace accelscope::models {

/// `value` when it is finite and min <= value <= max; otherwise an `ErrorCode::InvalidArgument` whose
/// message names `what` and the range with grouped numbers: "--ttft-ms must be a number from 0.001 to
/// 3,600,000, got nan". Issue #29: NaN and -inf latency limits, a 5e-324 amortisation period and a
/// 4.9e-324 efficiency were accepted and turned into silent nonsense.
Result<double> numberInRange(std::string_view what, double value, double min, double max);

} // namespace accelscope::models
