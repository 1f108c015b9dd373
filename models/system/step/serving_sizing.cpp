// SPDX-License-Identifier: MIT
#include "models/system/step/serving_sizing.hpp"

#include "models/catalog/device_prices.hpp"
#include "models/catalog/figure_key.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/serving_model.hpp"
#include "models/serving/serving_plan.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::system {

namespace {

/// One replica layout at a concurrency: its steady state, or why it does not run.
Result<ServingSteadyState> replicaAt(const roofline::TransformerConfig& model, const catalog::Device& device, const Fabric& fabric,
                                     const SizingRequest& r, int tp, std::optional<double> concurrency)
{
    ServingSpec spec = r.spec;
    spec.tp = tp;
    spec.pp = 1;
    spec.ep = 1;
    ServingLoad load = r.load;
    load.concurrency = concurrency;
    return servingSteadyState(model, device, fabric, spec, load);
}

/// The worst TTFT of the steady state: up to one step waiting for a free slot, then the prefill chunks.
double worstTtft(const ServingSteadyState& s) { return s.ttftS + s.tpotS; }

/// Every request in flight runs (none waits behind a cap) within the objective.
bool meets(const ServingSteadyState& s, double concurrency, const ServingSlo& slo)
{
    return s.batch >= std::floor(concurrency) && s.tpotS <= slo.tpotS && worstTtft(s) <= slo.ttftS;
}

/// A layout's most requests in flight per replica within the objective, with the state there.
struct LayoutLimit {
    int tp = 1;
    double concurrency = 0;
    ServingSteadyState state;
    Fabric fabric;
};

Result<LayoutLimit> layoutLimit(const roofline::TransformerConfig& model, const catalog::Device& device, const Fabric& fabric,
                                const SizingRequest& r, int tp)
{
    auto offline = replicaAt(model, device, fabric, r, tp, std::nullopt);
    if (!offline) return std::unexpected(offline.error());
    auto one = replicaAt(model, device, fabric, r, tp, 1.0);
    if (!one) return std::unexpected(one.error());
    if (!meets(*one, 1.0, r.slo)) {
        return fail(ErrorCode::InvalidArgument,
                    "TP " + std::to_string(tp) + ": one request alone has TPOT " + quantityText(one->tpotS, "s") + " and worst TTFT " +
                        quantityText(worstTtft(*one), "s") + ", beyond the objective");
    }
    // TPOT and TTFT grow with the batch: the largest concurrency that still meets the objective, by bisection.
    double lo = 1, hi = std::max(1.0, offline->batch);
    LayoutLimit best{tp, 1, std::move(*one), fabric};
    while (hi - lo >= 1) {
        const double mid = std::floor((lo + hi + 1) / 2);
        auto s = replicaAt(model, device, fabric, r, tp, mid);
        if (s && meets(*s, mid, r.slo)) {
            lo = mid;
            best.concurrency = mid;
            best.state = std::move(*s);
        } else {
            hi = mid - 1;
        }
    }
    return best;
}

/// Replicas that hold the load at this limit; the mean in flight and request rate of the whole load.
struct ReplicaCount {
    int replicas = 0;
    double inFlight = 0;
    double requestsPerS = 0;
};

ReplicaCount replicasFor(const LayoutLimit& l, const SizingRequest& r)
{
    ReplicaCount c;
    if (r.demand.kind == DemandKind::Users) {
        c.inFlight = r.demand.value;
        c.replicas = static_cast<int>(std::ceil(c.inFlight / l.concurrency - 1e-9));
        return c;
    }
    c.requestsPerS = r.demand.kind == DemandKind::RequestsPerS ? r.demand.value : r.demand.value / 86400.0 / r.load.outputTokens;
    // Little's law at the limit's latencies (an upper bound: a lighter replica answers sooner).
    const double inSystemS = l.state.ttftS + r.load.outputTokens * l.state.tpotS;
    c.inFlight = c.requestsPerS * inSystemS;
    // Arrivals split at random over k replicas: each holds Poisson(inFlight / k) requests; the quantile must fit.
    int lo = std::max(1, static_cast<int>(std::ceil(c.inFlight / l.concurrency - 1e-9)));
    int hi = lo;
    while (poissonQuantile(c.inFlight / hi, r.quantile) > l.concurrency) hi *= 2;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (poissonQuantile(c.inFlight / mid, r.quantile) <= l.concurrency) hi = mid;
        else lo = mid + 1;
    }
    c.replicas = lo;
    return c;
}

std::vector<InteractivityPoint> curveOf(const roofline::TransformerConfig& model, const catalog::Device& device, const Fabric& fabric,
                                        const SizingRequest& r, int tp)
{
    std::vector<InteractivityPoint> out;
    auto offline = replicaAt(model, device, fabric, r, tp, std::nullopt);
    if (!offline) return out;
    for (double c = 1; c <= offline->batch; c *= 2) {
        auto s = replicaAt(model, device, fabric, r, tp, c);
        if (!s) break;
        out.push_back({c, s->outputTokensPerSPerDevice, 1.0 / s->tpotS, s->tpotS, worstTtft(*s)});
    }
    out.push_back({offline->batch, offline->outputTokensPerSPerDevice, 1.0 / offline->tpotS, offline->tpotS, worstTtft(*offline)});
    return out;
}

