// SPDX-License-Identifier: MIT
// The bundled catalog database (built once, opened read-only) and the user's writable database.
#pragma once

#include "models/catalog/device.hpp"
#include "models/catalog/price_limits.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <cstdint>
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
/// 2: catalog schema v2 (scope enum + scope_note, systems' parts and scale-up topology);
/// 3: figure labels (the vendor's printed text beside a value in explicit units);
/// 4: scale-up link kind (dedicated or Ethernet), vendor format name and lifecycle dates;
/// 5: price kind, provider, region and verified flag of figures; more cloud prices; reasons for absent figures.
constexpr int bundledSchemaVersion = 5;
/// Newest user-database schema version; older files are migrated on open.
/// 1: user devices; 2: lab results; 3: lesson progress; 4: catalog schema v2 device columns;
/// 5: figure labels; 6: scale-up link kind, vendor format name and lifecycle dates;
/// 7: the user's device prices and $/kWh (price_overrides, user_settings);
/// 8: price kind, provider, region and verified flag of figures; more cloud prices; reasons for absent figures.
constexpr int userSchemaVersion = 8;

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

/// A lab result record kept in the user database. The record itself is opaque JSON here (its
/// format belongs to labs/); the other fields are copied out of it for listing.
struct StoredLabResult {
    std::int64_t id = 0;       ///< assigned by the database
    std::string labId;
    std::string title;
    std::string startedAt;     ///< ISO 8601 UTC, from the record
    std::string machine;       ///< one line: CPU model or GPU name
    std::string origin;        ///< "local" (run here) or "imported"
    std::string sourceFile;    ///< the imported file's name; empty for local runs
    std::string record;        ///< the JSON record
    std::string contentHash;   ///< fnv1aHex of the record; a second copy is refused
};

/// Where a learner is in one lesson (the `lesson_progress` table).
struct LessonProgress {
    std::string lessonId;
    int stepIndex = 0;          ///< steps done (the next step to show), from 0
    std::string answersJson;    ///< a JSON object, by step index: {"2": {"answer": "…", "correct": true}}
    double secondsSpent = 0.0;
    std::string updatedAt;      ///< ISO 8601 UTC, set by the database on save
};

/// What one device costs the user (the `price_overrides` table): a $/device-hour, or a list price
/// amortised over some years, or both (the $/hour wins where both are set). Values ≥ 0, years > 0.
struct PriceOverride {
    std::string deviceId;
    std::optional<double> usdPerHour;
    std::optional<double> listPriceUsd;
    double amortisationYears = 3.0;
    std::string updatedAt; ///< ISO 8601 UTC, set by the database on save
};

/// Why a price cannot be stored ("--usd-per-hour must be a number from 0 to 100,000, got -1"), or empty.
std::string priceOverrideProblem(const PriceOverride& price);

/// The user's database: their own devices, lab results and lesson progress. WAL mode;
/// every change is one transaction.
class UserStore {
public:
    /// Opens or creates the file (and its folder) and migrates it to userSchemaVersion.
    static Result<UserStore> open(const std::filesystem::path& path);
    /// The user's devices from a database that cannot be opened for writing (a read-only folder or
    /// file): read from a snapshot, so that listing still works (issue #29). An Error when the file is
    /// damaged, missing or from a newer Accelscope.
    static Result<std::vector<Device>> devicesReadOnly(const std::filesystem::path& path);

    Result<std::vector<Device>> devices() const;
    /// Inserts all devices or none. Ids must be new (the caller validates against the catalog).
    Result<void> addDevices(const std::vector<Device>& devices);
    /// Deletes the user's devices with these ids; returns how many existed.
    Result<int> removeDevices(const std::vector<std::string>& ids);
    /// Stores a lab result; returns its id. A record whose content is already stored is refused
    /// (InvalidArgument, naming the stored copy's id).
    Result<std::int64_t> addLabResult(StoredLabResult result);
    /// All stored results, newest first (records included).
    Result<std::vector<StoredLabResult>> labResults() const;
    Result<std::optional<StoredLabResult>> labResult(std::int64_t id) const;
    /// Deletes the results with these ids in one transaction; returns how many existed.
    Result<int> removeLabResults(const std::vector<std::int64_t>& ids);

    /// Writes a lesson's progress (insert or replace). `answersJson` must be a JSON object
    /// (InvalidArgument otherwise). A stored record that is corrupted (answers not a JSON object)
    /// is not overwritten: InvalidData naming the lesson; resetLessonProgress clears it.
    Result<void> saveLessonProgress(const LessonProgress& progress);
    /// The progress of one lesson; nullopt when none. InvalidData (naming the lesson and what is
    /// wrong) when the stored answers are not a JSON object; the record is left as it is.
    Result<std::optional<LessonProgress>> lessonProgress(const std::string& lessonId) const;
    /// Every stored record, by lesson id, as stored (answersJson unchecked: see lessonProgressProblem).
    Result<std::vector<LessonProgress>> allLessonProgress() const;
    /// Deletes one lesson's progress; returns whether there was any.
    Result<bool> resetLessonProgress(const std::string& lessonId);

    /// Stores the user's price of one device (insert or replace); InvalidArgument naming the field when
    /// priceOverrideProblem finds one.
    Result<void> savePriceOverride(const PriceOverride& price);
    /// Every stored price, by device id.
    Result<std::vector<PriceOverride>> priceOverrides() const;
    /// Deletes one device's price; returns whether there was one.
    Result<bool> clearPriceOverride(const std::string& deviceId);
    /// Stores the electricity price in $/kWh (0 to priceLimits::maxUsdPerKwh).
    Result<void> saveUsdPerKwh(double usdPerKwh);
    /// The stored electricity price; nullopt when none.
    Result<std::optional<double>> usdPerKwh() const;
    /// Deletes the stored electricity price; returns whether there was one.
    Result<bool> clearUsdPerKwh();

    int schemaVersion() const;
    const std::filesystem::path& path() const { return m_db.path(); }

private:
    explicit UserStore(Database db) : m_db(std::move(db)) {}
    Database m_db;
};

/// Why a progress record is corrupted ("answers are not valid JSON: …"), or empty when it is fine.
std::string lessonProgressProblem(const LessonProgress& progress);

/// FNV-1a 64-bit hash of bytes, as 16 hex digits (a content fingerprint, not security).
std::string fnv1aHex(std::string_view bytes, std::uint64_t seed = 0xcbf29ce484222325ULL);

} // namespace accelscope::models::catalog
