// SPDX-License-Identifier: MIT
// Bundled catalog build/open and the migrated user database.
#include "models/catalog/catalog_store.hpp"

#include "models/catalog/device_store.hpp"
#include "models/common/number_range.hpp"
#include "models/common/number_text.hpp"
#include "models/common/utf8_text.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <cmath>
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
        if (key == "schema_version" || key == "device_count") {
            // std::stoi threw on a damaged meta table (issue #17): "internal error" instead of a message.
            int number = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (value.empty() || ec != std::errc{} || end != value.data() + value.size()) {
                return fail(ErrorCode::InvalidData, db.path().string() + ": meta " + key + " '" +
                                                        quotedExcerpt(value) + "' is not a number (a damaged catalog)");
            }
            (key == "schema_version" ? info.schemaVersion : info.deviceCount) = number;
        }
        if (key == "content_hash") info.contentHash = value;
        if (key == "built_from") info.builtFrom = value;
    }
    return info;
}

// Migration i brings the user database from version i to i + 1.
using Migration = Result<void> (*)(const Database&);
Result<void> migrateTo1(const Database& db) { return db.execute(deviceTablesSql()); }
Result<void> migrateTo2(const Database& db)
{
    return db.execute(R"(CREATE TABLE lab_results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lab_id TEXT NOT NULL,
        title TEXT NOT NULL,
        started_at TEXT NOT NULL,
        machine TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ('local', 'imported')),
        source_file TEXT,
        record TEXT NOT NULL,
        content_hash TEXT NOT NULL UNIQUE))");
}
Result<void> migrateTo3(const Database& db)
{
    return db.execute(R"(CREATE TABLE lesson_progress (
        lesson_id TEXT PRIMARY KEY NOT NULL,
        step_index INTEGER NOT NULL CHECK (step_index >= 0),
        answers TEXT NOT NULL,
        seconds_spent REAL NOT NULL DEFAULT 0 CHECK (seconds_spent >= 0),
        updated_at TEXT NOT NULL))");
}
// Catalog schema v2: the old free-text scope becomes scope_note, and the scope enum is chosen from
// the form factor as scripts/catalog-migrate-v2.py does for data files (a system becomes a node).
Result<void> migrateTo4(const Database& db)
{
    if (auto ok = db.execute(deviceColumnsV2Sql()); !ok) return ok;
    return db.execute(R"(UPDATE devices SET scope_note = scope, scope = CASE form_factor
        WHEN 'chip' THEN 'chip' WHEN 'socket' THEN 'package' WHEN 'SoC' THEN 'package' WHEN 'PCIe' THEN 'card'
        WHEN 'SXM' THEN 'module' WHEN 'OAM' THEN 'module' WHEN 'module' THEN 'module' WHEN 'board' THEN 'board'
        ELSE 'node' END)");
}
Result<void> migrateTo5(const Database& db) { return db.execute(figureLabelColumnSql()); }
Result<void> migrateTo6(const Database& db)
{
    if (auto ok = db.execute(linkKindColumnSql()); !ok) return ok;
    return db.execute(lifecycleColumnsSql());
}
Result<void> migrateTo7(const Database& db)
{
    // Development builds between versions 6 and 7 numbered a database 6 with either the price
    // tables or the link-kind and lifecycle columns; whichever part is missing is added here, so
    // every such database opens (IF NOT EXISTS, and columns only where absent).
    const auto hasColumn = [&](std::string_view column) {
        return db.queryInteger("SELECT COUNT(*) FROM pragma_table_info('devices') WHERE name = '" + std::string(column) + "'")
                   .value_or(0) > 0;
    };
    if (!hasColumn("scaleup_link_kind")) {
        if (auto ok = db.execute(linkKindColumnSql()); !ok) return ok;
    }
    if (!hasColumn("lifecycle")) {
        if (auto ok = db.execute(lifecycleColumnsSql()); !ok) return ok;
    }
    return db.execute(R"(CREATE TABLE IF NOT EXISTS price_overrides (
        device_id TEXT PRIMARY KEY NOT NULL,
        usd_per_hour REAL CHECK (usd_per_hour IS NULL OR usd_per_hour >= 0),
        list_price_usd REAL CHECK (list_price_usd IS NULL OR list_price_usd >= 0),
        amortisation_years REAL NOT NULL DEFAULT 3 CHECK (amortisation_years > 0),
        updated_at TEXT NOT NULL,
        CHECK (usd_per_hour IS NOT NULL OR list_price_usd IS NOT NULL));
      CREATE TABLE IF NOT EXISTS user_settings (key TEXT PRIMARY KEY NOT NULL, value REAL NOT NULL))");
}
// Price kind, provider, region and verified flag of figures; listed cloud prices and absent-figure reasons.
// Column by column, only where absent: a database rebuilt by hand from an older schema (the migration tests
// drop older columns) may hold some of them already.
Result<void> migrateTo8(const Database& db)
{
    const auto hasColumn = [&](const char* table, std::string_view column) {
        return db.queryInteger("SELECT COUNT(*) FROM pragma_table_info('" + std::string(table) + "') WHERE name = '" +
                               std::string(column) + "'")
                   .value_or(0) > 0;
    };
    for (const auto& [table, column] : priceColumns()) {
        if (hasColumn(table, column.name)) continue;
        if (auto ok = db.execute("ALTER TABLE " + std::string(table) + " ADD COLUMN " + std::string(column.name) + " " +
                                 std::string(column.type));
            !ok) {
            return ok;
        }
    }
    return {};
}
constexpr std::array<Migration, userSchemaVersion> migrations{&migrateTo1, &migrateTo2, &migrateTo3, &migrateTo4,
                                                              &migrateTo5, &migrateTo6, &migrateTo7, &migrateTo8};

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
            if (auto ok = db->execute(deviceColumnsV2Sql()); !ok) return ok;
            if (auto ok = db->execute(figureLabelColumnSql()); !ok) return ok;
            if (auto ok = db->execute(linkKindColumnSql()); !ok) return ok;
            if (auto ok = db->execute(lifecycleColumnsSql()); !ok) return ok;
            if (auto ok = db->execute(priceColumnsSql()); !ok) return ok;
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
    if (*version < 0) {
        // Negative versions index the migration table at -1 (issue #17); no Accelscope writes one.
        return fail(ErrorCode::InvalidData, path.string() + ": user database schema " + std::to_string(*version) +
                                                " is not a version Accelscope writes (PRAGMA user_version is damaged)");
    }
    for (auto from = *version; from < userSchemaVersion; ++from) {
        auto migrated = inTransaction(*db, [&]() -> Result<void> {
            if (auto ok = migrations[static_cast<std::size_t>(from)](*db); !ok) return ok;
            return db->execute("PRAGMA user_version = " + std::to_string(from + 1));
        });
        if (!migrated) {
            return fail(migrated.error().code, path.string() + ": cannot bring the user database from schema " +
                                                   std::to_string(from) + " to " + std::to_string(from + 1) + " (" +
                                                   migrated.error().message + "); nothing was changed");
        }
    }
    return UserStore(std::move(*db));
}

