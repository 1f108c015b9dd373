// SPDX-License-Identifier: MIT
// Parsing one figure's value ("3.35 TB/s") and resolving derived figures by formula.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <string>
#include <string_view>

namespace accelscope::models::catalog {

/// Converts a stated value ("3.35 TB/s", "96 GiB", "700 W") to the canonical unit of `info`.
/// The error message says what is wrong (no number, unit that does not fit, accepted units).
Result<double> parseStatedValue(std::string_view stated, const FigureInfo& info);

/// Checks a canonical value against the field's plausible range and integrality.
Result<void> checkFigureRange(double value, const FigureInfo& info);

/// Evaluates every derived figure of `device` from the others (in dependency order). The error
/// names the figure: unknown key, absent figure, cycle, division by zero, or out-of-range result.
struct DerivedError {
    FigureKey key;
    std::string message;
};
std::expected<void, DerivedError> resolveDerivedFigures(Device& device);

/// Formats a value the way tables show it: up to 4 significant digits, no exponent below 1e9.
std::string formatFigureValue(double value);

} // namespace accelscope::models::catalog
