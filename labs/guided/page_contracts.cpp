// SPDX-License-Identifier: MIT
// The pages' settings contracts (collected from labs/guided/pages/) and the check of a value against its setting.
#include "labs/guided/page_contracts.hpp"

#include "labs/lab.hpp"

#include "labs/guided/pages/collected_page_contracts.hpp"

#include "models/common/number_text.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/distributions.hpp"
#include "models/precision/element_format.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernel_catalog.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/simt/warp_simulator.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;
using K = SettingKind;

std::string join(const std::vector<std::string>& items)
{
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

Result<double> parseNumber(const std::string& text)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v)) {
        return fail(ErrorCode::InvalidArgument, "'" + text + "' is not a number");
    }
    return v;
}

bool hasDevice(const LessonContext& ctx, const std::string& id)
{
    return std::any_of(ctx.devices.begin(), ctx.devices.end(), [&](const auto& d) { return d.id == id; });
}

} // namespace

SettingSpec integerSetting(std::string key, int min, int max, std::string meaning)
{
    return {std::move(key), K::Integer, static_cast<double>(min), static_cast<double>(max), {}, std::move(meaning)};
}

SettingSpec choiceSetting(std::string key, std::vector<std::string> choices, std::string meaning)
{
    return {std::move(key), K::OneOf, 0, 0, std::move(choices), std::move(meaning)};
}

SettingSpec kindSetting(std::string key, SettingKind kind, std::string meaning, double min, double max)
{
    return {std::move(key), kind, min, max, {}, std::move(meaning)};
}

int SettingSpec::minInt() const
{
    assert(min == std::floor(min));
    return static_cast<int>(min);
}

int SettingSpec::maxInt() const
{
    assert(max == std::floor(max));
    return static_cast<int>(max);
}

std::optional<int> SettingSpec::integerIn(const std::string& value) const
{
    const auto n = settingInt(value);
    return n && *n >= min && *n <= max ? n : std::nullopt;
}

std::optional<double> SettingSpec::numberIn(const std::string& value) const
{
    const auto v = settingNumber(value);
    return v && *v >= min && *v <= max ? v : std::nullopt;
}

const SettingSpec* PageContract::find(std::string_view key) const&
{
    const auto it = std::find_if(settings.begin(), settings.end(), [&](const auto& s) { return s.key == key; });
    return it == settings.end() ? nullptr : &*it;
}

const SettingSpec& PageContract::setting(std::string_view key) const&
{
    const SettingSpec* spec = find(key);
    assert(spec != nullptr && "the page's contract has no such key");
    return *spec;
}

std::vector<PageContract> pageContracts()
{
    std::vector<PageContract> out;
    for (const auto& [file, make] : pages::collectedPageContracts()) {
        out.push_back(make());
        assert(out.back().id == file && "a contract file is named after its page's id");
    }
    return out;
}

namespace {

models::Error noPage(std::string_view idOrTitle)
{
    std::vector<std::string> ids;
    for (const auto& contract : pageContracts()) ids.push_back(contract.id);
    return {ErrorCode::NotFound, "no page '" + std::string(idOrTitle) + "' (pages: " + join(ids) + ")"};
}

} // namespace

Result<PageContract> pageContract(std::string_view id)
{
    for (auto& contract : pageContracts()) {
        if (contract.id == id) return std::move(contract);
    }
    return std::unexpected(noPage(id));
}

Result<std::string> resolvePageId(std::string_view idOrTitle)
{
    for (auto& contract : pageContracts()) {
        if (contract.id == idOrTitle || contract.title == idOrTitle) return std::move(contract.id);
    }
    return std::unexpected(noPage(idOrTitle));
}

PageContract contractOf(std::string_view id)
{
    auto contract = pageContract(id);
    assert(contract.has_value() && "no page contract with this id");
    return contract ? std::move(*contract) : PageContract{};
}

std::string allowedText(const SettingSpec& spec)
{
    switch (spec.kind) {
    case K::Integer:
    case K::Number:
        if (spec.min == std::numeric_limits<double>::lowest() && spec.max == std::numeric_limits<double>::max()) return "any finite number";
        return models::readableText(spec.min) + " to " + models::readableText(spec.max);
    case K::DeviceList: return models::readableText(spec.min) + " to " + models::readableText(spec.max) + " catalog device ids, comma-separated";
    case K::OneOf: return "one of " + join(spec.choices);
    case K::Bool: return "true or false";
    default: return std::string(settingKindName(spec.kind));
    }
}

