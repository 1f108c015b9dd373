// SPDX-License-Identifier: MIT
// Serving performance of a transformer on N catalog devices: layout, continuous batching, latency, power, cost.
#pragma once

#include "models/catalog/device.hpp"
#include "models/catalog/price_limits.hpp"
#include "models/common/result.hpp"
#include "models/memory/device_fit.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/serving/serving_efficiency.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::serving {

/// MLPerf Inference's two datacentre scenarios: all requests at once, or Poisson arrivals under latency limits.
enum class Scenario { Offline, Server };

/// What limits a configuration: KV capacity, memory bandwidth, compute, the scale-up link, or the latency target.
enum class Bound { Memory, Bandwidth, Compute, Interconnect, Slo };

std::string_view scenarioName(Scenario scenario);
std::optional<Scenario> scenarioFromName(std::string_view name);
std::string_view boundName(Bound bound);

/// Constants of the model, each with where it comes from (printed by `serve estimate` as assumptions).
namespace constants {
/// Memory kept free at run time: the one headroom of models/memory/device_fit.hpp (10 %).
constexpr double runtimeHeadroom = memory::runtimeHeadroom;
/// NCCL's tuning model (src/graph/tuning.cc): ring all-reduce, LL protocol, base latency 3.6 µs per
/// collective and 0.4 µs per ring step on NVLink (1.0 µs over PCIe).
constexpr double collectiveBaseLatencyUs = 3.6;
constexpr double nvlinkStepLatencyUs = 0.4;
constexpr double pcieStepLatencyUs = 1.0;
/// System power beyond the accelerators (CPUs, NICs, switches, fans): NVIDIA DGX H100 datasheet,
/// "System power usage ~10.2 kW max" for 8 × 700 W GPUs, so the system draws 10.2 / 5.6 = 1.82 × TDP.
constexpr double systemPowerPerTdp = 10.2 / 5.6;
/// Largest tensor-parallel group: one scale-up domain of 8 devices (an HGX / OAM baseboard).
constexpr int maxTensorParallel = 8;
/// The most devices an estimate or plan takes: above the largest pods in the catalog (9,600 TPU chips), and
/// small enough that every layout product stays an int (issue #29: 2^31 - 1 devices crashed with SIGFPE).
constexpr int maxDevices = 65536;
/// Planner ceiling on concurrent sequences per replica (a search limit, not a hardware figure).
constexpr int maxBatch = 2048;
/// Straight-line amortisation of a list price when no cloud price exists: 3 years of 8760 h.
constexpr double amortisationHours = 3.0 * 8760.0;
/// z of the 99th percentile of a normal distribution, for the spread of a request's mean TPOT.
constexpr double z99 = 2.326;
} // namespace constants

/// A price the user keeps for one device (user database, `serve prices set`, the Serving page), per device.
struct DevicePrice {
    std::optional<double> usdPerHour;   ///< what one device-hour costs you, energy not included
    std::optional<double> listPriceUsd; ///< what one device costs you, amortised straight-line
    double amortisationYears = 3.0;     ///< over 8760 h per year
    bool operator==(const DevicePrice&) const = default;
};

/// The catalog's price of one device and where it comes from, for "from catalog (source, date)".
struct CatalogPrice {
    std::optional<double> cloudUsdPerHour;
    std::optional<double> listPriceUsd;
    std::string sourceTitle; ///< of the figure the cost uses (cloud first, as the model does)
    std::string sourceUrl;
    std::string date;        ///< the price's date as the catalog gives it
};
CatalogPrice catalogPrice(const catalog::Device& device);

/// What is served and under which limits.
struct ServingRequest {
    std::string weights{system::workloadDefaults.servingFormat};  ///< weight format (roofline::dataTypeFromName); its compute precision picks the roof
    std::string kvCache{system::workloadDefaults.servingFormat};  ///< KV-cache format
    int inputTokens = system::workloadDefaults.promptTokens;  ///< mean prompt length
    int outputTokens = system::workloadDefaults.outputTokens; ///< mean generated length
    Scenario scenario = Scenario::Offline;
    std::optional<double> ttftLimitMs; ///< p99 time to first token the Server scenario must meet
    std::optional<double> tpotLimitMs; ///< p99 time per output token the Server scenario must meet
    std::optional<double> usdPerKwh;   ///< energy price: W × $/kWh added to every price but a catalog cloud rate
    std::map<std::string, DevicePrice> prices; ///< the user's prices by device id; they replace the catalog's
};

