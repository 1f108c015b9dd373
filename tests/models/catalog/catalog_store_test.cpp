// SPDX-License-Identifier: MIT
// SQLite stores: bundled build → query round trip, read-only opening, user DB migrations, imports.
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace accelscope::models::catalog;
using accelscope::tests::TempDir;

namespace {

std::vector<Device> fixtureDevices()
{
    auto parsed = parseCatalogText(accelscope::tests::validCatalogText(), "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    return parsed.devices;
}

} // namespace

TEST_CASE("a built catalog reads back every field, figure and source")
{
    TempDir dir;
    const auto path = dir.path() / "catalog.db";
    auto devices = fixtureDevices();
    devices.front().interconnectName = "X-Link";
    devices.front().scaleupLinkKind = "dedicated";
    REQUIRE(writeBundledCatalog(path, devices, CatalogInfo{bundledSchemaVersion, "abc", 1, "fixture"}).has_value());
    CHECK_FALSE(std::filesystem::exists(dir.path() / "catalog.db.partial"));

    auto catalog = BundledCatalog::open(path);
    REQUIRE(catalog.has_value());
    CHECK(catalog->info().deviceCount == 1);
    CHECK(catalog->info().contentHash == "abc");
    auto all = catalog->loadAll();
    REQUIRE(all.has_value());
    REQUIRE(all->size() == 1);
    const Device& back = all->front();
    const Device& original = devices.front();
    CHECK(back.id == original.id);
    CHECK(back.name == original.name);
    CHECK(back.scope == original.scope);
    CHECK(back.scopeNote == original.scopeNote);
    CHECK(back.scaleupTopology == original.scaleupTopology);
    CHECK(back.scaleupLinkKind == "dedicated");
    CHECK(back.sourceLine == 7);
    CHECK(back.primarySources == original.primarySources);
    REQUIRE(back.figures.size() == original.figures.size());
    for (const auto& [key, figure] : original.figures) {
        const Figure* f = back.figure(key);
        REQUIRE(f != nullptr);
        CHECK(f->value == figure.value);
        CHECK(f->provenance == figure.provenance);
        CHECK(f->stated == figure.stated);
        CHECK(f->formula == figure.formula);
        CHECK(f->where == figure.where);
    }
    CHECK(back.sources.at("ds").url == "https://acme.example/x1.pdf");

    auto one = catalog->findById("acme-x1");
    REQUIRE(one.has_value());
    REQUIRE(one->has_value());
    CHECK((*one)->figures.size() == original.figures.size());
    auto none = catalog->findById("acme-x1' OR '1'='1");
    REQUIRE(none.has_value());
    CHECK_FALSE(none->has_value());
}

TEST_CASE("the bundled catalog is opened read-only")
{
    TempDir dir;
    const auto path = dir.path() / "catalog.db";
    REQUIRE(writeBundledCatalog(path, fixtureDevices(), CatalogInfo{bundledSchemaVersion, "x", 1, "f"}).has_value());
    auto db = Database::open(path, OpenMode::ReadOnly);
    REQUIRE(db.has_value());
    const auto write = db->execute("DELETE FROM devices");
    REQUIRE_FALSE(write.has_value());
    CHECK_THAT(write.error().message, Catch::Contains("readonly"));
}

TEST_CASE("opening something that is not a catalog fails clearly")
{
    TempDir dir;
    CHECK(BundledCatalog::open(dir.path() / "missing.db").error().code == accelscope::models::ErrorCode::NotFound);
    const auto junk = dir.write("junk.db", "this is not sqlite");
    CHECK_FALSE(BundledCatalog::open(junk).has_value());
}

TEST_CASE("a catalog whose meta table holds a non-number is refused with the file and key")
{
    // Issue #17: std::stoi on meta values threw out of BundledCatalog::open ("internal error").
    const char* value = GENERATE("abc", "", "99999999999", "-");
    TempDir dir;
    const auto path = dir.path() / "catalog.db";
    REQUIRE(writeBundledCatalog(path, fixtureDevices(), CatalogInfo{bundledSchemaVersion, "x", 1, "f"}).has_value());
    {
        auto db = Database::open(path, OpenMode::ReadWriteCreate);
        REQUIRE(db->execute(std::string("UPDATE meta SET value = '") + value + "' WHERE key = 'device_count'").has_value());
    }
    const auto catalog = BundledCatalog::open(path);
    REQUIRE_FALSE(catalog.has_value());
    CHECK(catalog.error().message == path.string() + ": meta device_count '" + value + "' is not a number (a damaged catalog)");
}

TEST_CASE("a new user database is created and migrated to the current schema")
{
    TempDir dir;
    const auto path = dir.path() / "nested" / "user.db";
    auto store = UserStore::open(path);
    REQUIRE(store.has_value());
    CHECK(store->schemaVersion() == userSchemaVersion);
    CHECK(store->devices()->empty());
    // Re-opening an up-to-date database changes nothing.
    auto again = UserStore::open(path);
    REQUIRE(again.has_value());
    CHECK(again->schemaVersion() == userSchemaVersion);
}

TEST_CASE("a version-1 user database gains the lab-results table and keeps its devices")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    // turn it back into what version 1 wrote
    accelscope::tests::oldUserDatabase(dir, path, accelscope::tests::validCatalogText(),
                                       "DROP TABLE price_overrides; DROP TABLE user_settings; "
                                       "DROP TABLE lab_results; DROP TABLE lesson_progress; ALTER TABLE devices DROP COLUMN "
                                       "scope_note; ALTER TABLE devices DROP COLUMN scaleup_topology; ALTER TABLE devices DROP "
                                       "COLUMN components; ALTER TABLE figures DROP COLUMN label; ALTER TABLE devices DROP COLUMN "
                                       "scaleup_link_kind; ALTER TABLE devices DROP COLUMN vendor_format_name; ALTER TABLE devices DROP COLUMN "
                                       "lifecycle; UPDATE devices SET scope = 'one card'; PRAGMA user_version = 1");
    auto store = UserStore::open(path);
    REQUIRE(store.has_value());
    CHECK(store->schemaVersion() == userSchemaVersion);
    CHECK_FALSE(store->devices()->empty());
    CHECK(store->labResults()->empty());
}

