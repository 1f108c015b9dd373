// SPDX-License-Identifier: MIT
// The ranges of a user's prices: the store, the serving model and both faces check against them.
#include "models/catalog/price_limits.hpp"

#include "models/common/number_range.hpp"

#include <tuple>

namespace accelscope::models::catalog {

Result<void> checkPriceRanges(std::optional<double> usdPerHour, std::optional<double> listPriceUsd, double amortisationYears)
{
    using namespace priceLimits;
    const std::optional<double> years = amortisationYears;
    for (const auto& [name, value, min, max] : {std::tuple{"--usd-per-hour", usdPerHour, 0.0, maxUsdPerHour},
                                                std::tuple{"--list-price-usd", listPriceUsd, 0.0, maxListPriceUsd},
                                                std::tuple{"--years", years, minAmortisationYears, maxAmortisationYears}}) {
        if (!value) continue;
        if (auto ok = numberInRange(name, *value, min, max); !ok) return std::unexpected(ok.error());
    }
    return {};
}

} // namespace accelscope::models::catalog
