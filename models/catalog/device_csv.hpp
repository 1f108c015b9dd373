// SPDX-License-Identifier: MIT
// Devices as CSV, for spreadsheets: one row per device, figures in canonical units.
#pragma once

#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/device.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::catalog {

/// The CSV header row: identity and text columns, `source_title`, `source_publisher`,
/// `source_kind`, `source_url`, `source_where`, then one column per figure key.
std::vector<std::string> deviceCsvColumns();

/// One row per device. Figures are canonical numbers; the row's source columns name the first
/// primary source. CSV is lossy for provenance (derived figures export as values): JSON export is
/// the lossless format.
std::string devicesCsv(const std::vector<const Device*>& devices);

/// Parses a CSV import. Every figure in a row cites that row's source, located at `source_where`.
/// Rows are validated like data files; issues say `file:line: column: what is wrong`.
ParsedCatalog parseDevicesCsv(std::string_view text, const std::string& fileName, Origin origin);

} // namespace accelscope::models::catalog
