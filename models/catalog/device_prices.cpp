// SPDX-License-Identifier: MIT
// Collects a device's list price and cloud prices into quotes with their basis and source.
#include "models/catalog/device_prices.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace accelscope::models::catalog {
namespace {

constexpr std::array basisNames{
    std::pair{PriceBasis::List, std::string_view{"list"}},
    std::pair{PriceBasis::OnDemand, std::string_view{"on-demand"}},
    std::pair{PriceBasis::Committed1y, std::string_view{"committed-1y"}},
    std::pair{PriceBasis::Committed3y, std::string_view{"committed-3y"}},
    std::pair{PriceBasis::CapacityBlock, std::string_view{"capacity-block"}},
    std::pair{PriceBasis::Spot, std::string_view{"spot"}},
};

PriceQuote quoteOf(const Device& device, FigureKey key, const Figure& figure, bool headline)
{
    PriceQuote quote;
    quote.key = key;
    quote.usd = figure.value;
    quote.basis = key == FigureKey::ListPriceUsd ? PriceBasis::List
                                                 : priceBasisOf(figure.priceKind.value_or(PriceKind::OnDemand));
    quote.provider = key == FigureKey::ListPriceUsd && figure.provider.empty() ? device.vendor : figure.provider;
    quote.region = figure.region;
    quote.date = figure.date;
    quote.where = figure.where;
    quote.note = figure.note;
    quote.formula = figure.formula;
    if (const auto it = device.sources.find(figure.sourceKey); it != device.sources.end()) quote.source = it->second;
    quote.verified = figure.verified;
    quote.headline = headline;
    return quote;
}

} // namespace

std::string_view priceBasisName(PriceBasis basis)
{
    const auto it = std::ranges::find(basisNames, basis, &decltype(basisNames)::value_type::first);
    return it == basisNames.end() ? std::string_view{} : it->second;
}

PriceBasis priceBasisOf(PriceKind kind)
{
    switch (kind) {
    case PriceKind::OnDemand: return PriceBasis::OnDemand;
    case PriceKind::Committed1y: return PriceBasis::Committed1y;
    case PriceKind::Committed3y: return PriceBasis::Committed3y;
    case PriceKind::CapacityBlock: return PriceBasis::CapacityBlock;
    case PriceKind::Spot: return PriceBasis::Spot;
    }
    return PriceBasis::OnDemand;
}

std::vector<PriceQuote> devicePrices(const Device& device)
{
    std::vector<PriceQuote> out;
    for (const FigureKey key : {FigureKey::ListPriceUsd, FigureKey::CloudUsdPerHour}) {
        if (const Figure* figure = device.figure(key)) out.push_back(quoteOf(device, key, *figure, true));
    }
    for (const Figure& figure : device.cloudPrices) {
        out.push_back(quoteOf(device, FigureKey::CloudUsdPerHour, figure, false));
    }
    return out;
}

std::vector<PriceQuote> devicePrices(const Device& device, PriceBasis basis)
{
    auto all = devicePrices(device);
    std::erase_if(all, [&](const PriceQuote& quote) { return quote.basis != basis; });
    return all;
}

std::optional<PriceQuote> lowestPrice(const Device& device, PriceBasis basis)
{
    const auto quotes = devicePrices(device, basis);
    if (quotes.empty()) return std::nullopt;
    return *std::ranges::min_element(quotes, {}, &PriceQuote::usd);
}

std::optional<PriceQuote> headlineCloudPrice(const Device& device)
{
    for (PriceQuote& q : devicePrices(device)) {
        if (q.headline && q.key == FigureKey::CloudUsdPerHour) return std::move(q);
    }
    return std::nullopt;
}

std::string priceQuoteText(const PriceQuote& q)
{
    std::string text = q.provider.empty() ? std::string(priceBasisName(q.basis)) : q.provider + " " + std::string(priceBasisName(q.basis));
    if (!q.region.empty()) text += ", " + q.region;
    if (!q.date.empty()) text += ", " + q.date;
    if (!q.verified) text += ", unverified";
    return text;
}

} // namespace accelscope::models::catalog
