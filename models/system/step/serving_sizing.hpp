// SPDX-License-Identifier: MIT
// Sizing a deployment to a load on the step model: how many devices of each accelerator, in which layout, serve
// N concurrent users, R requests/s or T tokens/day within a latency objective — and what that costs and draws.
#pragma once

#include "models/system/step/serving_step.hpp"

#include <atomic>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::system {

/// The latency objective. TTFT is checked at its worst case in the model's steady state (a request waits up to one
/// step for a free slot, then its prefill chunks run); TPOT at the steady step.
struct ServingSlo {
    double ttftS = 2.0;
    double tpotS = 0.05;
};

/// How the load is stated.
enum class DemandKind {
    Users,        ///< concurrent users, each with one request in flight (a closed loop without think time)
    RequestsPerS, ///< Poisson arrivals at this mean rate
    TokensPerDay, ///< generated (output) tokens per day, as a mean rate of Poisson arrivals
};

struct ServingDemand {
    DemandKind kind = DemandKind::Users;
    double value = 100;
};

/// The sizing question.
struct SizingRequest {
    ServingSpec spec;           ///< weights, KV, engine caps (tp is searched, pp = 1)
    ServingLoad load;           ///< mean input and output tokens (concurrency is searched)
    ServingSlo slo;
    ServingDemand demand;
    std::vector<std::string> devices; ///< catalog ids to consider; empty: every accelerator
    double quantile = 0.99;     ///< Poisson demands: the replicas hold this quantile of requests in flight
    double hoursPerMonth = 730; ///< for the monthly cost (8,760 h / 12)
    std::map<std::string, double> userUsdPerHour; ///< your $/device-hour by device id (`serve prices set`), over the catalog's
};

/// One point of the throughput-interactivity curve of a replica.
struct InteractivityPoint {
    double concurrency = 0;
    double tokensPerSPerDevice = 0;
    double tokensPerSPerUser = 0; ///< 1 / TPOT
    double tpotS = 0;
    double ttftWorstS = 0;
};

/// One device sized to the load.
struct SizedDeployment {
    const catalog::Device* device = nullptr;
    int tp = 1;
    int replicas = 0;
    int count = 0;                         ///< tp x replicas
    int devicesPerNode = 1;                ///< the scale-up domain's size (count / this = nodes, rounded up)
    int nodes = 0;
    double concurrencyPerReplica = 0;      ///< the most in flight that meets the objective
    double inFlight = 0;                   ///< the load's requests in flight, all replicas (mean)
    double requestsPerS = 0;               ///< the load's request rate (Users: what the replicas complete)
    double outputTokensPerS = 0;           ///< the load's generated tokens/s
    std::optional<ServingSteadyState> state; ///< one replica at its concurrency limit
    double ttftWorstS = 0;
    std::optional<double> usdPerHour;      ///< count x the catalog's cloud $/device-hour
    std::optional<double> usdPerMonth;
    std::optional<double> usdPerMillionTokens; ///< at the load's tokens/s
    std::optional<double> capexUsd;        ///< count x the catalog's list price
    std::optional<double> acceleratorKw;   ///< count x TDP (accelerators only: hosts, network and cooling not included)
    std::string priceBasis;                ///< "cloud on-demand ($/device-hour, date)", "list price", or empty
    std::vector<InteractivityPoint> curve; ///< the chosen layout, concurrency 1, 2, 4, ... up to its limit
    std::vector<std::string> flags;        ///< missing figures and assumptions that change the row
    bool missingFigures = false;           ///< a price, TDP or link figure is absent (not only assumed or unverified)
    bool priceUnverified = false;          ///< the price was not read in a stored copy of its page
    std::string problem;                   ///< why nothing was sized (then count = 0)
};

/// Every device of the request (or every accelerator) at the layout needing the fewest devices (ties: the cheaper,
/// then the faster), ranked by monthly cost where priced, then by device count; devices that cannot meet the
/// objective at the end with their reason. `cancel` stops early (rows so far are returned).
std::vector<SizedDeployment> sizeServing(const roofline::TransformerConfig& model, std::span<const catalog::Device> catalog,
                                         const SizingRequest& request, const std::atomic<bool>* cancel = nullptr);

/// The `accelscope-cli serve size` command that sizes `request` for the model `modelId` (the page's tip, the memo's
/// "reproduce" line): one text for both faces.
std::string sizingCommand(const std::string& modelId, const SizingRequest& request);

/// The smallest n with P(Poisson(mean) <= n) >= q.
double poissonQuantile(double mean, double q);

/// The largest mean m with poissonQuantile(m, q) <= n: how many requests may be in flight on average when a replica
/// has n slots and must hold the q quantile (0 when n < 1).
double poissonMeanWithin(double n, double q);

/// A replica as a server under Poisson arrivals (MLPerf's Server scenario; issue #34): the most requests/s it takes
/// with the latency objective met. The replica's limit is the most requests in flight whose steady state meets the
/// objective (as `serve size` finds it); arrivals are Poisson, so requests in flight are Poisson with mean
/// rate x time in the system (Little's law at the limit's TTFT and TPOT, an upper bound); the rate is the largest
/// whose `quantile` of requests in flight fits the limit. Nothing here is fitted.
struct ServerCapacity {
    int tp = 1;
    double concurrencyLimit = 0;  ///< requests in flight that still meet the objective
    double meanInFlight = 0;      ///< the Poisson mean whose quantile is the limit
    double inSystemS = 0;         ///< TTFT + output x TPOT at the limit
    double requestsPerS = 0;      ///< per replica
    double outputTokensPerS = 0;  ///< per replica
    ServingSteadyState state;     ///< the replica at its limit
};
Result<ServerCapacity> poissonServerCapacity(const roofline::TransformerConfig& model, const catalog::Device& device,
                                             const Fabric& fabric, const SizingRequest& request, int tp);

/// "users", "requests/s", "tokens/day".
std::string demandText(const ServingDemand& demand);

} // namespace accelscope::models::system
