// SPDX-License-Identifier: MIT
#include "models/system/step/serving_search.hpp"

#include "models/serving/serving_model.hpp"
#include "models/serving/serving_plan.hpp"

#include <algorithm>

namespace accelscope::models::system {

namespace {

/// Better: cheaper per million tokens where both have a price, else more tokens/s per device.
bool better(const ServingPlanRow& a, const ServingPlanRow& b)
{
    if (a.usdPerMillionTokens && b.usdPerMillionTokens) return *a.usdPerMillionTokens < *b.usdPerMillionTokens;
    if (a.usdPerMillionTokens.has_value() != b.usdPerMillionTokens.has_value()) return a.usdPerMillionTokens.has_value();
    return a.tokensPerS / a.count > b.tokensPerS / b.count;
}

} // namespace

std::vector<ServingPlanRow> planServingOnSteps(const roofline::TransformerConfig& model, std::span<const catalog::Device> catalog,
                                               const ServingSearch& search)
{
    std::vector<ServingPlanRow> ranked, failed;
    for (const catalog::Device& device : catalog) {
        if (!serving::isAccelerator(device)) continue;
        const serving::CatalogPrice price = serving::catalogPrice(device);
        std::optional<ServingPlanRow> best;
        std::string problem;
        auto domain = fabricForDevice(device, catalog, FabricRequest{});
        const int domainDevices = domain ? domain->domainDevices : 1;
        for (int count : search.counts) {
            if (count < 1) continue;
            std::optional<ServingPlanRow> atCount;
            for (int tp = 1; tp <= count && tp <= domainDevices; tp *= 2) {
                if (count % tp != 0 || model.heads % tp != 0) continue;
                Fabric fabric;
                fabric.deviceId = device.id;
                if (tp > 1) {
                    auto f = fabricForDevice(device, catalog, FabricRequest{tp, 1, {}, {}});
                    if (!f) {
                        problem = f.error().message;
                        continue;
                    }
                    fabric = std::move(*f);
                }
                ServingSpec spec = search.spec;
                spec.tp = tp;
                spec.pp = 1;
                auto s = servingSteadyState(model, device, fabric, spec, search.load);
                if (!s) {
                    problem = s.error().message;
                    continue;
                }
                ServingPlanRow row;
                row.device = &device;
                row.count = count;
                row.tp = tp;
                row.replicas = count / tp;
                row.tokensPerS = s->outputTokensPerSPerReplica * row.replicas;
                row.state = std::move(*s);
                if (price.cloudUsdPerHour) {
                    row.usdPerHour = *price.cloudUsdPerHour * count;
                    row.usdPerMillionTokens = *row.usdPerHour / (row.tokensPerS * 3600.0) * 1e6;
                }
                if (!atCount || row.tokensPerS > atCount->tokensPerS) atCount = std::move(row);
            }
            if (!atCount) continue;
            if (search.targetTokensPerS && atCount->tokensPerS < *search.targetTokensPerS) continue;
            if (!best || better(*atCount, *best)) best = std::move(atCount);
        }
        if (best) {
            ranked.push_back(std::move(*best));
        } else {
            ServingPlanRow row;
            row.device = &device;
            row.problem = problem.empty() ? "no count reaches the target" : problem;
            failed.push_back(std::move(row));
        }
    }
    std::ranges::stable_sort(ranked, better);
    ranked.insert(ranked.end(), std::make_move_iterator(failed.begin()), std::make_move_iterator(failed.end()));
    return ranked;
}

} // namespace accelscope::models::system