TEST_CASE("a version-5 user database gains the link kind, vendor format and lifecycle columns and keeps its devices")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    // what version 5 held: no scaleup_link_kind, vendor_format_name or lifecycle column
    const auto devices = accelscope::tests::migratedDevices(dir, path, accelscope::tests::validCatalogText(),
                                                               "DROP TABLE price_overrides; DROP TABLE user_settings; ALTER TABLE devices DROP COLUMN "
                                                               "scaleup_link_kind; ALTER TABLE devices DROP COLUMN vendor_format_name; ALTER TABLE devices "
                                                               "DROP COLUMN lifecycle; PRAGMA user_version = 5");
    REQUIRE(devices.size() == 1);
    CHECK(devices.front().scaleupLinkKind.empty());
    CHECK(devices.front().lifecycle.empty());
    CHECK(devices.front().vendorFormatName.empty());
    CHECK(devices.front().value(FigureKey::TdpW) == 350.0);
}

TEST_CASE("a version-3 user database moves each device's free-text scope to scope_note and picks the enum")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    const std::string two = accelscope::tests::replaced(
        accelscope::tests::validCatalogText(), "  ]\n}",
        R"(  ,{"id": "acme-m1", "name": "Acme M1", "vendor": "Acme", "kind": "gpu", "form_factor": "OAM", "scope": "module", "scope_note": "x", "primary_sources": ["ds"], "figures": {}}
  ]
})");
    // what version 3 held: free text in `scope`, no v2 columns
    const auto devices = accelscope::tests::migratedDevices(dir, path, two,
                                                               "DROP TABLE price_overrides; DROP TABLE user_settings; "
                                                               "ALTER TABLE devices DROP COLUMN scope_note; ALTER TABLE devices DROP COLUMN "
                                                               "scaleup_topology; ALTER TABLE devices DROP COLUMN components; ALTER TABLE figures DROP COLUMN "
                                                               "label; ALTER TABLE devices DROP COLUMN scaleup_link_kind; ALTER TABLE devices DROP COLUMN vendor_format_name; "
                                                               "ALTER TABLE devices DROP COLUMN lifecycle; UPDATE devices SET scope = "
                                                               "'one ' || form_factor || ' thing'; PRAGMA user_version = 3");
    REQUIRE(devices.size() == 2);
    for (const Device& d : devices) {
        CHECK(d.scopeNote == "one " + std::string(formFactorName(d.formFactor)) + " thing");
        CHECK(d.scope == (d.formFactor == FormFactor::Oam ? Scope::Module : Scope::Card));
    }
}

