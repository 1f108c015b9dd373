// SPDX-License-Identifier: MIT
// The device tables shared by the bundled catalog and the user database: schema, write, read.
#pragma once

#include "models/catalog/device.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <optional>
#include <span>
#include <utility>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// SQL that creates the device, figure and source tables (no data).
std::string_view deviceTablesSql();

/// SQL that adds the catalog schema v2 columns (scope_note, scaleup_topology, components) to the
/// tables of deviceTablesSql(): run after it for a new database, or alone to migrate an old one.
std::string_view deviceColumnsV2Sql();

/// SQL that adds the figures' `label` column (the vendor's printed text); run after
/// deviceColumnsV2Sql() for a new database, or alone to migrate one at user schema 4.
std::string_view figureLabelColumnSql();

/// SQL that adds the devices' `scaleup_link_kind` column; run after figureLabelColumnSql() for a
/// new database, or alone to migrate one at user schema 5.
std::string_view linkKindColumnSql();
/// SQL that adds the devices' `vendor_format_name` and `lifecycle` columns; run after
/// figureLabelColumnSql() for a new database, or alone to migrate one at user schema 5.
std::string_view lifecycleColumnsSql();
/// One column a migration adds: its name and SQL type (with constraints and default).
struct ColumnSpec {
    std::string_view name;
    std::string_view type;
};

/// SQL that adds the figures' price_kind, provider, region and verified columns and the devices' cloud_prices
/// and missing columns; run after lifecycleColumnsSql() for a new database.
std::string priceColumnsSql();
/// The same columns as (table, column) pairs, for a migration that adds only the absent ones (user schema 8).
std::span<const std::pair<const char*, ColumnSpec>> priceColumns();

/// Inserts devices (the caller wraps this in a transaction).
Result<void> insertDeviceRows(const Database& db, const std::vector<Device>& devices);

/// Reads every device, ordered by vendor then name, marking each with `origin`.
Result<std::vector<Device>> readDeviceRows(const Database& db, Origin origin);

/// Reads one device by exact id (bound parameter), or nullopt.
Result<std::optional<Device>> readDeviceRow(const Database& db, const std::string& id, Origin origin);

/// Deletes devices by id; returns how many were deleted.
Result<int> deleteDeviceRows(const Database& db, const std::vector<std::string>& ids);

} // namespace accelscope::models::catalog