bool cheaperOrSmaller(const SizedDeployment& a, const SizedDeployment& b)
{
    if (a.usdPerMonth && b.usdPerMonth && *a.usdPerMonth != *b.usdPerMonth) return *a.usdPerMonth < *b.usdPerMonth;
    if (a.usdPerMonth.has_value() != b.usdPerMonth.has_value()) return a.usdPerMonth.has_value();
    return a.count < b.count;
}

SizedDeployment sizeDevice(const roofline::TransformerConfig& model, std::span<const catalog::Device> catalog, const catalog::Device& device,
                           const SizingRequest& r)
{
    SizedDeployment row;
    row.device = &device;
    const serving::CatalogPrice price = serving::catalogPrice(device);
    auto domain = fabricForDevice(device, catalog, FabricRequest{});
    const int domainDevices = domain ? domain->domainDevices : 1;
    std::optional<LayoutLimit> chosen;
    std::optional<ReplicaCount> chosenCount;
    std::string problem;
    for (int tp = 1; tp <= domainDevices; tp *= 2) {
        if (model.heads % tp != 0) continue;
        Fabric fabric;
        fabric.deviceId = device.id;
        fabric.deviceName = device.name;
        if (tp > 1) {
            auto f = fabricForDevice(device, catalog, FabricRequest{tp, 1, {}, {}});
            if (!f) {
                problem = f.error().message;
                row.flags.push_back("TP above 1 not sized: " + f.error().message);
                row.missingFigures = true;
                break;
            }
            fabric = std::move(*f);
        }
        auto limit = layoutLimit(model, device, fabric, r, tp);
        if (!limit) {
            problem = limit.error().message;
            continue;
        }
        const ReplicaCount count = replicasFor(*limit, r);
        if (!chosen || count.replicas * tp < chosenCount->replicas * chosen->tp) {
            chosen = std::move(*limit);
            chosenCount = count;
        }
    }
    if (!domain && domainDevices == 1 && row.flags.empty()) {
        row.flags.push_back("one device per replica: " + domain.error().message);
        row.missingFigures = true;
    }
    if (!chosen) {
        row.problem = problem.empty() ? "no layout meets the objective" : problem;
        return row;
    }
    row.tp = chosen->tp;
    row.replicas = chosenCount->replicas;
    row.count = row.tp * row.replicas;
    row.devicesPerNode = std::max(1, domainDevices);
    row.nodes = (row.count + row.devicesPerNode - 1) / row.devicesPerNode;
    row.concurrencyPerReplica = chosen->concurrency;
    row.inFlight = chosenCount->inFlight;
    row.ttftWorstS = worstTtft(chosen->state);
    if (r.demand.kind == DemandKind::Users) {
        // The load's replicas each run inFlight / replicas requests: what they complete is the load's rate.
        auto at = replicaAt(model, device, chosen->fabric, r, row.tp, std::max(1.0, row.inFlight / row.replicas));
        const double perReplica = at ? at->outputTokensPerSPerReplica : chosen->state.outputTokensPerSPerReplica;
        row.outputTokensPerS = perReplica * row.replicas;
        row.requestsPerS = row.outputTokensPerS / r.load.outputTokens;
    } else {
        row.requestsPerS = chosenCount->requestsPerS;
        row.outputTokensPerS = row.requestsPerS * r.load.outputTokens;
    }
    for (const std::string& a : chosen->fabric.assumptions) row.flags.push_back(a);
    row.state = std::move(chosen->state);
    row.curve = curveOf(model, device, chosen->fabric, r, row.tp);
    const auto mine = r.userUsdPerHour.find(device.id);
    const std::optional<double> perHour = mine != r.userUsdPerHour.end() ? std::optional(mine->second) : price.cloudUsdPerHour;
    if (perHour) {
        row.usdPerHour = *perHour * row.count;
        row.usdPerMonth = *row.usdPerHour * r.hoursPerMonth;
        row.usdPerMillionTokens = *row.usdPerHour / (row.outputTokensPerS * 3600.0) * 1e6;
        if (mine != r.userUsdPerHour.end()) {
            row.priceBasis = "your price ($/device-hour, serve prices set)";
        } else if (const auto quote = catalog::headlineCloudPrice(device)) {
            row.priceBasis = catalog::priceQuoteText(*quote);
            if (!quote->verified) {
                row.flags.push_back("its price was not read in a stored copy of the provider's page (unverified)");
                row.priceUnverified = true;
            }
        } else {
            row.priceBasis = "cloud $/device-hour" + (price.date.empty() ? std::string() : " (" + price.date + ")");
        }
    } else {
        row.flags.push_back("no cloud price in the catalog: no monthly cost");
        row.missingFigures = true;
    }
    if (price.listPriceUsd) {
        row.capexUsd = *price.listPriceUsd * row.count;
        if (row.priceBasis.empty()) row.priceBasis = "list price" + (price.date.empty() ? std::string() : " (" + price.date + ")");
    }
    if (const auto tdp = device.value(catalog::FigureKey::TdpW)) {
        row.acceleratorKw = *tdp * row.count / 1000.0;
    } else {
        row.flags.push_back("no TDP in the catalog: no power figure");
        row.missingFigures = true;
    }
    return row;
}

} // namespace

