// SPDX-License-Identifier: MIT
// Formulas of derived figures: "+ - * /", parentheses, numbers and figure keys.
#pragma once

#include "models/common/result.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::catalog {

/// Names a formula refers to, in order of first appearance; an error for a malformed formula.
Result<std::vector<std::string>> formulaNames(std::string_view formula);

/// Evaluates `formula`, resolving each name with `lookup` (nullopt: the name has no value).
/// Errors: syntax, unknown name, division by zero.
Result<double> evaluateFormula(std::string_view formula,
                               const std::function<std::optional<double>(std::string_view)>& lookup);

} // namespace accelscope::models::catalog
