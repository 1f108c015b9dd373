// SPDX-License-Identifier: MIT
// Serving planner: estimates per device and count, ranking, rows for what does not fit.
#include "models/serving/serving_plan.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace accelscope::models::serving {
namespace {

double orderKey(const ServingEstimate& e, PlanOrder order)
{
    switch (order) {
    case PlanOrder::Cost: {
        // A cloud $/hour is an all-in rate; an amortised list price leaves out the host, power and
        // operations, so the two are not compared: cloud-priced rows first, then list-priced, then none.
        if (!e.usdPerMillionTokens) return 1e300;
        const bool hourly = e.priceBasis == "cloud" || e.priceBasis == "your $/h";
        return (hourly ? 0.0 : 1e100) + *e.usdPerMillionTokens;
    }
    case PlanOrder::Devices: return e.devices;
    case PlanOrder::Power: return e.watts ? *e.watts / std::max(e.tokensPerS, 1e-300) : 1e300;
    }
    return 0.0;
}

} // namespace

std::optional<PlanOrder> planOrderFromName(std::string_view name)
{
    if (name == "cost" || name == "usd") return PlanOrder::Cost;
    if (name == "devices") return PlanOrder::Devices;
    if (name == "power" || name == "watts") return PlanOrder::Power;
    return std::nullopt;
}

bool isAccelerator(const catalog::Device& device)
{
    using catalog::DeviceKind;
    using catalog::FormFactor;
    if (device.kind == DeviceKind::Cpu || device.kind == DeviceKind::Soc) return false;
    return device.formFactor != FormFactor::Board && device.formFactor != FormFactor::System;
}

std::vector<PlanRow> planServing(const roofline::TransformerConfig& config, const std::vector<catalog::Device>& devices,
                                 const ServingRequest& request, const EfficiencyTable& efficiencies,
                                 const PlanOptions& options)
{
    std::vector<PlanRow> fitting;
    std::vector<PlanRow> notFitting;
    std::vector<PlanRow> problems;
    for (const auto& device : devices) {
        if (!options.allKinds && !isAccelerator(device)) continue;
        const auto d = servingDevice(device, request, efficiencies);
        if (!d) {
            problems.push_back({&device, std::nullopt, d.error().message});
            continue;
        }
        std::optional<ServingEstimate> closest;
        std::string problem;
        bool any = false;
        for (const int n : options.counts) {
            auto e = estimateServing(config, *d, request, n);
            if (!e) {
                problem = e.error().message;
                continue;
            }
            if (!e->fits) {
                if (!closest || e->needBytesPerDevice < closest->needBytesPerDevice) closest = *e;
                continue;
            }
            if (options.targetTokensPerS && e->tokensPerS < *options.targetTokensPerS) {
                problem = "below the target tokens/s at every count tried";
                continue;
            }
            if (!options.everyCount && any) {
                // One row per device: the count that ranks best (ties: fewer devices, seen first).
                auto& kept = fitting.back();
                if (orderKey(*e, options.order) < orderKey(*kept.estimate, options.order)) kept.estimate = *e;
                continue;
            }
            fitting.push_back({&device, *e, ""});
            any = true;
        }
        if (any) continue;
        if (closest) notFitting.push_back({&device, closest, problem});
        else problems.push_back({&device, std::nullopt, problem});
    }
    std::ranges::stable_sort(fitting, [&](const PlanRow& a, const PlanRow& b) {
        const auto& x = *a.estimate;
        const auto& y = *b.estimate;
        const double kx = orderKey(x, options.order), ky = orderKey(y, options.order);
        if (kx != ky) return kx < ky;
        if (x.devices != y.devices) return x.devices < y.devices;
        if (x.tokensPerS != y.tokensPerS) return x.tokensPerS > y.tokensPerS;
        return x.deviceId < y.deviceId;
    });
    {
        // Closest to fitting first. The keys are computed before sorting: g++ 12 -O2 warns
        // (maybe-uninitialized) on the estimates read inside stable_sort's merge buffer.
        std::vector<std::pair<double, std::size_t>> keys;
        keys.reserve(notFitting.size());
        for (std::size_t i = 0; i < notFitting.size(); ++i) {
            const auto& e = *notFitting[i].estimate;
            keys.emplace_back(e.needBytesPerDevice / e.capacityBytesPerDevice, i);
        }
        std::ranges::stable_sort(keys, {}, &std::pair<double, std::size_t>::first);
        std::vector<PlanRow> sorted;
        sorted.reserve(notFitting.size());
        for (const auto& [ratio, i] : keys) sorted.push_back(std::move(notFitting[i]));
        notFitting = std::move(sorted);
    }
    fitting.insert(fitting.end(), notFitting.begin(), notFitting.end());
    fitting.insert(fitting.end(), problems.begin(), problems.end());
    return fitting;
}

} // namespace accelscope::models::serving
