// SPDX-License-Identifier: MIT
// The bundled catalog database (built once, opened read-only) and the user's writable database.
#pragma once

#include "models/catalog/device.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// What the bundled catalog says about itself (the `meta` table).
struct CatalogInfo {
    int schemaVersion = 0;
    std::string contentHash; ///< FNV-1a 64 of the data files it was built from, hex
    int deviceCount = 0;
    std::string builtFrom;   ///< data directory name
};

/// Schema version of the bundled catalog that this code reads.
constexpr int bundledSchemaVersion = 1;
/// Newest user-database schema version; older files are migrated on open.
constexpr int userSchemaVersion = 1;

/// Writes `devices` into a new bundled catalog at `path`. The file appears complete or not at
/// all (written beside it, then renamed over it).
Result<void> writeBundledCatalog(const std::filesystem::path& path, const std::vector<Device>& devices,
                                 const CatalogInfo& info);

/// The read-only bundled catalog.
class BundledCatalog {
public:
    /// Opens read-only; fails when the file is missing, is not a catalog, or has another schema.
    static Result<BundledCatalog> open(const std::filesystem::path& path);

    Result<std::vector<Device>> loadAll() const;
    Result<std::optional<Device>> findById(const std::string& id) const;
    const CatalogInfo& info() const { return m_info; }
    const std::filesystem::path& path() const { return m_db.path(); }

private:
    BundledCatalog(Database db, CatalogInfo info) : m_db(std::move(db)), m_info(std::move(info)) {}
    Database m_db;
    CatalogInfo m_info;
};

/// The user's database: their own devices (and later lab results, lesson progress). WAL mode;
/// every change is one transaction.
class UserStore {
public:
    /// Opens or creates the file (and its folder) and migrates it to userSchemaVersion.
    static Result<UserStore> open(const std::filesystem::path& path);

    Result<std::vector<Device>> devices() const;
    /// Inserts all devices or none. Ids must be new (the caller validates against the catalog).
    Result<void> addDevices(const std::vector<Device>& devices);
    /// Deletes the user's devices with these ids; returns how many existed.
    Result<int> removeDevices(const std::vector<std::string>& ids);
    int schemaVersion() const;
    const std::filesystem::path& path() const { return m_db.path(); }

private:
    explicit UserStore(Database db) : m_db(std::move(db)) {}
    Database m_db;
};

/// FNV-1a 64-bit hash of bytes, as 16 hex digits (a content fingerprint, not security).
std::string fnv1aHex(std::string_view bytes, std::uint64_t seed = 0xcbf29ce484222325ULL);

} // namespace accelscope::models::catalog