TEST_CASE("a version-4 user database gains figure labels and keeps its devices")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    // what version 4 held: no label column
    const auto devices = accelscope::tests::migratedDevices(dir, path, accelscope::tests::validCatalogText(),
                                                               "DROP TABLE price_overrides; DROP TABLE user_settings; ALTER TABLE figures DROP COLUMN label; "
                                                               "ALTER TABLE devices DROP COLUMN scaleup_link_kind; ALTER TABLE devices DROP COLUMN vendor_format_name; "
                                                               "ALTER TABLE devices DROP COLUMN lifecycle; PRAGMA user_version = 4");
    REQUIRE(devices.size() == 1);
    CHECK(devices.front().figure(FigureKey::MemoryGb)->label.empty()); // the old row had none
}

TEST_CASE("a system's parts and scale-up topology survive the database")
{
    TempDir dir;
    const std::string text = accelscope::tests::replaced(
        accelscope::tests::validCatalogText(), "  ]\n}",
        R"(  ,{"id": "acme-board", "name": "Acme Board", "vendor": "Acme", "kind": "gpu", "form_factor": "system", "scope": "board", "scope_note": "8 cards", "scaleup_topology": "Acme Link switch, all-to-all", "contains": [{"device": "acme-x1", "count": 8}], "primary_sources": ["ds"], "figures": {"memory_gb": {"value": "640 GiB", "source": "ds", "where": "t"}}}
  ]
})");
    const auto parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    const auto path = dir.path() / "catalog.db";
    REQUIRE(writeBundledCatalog(path, parsed.devices, CatalogInfo{bundledSchemaVersion, "abc", 2, "fixture"}).has_value());
    auto catalog = BundledCatalog::open(path);
    REQUIRE(catalog.has_value());
    auto board = catalog->findById("acme-board");
    REQUIRE(board.has_value());
    REQUIRE(board->has_value());
    const Device& d = **board;
    CHECK(d.scope == Scope::Board);
    CHECK(d.scaleupTopology == "Acme Link switch, all-to-all");
    REQUIRE(d.contains.size() == 1);
    CHECK(d.contains.front().deviceId == "acme-x1");
    CHECK(d.contains.front().count == 8);
}

TEST_CASE("lab results are stored, listed newest first, refused twice and deleted")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    StoredLabResult a{0, "cpu-roofline", "Roofline", "2026-01-01T00:00:00Z", "CPU A", "local", "", R"({"n":1})", ""};
    StoredLabResult b{0, "cpu-latency", "Latency", "2026-02-01T00:00:00Z", "CPU B", "imported", "b.json", R"({"n":2})", ""};
    const auto idA = store->addLabResult(a);
    const auto idB = store->addLabResult(b);
    REQUIRE(idA.has_value());
    REQUIRE(idB.has_value());
    const auto all = store->labResults();
    REQUIRE(all->size() == 2);
    CHECK((*all)[0].labId == "cpu-latency"); // newest first
    CHECK((*all)[0].sourceFile == "b.json");
    CHECK((*all)[1].sourceFile.empty());
    CHECK((*all)[1].contentHash == fnv1aHex(R"({"n":1})"));
    const auto twice = store->addLabResult(a);
    REQUIRE_FALSE(twice.has_value());
    CHECK_THAT(twice.error().message, Catch::Contains("already stored as #" + std::to_string(*idA)));
    a.record = R"({"n":3})";
    a.origin = "borrowed";
    CHECK_FALSE(store->addLabResult(a).has_value());
    CHECK(store->labResult(*idB)->value().record == R"({"n":2})");
    CHECK_FALSE(store->labResult(999)->has_value());
    CHECK(store->removeLabResults({*idA, 999}) == 1);
    CHECK(store->labResults()->size() == 1);
}

