// SPDX-License-Identifier: MIT
#include "models/system/step/training_budget.hpp"

#include "models/catalog/figure_key.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/serving_model.hpp"

#include <algorithm>

namespace accelscope::models::system {

TrainingRunCost trainingRunCost(const TrainingStepEstimate& estimate, const catalog::Device& device, double tokens)
{
    TrainingRunCost c;
    c.tokens = tokens;
    c.seconds = estimate.tokensPerS > 0 ? tokens / estimate.tokensPerS : 0.0;
    c.days = c.seconds / 86400.0;
    c.deviceHours = estimate.devices * c.seconds / 3600.0;
    const serving::CatalogPrice price = serving::catalogPrice(device);
    if (price.cloudUsdPerHour) {
        c.usd = *price.cloudUsdPerHour * c.deviceHours;
        c.priceBasis = "cloud $/device-hour" + (price.date.empty() ? std::string() : " (" + price.date + ")");
    } else {
        c.flags.push_back("no cloud price in the catalog: no cost");
    }
    if (const auto tdp = device.value(catalog::FigureKey::TdpW)) {
        c.acceleratorMwh = *tdp * c.deviceHours / 1e6;
    } else {
        c.flags.push_back("no TDP in the catalog: no energy figure");
    }
    return c;
}

std::string tokensText(double tokens)
{
    if (tokens >= 1e12) return readableText(tokens / 1e12, 4) + "T tokens";
    if (tokens >= 1e9) return readableText(tokens / 1e9, 4) + "B tokens";
    return readableText(tokens, 4) + " tokens";
}

std::string runCostText(const TrainingRunCost& c)
{
    std::string text = tokensText(c.tokens) + " in " + readableText(c.days, 3) + " days: " + readableText(c.deviceHours, 4) + " device-hours";
    if (c.usd) text += ", " + usdText(*c.usd) + " (" + c.priceBasis + ")";
    if (c.acceleratorMwh) text += ", " + readableText(*c.acceleratorMwh, 4) + " MWh of accelerator energy (TDP x time)";
    for (const auto& f : c.flags) text += "; " + f;
    return text;
}

Result<DeadlineResult> devicesForDeadline(const roofline::TransformerConfig& model, const catalog::Device& device,
                                          std::span<const catalog::Device> catalog, const TrainingSearch& search, double tokens,
                                          double days, int maxDevices, const std::atomic<bool>* cancel)
{
    if (!(tokens > 0)) return fail(ErrorCode::InvalidArgument, "--tokens must be above 0");
    if (!(days > 0)) return fail(ErrorCode::InvalidArgument, "--days must be above 0");
    DeadlineResult out;
    auto whole = fabricForDevice(device, catalog, FabricRequest{});
    const int domain = whole ? whole->domainDevices : 1;
    // Powers of two inside one domain, then whole domains doubling (8, 16, 32 … on HGX; 64, 72, 144 … on NVL72).
    std::vector<long long> counts;
    for (long long c = 1; c < domain && c <= maxDevices; c *= 2) counts.push_back(c);
    for (long long c = domain; c <= maxDevices; c *= 2) counts.push_back(c);
    // The best layout's time at one count (nothing: no layout fits), remembered in `tried`.
    struct Best {
        TrainingStepEstimate estimate;
        Fabric fabric;
        TrainingRunCost cost;
    };
    auto evaluate = [&](long long count) -> Result<std::optional<Best>> {
        if (cancel && cancel->load()) return std::optional<Best>{};
        auto fabric = fabricForDeviceCount(device, catalog, count);
        if (!fabric) return std::unexpected(fabric.error());
        TrainingSearch s = search;
        s.devices = static_cast<int>(count);
        auto r = searchTrainingLayouts(model, device, *fabric, s, 1);
        if (!r) return std::unexpected(r.error());
        DeadlineTry t{static_cast<int>(count), std::nullopt};
        std::optional<Best> best;
        if (!r->best.empty()) {
            best = Best{r->best.front(), std::move(*fabric), trainingRunCost(r->best.front(), device, tokens)};
            t.days = best->cost.days;
        }
        out.tried.push_back(t);
        return best;
    };
    auto take = [&](Best&& b) {
        out.devices = b.estimate.devices;
        out.best = std::move(b.estimate);
        out.fabric = std::move(b.fabric);
        out.cost = std::move(b.cost);
    };
    long long below = 0; // the largest count tried that misses the deadline
    for (const long long count : counts) {
        if (cancel && cancel->load()) return out;
        auto b = evaluate(count);
        if (!b) return std::unexpected(b.error());
        if (*b && (*b)->cost.days <= days) {
            take(std::move(**b));
            break;
        }
        below = count;
    }
    // Between the last miss and the first hit, whole domains by bisection: 40 nodes rather than 64 when 40 do.
    if (out.devices > domain && below >= domain) {
        long long lo = below / domain, hi = out.devices / domain;
        while (hi - lo > 1 && !(cancel && cancel->load())) {
            const long long mid = (lo + hi) / 2;
            auto b = evaluate(mid * domain);
            if (!b) return std::unexpected(b.error());
            if (*b && (*b)->cost.days <= days) {
                hi = mid;
                take(std::move(**b));
            } else {
                lo = mid;
            }
        }
    }
    return out;
}

} // namespace accelscope::models::system