/// How N devices are used: TP × PP devices per replica (EP = TP for MoE layers), `replicas` copies.
struct Layout {
    int tp = 1;
    int pp = 1;
    int ep = 1;
    int replicas = 1;
    int devices() const { return tp * pp * replicas; }
};

/// PCIe GB/s (10^9 B/s) per direction: 8 GT/s per lane at gen 3, doubling per generation, 128b/130b coding.
double pcieGBpsPerDirection(double gen, double lanes);

/// One device's figures the model uses, resolved once (selectRoof for the weight format's precision).
struct ServingDevice {
    const catalog::Device* device = nullptr;
    std::string computePrecision;
    double peakTflops = 0.0;
    double memoryBandwidthGBps = 0.0;
    double capacityBytes = 0.0;
    double linkGBpsPerDirection = 0.0; ///< scale-up link, else the PCIe host link; 0: none
    bool linkIsScaleUp = false;
    std::optional<double> tdpW;
    Efficiency efficiency;
};

/// The latency limits a Server request may set, in ms: from a microsecond to an hour.
namespace sloLimits {
constexpr double minMs = 0.001;
constexpr double maxMs = 3600000.0;
} // namespace sloLimits

/// Checks every number of `request` where it enters (issue #29: a NaN or -inf latency limit, a 5e-324
/// amortisation period were accepted): latency limits within sloLimits, $/kWh and the user's prices
/// within catalog::priceLimits; an InvalidArgument naming the option otherwise.
Result<void> validateServingRequest(const ServingRequest& request);

/// Resolves `device` for the request's formats (validateServingRequest first): the weight and KV formats must exist and the device
/// must have a compute figure for both their precisions, a memory size and a memory bandwidth.
Result<ServingDevice> servingDevice(const catalog::Device& device, const ServingRequest& request,
                                    const EfficiencyTable& efficiencies);

/// The estimate for one device type, count and layout.
struct ServingEstimate {
    std::string deviceId;
    int devices = 0;
    Layout layout;
    bool fits = false;
    double needBytesPerDevice = 0.0; ///< weights + one sequence's KV + headroom (what "fits" is judged on)
    double capacityBytesPerDevice = 0.0;
    int batch = 0;                   ///< concurrent sequences per replica
    int maxBatchKv = 0;              ///< what the KV capacity allows per replica
    double tokensPerS = 0.0;         ///< output tokens/s, all replicas
    double tokensPerSLow = 0.0;      ///< the calibration band
    double tokensPerSHigh = 0.0;
    double tokensPerSPerDevice = 0.0;
    double tokensPerSPerUser = 0.0;  ///< 1 / mean TPOT
    double ttftMs = 0.0;             ///< mean
    double ttftP99Ms = 0.0;
    double tpotMs = 0.0;             ///< mean
    double tpotP99Ms = 0.0;
    double weightsBytesPerDevice = 0.0;
    double kvBytesPerDevice = 0.0;   ///< at `batch`
    double headroomBytesPerDevice = 0.0;
    double memoryBytesPerDevice = 0.0; ///< weights + KV + headroom
    double decodeStepS = 0.0;
    double prefillS = 0.0;           ///< one request's prefill alone on its replica
    double load = 0.0;               ///< share of replica time spent in prefill (Server: the queue's utilisation)
    std::optional<double> watts;     ///< TDP × devices × systemPowerPerTdp
    std::optional<double> joulesPerToken;
    std::optional<double> tokensPerSPerKw; ///< tokens/s / (W / 1000)
    std::optional<double> usdPerHour;      ///< devices' $/h + energy $/h (see priceBasis)
    std::optional<double> energyUsdPerHour; ///< W / 1000 × $/kWh, when a $/kWh is given and not a catalog cloud rate
    std::optional<double> usdPerMillionTokens; ///< usdPerHour / (tokens/s × 3600) × 10^6
    std::optional<double> energyUsdPerMillionTokens; ///< the energy part of it
    /// "your $/h" (user $/device-hour), "your list" (user list price amortised), "cloud" (catalog
    /// cloud_usd_per_hour, power included, no energy added), "list" (catalog list price over 3 years), "" (none).
    std::string priceBasis;
    Bound bound = Bound::Bandwidth;
    Efficiency efficiency;
};