TEST_CASE("a user database from a newer version is refused, not damaged")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    {
        auto db = Database::open(path, OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("PRAGMA user_version = 99").has_value());
    }
    auto store = UserStore::open(path);
    REQUIRE_FALSE(store.has_value());
    CHECK_THAT(store.error().message, Catch::Contains("newer Accelscope"));
}

TEST_CASE("a user database with a negative or far-future schema version is refused with the file and version")
{
    // Issue #17: PRAGMA user_version = -1 indexed the migration table at -1 (a crash).
    struct Case {
        int version;
        const char* message;
    };
    const Case c = GENERATE(values<Case>({{-1, "user database schema -1 is not a version"},
                                           {-2147483647 - 1, "user database schema -2147483648 is not a version"},
                                           {2147483647, "user database schema 2147483647 was made by a newer"}}));
    TempDir dir;
    const auto path = dir.path() / "user.db";
    {
        auto db = Database::open(path, OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("PRAGMA user_version = " + std::to_string(c.version)).has_value());
    }
    auto store = UserStore::open(path);
    REQUIRE_FALSE(store.has_value());
    CHECK_THAT(store.error().message, Catch::StartsWith(path.string() + ": " + c.message));
}

TEST_CASE("importing devices is all or nothing")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    const std::string good = accelscope::tests::validCatalogText();
    const auto goodFile = dir.write("mine.json", good);

    SECTION("a valid file is imported") {
        auto report = importDevicesFile(*store, goodFile, {}, false);
        REQUIRE(report.has_value());
        CHECK(report->issues.empty());
        CHECK(report->addedIds == std::vector<std::string>{"acme-x1"});
        REQUIRE(store->devices()->size() == 1);
        CHECK(store->devices()->front().origin == Origin::User);
        CHECK(store->removeDevices({"acme-x1"}).value() == 1);
        CHECK(store->devices()->empty());
    }
    SECTION("an id that exists in the catalog is rejected and nothing is written") {
        auto report = importDevicesFile(*store, goodFile, {"acme-x1"}, false);
        REQUIRE(report.has_value());
        REQUIRE(report->issues.size() == 1);
        CHECK(report->issues.front().format() == "mine.json:7: id: duplicate id 'acme-x1' (also in the existing catalog)");
        CHECK(store->devices()->empty());
    }
    SECTION("one bad device among good ones writes nothing") {
        std::string two = accelscope::tests::replaced(good, "  ]\n}", R"(  ,{"id": "acme-x2", "name": "Acme X2", "vendor": "Acme", "kind": "gpu", "form_factor": "PCIe", "scope": "card", "scope_note": "one card", "primary_sources": ["ds"], "figures": {"memory_gb": {"value": "-4 GB", "source": "ds", "where": "t"}}}
  ]
})");
        auto report = importDevicesFile(*store, dir.write("two.json", two), {}, false);
        REQUIRE(report.has_value());
        REQUIRE_FALSE(report->issues.empty());
        CHECK(report->issues.front().field == "memory_gb");
        CHECK(store->devices()->empty());
    }
    SECTION("a dry run validates but writes nothing") {
        auto report = importDevicesFile(*store, goodFile, {}, true);
        REQUIRE(report.has_value());
        CHECK(report->addedIds.size() == 1);
        CHECK(store->devices()->empty());
    }
    SECTION("an unknown file type is an argument error") {
        auto report = importDevicesFile(*store, dir.write("mine.xml", "<x/>"), {}, false);
        REQUIRE_FALSE(report.has_value());
        CHECK_THAT(report.error().message, Catch::Contains("unknown file type '.xml'"));
    }
}

TEST_CASE("the user database path follows XDG")
{
    CHECK(defaultUserDatabasePath("/x/data", "/home/u") == "/x/data/accelscope/user.db");
    CHECK(defaultUserDatabasePath("", "/home/u") == "/home/u/.local/share/accelscope/user.db");
}

