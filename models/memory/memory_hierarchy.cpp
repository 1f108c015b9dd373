// SPDX-License-Identifier: MIT
// Parsing and checking data/memory/hierarchy.json; evaluating its formulas for one catalog device.
#include "models/memory/memory_hierarchy.hpp"

#include "models/catalog/figure_key.hpp"
#include "models/catalog/formula.hpp"
#include "models/catalog/located_json.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/memory_hierarchy_data.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

namespace accelscope::models::memory {
namespace {

using nlohmann::json;
using roofline::Basis;
using roofline::MemoryLevel;

/// What a figure is for: the units it may be written in and their factor to the canonical unit.
enum class Quantity { Input, Capacity, Bandwidth, Latency };

std::optional<double> unitScale(Quantity q, std::string_view unit)
{
    using Unit = std::pair<std::string_view, double>;
    constexpr std::array<Unit, 4> capacity{Unit{"B", 1.0}, Unit{"KiB", 1024.0}, Unit{"MiB", 1048576.0}, Unit{"GiB", 1073741824.0}};
    constexpr std::array<Unit, 2> bandwidth{Unit{"GB/s", 1.0}, Unit{"TB/s", 1000.0}};
    constexpr std::array<Unit, 2> latency{Unit{"ns", 1.0}, Unit{"us", 1000.0}};
    const auto find = [unit](const auto& table) -> std::optional<double> {
        for (const auto& [name, factor] : table) {
            if (name == unit) return factor;
        }
        return std::nullopt;
    };
    switch (q) {
    case Quantity::Input: return unit.empty() ? std::nullopt : std::optional<double>(1.0);
    case Quantity::Capacity: return find(capacity);
    case Quantity::Bandwidth: return find(bandwidth);
    case Quantity::Latency: return find(latency);
    }
    return std::nullopt;
}

const char* allowedUnits(Quantity q)
{
    switch (q) {
    case Quantity::Input: return "any non-empty unit text";
    case Quantity::Capacity: return "B, KiB, MiB or GiB";
    case Quantity::Bandwidth: return "GB/s or TB/s";
    case Quantity::Latency: return "ns or us";
    }
    return "";
}

std::optional<MemoryLevel> levelFromName(std::string_view name)
{
    for (const MemoryLevel l : {MemoryLevel::Registers, MemoryLevel::SharedL1, MemoryLevel::L2, MemoryLevel::LastLevelCache,
                                MemoryLevel::DeviceMemory}) {
        if (roofline::memoryLevelName(l) == name) return l;
    }
    return std::nullopt;
}

std::optional<Basis> basisFromName(std::string_view name)
{
    for (const Basis b : {Basis::Sourced, Basis::Derived, Basis::Measured}) {
        if (roofline::basisName(b) == name) return b;
    }
    return std::nullopt;
}

/// Reads one file and says where each problem is.
class Reader {
public:
    Reader(const catalog::LocatedJson& doc, std::string fileName) : m_doc(doc), m_file(std::move(fileName)) {}

    std::unexpected<Error> error(const std::string& pointer, const std::string& field, const std::string& what) const
    {
        return fail(ErrorCode::InvalidData,
                    m_file + ":" + std::to_string(m_doc.lineOf(pointer)) + ": " + field + ": " + what);
    }

    Result<std::string> text(const json& object, const std::string& pointer, const char* key, bool required = true) const
    {
        const std::string field = pointer + "/" + key;
        if (!object.contains(key)) {
            if (!required) return std::string();
            return error(pointer, field, "is missing");
        }
        if (!object[key].is_string() || object[key].get<std::string>().empty()) return error(field, field, "must be a non-empty string");
        return object[key].get<std::string>();
    }

    Result<std::vector<std::string>> texts(const json& object, const std::string& pointer, const char* key) const
    {
        const std::string field = pointer + "/" + key;
        if (!object.contains(key) || !object[key].is_array()) return error(pointer, field, "must be an array of strings");
        std::vector<std::string> out;
        for (std::size_t i = 0; i < object[key].size(); ++i) {
            const auto& v = object[key][i];
            if (!v.is_string() || v.get<std::string>().empty()) {
                return error(field + "/" + std::to_string(i), field + "/" + std::to_string(i), "must be a non-empty string");
            }
            out.push_back(v.get<std::string>());
        }
        return out;
    }

