// SPDX-License-Identifier: MIT
// Human-readable and JSON renderings of catalog query results for the CLI.
#pragma once

#include "models/catalog/comparison.hpp"
#include "models/catalog/device.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace accelscope::cli {

/// A table of devices with the headline figures, units in the header, and the lifecycle status on `asOf`.
std::string renderDeviceList(const std::vector<const models::catalog::Device*>& devices,
                             std::string_view asOf = models::catalog::lifecycleAsOf);

/// Every field and figure of one device with its provenance and source; the lifecycle status on `asOf`.
std::string renderDeviceDetail(const models::catalog::Device& device,
                               std::string_view asOf = models::catalog::lifecycleAsOf);

/// The comparison as a table: a row per figure, a column per device, best marked with '*'.
std::string renderComparison(const models::catalog::Comparison& comparison);

/// The comparison as JSON: devices (ids) and rows {key, label, unit, values, best, formula}.
nlohmann::json comparisonJson(const models::catalog::Comparison& comparison);

} // namespace accelscope::cli