TEST_CASE("atomic writes leave no partial file behind")
{
    TempDir dir;
    const auto target = dir.path() / "out.csv";
    REQUIRE(writeFileAtomically(target, "a,b\n").has_value());
    CHECK(accelscope::tests::readText(target) == "a,b\n");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out.csv.partial"));
    CHECK_FALSE(writeFileAtomically(dir.path() / "no" / "such" / "dir.csv", "x").has_value());
}

TEST_CASE("output files: a symlink's target is written, FIFOs, devices, directories and read-only files are refused")
{
    // Issue #29: the temporary-then-rename write turned a symlink into a regular file and replaced /dev/full.
    TempDir dir;
    const auto real = dir.write("real.json", "old");
    const auto link = dir.path() / "link.json";
    std::filesystem::create_symlink("real.json", link);
    REQUIRE(writeFileAtomically(link, "new").has_value());
    CHECK(std::filesystem::is_symlink(link));
    CHECK(accelscope::tests::readText(real) == "new");

    const auto dangling = dir.path() / "dangling.json";
    std::filesystem::create_symlink(dir.path() / "made.json", dangling);
    REQUIRE(writeFileAtomically(dangling, "x").has_value());
    CHECK(accelscope::tests::readText(dir.path() / "made.json") == "x");

    const auto fifo = dir.path() / "fifo";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const auto toFifo = writeFileAtomically(fifo, "x"); // must not block: the FIFO is never opened
    REQUIRE_FALSE(toFifo.has_value());
    CHECK_THAT(toFifo.error().message, Catch::Contains("a FIFO, not a file to write"));

    CHECK_THAT(writeFileAtomically("/dev/null", "x").error().message, Catch::Contains("a character device"));
    CHECK_THAT(writeFileAtomically(dir.path(), "x").error().message, Catch::Contains("a directory"));

    const auto locked = dir.write("locked.csv", "keep");
    std::filesystem::permissions(locked, std::filesystem::perms::owner_read);
    CHECK_THAT(writeFileAtomically(locked, "x").error().message, Catch::Contains("read-only file"));
    CHECK(accelscope::tests::readText(locked) == "keep");

    const auto mode = dir.write("mode.csv", "a");
    std::filesystem::permissions(mode, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    REQUIRE(writeFileAtomically(mode, "b").has_value());
    CHECK(std::filesystem::status(mode).permissions() == (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
}

TEST_CASE("lesson progress is saved, loaded, refused when corrupted and reset")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    CHECK(store->lessonProgress("roofline")->has_value() == false);
    REQUIRE(store->saveLessonProgress({"roofline", 2, R"({"1": {"answer": "3", "correct": true}})", 42.0, ""}).has_value());
    const auto loaded = store->lessonProgress("roofline").value();
    REQUIRE(loaded.has_value());
    CHECK(loaded->stepIndex == 2);
    CHECK(loaded->secondsSpent == 42.0);
    CHECK_FALSE(loaded->updatedAt.empty());
    CHECK_FALSE(store->saveLessonProgress({"roofline", 3, "[1, 2]", 0.0, ""}).has_value());
    {
        auto db = Database::open(dir.path() / "user.db", OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("UPDATE lesson_progress SET answers = 'not json'").has_value());
    }
    const auto corrupted = store->lessonProgress("roofline");
    REQUIRE_FALSE(corrupted.has_value());
    CHECK_THAT(corrupted.error().message, Catch::Contains("lesson 'roofline' is corrupted"));
    CHECK_FALSE(store->saveLessonProgress({"roofline", 3, "{}", 0.0, ""}).has_value());
    CHECK(store->allLessonProgress()->at(0).answersJson == "not json");
    CHECK(store->resetLessonProgress("roofline").value());
    CHECK(store->saveLessonProgress({"roofline", 3, "{}", 0.0, ""}).has_value());
}

TEST_CASE("a version-6 user database gains the price tables and keeps its devices, and prices round-trip")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    // what version 6 held: no price tables
    accelscope::tests::oldUserDatabase(dir, path, accelscope::tests::validCatalogText(),
                                       "DROP TABLE price_overrides; DROP TABLE user_settings; PRAGMA user_version = 6");
    auto store = UserStore::open(path);
    REQUIRE(store.has_value());
    CHECK(store->schemaVersion() == userSchemaVersion);
    CHECK(store->devices()->size() == 1);
    CHECK(store->priceOverrides()->empty());
    CHECK_FALSE(store->usdPerKwh()->has_value());

    PriceOverride mine;
    mine.deviceId = "nvidia-h100-sxm";
    mine.listPriceUsd = 25000.0;
    mine.amortisationYears = 4.0;
    REQUIRE(store->savePriceOverride(mine).has_value());
    REQUIRE(store->saveUsdPerKwh(0.12).has_value());
    auto again = UserStore::open(path);
    REQUIRE(again.has_value());
    const auto prices = again->priceOverrides();
    REQUIRE(prices.has_value());
    REQUIRE(prices->size() == 1);
    CHECK(prices->front().deviceId == "nvidia-h100-sxm");
    CHECK_FALSE(prices->front().usdPerHour.has_value());
    CHECK(prices->front().listPriceUsd == 25000.0);
    CHECK(prices->front().amortisationYears == 4.0);
    CHECK(**again->usdPerKwh() == 0.12);
    CHECK(*again->clearPriceOverride("nvidia-h100-sxm"));
    CHECK_FALSE(*again->clearPriceOverride("nvidia-h100-sxm"));
    CHECK(*again->clearUsdPerKwh());
    CHECK_FALSE(again->usdPerKwh()->has_value());
}

TEST_CASE("a version-6 database that already has the price tables (a development build's) still opens")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    {
        auto store = UserStore::open(path);
        REQUIRE(store.has_value());
        REQUIRE(store->saveUsdPerKwh(0.2).has_value());
    }
    {   // tables of version 7 under the number 6 without 6's columns, as builds between the two wrote them
        auto db = Database::open(path, OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("ALTER TABLE devices DROP COLUMN scaleup_link_kind; ALTER TABLE devices DROP COLUMN lifecycle; "
                            "ALTER TABLE devices DROP COLUMN vendor_format_name; PRAGMA user_version = 6").has_value());
    }
    auto store = UserStore::open(path);
    REQUIRE(store.has_value());
    CHECK(store->schemaVersion() == userSchemaVersion);
    CHECK(**store->usdPerKwh() == 0.2);
    CHECK(store->devices()->empty()); // every column the device reader selects is there again
}