    Result<HierarchyValue> value(const json& v, const std::string& pointer, Quantity q) const
    {
        if (!v.is_object()) return error(pointer, pointer, "must be an object with value, formula or unknown");
        HierarchyValue out;
        if (v.contains("unknown")) {
            auto why = text(v, pointer, "unknown");
            if (!why) return std::unexpected(why.error());
            if (v.size() != 1) return error(pointer, pointer, "an unknown figure has only 'unknown' (the reason)");
            out.kind = HierarchyValue::Kind::Unknown;
            out.why = *why;
            return out;
        }
        const bool number = v.contains("value");
        if (number == v.contains("formula")) return error(pointer, pointer, "give exactly one of value, formula or unknown");
        auto unit = text(v, pointer, "unit");
        if (!unit) return std::unexpected(unit.error());
        const auto scale = unitScale(q, *unit);
        if (!scale) return error(pointer + "/unit", pointer + "/unit", "'" + *unit + "' is not a unit here (" + allowedUnits(q) + ")");
        auto basisText = text(v, pointer, "basis");
        if (!basisText) return std::unexpected(basisText.error());
        const auto basis = basisFromName(*basisText);
        if (!basis) return error(pointer + "/basis", pointer + "/basis", "'" + *basisText + "' is not sourced, derived or measured-in-paper");
        auto source = text(v, pointer, "source");
        if (!source) return std::unexpected(source.error());
        out.unit = *unit;
        out.basis = *basis;
        out.source = *source;
        if (number) {
            const auto& n = v["value"];
            if (!n.is_number() || !(n.get<double>() > 0.0)) return error(pointer + "/value", pointer + "/value", "must be a positive number");
            if (*basis == Basis::Derived) return error(pointer + "/basis", pointer + "/basis", "a number is sourced or measured-in-paper; a derived figure is a formula");
            out.kind = HierarchyValue::Kind::Number;
            out.number = n.get<double>() * *scale;
            return out;
        }
        auto formula = text(v, pointer, "formula");
        if (!formula) return std::unexpected(formula.error());
        if (*basis == Basis::Sourced) return error(pointer + "/basis", pointer + "/basis", "a formula is derived or measured-in-paper (a converted measurement)");
        if (const auto names = catalog::formulaNames(*formula); !names) {
            return error(pointer + "/formula", pointer + "/formula", names.error().message);
        }
        out.kind = HierarchyValue::Kind::Formula;
        out.formula = *formula;
        out.scale = *scale;
        return out;
    }

    Result<ArchitectureHierarchy> architecture(const json& a, const std::string& pointer) const;

private:
    Result<HierarchyLevel> level(const json& l, const std::string& pointer) const;
    Result<void> checkNames(const ArchitectureHierarchy& entry, const HierarchyValue& v, const std::string& pointer) const;

