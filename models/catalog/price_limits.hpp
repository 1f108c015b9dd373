// SPDX-License-Identifier: MIT
// The ranges of a user's prices: the store, the serving model and both faces check against them.
#pragma once

#include "models/common/result.hpp"

#include <optional>

namespace accelscope::models::catalog {

/// The ranges a user's price takes (both faces, the store, the serving model): wide enough for any real
/// price, narrow enough that no cost overflows or prints 300 digits (issue #29: `--years 5e-324`).
namespace priceLimits {
constexpr double maxUsdPerHour = 100000.0;        ///< per device-hour
constexpr double maxListPriceUsd = 1e9;           ///< per device
constexpr double minAmortisationYears = 0.1;
constexpr double maxAmortisationYears = 100.0;
constexpr double maxUsdPerKwh = 100.0;
} // namespace priceLimits

/// Checks one device's price against priceLimits: `--usd-per-hour`, `--list-price-usd` (each when set)
/// and `--years`; an InvalidArgument from numberInRange naming the first one out of range.
Result<void> checkPriceRanges(std::optional<double> usdPerHour, std::optional<double> listPriceUsd, double amortisationYears);

} // namespace accelscope::models::catalog
