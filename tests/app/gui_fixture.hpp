// SPDX-License-Identifier: MIT
// An AppContext over the bundled test catalog with a throw-away user database and settings.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/page.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::tests {

/// The window's side for a page tested on its own: records the pages it asks for and answers
/// state requests from `states`.
struct RecordingNavigator : gui::PageNavigator {
    std::vector<std::pair<std::string, gui::PageSettings>> opened;
    std::map<std::string, labs::guided::PageState> states;
    QStringList openPage(const std::string& id, const gui::PageSettings& settings) override
    {
        opened.emplace_back(id, settings);
        return {};
    }
    std::optional<labs::guided::PageState> pageState(const std::string& id) const override
    {
        const auto it = states.find(id);
        return it == states.end() ? std::nullopt : std::optional<labs::guided::PageState>(it->second);
    }
    std::optional<labs::guided::TypedState> pageValues(const std::string& id) const override
    {
        const auto state = pageState(id);
        if (!state) return std::nullopt;
        labs::guided::TypedState out;
        for (const auto& [key, value] : *state) out.emplace(key, value);
        return out;
    }
};

struct GuiFixture {
    TempDir dir;
    std::unique_ptr<gui::AppContext> context;
    RecordingNavigator navigator;
    /// What a page's constructor gets.
    gui::PageServices services() { return {*context, navigator}; }

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