    const catalog::LocatedJson& m_doc;
    std::string m_file;
};

Result<HierarchyLevel> Reader::level(const json& l, const std::string& pointer) const
{
    if (!l.is_object()) return error(pointer, pointer, "must be an object");
    auto name = text(l, pointer, "level");
    if (!name) return std::unexpected(name.error());
    const auto kind = levelFromName(*name);
    if (!kind) return error(pointer + "/level", pointer + "/level", "'" + *name + "' is not registers, shared_l1, l2, last_level_cache or device_memory");
    HierarchyLevel out;
    out.level = *kind;
    const auto figure = [&](const char* key, Quantity q, HierarchyValue& into) -> Result<void> {
        if (!l.contains(key)) return error(pointer, pointer + "/" + key, "is missing (write {\"unknown\": \"why\"} when nothing citable exists)");
        auto v = value(l[key], pointer + "/" + key, q);
        if (!v) return std::unexpected(v.error());
        into = std::move(*v);
        return {};
    };
    if (*kind == MemoryLevel::DeviceMemory) {
        for (const char* key : {"label", "scope", "capacity", "bandwidth"}) {
            if (l.contains(key)) return error(pointer + "/" + key, pointer + "/" + key, "device_memory takes only a latency (capacity and bandwidth are the catalog's)");
        }
        if (auto r = figure("latency", Quantity::Latency, out.latency); !r) return std::unexpected(r.error());
        return out;
    }
    auto label = text(l, pointer, "label");
    if (!label) return std::unexpected(label.error());
    auto scope = text(l, pointer, "scope");
    if (!scope) return std::unexpected(scope.error());
    out.label = *label;
    out.scope = *scope;
    for (const auto& [key, q, into] : {std::tuple{"capacity", Quantity::Capacity, &out.capacity},
                                       std::tuple{"bandwidth", Quantity::Bandwidth, &out.bandwidth},
                                       std::tuple{"latency", Quantity::Latency, &out.latency}}) {
        if (auto r = figure(key, q, *into); !r) return std::unexpected(r.error());
    }
    return out;
}

Result<void> Reader::checkNames(const ArchitectureHierarchy& entry, const HierarchyValue& v, const std::string& pointer) const
{
    if (v.kind != HierarchyValue::Kind::Formula) return {};
    const auto names = catalog::formulaNames(v.formula); // kept: a range-for over *temporary would dangle
    for (const auto& name : *names) {
        const bool input = std::ranges::any_of(entry.inputs, [&](const HierarchyInput& i) { return i.name == name; });
        if (!input && !catalog::figureFromJsonKey(name)) {
            return error(pointer + "/formula", pointer + "/formula", "'" + name + "' is neither an input of " + entry.id + " nor a catalog figure key");
        }
    }
    return {};
}

/// True when the inputs' formulas refer back to `name` (directly or through other inputs).
bool refersTo(const ArchitectureHierarchy& entry, const std::string& from, const std::string& name, int depth)
{
    if (depth > static_cast<int>(entry.inputs.size())) return true;
    const auto it = std::ranges::find_if(entry.inputs, [&](const HierarchyInput& i) { return i.name == from; });
    if (it == entry.inputs.end() || it->value.kind != HierarchyValue::Kind::Formula) return false;
    const auto names = catalog::formulaNames(it->value.formula);
    for (const auto& n : *names) {
        if (n == name || refersTo(entry, n, name, depth + 1)) return true;
    }
    return false;
}

Result<ArchitectureHierarchy> Reader::architecture(const json& a, const std::string& pointer) const
{
    if (!a.is_object()) return error(pointer, pointer, "must be an object");
    ArchitectureHierarchy out;
    auto id = text(a, pointer, "id");
    if (!id) return std::unexpected(id.error());
    auto name = text(a, pointer, "name");
    if (!name) return std::unexpected(name.error());
    auto archs = texts(a, pointer, "architectures");
    if (!archs) return std::unexpected(archs.error());
    auto devices = texts(a, pointer, "devices");
    if (!devices) return std::unexpected(devices.error());
    if (archs->empty() && devices->empty()) return error(pointer, pointer + "/architectures", "give at least one architecture substring or device id");
    out.id = *id;
    out.name = *name;
    out.architectures = std::move(*archs);
    out.devices = std::move(*devices);
    if (!a.contains("inputs") || !a["inputs"].is_object()) return error(pointer, pointer + "/inputs", "must be an object (may be empty)");
    for (const auto& [inputName, v] : a["inputs"].items()) {
        const std::string p = pointer + "/inputs/" + catalog::escapePointerToken(inputName);
        if (catalog::figureFromJsonKey(inputName)) return error(p, p, "an input may not be named like the catalog figure '" + inputName + "'");
        auto parsed = value(v, p, Quantity::Input);
        if (!parsed) return std::unexpected(parsed.error());
        if (parsed->kind == HierarchyValue::Kind::Unknown) return error(p, p, "an input needs a value or a formula");
        out.inputs.push_back({inputName, std::move(*parsed)});
    }
    for (const auto& input : out.inputs) {
        const std::string p = pointer + "/inputs/" + catalog::escapePointerToken(input.name);
        if (auto r = checkNames(out, input.value, p); !r) return std::unexpected(r.error());
        if (refersTo(out, input.name, input.name, 0)) return error(p + "/formula", p + "/formula", "the inputs' formulas refer to each other in a circle");
    }
    if (!a.contains("levels") || !a["levels"].is_array() || a["levels"].empty()) return error(pointer, pointer + "/levels", "must be a non-empty array");
    for (std::size_t i = 0; i < a["levels"].size(); ++i) {
        const std::string p = pointer + "/levels/" + std::to_string(i);
        auto l = level(a["levels"][i], p);
        if (!l) return std::unexpected(l.error());
        for (const auto& [key, v] : {std::pair{"capacity", &l->capacity}, std::pair{"bandwidth", &l->bandwidth}, std::pair{"latency", &l->latency}}) {
            if (auto r = checkNames(out, *v, p + "/" + key); !r) return std::unexpected(r.error());
        }
        out.levels.push_back(std::move(*l));
    }
    return out;
}

} // namespace

bool ArchitectureHierarchy::appliesTo(const catalog::Device& device) const
{
    if (!devices.empty()) return std::ranges::find(devices, device.id) != devices.end();
    return std::ranges::any_of(architectures, [&](const std::string& a) { return device.architecture.find(a) != std::string::npos; });
}

const ArchitectureHierarchy* MemoryHierarchy::find(const catalog::Device& device) const
{
    for (const auto& a : architectures) {
        if (!a.devices.empty() && a.appliesTo(device)) return &a;
    }
    for (const auto& a : architectures) {
        if (a.devices.empty() && a.appliesTo(device)) return &a;
    }
    return nullptr;
}

Result<MemoryHierarchy> parseMemoryHierarchy(std::string_view text, const std::string& fileName)
{
    auto doc = catalog::parseLocatedJson(text);
    if (!doc) return fail(ErrorCode::InvalidData, fileName + ":" + std::to_string(doc.error().line) + ": (syntax): " + doc.error().what);
    const Reader reader(*doc, fileName);
    const json& root = doc->root;
    if (!root.is_object()) return reader.error("", "(document)", "must be a JSON object");
    if (!root.contains("schema") || root["schema"] != 1) return reader.error("/schema", "/schema", "must be 1");
    if (!root.contains("architectures") || !root["architectures"].is_array()) return reader.error("", "/architectures", "must be an array");
    MemoryHierarchy out;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < root["architectures"].size(); ++i) {
        const std::string p = "/architectures/" + std::to_string(i);
        auto a = reader.architecture(root["architectures"][i], p);
        if (!a) return std::unexpected(a.error());
        if (!ids.insert(a->id).second) return reader.error(p + "/id", p + "/id", "'" + a->id + "' appears twice");
        out.architectures.push_back(std::move(*a));
    }
    return out;
}

