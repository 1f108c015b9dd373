// SPDX-License-Identifier: MIT
// The application context's shared services: one user store, the lab registry, the lessons folder.
#include "tests/app/gui_fixture.hpp"

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
