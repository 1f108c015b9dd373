// SPDX-License-Identifier: MIT
// Fit search over catalog devices.
#include "models/memory/device_fit.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>

namespace accelscope::models::memory {

bool fitsOnDevice(const catalog::Device& device, double bytes)
{
    const auto gb = device.value(catalog::FigureKey::MemoryGb);
    return gb && bytes <= (1.0 - runtimeHeadroom) * *gb * 1e9;
}

std::string doesNotFitText(double needBytes, double capacityBytes)
{
    constexpr double bytesPerGib = 1024.0 * 1024.0 * 1024.0; // capacities are shown in GiB (data/catalog/SCHEMA.md)
    return "does not fit (needs " + decimalText(needBytes / bytesPerGib, 1) + " GiB, has " +
           decimalText(capacityBytes / bytesPerGib, 1) + " GiB with " + decimalText(runtimeHeadroom * 100.0, 0) + " % kept free)";
}

std::vector<DeviceFit> fewestDevices(const std::vector<catalog::Device>& devices, const PerDeviceBytes& perDeviceBytes,
                                     int maxDevices)
{
    std::vector<DeviceFit> out;
    for (const auto& d : devices) {
        const auto gb = d.value(catalog::FigureKey::MemoryGb);
        if (!gb) continue;
        DeviceFit fit{&d, *gb * 1e9, std::nullopt, 0.0, std::nullopt, std::nullopt};
        for (int n = 1; n <= maxDevices; ++n) {
            const auto bytes = perDeviceBytes(n);
            if (!bytes) continue;
            fit.perDeviceBytes = *bytes;
            if (*bytes <= (1.0 - runtimeHeadroom) * fit.capacityBytes) {
                fit.devices = n;
                break;
            }
        }
        if (fit.devices) {
            if (const auto p = d.value(catalog::FigureKey::ListPriceUsd)) fit.listPriceUsd = *p * *fit.devices;
            if (const auto p = d.value(catalog::FigureKey::CloudUsdPerHour)) fit.cloudUsdPerHour = *p * *fit.devices;
        }
        out.push_back(fit);
    }
    const auto cost = [](const DeviceFit& f) { return f.listPriceUsd.value_or(f.cloudUsdPerHour.value_or(1e300)); };
    std::ranges::stable_sort(out, [&](const DeviceFit& a, const DeviceFit& b) {
        if (a.devices.has_value() != b.devices.has_value()) return a.devices.has_value();
        if (a.devices != b.devices) return a.devices < b.devices;
        if (cost(a) != cost(b)) return cost(a) < cost(b);
        return a.device->name < b.device->name;
    });
    return out;
}

} // namespace accelscope::models::memory
