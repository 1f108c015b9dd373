// SPDX-License-Identifier: MIT
// Which catalog devices a memory requirement fits on, with how few devices, ranked with cost.
#pragma once

#include "models/catalog/device.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::memory {

/// The fewest devices of one catalog entry that hold the requirement.
struct DeviceFit {
    const catalog::Device* device = nullptr;
    double capacityBytes = 0.0;            ///< memory_gb × 10^9
    std::optional<int> devices;            ///< nullopt: no count up to the limit fits
    double perDeviceBytes = 0.0;           ///< at `devices` (or at the largest count tried)
    std::optional<double> listPriceUsd;    ///< devices × list_price_usd, when the catalog has a price
    std::optional<double> cloudUsdPerHour; ///< devices × cloud_usd_per_hour, when the catalog has a price
};

/// Share of a device's memory kept free at run time for activations, CUDA graphs, the allocator and
/// fragmentation: vLLM's default gpu_memory_utilization = 0.9 (docs.vllm.ai, engine arguments)
/// leaves 10 %. Every "fits" in Accelscope (LLM calculator, roofline LLM mode, `llm analyze`,
/// `memory infer --fit`, the serving planner) is judged against (1 − runtimeHeadroom) × memory.
constexpr double runtimeHeadroom = 0.10;

/// "does not fit (needs 139.2 GiB, has 80.0 GiB with 10 % kept free)": what every face prints instead
/// of a throughput. `needBytes` is the requirement without the headroom; the capacity is memory_gb.
std::string doesNotFitText(double needBytes, double capacityBytes);

/// Per-device bytes when the model is spread over `n` devices; nullopt when `n` is not a valid layout.
using PerDeviceBytes = std::function<std::optional<double>(int n)>;

/// Whether `bytes` fit in the device's memory after the runtime headroom
/// (bytes ≤ (1 − runtimeHeadroom) × memory_gb × 10^9); false when it has no figure.
bool fitsOnDevice(const catalog::Device& device, double bytes);

/// For each device with a memory_gb figure, the smallest n in 1..maxDevices with
/// perDeviceBytes(n) ≤ capacity. Ranked: fitting first, then fewest devices, then list price (or
/// cloud price), then name.
std::vector<DeviceFit> fewestDevices(const std::vector<catalog::Device>& devices, const PerDeviceBytes& perDeviceBytes,
                                     int maxDevices = 64);

} // namespace accelscope::models::memory
