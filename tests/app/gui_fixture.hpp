// SPDX-License-Identifier: MIT
// An AppContext over the bundled test catalog with a throw-away user database and settings.
#pragma once

#include "app/gui/app_context.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <memory>

namespace accelscope::tests {

struct GuiFixture {
    TempDir dir;
    std::unique_ptr<gui::AppContext> context;

    GuiFixture()
    {
        auto settings = std::make_unique<QSettings>(QString::fromStdString((dir.path() / "settings.ini").string()),
                                                    QSettings::IniFormat);
        context = std::make_unique<gui::AppContext>(std::vector<std::filesystem::path>{ACCELSCOPE_TEST_CATALOG_DB},
                                                    dir.path() / "user.db", std::move(settings));
        REQUIRE(context->reload().has_value());
    }
};

} // namespace accelscope::tests
