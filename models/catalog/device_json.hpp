// SPDX-License-Identifier: MIT
// Devices as JSON: the CLI's summary object and the lossless data-file format used for export.
#pragma once

#include "models/catalog/device.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace accelscope::models::catalog {

/// The `catalog show --json` object: id, name, vendor, kind, every figure key (null when absent),
/// release_year, `lifecycle` (dates with sources, status as of `asOf`), sources, plus `figures`
/// (provenance of each figure; cloud prices with price_kind, provider, region; `verified` on each), `prices`
/// (devicePrices(): every price with basis, provider, region, date, source, verified), `missing` (figure key →
/// why it is absent) and `derived` metrics.
nlohmann::json deviceJson(const Device& device, std::string_view asOf = lifecycleAsOf);

/// A short object for `catalog list --json`: identity, the headline figures (null when absent),
/// the announce and shipping dates and the status as of `asOf`.
nlohmann::json deviceListJson(const Device& device, std::string_view asOf = lifecycleAsOf);

/// A catalog document in the data-file format (`sources` + `devices`), which parses back to the
/// same devices. Source keys that clash between devices are made unique.
nlohmann::json catalogDocumentJson(const std::vector<const Device*>& devices);

} // namespace accelscope::models::catalog