TEST_CASE("a migration that fails names the database, both versions and the cause, and changes nothing")
{
    TempDir dir;
    const auto path = dir.path() / "user.db";
    {
        auto store = UserStore::open(path);
        REQUIRE(store.has_value());
    }
    {   // version 5 with the columns version 6 adds already there: ALTER TABLE ADD COLUMN fails
        auto db = Database::open(path, OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("PRAGMA user_version = 5").has_value());
    }
    const auto store = UserStore::open(path);
    REQUIRE_FALSE(store.has_value());
    CHECK_THAT(store.error().message, Catch::Contains(path.string() + ": cannot bring the user database from schema 5 to 6 ("));
    CHECK_THAT(store.error().message, Catch::Contains("nothing was changed"));
    auto db = Database::open(path, OpenMode::ReadWriteCreate);
    CHECK(db->queryInteger("PRAGMA user_version").value() == 5);
}

TEST_CASE("a negative or missing price is refused with the field named and nothing stored")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    PriceOverride p;
    p.deviceId = "nvidia-h100-sxm";
    p.usdPerHour = -1.0;
    const auto negative = store->savePriceOverride(p);
    REQUIRE_FALSE(negative.has_value());
    CHECK(negative.error().message == "--usd-per-hour must be a number from 0 to 100,000, got -1");
    p.usdPerHour.reset();
    CHECK(store->savePriceOverride(p).error().message == "give --usd-per-hour or --list-price-usd for nvidia-h100-sxm");
    p.listPriceUsd = 1000.0;
    p.amortisationYears = 0.0;
    CHECK(store->savePriceOverride(p).error().message == "--years must be a number from 0.1 to 100, got 0");
    CHECK(store->saveUsdPerKwh(-0.5).error().message == "--usd-per-kwh must be a number from 0 to 100, got -0.5");
    CHECK(store->priceOverrides()->empty());
    CHECK_FALSE(store->usdPerKwh()->has_value());
}
