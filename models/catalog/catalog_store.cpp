// SPDX-License-Identifier: MIT
// Bundled catalog build/open and the migrated user database.
#include "models/catalog/catalog_store.hpp"

#include "models/catalog/device_store.hpp"

#include <array>
#include <cstdio>
#include <functional>

namespace accelscope::models::catalog {
namespace {

Result<void> writeMeta(const Database& db, const CatalogInfo& info)
{
    if (auto ok = db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"); !ok) {
        return ok;
    }
    auto insert = db.prepare("INSERT INTO meta (key, value) VALUES (?1, ?2)");
    if (!insert) return std::unexpected(insert.error());
    const std::array<std::pair<const char*, std::string>, 4> rows{{
        {"schema_version", std::to_string(bundledSchemaVersion)},
        {"content_hash", info.contentHash},
        {"device_count", std::to_string(info.deviceCount)},
        {"built_from", info.builtFrom},
    }};
    for (const auto& [key, value] : rows) {
        insert->bind(1, key).bind(2, value);
        if (auto ok = insert->run(); !ok) return ok;
        if (auto ok = insert->reset(); !ok) return ok;
    }
    return {};
}

Result<CatalogInfo> readMeta(const Database& db)
{
    auto select = db.prepare("SELECT key, value FROM meta");
    if (!select) {
        return fail(ErrorCode::InvalidData, db.path().string() + ": not an Accelscope catalog (no meta table)");
    }
    CatalogInfo info;
    while (true) {
        auto row = select->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        const std::string key = select->text(0);
        const std::string value = select->text(1);
        if (key == "schema_version") info.schemaVersion = std::stoi(value);
        if (key == "content_hash") info.contentHash = value;
        if (key == "device_count") info.deviceCount = std::stoi(value);
        if (key == "built_from") info.builtFrom = value;
    }
    return info;
}

// Migration i brings the user database from version i to i + 1.
using Migration = Result<void> (*)(const Database&);
Result<void> migrateTo1(const Database& db) { return db.execute(deviceTablesSql()); }
constexpr std::array<Migration, userSchemaVersion> migrations{&migrateTo1};

} // namespace

Result<void> writeBundledCatalog(const std::filesystem::path& path, const std::vector<Device>& devices,
                                 const CatalogInfo& info)
{
    std::filesystem::path temporary = path;
    temporary += ".partial";
    std::error_code ec;
    std::filesystem::remove(temporary, ec);
    {
        auto db = Database::open(temporary, OpenMode::ReadWriteCreate);
        if (!db) return std::unexpected(db.error());
        auto written = inTransaction(*db, [&]() -> Result<void> {
            if (auto ok = db->execute(deviceTablesSql()); !ok) return ok;
            if (auto ok = writeMeta(*db, info); !ok) return ok;
            return insertDeviceRows(*db, devices);
        });
        if (!written) {
            std::filesystem::remove(temporary, ec);
            return written;
        }
    }
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        return fail(ErrorCode::Io, path.string() + ": cannot replace: " + ec.message());
    }
    return {};
}

Result<BundledCatalog> BundledCatalog::open(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return fail(ErrorCode::NotFound, path.string() + ": catalog database not found");
    }
    auto db = Database::open(path, OpenMode::ReadOnly);
    if (!db) return std::unexpected(db.error());
    auto info = readMeta(*db);
    if (!info) return std::unexpected(info.error());
    if (info->schemaVersion != bundledSchemaVersion) {
        return fail(ErrorCode::InvalidData, path.string() + ": catalog schema " + std::to_string(info->schemaVersion) +
                                                ", this build reads " + std::to_string(bundledSchemaVersion));
    }
    return BundledCatalog(std::move(*db), std::move(*info));
}

Result<std::vector<Device>> BundledCatalog::loadAll() const { return readDeviceRows(m_db, Origin::Bundled); }

Result<std::optional<Device>> BundledCatalog::findById(const std::string& id) const
{
    return readDeviceRow(m_db, id, Origin::Bundled);
}

Result<UserStore> UserStore::open(const std::filesystem::path& path)
{
    std::error_code ec;
    if (path.has_parent_path()) {
        std::filesystem::create_directories(path.parent_path(), ec);
        if (ec) {
            return fail(ErrorCode::Io, path.parent_path().string() + ": cannot create folder: " + ec.message());
        }
    }
    auto db = Database::open(path, OpenMode::ReadWriteCreate);
    if (!db) return std::unexpected(db.error());
    if (auto ok = db->execute("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;"); !ok) {
        return std::unexpected(ok.error());
    }
    auto version = db->queryInteger("PRAGMA user_version");
    if (!version) return std::unexpected(version.error());
    if (*version > userSchemaVersion) {
        return fail(ErrorCode::Unsupported, path.string() + ": user database schema " + std::to_string(*version) +
                                                " was made by a newer Accelscope (this one knows " +
                                                std::to_string(userSchemaVersion) + ")");
    }
    for (auto from = *version; from < userSchemaVersion; ++from) {
        auto migrated = inTransaction(*db, [&]() -> Result<void> {
            if (auto ok = migrations[static_cast<std::size_t>(from)](*db); !ok) return ok;
            return db->execute("PRAGMA user_version = " + std::to_string(from + 1));
        });
        if (!migrated) return std::unexpected(migrated.error());
    }
    return UserStore(std::move(*db));
}

Result<std::vector<Device>> UserStore::devices() const { return readDeviceRows(m_db, Origin::User); }

Result<void> UserStore::addDevices(const std::vector<Device>& devices)
{
    return inTransaction(m_db, [&] { return insertDeviceRows(m_db, devices); });
}

Result<int> UserStore::removeDevices(const std::vector<std::string>& ids)
{
    int removed = 0;
    auto ok = inTransaction(m_db, [&]() -> Result<void> {
        auto count = deleteDeviceRows(m_db, ids);
        if (!count) return std::unexpected(count.error());
        removed = *count;
        return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return removed;
}

int UserStore::schemaVersion() const
{
    return static_cast<int>(m_db.queryInteger("PRAGMA user_version").value_or(-1));
}

std::string fnv1aHex(std::string_view bytes, std::uint64_t seed)
{
    std::uint64_t hash = seed;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
    return out;
}

} // namespace accelscope::models::catalog
