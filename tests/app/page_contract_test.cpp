// SPDX-License-Identifier: MIT
// The page contract: every key of every page's lesson contract, applied to the real page in the
// window, is reported back by the page's state; a value outside the contract's range is refused.
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/llm-calculator/llm_calculator.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/roofline/roofline_visualizer.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/lab.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/precision/distributions.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/simt/warp_program.hpp"
#include "tests/app/window_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace accelscope;
using labs::guided::SettingKind;
using labs::guided::SettingSpec;

namespace {

std::string idList(const std::vector<models::catalog::Device>& devices, int count)
{
    std::string out;
    for (int i = 0; i < count; ++i) out += (i ? "," : "") + devices.at(static_cast<std::size_t>(i)).id;
    return out;
}

/// Values a page must accept and report back for a setting: both ends of ranges, every choice.
std::vector<std::string> samples(const SettingSpec& spec, const std::vector<models::catalog::Device>& devices)
{
    using labs::guided::numberSetting;
    switch (spec.kind) {
    case SettingKind::Device: return {"nvidia-h100-sxm", "amd-instinct-mi300x"};
    case SettingKind::DeviceList: return {idList(devices, spec.minInt()), idList(devices, spec.maxInt())};
    case SettingKind::Precision: return {"fp32", "bf16"};
    case SettingKind::Kernel: return {"gemm:M=256,N=512,K=512,dtype=bf16", "softmax:rows=4096,cols=8192,dtype=fp16"};
    case SettingKind::Model: {
        std::vector<std::string> out;
        const auto presets = models::roofline::modelPresets().value(); // a range-for over .value() of a temporary dangles
        for (const auto& m : presets) out.push_back(m.id);
        return out;
    }
    case SettingKind::DataType: {
        // Every format the pages' combos offer (the one list): a page whose combo lacks one fails here.
        std::vector<std::string> out;
        for (const auto f : models::roofline::llmStorageFormats()) out.emplace_back(f);
        return out;
    }
    case SettingKind::Format: return {"fp16", "fp8-e4m3"};
    case SettingKind::Distribution: {
        std::vector<std::string> out;
        for (const auto name : models::precision::distributionNames()) out.emplace_back(name);
        return out;
    }
    case SettingKind::WarpPreset: {
        std::vector<std::string> out;
        for (const auto& p : models::simt::warpPresets()) out.emplace_back(p.name);
        return out;
    }
    case SettingKind::Schedule: return models::pipeline::scheduleIds();
    case SettingKind::Integer:
    case SettingKind::Number: return {numberSetting(spec.min), numberSetting(spec.max)};
    case SettingKind::Bool: return {"true", "false"};
    case SettingKind::OneOf: return spec.choices;
    case SettingKind::Lab: return {"cpu-latency", "cpu-memory-bandwidth"};
    case SettingKind::LabParameters: return {""}; // and the selected lab's own values: added in the test
    case SettingKind::Text: return {"H100", ""};
    }
    return {};
}

/// Whether the page reported `value` back (numbers and kernels compared by what they mean).
bool sameValue(const SettingSpec& spec, const std::string& reported, const std::string& value)
{
    if (spec.kind == SettingKind::Number) {
        const auto a = labs::guided::settingNumber(reported), b = labs::guided::settingNumber(value);
        return a && b && *a == *b;
    }
    if (spec.kind == SettingKind::Kernel) {
        const auto a = models::roofline::kernelFromSpec(reported), b = models::roofline::kernelFromSpec(value);
        return a && b && a->flops == b->flops && a->bytes == b->bytes;
    }
    if (spec.kind == SettingKind::DeviceList) return labs::guided::settingList(reported) == labs::guided::settingList(value);
    if (spec.kind == SettingKind::LabParameters) { // every pair given is reported (the lab's other fields too)
        const auto given = labs::parseLabParameters(value), now = labs::parseLabParameters(reported);
        if (value.empty()) return true;
        return given && now && std::ranges::all_of(*given, [&](const auto& p) { return now->contains(p.first) && now->at(p.first) == p.second; });
    }
    return reported == value;
}

} // namespace

TEST_CASE("every key of every page's contract is applied by the page and reported back by its state")
{
    tests::WindowFixture fixture;
    gui::MainWindow& window = fixture.window;
    const auto& devices = fixture.context->catalog().devices;
    int applied = 0;
    for (const auto& contract : labs::guided::pageContracts()) {
        REQUIRE(window.page(contract.id) != nullptr); // the contract's id is a page of the list
        auto* target = dynamic_cast<gui::LessonTarget*>(window.page(contract.id));
        REQUIRE(target != nullptr);
        CHECK(target->settingsBinding().contract().id == contract.id); // it binds its own contract…
        CHECK(target->settingsBinding().unboundKeys().empty());         // …every key of it
        for (const auto& spec : contract.settings) {
            auto values = samples(spec, devices);
            if (spec.kind == SettingKind::LabParameters) { // the names depend on the lab the page shows
                const auto now = window.pageState(contract.id);
                REQUIRE(now.has_value());
                values.push_back(now->at(spec.key));
            }
            for (const auto& value : values) {
                INFO(contract.id << ": " << spec.key << " = " << value);
                CHECK(window.openPage(contract.id, {{spec.key, value}}).isEmpty());
                CHECK(window.currentPageId() == contract.id);
                const auto state = window.pageState(contract.id);
                REQUIRE(state.has_value());
                REQUIRE(state->contains(spec.key));
                CHECK(sameValue(spec, state->at(spec.key), value));
                ++applied;
            }
        }
    }
    CHECK(applied >= 100);
}

TEST_CASE("the contracts' device counts are the pages' own limits")
{
    const auto count = [](const char* page) {
        const auto contract = labs::guided::contractOf(page); // setting() refers into it: keep it alive
        return contract.setting("devices").maxInt();
    };
    CHECK(count("compare") == gui::ComparePage::maxDevices);
    CHECK(count("roofline") == static_cast<int>(gui::roofline::RooflineVisualizer::maxDevices));
    CHECK(count("llm-calculator") == static_cast<int>(gui::llm::LlmCalculator::maxBars));
}

TEST_CASE("a page refuses a value just outside its contract's range and keeps its state")
{
    tests::WindowFixture fixture;
    gui::MainWindow& window = fixture.window;
    int refused = 0;
    for (const auto& contract : labs::guided::pageContracts()) {
        for (const auto& spec : contract.settings) {
            if (spec.kind != SettingKind::Integer && spec.kind != SettingKind::Number) continue;
            const double below = spec.kind == SettingKind::Integer ? spec.min - 1 : spec.min > 0 ? spec.min / 2 : spec.min * 2; // ±inf past the doubles
            for (const double outside : {below, spec.max * 2}) {
                const std::string value = labs::guided::numberSetting(outside);
                INFO(contract.id << ": " << spec.key << " = " << value);
                const auto before = window.pageState(contract.id).value();
                CHECK(window.openPage(contract.id, {{spec.key, value}}) == QStringList{QString::fromStdString(spec.key)});
                CHECK(window.pageState(contract.id).value() == before);
                ++refused;
            }
        }
    }
    CHECK(refused >= 30);
}
