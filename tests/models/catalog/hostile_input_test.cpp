// SPDX-License-Identifier: MIT
// models/catalog and hostile input, second round (issue #29): whole numbers that do not fit, control
// characters in names, CSV cells a spreadsheet would run, duplicate ids and damaged user databases.
#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/comparison.hpp"
#include "models/catalog/device_csv.hpp"
#include "models/catalog/located_json.hpp"
#include "models/catalog/user_db_repair.hpp"
#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

using namespace accelscope::models::catalog;
using accelscope::tests::replaced;
using accelscope::tests::TempDir;
using accelscope::tests::validCatalogText;

TEST_CASE("wholeNumberIn never cuts a number to fit")
{
    using nlohmann::json;
    CHECK(wholeNumberIn(json(2024), 1990, 2035) == 2024);
    CHECK(wholeNumberIn(json(std::uint64_t{2024}), 1990, 2035) == 2024);
    // 2^32 + 2024 read as an int is 2024; 2^64 - 1 read as an int64 is -1.
    CHECK_FALSE(wholeNumberIn(json(std::uint64_t{4294969320}), 1990, 2035).has_value());
    CHECK_FALSE(wholeNumberIn(json(std::uint64_t{18446744073709551615u}), -5, 5).has_value());
    CHECK_FALSE(wholeNumberIn(json(std::int64_t{-4294965272}), 1990, 2035).has_value());
    CHECK_FALSE(wholeNumberIn(json(2024.0), 1990, 2035).has_value());
    CHECK_FALSE(wholeNumberIn(json("2024"), 1990, 2035).has_value());
}

TEST_CASE("a release year of 2^32 + 2024 is an issue, not the year 2024")
{
    const auto parsed = parseCatalogText(replaced(validCatalogText(), R"("vendor": "Acme",)", R"("vendor": "Acme", "release_year": 4294969320,)"),
                                         "acme.json", Origin::User);
    REQUIRE(parsed.issues.size() == 1);
    CHECK(parsed.issues.front().format() == "acme.json:9: release_year: must be a whole year between 1990 and 2035");
}

TEST_CASE("control characters in a device's text fields are issues naming the byte")
{
    const std::string bad = GENERATE(std::string(R"(\u0000)"), std::string(R"(\n)"), std::string(R"(\u001b)"), std::string(R"(\u007f)"));
    const auto parsed = parseCatalogText(replaced(validCatalogText(), R"("Acme X1 80GB")", "\"Acme" + bad + "X1\""), "acme.json", Origin::User);
    REQUIRE(parsed.issues.size() == 1);
    CHECK_THAT(parsed.issues.front().format(), Catch::StartsWith("acme.json:8: name: a control character (byte 0x"));
    CHECK_THAT(parsed.issues.front().format(), Catch::Contains("at position 5) is not allowed"));
    // Printable non-ASCII text stays allowed.
    CHECK(parseCatalogText(replaced(validCatalogText(), R"("Acme X1 80GB")", R"("Acme X1 — 80 GB µ")"), "acme.json", Origin::User)
              .issues.empty());
}

TEST_CASE("csvField puts a quote before = + - @ and csvFieldText takes it off")
{
    struct Case {
        const char* text;
        const char* cell;
    };
    const Case c = GENERATE(values<Case>({
        {"=1+2", "'=1+2"},
        {"+1", "'+1"},
        {"-1", "'-1"},
        {"@SUM(A1)", "'@SUM(A1)"},
        {"=HYPERLINK(\"x\",\"y\")", "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""},
        {"\tx", "'\tx"},
        {"plain", "plain"},
        {"a=b", "a=b"},
        {"'quoted", "'quoted"},
        {"", ""},
    }));
    CHECK(csvField(c.text) == c.cell);
    // What the reader sees after CSV unquoting reads back as the original text.
    std::string unquoted = c.cell;
    if (!unquoted.empty() && unquoted.front() == '"') {
        unquoted = unquoted.substr(1, unquoted.size() - 2);
        for (std::size_t at = unquoted.find("\"\""); at != std::string::npos; at = unquoted.find("\"\"", at + 1)) unquoted.erase(at, 1);
    }
    CHECK(csvFieldText(unquoted) == std::string(c.text));
}

TEST_CASE("a duplicate id from a concurrent import is refused in words")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    const auto parsed = parseCatalogText(validCatalogText(), "acme.json", Origin::User);
    REQUIRE(parsed.issues.empty());
    REQUIRE(store->addDevices(parsed.devices).has_value());
    // Another process added the same id between this one's check and its write.
    const auto again = store->addDevices(parsed.devices);
    REQUIRE_FALSE(again.has_value());
    CHECK(again.error().message.starts_with("device 'acme-x1': an entry with the same id is already stored (did another import run at the same time?)"));
    CHECK(store->devices()->size() == 1);
}

TEST_CASE("a damaged user database is named with what to do, checked and reset to a backup")
{
    TempDir dir;
    const auto path = dir.write("user.db", std::string(4096, 'z'));
    const auto opened = UserStore::open(path);
    REQUIRE_FALSE(opened.has_value());
    CHECK_THAT(opened.error().message, Catch::Contains(path.string() + " is damaged; `accelscope-cli userdb check`"));
    CHECK_FALSE(checkUserDatabase(path).has_value());
    const auto backup = resetUserDatabase(path);
    REQUIRE(backup.has_value());
    CHECK(*backup == path.string() + ".backup-1");
    CHECK(UserStore::open(path).has_value());
    const auto sound = checkUserDatabase(path);
    REQUIRE(sound.has_value());
    CHECK(sound->empty());
    // A second reset keeps the first backup.
    CHECK(resetUserDatabase(path).value() == path.string() + ".backup-2");
    CHECK(accelscope::tests::readText(*backup) == std::string(4096, 'z'));
}

TEST_CASE("an import past the cap on the user's own devices is refused with the counts")
{
    TempDir dir;
    auto store = UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    const auto file = dir.write("acme.json", validCatalogText());
    std::vector<Device> existing(maxUserDevices);
    for (auto& d : existing) d.origin = Origin::User;
    const auto full = importDevicesFile(*store, file, {}, false, existing);
    REQUIRE(full.has_value());
    REQUIRE(full->issues.size() == 1);
    CHECK(full->issues.front().format() ==
          "acme.json:1: devices: too many devices (1 in the file, 2,000 already imported; at most 2,000 of your own)");
    CHECK(store->devices()->empty());
    // One fewer of your own, and the file's one device fits; bundled devices do not count.
    existing.pop_back();
    existing.push_back(Device{});
    const auto fits = importDevicesFile(*store, file, {}, false, existing);
    REQUIRE(fits.has_value());
    CHECK(fits->issues.empty());
    CHECK(store->devices()->size() == 1);
}
