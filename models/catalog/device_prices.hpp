// SPDX-License-Identifier: MIT
// Every price of one device with its basis, provider, region, date and source: what the planners rank by.
#pragma once

#include "models/catalog/device.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::catalog {

/// The basis a price is on: a vendor list price (owned hardware, amortised by the caller) or a cloud rate of
/// one kind. Cloud rates include server, network and facility; a list price covers the device alone.
enum class PriceBasis { List, OnDemand, Committed1y, Committed3y, CapacityBlock, Spot };

/// One price of one device.
struct PriceQuote {
    FigureKey key = FigureKey::CloudUsdPerHour; ///< ListPriceUsd (USD per device) or CloudUsdPerHour (USD per device-hour)
    double usd = 0.0;           ///< USD per device (list) or per device-hour (cloud)
    PriceBasis basis = PriceBasis::OnDemand;
    std::string provider;       ///< cloud: "AWS", "Lambda"; list: the vendor
    std::string region;         ///< cloud: "us-east-1"; empty when none is quoted (and for list prices)
    std::string date;           ///< YYYY-MM the price was in force
    std::string where;          ///< where in the source the price (or its constants) is printed
    std::string note;
    std::string formula;        ///< the division that gives one device ("55.04 / 8"), when derived
    Source source;              ///< the page the price cites (title, publisher, url, date)
    bool verified = true;       ///< false: not read in a stored copy of `source` (shown as "unverified")
    bool headline = false;      ///< true for figures[key], the one price a single-number view shows
};

/// "list", "on-demand", "committed-1y", "committed-3y", "capacity-block", "spot".
std::string_view priceBasisName(PriceBasis basis);
/// The basis of a cloud price kind.
PriceBasis priceBasisOf(PriceKind kind);

/// Every price of `device`: its list price (if any) first, then its headline cloud price, then the others of
/// Device::cloudPrices in file order. Empty when the device has no price.
std::vector<PriceQuote> devicePrices(const Device& device);

/// The prices of `device` on one basis (all providers and regions), in devicePrices() order.
std::vector<PriceQuote> devicePrices(const Device& device, PriceBasis basis);

/// The headline cloud price of `device` (the one a single-number view shows), or nullopt.
std::optional<PriceQuote> headlineCloudPrice(const Device& device);

/// "AWS on-demand, us-east-1, 2026-11" and ", unverified" when it was not read in a stored copy: what a row says of
/// the price it uses.
std::string priceQuoteText(const PriceQuote& quote);

/// The lowest price of `device` on `basis` (unverified ones included; check PriceQuote::verified), or nullopt.
std::optional<PriceQuote> lowestPrice(const Device& device, PriceBasis basis);

} // namespace accelscope::models::catalog
