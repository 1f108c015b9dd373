// SPDX-License-Identifier: MIT
// Finding devices: by id or name (unique substring), facet filters and free-text search.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// Facets of the catalog page and `catalog list`. Empty sets and nullopt mean "any".
struct DeviceFilter {
    std::string text;                  ///< case-insensitive words, each must occur in id/name/vendor/arch/memory type
    std::set<std::string> vendors;     ///< exact vendor names (case-insensitive)
    std::set<DeviceKind> kinds;
    std::optional<int> yearMin;
    std::optional<int> yearMax;
    std::optional<double> memoryGibMin; ///< GiB (2^30 B), the unit memory is shown in
    bool needsFp8 = false;             ///< has an FP8 tensor figure (dense or sparse)
    bool needsFp4 = false;             ///< has an FP4 tensor figure (dense or sparse)
    std::optional<Origin> origin;
    std::set<LifecycleStatus> statuses; ///< lifecycle status on `statusAsOf` (a device without one never matches)
    std::string statusAsOf = std::string(lifecycleAsOf); ///< YYYY-MM-DD the statuses are taken on

    bool matches(const Device& device) const;
};

/// Devices that pass `filter`, in input order.
std::vector<const Device*> filterDevices(const std::vector<Device>& devices, const DeviceFilter& filter);

/// Resolves what a user typed: an exact id, else an exact name (case-insensitive), else a
/// case-insensitive substring of id or name that matches exactly one device. Errors: NotFound
/// (with close suggestions) or Ambiguous (listing the candidates).
Result<const Device*> findDevice(const std::vector<Device>& devices, std::string_view query);

/// Vendors present, sorted, unique.
std::vector<std::string> vendorsOf(const std::vector<Device>& devices);

/// Lower-case copy (ASCII).
std::string toLower(std::string_view text);

} // namespace accelscope::models::catalog