/// The estimate at a given layout, choosing the batch: Offline the most tokens/s the KV cache allows,
/// Server the most tokens/s whose p99 TTFT and TPOT meet the limits. fits = false when weights and
/// one sequence do not fit (no throughput then); Error InvalidArgument when the layout does not split
/// the model or no batch meets the limits (Bound::Slo is reported by estimateServing instead).
Result<ServingEstimate> estimateLayout(const roofline::TransformerConfig& config, const ServingDevice& device,
                                       const ServingRequest& request, const Layout& layout);

/// One decode step of `batch` sequences, each at the request's mean context (prompt + output / 2
/// cached tokens), on one layout: the step every estimate above is built from.
struct DecodeStep {
    double s = 0.0;        ///< max(compute, memory) + communication
    double computeS = 0.0; ///< FLOPs / (peak × compute efficiency)
    double memoryS = 0.0;  ///< weights / (bandwidth × memory efficiency) + KV / (bandwidth × KV efficiency)
    double commS = 0.0;
    double weightBytesPerDevice = 0.0;  ///< weights read per step (every weight, the embedding table and all routed experts included)
    double kvBytesPerDevice = 0.0;      ///< KV cache read per step
    double flopsPerDevice = 0.0;        ///< matrix and attention FLOPs per step
    double tokensPerS = 0.0;            ///< batch / s: the decode rate with no prefill interleaved
    Bound bound = Bound::Bandwidth;     ///< compute, bandwidth or interconnect, whichever is largest
};

/// The decode step of `batch` sequences (≥ 1) on `layout`; Error InvalidArgument when the layout
/// does not split the model or the formats are unknown. Batch 1 is a single user's decode speed.
Result<DecodeStep> decodeStep(const roofline::TransformerConfig& config, const ServingDevice& device,
                              const ServingRequest& request, const Layout& layout, int batch);

/// Every layout of `count` devices (TP ≤ 8 that splits the model and has a link, PP, replicas =
/// count / (TP·PP)); the estimate with the most tokens/s. When nothing fits, the fewest-bytes layout
/// with fits = false. Error when a Server limit cannot be met by any layout that fits.
Result<ServingEstimate> estimateServing(const roofline::TransformerConfig& config, const ServingDevice& device,
                                        const ServingRequest& request, int count);

/// One point of the throughput/interactivity frontier (the Pareto chart): tokens/s per device
/// against tokens/s per user (1 / mean TPOT), with the calibration band.
struct FrontierPoint {
    double tpotLimitMs = 0.0;
    double tokensPerSPerUser = 0.0;
    double tokensPerSPerDevice = 0.0;
    double tokensPerSPerDeviceLow = 0.0;
    double tokensPerSPerDeviceHigh = 0.0;
    int batch = 0;
};

/// The Server-scenario estimate at each p99 TPOT limit of `tpotLimitsMs` (the request's TTFT limit
/// kept); limits no layout meets are left out. What `serve estimate --frontier` prints.
std::vector<FrontierPoint> servingFrontier(const roofline::TransformerConfig& config, const ServingDevice& device,
                                           const ServingRequest& request, int count, const std::vector<double>& tpotLimitsMs);

/// The TPOT limits the frontier is drawn at: 10 to 1000 ms.
inline const std::vector<double> frontierTpotLimitsMs{10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 500, 1000};

/// The assumptions behind every estimate, one sentence each (for the CLI and the purchase memo).
std::vector<std::string> servingAssumptions();

} // namespace accelscope::models::serving