Result<void> checkSetting(const SettingSpec& spec, const std::string& value, const LessonContext& ctx)
{
    const auto bad = [&](const std::string& why) { return fail(ErrorCode::InvalidArgument, spec.key + ": " + why); };
    switch (spec.kind) {
    case K::Device:
        if (!hasDevice(ctx, value)) return bad("no device with id '" + value + "' in the catalog");
        return {};
    case K::DeviceList: {
        const auto ids = settingList(value);
        const auto count = static_cast<double>(ids.size());
        if (count < spec.min || count > spec.max) return bad(std::to_string(ids.size()) + " devices; allowed " + allowedText(spec));
        for (const auto& id : ids) {
            if (!hasDevice(ctx, id)) return bad("no device with id '" + id + "' in the catalog");
        }
        return {};
    }
    case K::Precision: {
        const auto known = models::roofline::knownPrecisions();
        if (std::find(known.begin(), known.end(), value) == known.end()) return bad("unknown precision '" + value + "'");
        return {};
    }
    case K::Kernel:
        if (auto k = models::roofline::kernelEntryFromSpec(value); !k) return bad(k.error().message);
        return {};
    case K::Model:
        if (auto m = models::roofline::findModelPreset(value); !m) return bad(m.error().message);
        return {};
    case K::DataType:
        if (auto t = models::roofline::dataTypeFromName(value); !t) return bad(t.error().message);
        return {};
    case K::Format:
        if (!models::precision::formatFromName(value) && !models::precision::blockFormatFromName(value)) {
            return bad("unknown number format '" + value + "'");
        }
        return {};
    case K::Distribution: {
        const auto names = models::precision::distributionNames();
        if (std::find(names.begin(), names.end(), value) == names.end()) return bad("unknown distribution '" + value + "'");
        return {};
    }
    case K::WarpPreset:
        if (models::simt::findWarpPreset(value) == nullptr) return bad("unknown warp preset '" + value + "'");
        return {};
    case K::Schedule:
        if (!models::pipeline::scheduleFromName(value)) return bad("unknown schedule '" + value + "' (" + models::pipeline::scheduleIdsText() + ")");
        return {};
    case K::Integer:
    case K::Number: {
        auto v = parseNumber(value);
        if (!v) return bad(v.error().message);
        if (spec.kind == K::Integer && *v != std::floor(*v)) return bad("a whole number, not " + value);
        if (*v < spec.min || *v > spec.max) return bad(value + " is outside the page's range " + allowedText(spec));
        return {};
    }
    case K::Bool:
        if (value != "true" && value != "false") return bad("true or false, not '" + value + "'");
        return {};
    case K::OneOf:
        if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) {
            return bad("'" + value + "' is not " + allowedText(spec));
        }
        return {};
    case K::Lab:
        if (std::none_of(ctx.labs.begin(), ctx.labs.end(), [&](const auto& l) { return l.id == value; })) return bad("no lab '" + value + "'");
        return {};
    case K::LabParameters:
        if (!value.empty()) {
            if (auto pairs = parseLabParameters(value); !pairs) return bad(pairs.error().message);
        }
        return {}; // the names are the page's to check (they depend on the lab selected)
    case K::Text: return {};
    }
    return {};
}

std::string_view settingKindName(SettingKind kind)
{
    switch (kind) {
    case K::Device: return "device id";
    case K::DeviceList: return "device ids";
    case K::Precision: return "precision";
    case K::Kernel: return "kernel spec";
    case K::Model: return "model preset";
    case K::DataType: return "data type";
    case K::Format: return "number format";
    case K::Distribution: return "distribution";
    case K::WarpPreset: return "warp preset";
    case K::Schedule: return "schedule";
    case K::Integer: return "whole number";
    case K::Number: return "number";
    case K::Bool: return "true/false";
    case K::OneOf: return "choice";
    case K::Lab: return "lab id";
    case K::LabParameters: return "lab parameters";
    case K::Text: return "text";
    }
    return "?";
}

std::vector<std::string> settingList(const std::string& value)
{
    std::vector<std::string> out;
    std::istringstream in(value);
    std::string item;
    while (std::getline(in, item, ',')) {
        const auto a = item.find_first_not_of(' ');
        const auto b = item.find_last_not_of(' ');
        if (a != std::string::npos) out.push_back(item.substr(a, b - a + 1));
    }
    return out;
}

std::optional<double> settingNumber(const std::string& value)
{
    auto v = parseNumber(value);
    return v ? std::optional<double>(*v) : std::nullopt;
}

std::optional<int> settingInt(const std::string& value)
{
    const auto v = settingNumber(value);
    if (!v || *v != std::floor(*v) || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) return std::nullopt;
    return static_cast<int>(*v);
}

std::string numberSetting(double value) { return models::exactText(value); }

} // namespace accelscope::labs::guided
