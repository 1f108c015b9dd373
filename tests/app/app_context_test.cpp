// SPDX-License-Identifier: MIT
// The application context's shared services: one user store, the lab registry, the lessons folder.
#include "models/catalog/sqlite_db.hpp"
#include "tests/app/gui_fixture.hpp"

#include <algorithm>
#include <filesystem>

TEST_CASE("the application context opens the user database once and finds the lessons")
{
    accelscope::tests::GuiFixture fixture;
    auto first = fixture.context->userStore();
    REQUIRE(first.has_value());
    auto second = fixture.context->userStore();
    REQUIRE(second.has_value());
    CHECK(*first == *second); // one connection every page shares
    CHECK((*first)->path() == fixture.dir.path() / "user.db");
    CHECK(fixture.context->labRegistry().find("cpu-roofline") != nullptr);
    CHECK(std::filesystem::is_directory(fixture.context->lessonsDirectory()));
}

TEST_CASE("a user database that cannot be opened is an error, tried again on the next call")
{
    accelscope::tests::GuiFixture fixture;
    const auto blocked = fixture.dir.write("file", "not a folder");
    auto settings = std::make_unique<QSettings>(QString::fromStdString((fixture.dir.path() / "s.ini").string()), QSettings::IniFormat);
    accelscope::gui::AppContext context({ACCELSCOPE_TEST_CATALOG_DB}, blocked / "user.db", std::move(settings));
    CHECK_FALSE(context.userStore().has_value());
    CHECK_FALSE(context.userStore().has_value());
}

TEST_CASE("the application context loads over a user database holding a figure this version does not know")
{
    // Issue #17: one unreadable row made every start fail ("figure … is unknown to this version").
    accelscope::tests::GuiFixture fixture;
    auto store = fixture.context->userStore();
    REQUIRE(store.has_value());
    auto device = fixture.context->catalog().devices.front();
    device.id = "acme-own1";
    device.origin = accelscope::models::catalog::Origin::User;
    REQUIRE((*store)->addDevices({device}).has_value());
    {
        auto db = accelscope::models::catalog::Database::open(fixture.dir.path() / "user.db",
                                                              accelscope::models::catalog::OpenMode::ReadWriteCreate);
        REQUIRE(db.has_value());
        REQUIRE(db->execute("INSERT INTO figures (device_id, key, value, provenance) VALUES ('acme-own1', 'qubits_per_die', 7, "
                            "'sourced')").has_value());
    }
    REQUIRE(fixture.context->reload().has_value());
    const auto& devices = fixture.context->catalog().devices;
    const auto own = std::ranges::find(devices, std::string("acme-own1"), &accelscope::models::catalog::Device::id);
    REQUIRE(own != devices.end());
    CHECK_THAT(own->notes, Catch::Contains("'qubits_per_die' this version does not know"));
}
