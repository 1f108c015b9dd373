// SPDX-License-Identifier: MIT
// Worked arithmetic for lessons: an expression shown with its intermediate values, innermost
// operations first ("2^15 × (2 − 2^-10) = 32,768 × 1.9990234375 = 65,504").
#pragma once

#include "labs/guided/expression.hpp"

#include <string>
#include <string_view>

namespace accelscope::labs::guided {

/// `expression` as written (× for '*', − for a minus), then the same expression after each round
/// in which every operation or call whose operands are all numbers or words is replaced by its
/// value, down to the value itself, joined by " = ". Every value comes from `evaluator` (the
/// models compute the calls); a number is `workNumber`. At most `maxForms` forms are shown: the
/// first and the last ones. An expression that is a single number gives its value alone; one
/// longer than 400 characters its start and its value.
/// Errors: those of `evaluator` (a bad expression, an unknown function).
models::Result<std::string> workText(const Evaluator& evaluator, std::string_view expression, int maxForms = 5);

/// A value inside worked arithmetic: a whole number grouped (65,504), other values exact when that
/// takes at most 12 significant digits (1.9990234375), else 6 significant digits (0.333333).
std::string workNumber(double value);

} // namespace accelscope::labs::guided