const Result<MemoryHierarchy>& bundledMemoryHierarchy()
{
    // Compiled in and never changing: parsed once (every pyramid and hierarchical roofline asks for
    // it, and parsing it on each call made the Roofline page's first frame 6.7x a bare window's).
    static const Result<MemoryHierarchy> parsed = parseMemoryHierarchy(bundledMemoryHierarchyJson(), "hierarchy.json");
    return parsed;
}

EvaluatedValue evaluateHierarchyValue(const ArchitectureHierarchy& entry, const HierarchyValue& v, const catalog::Device& device)
{
    EvaluatedValue out;
    switch (v.kind) {
    case HierarchyValue::Kind::Unknown: out.why = v.why; return out;
    case HierarchyValue::Kind::Number: out.value = v.number; return out;
    case HierarchyValue::Kind::Formula: break;
    }
    out.formula = v.formula;
    std::string missing;
    std::vector<std::string> used;
    const std::function<std::optional<double>(std::string_view)> lookup = [&](std::string_view name) -> std::optional<double> {
        const auto input = std::ranges::find_if(entry.inputs, [&](const HierarchyInput& i) { return i.name == name; });
        std::optional<double> found;
        std::string described;
        if (input != entry.inputs.end()) {
            if (input->value.kind == HierarchyValue::Kind::Number) found = input->value.number;
            else if (auto r = catalog::evaluateFormula(input->value.formula, lookup)) found = *r;
            if (found) {
                described = std::string(name) + " = " + engineeringText(*found, 6) + " " + input->value.unit + " (" +
                            std::string(roofline::basisName(input->value.basis)) + ": " +
                            (input->value.kind == HierarchyValue::Kind::Formula ? input->value.formula + "; " : std::string()) +
                            input->value.source + ")";
            }
        } else if (const auto key = catalog::figureFromJsonKey(name)) {
            found = device.value(*key);
            if (found) described = std::string(name) + " = " + engineeringText(*found, 6) + " (catalog figure of " + device.id + ")";
        }
        if (!found && missing.empty()) missing = std::string(name);
        if (found && std::ranges::find(used, described) == used.end()) used.push_back(described);
        return found;
    };
    const auto r = catalog::evaluateFormula(v.formula, lookup);
    if (!r) {
        out.why = missing.empty() ? r.error().message
                                  : "the formula " + v.formula + " needs '" + missing + "', which the catalog has no figure for on " + device.id;
        return out;
    }
    out.value = *r * v.scale;
    for (const auto& u : used) out.inputs += (out.inputs.empty() ? "" : "; ") + u;
    return out;
}

} // namespace accelscope::models::memory
