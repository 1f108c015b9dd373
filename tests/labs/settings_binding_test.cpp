// SPDX-License-Identifier: MIT
// SettingsBinding: a page's keys bound once to typed getters and setters; values checked against
// the contract's kinds and ranges, applied in the contract's order, reported as typed state and text.
#include "labs/guided/settings_binding.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace accelscope::labs::guided;

namespace {

PageContract testContract()
{
    return {"test-page",
            "Test page",
            {kindSetting("preset", SettingKind::WarpPreset, "resets the others"), integerSetting("warps", 1, 8, "warps"),
             choiceSetting("width", {"32", "64"}, "lanes"), kindSetting("bytes", SettingKind::Number, "bytes", 1e3, 1e13),
             kindSetting("log", SettingKind::Bool, "log scale"), choiceSetting("view", {"bits", "table"}, "view"),
             kindSetting("devices", SettingKind::DeviceList, "devices", 1, 2), kindSetting("device", SettingKind::Device, "device")}};
}

// A page's state as plain members, with the setters a page would have (devices it knows only).
struct FakePage {
    std::string preset = "none";
    int warps = 1, width = 32;
    double bytes = 1e6;
    bool log = false;
    std::string view = "bits";
    std::vector<std::string> devices{"a"};
    std::string device = "a";
    int redraws = 0;
    std::vector<std::string> applied; ///< keys in the order they were set
    SettingsBinding binding{testContract()};

    static std::vector<std::string> known(const std::vector<std::string>& ids)
    {
        std::vector<std::string> out;
        for (const auto& id : ids) {
            if (id == "a" || id == "b") out.push_back(id);
        }
        return out;
    }

    FakePage()
    {
        binding.bindText("preset", [this] { return preset; }, [this](const std::string& p) {
            preset = p;
            warps = 1; // a preset resets the others
            applied.push_back("preset");
        });
        binding.bindInt("warps", [this] { return warps; }, [this](int n) {
            warps = n;
            applied.push_back("warps");
        });
        binding.bindInt("width", [this] { return width; }, [this](int n) { width = n; });
        binding.bindNumber("bytes", [this] { return bytes; }, [this](double b) { bytes = b; });
        binding.bindBool("log", [this] { return log; }, [this](bool l) { log = l; });
        binding.bindText("view", [this]() -> std::optional<std::string> { return view == "none" ? std::nullopt : std::optional(view); },
                         [this](const std::string& v) { view = v; });
        binding.bindDevices("devices", [this] { return devices; }, [this](const std::vector<std::string>& ids) { devices = known(ids); });
        binding.bindDevice("device", [this] { return device; }, [this](const std::string& id) {
            if (!known({id}).empty()) device = id;
        });
        binding.report<double>("efficiency", [] { return 0.5; });
        binding.acceptKey("measured", [](const std::string& ids) { return ids == "3,4"; });
        binding.onApplied([this] { ++redraws; });
    }
};

} // namespace

TEST_CASE("a binding applies values the contract allows and refuses the rest, leaving the page unchanged")
{
    FakePage page;
    CHECK(page.binding.unboundKeys().empty());
    CHECK(page.binding.apply("warps", "8"));
    CHECK(page.warps == 8);
    CHECK_FALSE(page.binding.apply("warps", "9")); // above the range
    CHECK_FALSE(page.binding.apply("warps", "2.5"));
    CHECK_FALSE(page.binding.apply("warps", "eight"));
    CHECK(page.warps == 8);
    CHECK(page.binding.apply("width", "64"));
    CHECK(page.width == 64);
    CHECK_FALSE(page.binding.apply("width", "48")); // a whole number, but not a choice
    CHECK(page.binding.apply("bytes", "1e13"));
    CHECK(page.bytes == 1e13);
    CHECK_FALSE(page.binding.apply("bytes", "100"));
    CHECK_FALSE(page.binding.apply("bytes", "nan"));
    CHECK(page.binding.apply("log", "true"));
    CHECK(page.log);
    CHECK_FALSE(page.binding.apply("log", "yes"));
    CHECK_FALSE(page.binding.apply("view", "chart"));
    CHECK(page.binding.apply("preset", "four-way"));
    CHECK_FALSE(page.binding.apply("preset", "no-such-preset")); // names are checked against the models
    CHECK_FALSE(page.binding.apply("colour", "red"));            // not bound
    CHECK(page.binding.apply("measured", "3,4"));                // a key another page sends
    CHECK_FALSE(page.binding.apply("measured", "5"));
    CHECK(page.redraws >= 10);
}

TEST_CASE("device keys are applied only when the page then shows exactly them")
{
    FakePage page;
    CHECK(page.binding.apply("devices", "a, b"));
    CHECK(page.devices == std::vector<std::string>{"a", "b"});
    CHECK_FALSE(page.binding.apply("devices", "a,b,a")); // three: outside 1 to 2
    CHECK_FALSE(page.binding.apply("devices", "a,zzz")); // the page dropped zzz
    CHECK(page.binding.apply("device", "b"));
    CHECK_FALSE(page.binding.apply("device", "zzz"));
    CHECK(page.device == "b");
}

TEST_CASE("settings apply in the contract's order, then the keys other pages send")
{
    FakePage page;
    const auto notApplied = page.binding.apply(std::map<std::string, std::string>{{"warps", "4"}, {"preset", "four-way"}, {"colour", "red"}});
    CHECK(page.applied == std::vector<std::string>{"preset", "warps"}); // the preset first: it resets warps
    CHECK(page.warps == 4);
    CHECK(notApplied == std::vector<std::string>{"colour"});
}

TEST_CASE("a binding reports typed values and the same state as text")
{
    FakePage page;
    page.bytes = 0.1;
    page.view = "none"; // an optional key the page does not show is left out
    const TypedState values = page.binding.values();
    CHECK(std::get<int>(values.at("warps")) == 1);
    CHECK(std::get<double>(values.at("efficiency")) == 0.5);
    CHECK_FALSE(values.contains("view"));
    CHECK_FALSE(values.contains("measured"));
    const PageState text = page.binding.state();
    CHECK(text.at("bytes") == "0.1");
    CHECK(text.at("log") == "false");
    CHECK(text.at("devices") == "a");
    CHECK(text.at("width") == "32");
    CHECK(text.at("efficiency") == "0.5");
    page.warps = 2;
    CHECK(page.binding.values() != values); // a change shows without text
}
