// SPDX-License-Identifier: MIT
// Which catalog devices a memory requirement fits on, with how few devices, ranked with cost.
#pragma once

#include "models/catalog/device.hpp"

#include <functional>
#include <optional>
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

/// Per-device bytes when the model is spread over `n` devices; nullopt when `n` is not a valid layout.
using PerDeviceBytes = std::function<std::optional<double>(int n)>;

/// Whether `bytes` fit in the device's memory (memory_gb × 10^9); false when it has no figure.
bool fitsOnDevice(const catalog::Device& device, double bytes);

/// For each device with a memory_gb figure, the smallest n in 1..maxDevices with
/// perDeviceBytes(n) ≤ capacity. Ranked: fitting first, then fewest devices, then list price (or
/// cloud price), then name.
std::vector<DeviceFit> fewestDevices(const std::vector<catalog::Device>& devices, const PerDeviceBytes& perDeviceBytes,
                                     int maxDevices = 64);

} // namespace accelscope::models::memory