Result<std::vector<Device>> UserStore::devices() const { return readDeviceRows(m_db, Origin::User); }

Result<std::vector<Device>> UserStore::devicesReadOnly(const std::filesystem::path& path)
{
    auto db = Database::open(path, OpenMode::Snapshot);
    if (!db) return std::unexpected(db.error());
    auto version = db->queryInteger("PRAGMA user_version");
    if (!version) return std::unexpected(version.error());
    if (*version != userSchemaVersion) {
        return fail(ErrorCode::Unsupported, path.string() + ": user database schema " + std::to_string(*version) +
                                                " cannot be read without writing it (this Accelscope uses " +
                                                std::to_string(userSchemaVersion) + ")");
    }
    return readDeviceRows(*db, Origin::User);
}

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

Result<std::int64_t> UserStore::addLabResult(StoredLabResult result)
{
    if (result.origin != "local" && result.origin != "imported") {
        return fail(ErrorCode::InvalidArgument, "lab result origin must be local or imported, not '" + result.origin + "'");
    }
    result.contentHash = fnv1aHex(result.record);
    auto existing = m_db.prepare("SELECT id FROM lab_results WHERE content_hash = ?");
    if (!existing) return std::unexpected(existing.error());
    existing->bind(1, result.contentHash);
    auto found = existing->step();
    if (!found) return std::unexpected(found.error());
    if (*found) {
        return fail(ErrorCode::InvalidArgument, "this " + result.labId + " result (" + result.startedAt +
                                                    ") is already stored as #" + std::to_string(existing->integer(0)));
    }
    std::int64_t id = 0;
    auto ok = inTransaction(m_db, [&]() -> Result<void> {
        auto insert = m_db.prepare("INSERT INTO lab_results (lab_id, title, started_at, machine, origin, source_file, record, "
                                   "content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        if (!insert) return std::unexpected(insert.error());
        insert->bind(1, result.labId).bind(2, result.title).bind(3, result.startedAt).bind(4, result.machine);
        insert->bind(5, result.origin).bindOptional(6, result.sourceFile).bind(7, result.record).bind(8, result.contentHash);
        if (auto done = insert->run(); !done) return done;
        auto last = m_db.queryInteger("SELECT last_insert_rowid()");
        if (!last) return std::unexpected(last.error());
        id = *last;
        return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return id;
}

namespace {

constexpr const char* labResultColumns =
    "SELECT id, lab_id, title, started_at, machine, origin, source_file, record, content_hash FROM lab_results";

StoredLabResult readLabResultRow(const Statement& row)
{
    return StoredLabResult{row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4),
                           row.text(5),    row.isNull(6) ? std::string() : row.text(6), row.text(7), row.text(8)};
}

} // namespace

Result<std::vector<StoredLabResult>> UserStore::labResults() const
{
    auto query = m_db.prepare(std::string(labResultColumns) + " ORDER BY started_at DESC, id DESC");
    if (!query) return std::unexpected(query.error());
    std::vector<StoredLabResult> results;
    for (;;) {
        auto more = query->step();
        if (!more) return std::unexpected(more.error());
        if (!*more) break;
        results.push_back(readLabResultRow(*query));
    }
    return results;
}

Result<std::optional<StoredLabResult>> UserStore::labResult(std::int64_t id) const
{
    auto query = m_db.prepare(std::string(labResultColumns) + " WHERE id = ?");
    if (!query) return std::unexpected(query.error());
    query->bind(1, id);
    auto found = query->step();
    if (!found) return std::unexpected(found.error());
    if (!*found) return std::optional<StoredLabResult>{};
    return std::optional<StoredLabResult>{readLabResultRow(*query)};
}

Result<int> UserStore::removeLabResults(const std::vector<std::int64_t>& ids)
{
    int removed = 0;
    auto ok = inTransaction(m_db, [&]() -> Result<void> {
        auto remove = m_db.prepare("DELETE FROM lab_results WHERE id = ?");
        if (!remove) return std::unexpected(remove.error());
        for (const std::int64_t id : ids) {
            remove->bind(1, id);
            if (auto done = remove->run(); !done) return done;
            auto changed = m_db.queryInteger("SELECT changes()");
            if (!changed) return std::unexpected(changed.error());
            removed += static_cast<int>(*changed);
            if (auto reset = remove->reset(); !reset) return reset;
        }
        return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return removed;
}

std::string lessonProgressProblem(const LessonProgress& progress)
{
    const auto answers = nlohmann::json::parse(progress.answersJson, nullptr, false);
    if (answers.is_discarded()) return "answers are not valid JSON";
    if (!answers.is_object()) return "answers are not a JSON object";
    return {};
}

namespace {

constexpr const char* progressColumns = "SELECT lesson_id, step_index, answers, seconds_spent, updated_at FROM lesson_progress";

LessonProgress readProgressRow(const Statement& row)
{
    return LessonProgress{row.text(0), static_cast<int>(row.integer(1)), row.text(2), row.real(3), row.text(4)};
}

std::unexpected<Error> corrupted(const LessonProgress& p, const std::string& why)
{
    return fail(ErrorCode::InvalidData, "the progress of lesson '" + p.lessonId + "' is corrupted (" + why +
                                            "); it was left as it is: `accelscope-cli lesson reset " + p.lessonId +
                                            "` clears it");
}

} // namespace

Result<void> UserStore::saveLessonProgress(const LessonProgress& progress)
{
    if (progress.lessonId.empty() || progress.stepIndex < 0 || !(progress.secondsSpent >= 0)) {
        return fail(ErrorCode::InvalidArgument, "lesson progress needs a lesson id, a step index >= 0 and seconds >= 0");
    }
    if (const auto why = lessonProgressProblem(progress); !why.empty()) {
        return fail(ErrorCode::InvalidArgument, "lesson '" + progress.lessonId + "': " + why);
    }
    return inTransaction(m_db, [&]() -> Result<void> {
        auto existing = lessonProgress(progress.lessonId);
        if (!existing) return std::unexpected(existing.error());
        auto upsert = m_db.prepare("INSERT OR REPLACE INTO lesson_progress (lesson_id, step_index, answers, seconds_spent, "
                                   "updated_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
        if (!upsert) return std::unexpected(upsert.error());
        upsert->bind(1, progress.lessonId).bind(2, static_cast<std::int64_t>(progress.stepIndex));
        upsert->bind(3, progress.answersJson).bind(4, progress.secondsSpent);
        return upsert->run();
    });
}

Result<std::optional<LessonProgress>> UserStore::lessonProgress(const std::string& lessonId) const
{
    auto query = m_db.prepare(std::string(progressColumns) + " WHERE lesson_id = ?");
    if (!query) return std::unexpected(query.error());
    query->bind(1, lessonId);
    auto found = query->step();
    if (!found) return std::unexpected(found.error());
    if (!*found) return std::optional<LessonProgress>{};
    LessonProgress p = readProgressRow(*query);
    if (const auto why = lessonProgressProblem(p); !why.empty()) return corrupted(p, why);
    return std::optional<LessonProgress>{std::move(p)};
}

Result<std::vector<LessonProgress>> UserStore::allLessonProgress() const
{
    auto query = m_db.prepare(std::string(progressColumns) + " ORDER BY lesson_id");
    if (!query) return std::unexpected(query.error());
    std::vector<LessonProgress> out;
    for (;;) {
        auto more = query->step();
        if (!more) return std::unexpected(more.error());
        if (!*more) break;
        out.push_back(readProgressRow(*query));
    }
    return out;
}

Result<bool> UserStore::resetLessonProgress(const std::string& lessonId)
{
    bool existed = false;
    auto ok = inTransaction(m_db, [&]() -> Result<void> {
        auto remove = m_db.prepare("DELETE FROM lesson_progress WHERE lesson_id = ?");
        if (!remove) return std::unexpected(remove.error());
        remove->bind(1, lessonId);
        if (auto done = remove->run(); !done) return done;
        existed = m_db.changes() > 0;
        return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return existed;
}

std::string priceOverrideProblem(const PriceOverride& p)
{
    if (p.deviceId.empty()) return "a price needs a device id";
    if (!p.usdPerHour && !p.listPriceUsd) return "give --usd-per-hour or --list-price-usd for " + p.deviceId;
    if (auto ok = checkPriceRanges(p.usdPerHour, p.listPriceUsd, p.amortisationYears); !ok) return ok.error().message;
    return {};
}

Result<void> UserStore::savePriceOverride(const PriceOverride& p)
{
    if (const auto why = priceOverrideProblem(p); !why.empty()) return fail(ErrorCode::InvalidArgument, why);
    return inTransaction(m_db, [&]() -> Result<void> {
        auto upsert = m_db.prepare("INSERT OR REPLACE INTO price_overrides (device_id, usd_per_hour, list_price_usd, "
                                   "amortisation_years, updated_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
        if (!upsert) return std::unexpected(upsert.error());
        upsert->bind(1, p.deviceId);
        if (p.usdPerHour) upsert->bind(2, *p.usdPerHour);
        else upsert->bindNull(2);
        if (p.listPriceUsd) upsert->bind(3, *p.listPriceUsd);
        else upsert->bindNull(3);
        upsert->bind(4, p.amortisationYears);
        return upsert->run();
    });
}

Result<std::vector<PriceOverride>> UserStore::priceOverrides() const
{
    auto query = m_db.prepare("SELECT device_id, usd_per_hour, list_price_usd, amortisation_years, updated_at "
                              "FROM price_overrides ORDER BY device_id");
    if (!query) return std::unexpected(query.error());
    std::vector<PriceOverride> out;
    for (;;) {
        auto more = query->step();
        if (!more) return std::unexpected(more.error());
        if (!*more) break;
        PriceOverride p;
        p.deviceId = query->text(0);
        if (!query->isNull(1)) p.usdPerHour = query->real(1);
        if (!query->isNull(2)) p.listPriceUsd = query->real(2);
        p.amortisationYears = query->real(3);
        p.updatedAt = query->text(4);
        out.push_back(std::move(p));
    }
    return out;
}

namespace {

/// Runs a one-parameter DELETE in a transaction; whether it removed a row.
Result<bool> deleteOne(const Database& db, const char* sql, const std::string& key)
{
    bool existed = false;
    auto ok = inTransaction(db, [&]() -> Result<void> {
        auto remove = db.prepare(sql);
        if (!remove) return std::unexpected(remove.error());
        remove->bind(1, key);
        if (auto done = remove->run(); !done) return done;
        existed = db.changes() > 0;
        return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return existed;
}

} // namespace

Result<bool> UserStore::clearPriceOverride(const std::string& deviceId)
{
    return deleteOne(m_db, "DELETE FROM price_overrides WHERE device_id = ?", deviceId);
}

Result<void> UserStore::saveUsdPerKwh(double usdPerKwh)
{
    if (auto ok = numberInRange("--usd-per-kwh", usdPerKwh, 0.0, priceLimits::maxUsdPerKwh); !ok) {
        return std::unexpected(ok.error());
    }
    return inTransaction(m_db, [&]() -> Result<void> {
        auto upsert = m_db.prepare("INSERT OR REPLACE INTO user_settings (key, value) VALUES ('usd_per_kwh', ?)");
        if (!upsert) return std::unexpected(upsert.error());
        upsert->bind(1, usdPerKwh);
        return upsert->run();
    });
}

Result<std::optional<double>> UserStore::usdPerKwh() const
{
    auto query = m_db.prepare("SELECT value FROM user_settings WHERE key = 'usd_per_kwh'");
    if (!query) return std::unexpected(query.error());
    auto found = query->step();
    if (!found) return std::unexpected(found.error());
    if (!*found) return std::optional<double>{};
    return std::optional<double>{query->real(0)};
}

Result<bool> UserStore::clearUsdPerKwh()
{
    return deleteOne(m_db, "DELETE FROM user_settings WHERE key = ?", "usd_per_kwh");
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