double poissonQuantile(double mean, double q)
{
    if (!(mean > 0)) return 0;
    // Sum the probabilities from where they stop being negligible: 10 standard deviations below the mean (from 0 for
    // small means), in logs so large means do not overflow.
    const double sd = std::sqrt(mean);
    double k = std::floor(mean - 10.0 * sd);
    if (k < 50) k = 0;
    double cdf = 0;
    for (;; ++k) {
        cdf += std::exp(k * std::log(mean) - mean - std::lgamma(k + 1));
        if (cdf >= q || k > mean + 40.0 * sd + 50) return k;
    }
}

double poissonMeanWithin(double n, double q)
{
    if (!(n >= 1)) return 0;
    // poissonQuantile grows with the mean: bisect on the mean between 0 and n (the quantile of n is above n).
    double lo = 0, hi = n;
    for (int i = 0; i < 60 && hi - lo > 1e-9 * n; ++i) {
        const double mid = (lo + hi) / 2;
        (poissonQuantile(mid, q) <= n ? lo : hi) = mid;
    }
    return lo;
}

Result<ServerCapacity> poissonServerCapacity(const roofline::TransformerConfig& model, const catalog::Device& device,
                                             const Fabric& fabric, const SizingRequest& r, int tp)
{
    auto limit = layoutLimit(model, device, fabric, r, tp);
    if (!limit) return std::unexpected(limit.error());
    ServerCapacity c;
    c.tp = tp;
    c.concurrencyLimit = limit->concurrency;
    c.inSystemS = limit->state.ttftS + r.load.outputTokens * limit->state.tpotS;
    c.meanInFlight = poissonMeanWithin(c.concurrencyLimit, r.quantile);
    c.requestsPerS = c.inSystemS > 0 ? c.meanInFlight / c.inSystemS : 0;
    c.outputTokensPerS = c.requestsPerS * r.load.outputTokens;
    c.state = std::move(limit->state);
    return c;
}

std::string sizingCommand(const std::string& modelId, const SizingRequest& r)
{
    // Milliseconds back from seconds, rounded so a typed 50 prints 50 and not its binary neighbour.
    const auto ms = [](double s) { return exactDisplayText(std::round(s * 1e9) / 1e6); };
    const char* option = r.demand.kind == DemandKind::Users ? "--users" : r.demand.kind == DemandKind::RequestsPerS ? "--requests-per-s" : "--tokens-per-day";
    std::string cmd = "accelscope-cli serve size --model " + modelId + " --weights " + r.spec.weights + " --kv " + r.spec.kvCache + " --input " +
                      exactDisplayText(r.load.inputTokens) + " --output " + exactDisplayText(r.load.outputTokens) + " " + option + " " +
                      exactDisplayText(r.demand.value) + " --ttft-ms " + ms(r.slo.ttftS) + " --tpot-ms " + ms(r.slo.tpotS);
    for (std::size_t i = 0; i < r.devices.size(); ++i) cmd += (i ? "," : " --devices ") + r.devices[i];
    return cmd;
}

std::string demandText(const ServingDemand& d)
{
    switch (d.kind) {
    case DemandKind::Users: return readableText(d.value) + " concurrent users";
    case DemandKind::RequestsPerS: return readableText(d.value) + " requests/s (Poisson)";
    case DemandKind::TokensPerDay: return readableText(d.value) + " generated tokens/day";
    }
    return {};
}

std::vector<SizedDeployment> sizeServing(const roofline::TransformerConfig& model, std::span<const catalog::Device> catalog,
                                         const SizingRequest& r, const std::atomic<bool>* cancel)
{
    std::vector<SizedDeployment> sized, failed;
    for (const catalog::Device& device : catalog) {
        if (cancel && cancel->load()) break;
        if (r.devices.empty() ? !serving::isAccelerator(device) : std::ranges::find(r.devices, device.id) == r.devices.end()) continue;
        SizedDeployment row = sizeDevice(model, catalog, device, r);
        (row.count > 0 ? sized : failed).push_back(std::move(row));
    }
    std::ranges::stable_sort(sized, cheaperOrSmaller);
    sized.insert(sized.end(), std::make_move_iterator(failed.begin()), std::make_move_iterator(failed.end()));
    return sized;
}

} // namespace accelscope::models::system
