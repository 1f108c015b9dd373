// SPDX-License-Identifier: MIT
// Structure checks of catalog documents: sources, device fields, figures, cross-figure rules.
#include "models/catalog/catalog_parser.hpp"

#include "models/catalog/figure_parser.hpp"
#include "models/catalog/formula.hpp"
#include "models/catalog/located_json.hpp"
#include "models/catalog/system_check.hpp"
#include "models/common/bounded_file.hpp"
#include "models/common/utf8_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

namespace accelscope::models::catalog {
namespace {

using nlohmann::json;

// Hand-written scanners rather than std::regex: libstdc++'s regex matcher recurses once per character
// and overflowed the stack on a long device id (issue #17).
bool isSlugChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

/// `[a-z0-9][a-z0-9-]*`
bool isSlug(std::string_view text)
{
    return !text.empty() && text.front() != '-' && std::ranges::all_of(text, isSlugChar);
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// `text` for a message: a hostile value can be megabytes long or hold line breaks, so only its
/// start is quoted, escaped.
std::string shown(const std::string& text) { return quotedExcerpt(text); }

/// A message is one line whatever the file holds (issue #17): a control byte that reached it
/// through a value not passed to shown() is escaped here (the fuzzers found two such values).
std::string oneLine(const std::string& text)
{
    if (std::ranges::none_of(text, [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) return text;
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == '\n') {
            out += "\\n";
        } else if (byte < 0x20 || byte == 0x7F) {
            constexpr std::string_view hex = "0123456789ABCDEF";
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 0xF];
        } else {
            out += c;
        }
    }
    return out;
}

/// The scheme (with its ':', shortened) of a non-empty URL that is not http or https; nullopt for
/// http(s) and empty URLs. A URL without a scheme is reported by its start.
std::optional<std::string> nonWebScheme(std::string_view url)
{
    if (url.empty()) return std::nullopt;
    const auto colon = url.find(':');
    std::string scheme(url.substr(0, colon == std::string_view::npos ? url.size() : colon + 1));
    std::string lower = scheme;
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "http:" || lower == "https:") return std::nullopt;
    return quotedExcerpt(scheme, 20);
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (digits only; the ranges of month and day are not checked).
bool isCatalogDate(std::string_view text)
{
    if (text.size() != 4 && text.size() != 7 && text.size() != 10) {
        return false;
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 4 || i == 7;
        if (dash ? text[i] != '-' : !isDigit(text[i])) {
            return false;
        }
    }
    return true;
}

constexpr std::array deviceKeys{
    "id", "name", "vendor", "kind", "form_factor", "scope", "scope_note", "architecture", "process_node",
    "release_year", "announced", "shipping", "end_of_life", "status", "vendor_format_name", "memory_type",
    "onchip_memory_kind", "compute_unit_name", "host_link", "interconnect_name", "scaleup_topology", "scaleup_link_kind",
    "notes", "contains", "primary_sources", "figures", "cloud_prices", "missing"};
constexpr std::array requiredDeviceKeys{"id", "name", "vendor", "kind", "form_factor", "scope", "scope_note",
                                        "primary_sources", "figures"};
constexpr std::array componentKeys{"device", "count"};
constexpr std::array sourceKeys{"title", "publisher", "kind", "url", "date"};
constexpr std::array sourceKinds{"datasheet", "whitepaper", "product-page", "docs",
                                 "paper", "press-release", "price-list", "keynote"};
constexpr std::array lifecycleKeys{"date", "source", "where"};
constexpr std::array figureKeys{"value", "label", "source", "where", "note", "date", "derived",
                                "price_kind", "provider", "region", "verified"};
constexpr std::array cloudPriceKeys{"price_kind", "provider", "region"};

/// The unit word of a stated value ("80 GiB" -> "GiB"); empty for a bare number.
std::string_view statedUnit(std::string_view stated)
{
    const auto space = stated.find_last_of(' ');
    return space == std::string_view::npos ? std::string_view{} : stated.substr(space + 1);
}

// Secondary lists are wrong often; the catalog cites vendors and papers only.
constexpr std::array rejectedDomains{
    "wikipedia.org", "techpowerup.com", "wikichip.org", "anandtech.com", "tomshardware.com",
    "videocardz.com", "servethehome.com", "nextplatform.com", "glennklockwood.com", "notebookcheck.net",
    "cpu-monkey.com", "tweaktown.com", "wccftech.com", "hothardware.com", "medium.com"};

template <std::size_t N>
bool contains(const std::array<const char*, N>& list, std::string_view value)
{
    return std::ranges::any_of(list, [&](const char* item) { return value == item; });
}

class DocumentParser {
public:
    DocumentParser(const LocatedJson& doc, std::string fileName, Origin origin)
        : m_doc(doc), m_file(std::move(fileName)), m_origin(origin)
    {
    }

    ParsedCatalog run()
    {
        ParsedCatalog out;
        const json& root = m_doc.root;
        if (!root.is_object()) {
            issue("", "(document)", "the top level must be an object with 'sources' and 'devices'");
            out.issues = std::move(m_issues);
            return out;
        }
        for (const auto& [key, value] : root.items()) {
            if (key != "sources" && key != "devices") {
                issue("/" + escapePointerToken(key), key, "unknown top-level key (expected 'sources', 'devices')");
            }
        }
        parseSources();
        if (!root.contains("devices") || !root["devices"].is_array()) {
            issue("", "devices", "missing 'devices' array");
        } else {
            for (std::size_t i = 0; i < root["devices"].size(); ++i) {
                if (auto device = parseDevice(root["devices"][i], "/devices/" + std::to_string(i))) {
                    out.devices.push_back(std::move(*device));
                }
            }
        }
        out.issues = std::move(m_issues);
        if (!out.issues.empty()) {
            out.devices.clear();
        }
        return out;
    }

private:
    void issue(const std::string& pointer, std::string field, std::string message)
    {
        m_issues.push_back(ValidationIssue{m_file, m_doc.lineOf(pointer), oneLine(field), oneLine(message)});
    }

    // A string member; reports a wrong type. Empty when absent.
    std::string text(const json& object, const std::string& pointer, const char* key)
    {
        if (!object.contains(key)) {
            return {};
        }
        const json& value = object[key];
        if (!value.is_string()) {
            issue(pointer + "/" + key, key, "must be a string");
            return {};
        }
        std::string out = value.get<std::string>();
        // A NUL was stored and read back cut off, so an export lost the tail (issue #29); no text field
        // of a device is meant to hold a line break or any other control byte either.
        const auto control = std::ranges::find_if(out, [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
        if (control != out.end()) {
            issue(pointer + "/" + key, key,
                  "a control character (byte " + hexByte(static_cast<unsigned char>(*control)) + " at position " +
                      std::to_string(control - out.begin() + 1) + ") is not allowed; " + key + " is one line of text");
            return {};
        }
        return out;
    }

    void parseSources()
    {
        const json& root = m_doc.root;
        if (!root.contains("sources") || !root["sources"].is_object()) {
            issue("", "sources", "missing 'sources' object");
            return;
        }
        for (const auto& [key, value] : root["sources"].items()) {
            const std::string pointer = "/sources/" + escapePointerToken(key);
            if (!value.is_object()) {
                issue(pointer, key, "a source must be an object");
                continue;
            }
            for (const auto& [member, unused] : value.items()) {
                if (!contains(sourceKeys, member)) {
                    issue(pointer + "/" + member, member, "unknown source key");
                }
            }
            Source source{key,
                          text(value, pointer, "title"),
                          text(value, pointer, "publisher"),
                          text(value, pointer, "kind"),
                          text(value, pointer, "url"),
                          text(value, pointer, "date")};
            for (const char* required : {"title", "publisher", "kind", "url"}) {
                if (!value.contains(required)) {
                    issue(pointer, required, "source '" + shown(key) + "' has no " + required);
                }
            }
            if (!source.kind.empty() && !contains(sourceKinds, source.kind)) {
                issue(pointer + "/kind", "kind", "unknown source kind '" + shown(source.kind) + "'");
            }
            if (const auto scheme = nonWebScheme(source.url)) {
                // Said apart from the https rule: a file:, javascript: or custom-scheme link opens
                // something local. Only the scheme is quoted, so the message carries no file markup.
                issue(pointer + "/url", "url", "only http(s) links are allowed, not '" + *scheme + "…'");
            } else if (!source.url.empty() && !isAcceptableSourceUrl(source.url)) {
                issue(pointer + "/url", "url",
                      "'" + shown(source.url) + "' is not an https URL of a primary source (aggregators are not sources)");
            }
            if (!source.date.empty() && !isCatalogDate(source.date)) {
                issue(pointer + "/date", "date", "date '" + shown(source.date) + "' is not YYYY, YYYY-MM or YYYY-MM-DD");
            }
            m_sources.emplace(key, std::move(source));
        }
    }

    std::optional<Device> parseDevice(const json& object, const std::string& pointer)
    {
        const std::size_t issuesBefore = m_issues.size();
        if (!object.is_object()) {
            issue(pointer, "(device)", "a device must be an object");
            return std::nullopt;
        }
        for (const auto& [key, unused] : object.items()) {
            if (!contains(deviceKeys, key)) {
                issue(pointer + "/" + escapePointerToken(key), key, "unknown field");
            }
        }
        for (const char* key : requiredDeviceKeys) {
            if (!object.contains(key)) {
                issue(pointer, key, "missing required field");
            }
        }
        Device device;
        device.origin = m_origin;
        device.sourceFile = m_file;
        device.sourceLine = m_doc.lineOf(pointer + "/id");
        device.id = text(object, pointer, "id");
        device.name = text(object, pointer, "name");
        device.vendor = text(object, pointer, "vendor");
        device.scopeNote = text(object, pointer, "scope_note");
        device.scaleupTopology = text(object, pointer, "scaleup_topology");
        device.scaleupLinkKind = text(object, pointer, "scaleup_link_kind");
        if (object.contains("scaleup_link_kind") && object["scaleup_link_kind"].is_string() &&
            std::ranges::find(scaleupLinkKinds(), std::string_view{device.scaleupLinkKind}) == scaleupLinkKinds().end()) {
            issue(pointer + "/scaleup_link_kind", "scaleup_link_kind",
                  "unknown link kind '" + shown(device.scaleupLinkKind) +
                      "' (expected dedicated: a link only for accelerators, or ethernet: RoCE/Ethernet ports)");
        }
        device.architecture = text(object, pointer, "architecture");
        device.processNode = text(object, pointer, "process_node");
        device.memoryType = text(object, pointer, "memory_type");
        device.onchipMemoryKind = text(object, pointer, "onchip_memory_kind");
        device.computeUnitName = text(object, pointer, "compute_unit_name");
        device.hostLink = text(object, pointer, "host_link");
        device.interconnectName = text(object, pointer, "interconnect_name");
        device.vendorFormatName = text(object, pointer, "vendor_format_name");
        device.notes = text(object, pointer, "notes");
        if (!device.id.empty() && !isSlug(device.id)) {
            issue(pointer + "/id", "id", "'" + shown(device.id) + "' is not a slug of [a-z0-9-]");
        }
        for (const char* key : {"id", "name", "vendor", "scope_note"}) {
            if (object.contains(key) && object[key].is_string() && object[key].get<std::string>().empty()) {
                issue(pointer + "/" + key, key, "must not be empty");
            }
        }
        if (const std::string kind = text(object, pointer, "kind"); !kind.empty()) {
            if (auto parsed = kindFromName(kind)) {
                device.kind = *parsed;
            } else {
                issue(pointer + "/kind", "kind", "unknown kind '" + shown(kind) + "' (expected gpu, tpu, asic, npu, cpu, soc)");
            }
        }
        if (const std::string form = text(object, pointer, "form_factor"); !form.empty()) {
            if (auto parsed = formFactorFromName(form)) {
                device.formFactor = *parsed;
            } else {
                issue(pointer + "/form_factor", "form_factor",
                      "unknown form factor '" + shown(form) + "' (expected SXM, OAM, PCIe, board, module, SoC, socket, chip, system)");
            }
        }
        if (const std::string scope = text(object, pointer, "scope"); !scope.empty()) {
            if (auto parsed = scopeFromName(scope)) {
                device.scope = *parsed;
            } else {
                issue(pointer + "/scope", "scope",
                      "unknown scope '" + shown(scope) +
                          "' (expected chip, package, card, module, board, node, rack, pod; free text goes in scope_note)");
            }
        }
        parseContains(object, pointer, device);
        if (object.contains("release_year")) {
            if (const auto year = wholeNumberIn(object["release_year"], 1990, 2035); !year) {
                issue(pointer + "/release_year", "release_year", "must be a whole year between 1990 and 2035");
            } else {
                device.releaseYear = static_cast<int>(*year);
            }
        }
        parsePrimarySources(object, pointer, device);
        parseLifecycle(object, pointer, device);
        if (object.contains("figures")) {
            parseFigures(object["figures"], pointer + "/figures", device);
        }
        parseCloudPrices(object, pointer, device);
        parseMissingReasons(object, pointer, device);
        if (m_issues.size() != issuesBefore) {
            return std::nullopt;
        }
        checkCrossFigureRules(device, pointer);
        if (m_issues.size() != issuesBefore) {
            return std::nullopt;
        }
        return device;
    }

    // `contains: [{"device": "<id>", "count": N}]`. Whether the ids exist and the totals add up is
    // checked across files once every file is read (system_check.hpp).
    void parseContains(const json& object, const std::string& pointer, Device& device)
    {
        if (!object.contains("contains")) {
            if (object.contains("scope") && object["scope"] == "pod") {
                issue(pointer + "/scope", "contains", "a pod must list its parts in 'contains'");
            }
            return;
        }
        const std::string at = pointer + "/contains";
        const json& list = object["contains"];
        if (!list.is_array() || list.empty()) {
            issue(at, "contains", "must be a non-empty list of {\"device\": id, \"count\": N}");
            return;
        }
        if (device.scope == Scope::Chip) {
            issue(at, "contains", "a chip has no parts; give the system a board, node, rack or pod scope");
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string item = at + "/" + std::to_string(i);
            const json& entry = list[i];
            if (!entry.is_object()) {
                issue(item, "contains", "each part must be an object {\"device\": id, \"count\": N}");
                continue;
            }
            for (const auto& [member, unused] : entry.items()) {
                if (!contains(componentKeys, member)) issue(item + "/" + member, "contains", "unknown key '" + shown(member) + "' in a part");
            }
            Component part;
            part.line = m_doc.lineOf(item);
            part.deviceId = text(entry, item, "device");
            if (!isSlug(part.deviceId)) {
                issue(item, "contains", "a part needs 'device': the id of a catalog device");
                continue;
            }
            const auto count = entry.contains("count") ? wholeNumberIn(entry["count"], 1, 1000000) : std::nullopt;
            if (!count) {
                issue(item, "contains", "part '" + shown(part.deviceId) + "' needs 'count': a whole number from 1 to 1000000");
                continue;
            }
            part.count = static_cast<int>(*count);
            if (std::ranges::any_of(device.contains, [&](const Component& c) { return c.deviceId == part.deviceId; })) {
                issue(item, "contains", "part '" + shown(part.deviceId) + "' is listed twice; give one count");
                continue;
            }
            device.contains.push_back(std::move(part));
        }
    }

    // `announced`, `shipping`, `end_of_life`: {"date", "source", "where"}; `status` must follow from them.
    void parseLifecycle(const json& object, const std::string& pointer, Device& device)
    {
        Lifecycle& life = device.lifecycle;
        const std::size_t issuesBefore = m_issues.size();
        life.announced = lifecycleDate(object, pointer, "announced", device);
        life.shipping = lifecycleDate(object, pointer, "shipping", device);
        life.endOfLife = lifecycleDate(object, pointer, "end_of_life", device);
        if (object.contains("status")) {
            const std::string at = pointer + "/status";
            const std::string name = text(object, pointer, "status");
            if (const auto status = lifecycleStatusFromName(name)) {
                life.stated = *status;
            } else if (object["status"].is_string()) {
                issue(at, "status", "unknown status '" + shown(name) + "' (expected announced, shipping, end-of-life)");
            }
        }
        if (m_issues.size() != issuesBefore) return;
        if (const auto problem = lifecycleOrderProblem(life)) {
            // The message names both dates; the field is the later one in the order, which is out of place.
            const std::string field = problem->starts_with("shipping") ? "shipping" : "end_of_life";
            issue(pointer + "/" + field, field, *problem);
            return;
        }
        if (life.stated) {
            if (const auto problem = statusContradiction(life, *life.stated, lifecycleAsOf)) {
                issue(pointer + "/status", "status", *problem + " (statuses are stated as of " + std::string(lifecycleAsOf) + ")");
            }
        }
    }

    std::optional<LifecycleDate> lifecycleDate(const json& object, const std::string& pointer, const char* key, Device& device)
    {
        if (!object.contains(key)) return std::nullopt;
        const std::string at = pointer + "/" + key;
        const json& entry = object[key];
        if (!entry.is_object()) {
            issue(at, key, "must be an object {\"date\": \"YYYY-MM-DD\", \"source\": key, \"where\": text}");
            return std::nullopt;
        }
        for (const auto& [member, unused] : entry.items()) {
            if (!contains(lifecycleKeys, member)) issue(at + "/" + escapePointerToken(member), key, "unknown key '" + shown(member) + "' (expected date, source, where)");
        }
        LifecycleDate out{text(entry, at, "date"), text(entry, at, "source"), text(entry, at, "where"), m_doc.lineOf(at)};
        if (!isLifecycleDate(out.date)) {
            issue(at + "/date", key, "date '" + shown(out.date) + "' is not a calendar date YYYY-MM or YYYY-MM-DD");
            return std::nullopt;
        }
        if (out.sourceKey.empty() || out.where.empty()) {
            issue(at, key, "missing source: a date needs 'source' and 'where'");
            return std::nullopt;
        }
        if (!useSource(out.sourceKey, device)) {
            issue(at + "/source", key, "source '" + shown(out.sourceKey) + "' is not defined in this file's 'sources'");
            return std::nullopt;
        }
        return out;
    }

    void parsePrimarySources(const json& object, const std::string& pointer, Device& device)
    {
        if (!object.contains("primary_sources")) {
            return;
        }
        const json& list = object["primary_sources"];
        if (!list.is_array() || list.empty()) {
            issue(pointer + "/primary_sources", "primary_sources", "must list at least one source key");
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string at = pointer + "/primary_sources/" + std::to_string(i);
            if (!list[i].is_string()) {
                issue(at, "primary_sources", "source keys must be strings");
                continue;
            }
            const auto key = list[i].get<std::string>();
            if (useSource(key, device)) {
                device.primarySources.push_back(key);
            } else {
                issue(at, "primary_sources", "source '" + shown(key) + "' is not defined in this file's 'sources'");
            }
        }
    }

    bool useSource(const std::string& key, Device& device)
    {
        const auto it = m_sources.find(key);
        if (it == m_sources.end()) {
            return false;
        }
        device.sources.emplace(key, it->second);
        return true;
    }

    void parseFigures(const json& figures, const std::string& pointer, Device& device)
    {
        if (!figures.is_object()) {
            issue(pointer, "figures", "must be an object of figures");
            return;
        }
        for (const auto& [key, spec] : figures.items()) {
            const std::string at = pointer + "/" + escapePointerToken(key);
            const auto figureKey = figureFromJsonKey(key);
            if (!figureKey) {
                issue(at, key, "unknown figure (see data/catalog/SCHEMA.md for the list)");
                continue;
            }
            if (auto figure = parseFigure(spec, at, figureInfo(*figureKey), device)) {
                figure->line = m_doc.lineOf(at);
                device.figures.emplace(*figureKey, std::move(*figure));
            }
        }
    }

    std::optional<Figure> parseFigure(const json& spec, const std::string& pointer, const FigureInfo& info,
                                      Device& device)
    {
        const std::string field(info.jsonKey);
        if (!spec.is_object()) {
            issue(pointer, field, "must be an object with value/source/where or derived");
            return std::nullopt;
        }
        for (const auto& [member, unused] : spec.items()) {
            if (!contains(figureKeys, member)) {
                issue(pointer + "/" + member, field, "unknown key '" + shown(member) + "' in figure");
            }
        }
        Figure figure;
        figure.note = text(spec, pointer, "note");
        figure.date = text(spec, pointer, "date");
        figure.label = text(spec, pointer, "label");
        if (!parsePriceFields(spec, pointer, info, figure)) {
            return std::nullopt;
        }
        if (spec.contains("derived")) {
            return parseDerivedFigure(spec, pointer, field, std::move(figure), device);
        }
        figure.sourceKey = text(spec, pointer, "source");
        figure.where = text(spec, pointer, "where");
        if (!spec.contains("value")) {
            issue(pointer, field, "missing 'value' (or 'derived' with a formula)");
            return std::nullopt;
        }
        if (figure.sourceKey.empty() || figure.where.empty()) {
            issue(pointer, field, "missing source: a sourced figure needs 'source' and 'where'");
            return std::nullopt;
        }
        if (!useSource(figure.sourceKey, device)) {
            issue(pointer + "/source", field, "source '" + shown(figure.sourceKey) + "' is not defined in this file's 'sources'");
            return std::nullopt;
        }
        const json& value = spec["value"];
        Result<double> parsed = fail(ErrorCode::InvalidData, "value must be a number or a string '<number> <unit>'");
        if (value.is_number()) {
            parsed = value.get<double>();
            figure.stated = formatFigureValue(*parsed) + (info.unit.empty() ? "" : " " + std::string(info.unit));
        } else if (value.is_string()) {
            figure.stated = value.get<std::string>();
            parsed = parseStatedValue(figure.stated, info);
        }
        if (!parsed) {
            issue(pointer + "/value", field, parsed.error().message);
            return std::nullopt;
        }
        // DRAM, HBM and SRAM capacities are binary in fact; a vendor's "80 GB" is 80 GiB. A decimal
        // unit here is the old convention that made a "192 GB" MI300X look 7 % smaller than a
        // 192 GiB Ironwood (issue #15). A bare number is the canonical GB (10^9 B) itself.
        if (info.key == FigureKey::MemoryGb && value.is_string()) {
            const auto unit = statedUnit(figure.stated);
            if (unit == "GB" || unit == "TB" || unit == "MB") {
                issue(pointer + "/value", field,
                      "'" + shown(figure.stated) + "' is a decimal unit, but memory is built in binary units: write '" +
                          shown(figure.stated.substr(0, figure.stated.size() - unit.size())) + std::string(1, unit[0]) +
                          "iB' and keep the vendor's text in \"label\" (data/catalog/SCHEMA.md, memory capacity)");
                return std::nullopt;
            }
        }
        if (auto range = checkFigureRange(*parsed, info); !range) {
            issue(pointer + "/value", field, range.error().message);
            return std::nullopt;
        }
        figure.value = *parsed;
        return figure;
    }

    // `price_kind`, `provider`, `region` (cloud prices only; kind and provider required there), `date`
    // (every price) and `verified` (any figure). False when an issue was reported.
    bool parsePriceFields(const json& spec, const std::string& pointer, const FigureInfo& info, Figure& figure)
    {
        const std::string field(info.jsonKey);
        const std::size_t before = m_issues.size();
        if (spec.contains("verified")) {
            if (spec["verified"].is_boolean()) {
                figure.verified = spec["verified"].get<bool>();
            } else {
                issue(pointer + "/verified", field, "'verified' must be true or false");
            }
        }
        if (info.group == FigureGroup::Price && figure.date.empty()) {
            issue(pointer, field, "a price needs a 'date' (YYYY-MM)");
        }
        if (info.key != FigureKey::CloudUsdPerHour) {
            for (const char* key : cloudPriceKeys) {
                if (spec.contains(key)) issue(pointer + "/" + key, field, "'" + std::string(key) + "' is for cloud prices (cloud_usd_per_hour) only");
            }
            return m_issues.size() == before;
        }
        figure.provider = text(spec, pointer, "provider");
        figure.region = text(spec, pointer, "region");
        const std::string kind = text(spec, pointer, "price_kind");
        if (kind.empty()) {
            issue(pointer, field, "a cloud price needs 'price_kind' (on-demand, committed-1y, committed-3y, capacity-block or spot)");
        } else if (const auto parsed = priceKindFromName(kind)) {
            figure.priceKind = *parsed;
        } else {
            issue(pointer + "/price_kind", field, "unknown price kind '" + shown(kind) + "' (expected on-demand, committed-1y, committed-3y, capacity-block or spot)");
        }
        if (figure.provider.empty()) {
            issue(pointer, field, "a cloud price needs 'provider' (the company whose page states the rate)");
        }
        return m_issues.size() == before;
    }

    // `cloud_prices`: more cloud_usd_per_hour figures beside the headline one. A derived entry divides
    // constants its source prints (an instance price by its devices); it names no other figure.
    void parseCloudPrices(const json& object, const std::string& pointer, Device& device)
    {
        if (!object.contains("cloud_prices")) return;
        const std::string at = pointer + "/cloud_prices";
        const json& prices = object["cloud_prices"];
        if (!prices.is_array()) {
            issue(at, "cloud_prices", "must be a list of cloud price figures");
            return;
        }
        const FigureInfo& info = figureInfo(FigureKey::CloudUsdPerHour);
        for (std::size_t i = 0; i < prices.size(); ++i) {
            const std::string entry = at + "/" + std::to_string(i);
            auto figure = parseFigure(prices[i], entry, info, device);
            if (!figure) continue;
            figure->line = m_doc.lineOf(entry);
            if (figure->provenance == Provenance::Derived) {
                auto value = evaluateFormula(figure->formula, [](std::string_view) { return std::optional<double>{}; });
                if (!value) {
                    issue(entry + "/derived", "cloud_prices", "formula '" + shown(figure->formula) + "': " + value.error().message +
                                                                  " (a listed price divides constants only)");
                    continue;
                }
                if (auto range = checkFigureRange(*value, info); !range) {
                    issue(entry + "/derived", "cloud_prices", "formula '" + shown(figure->formula) + "' gives " + range.error().message);
                    continue;
                }
                figure->value = *value;
            }
            device.cloudPrices.push_back(std::move(*figure));
        }
    }

    // `missing`: {"<figure key>": "why it is absent"}, only for figures the device does not have.
    void parseMissingReasons(const json& object, const std::string& pointer, Device& device)
    {
        if (!object.contains("missing")) return;
        const std::string at = pointer + "/missing";
        if (!object["missing"].is_object()) {
            issue(at, "missing", "must be an object {\"<figure key>\": \"why it is absent\"}");
            return;
        }
        for (const auto& [key, reason] : object["missing"].items()) {
            const std::string entry = at + "/" + escapePointerToken(key);
            const auto figureKey = figureFromJsonKey(key);
            if (!figureKey) {
                issue(entry, "missing", "unknown figure '" + shown(key) + "'");
            } else if (object.contains("figures") && object["figures"].is_object() && object["figures"].contains(key)) {
                issue(entry, "missing", "'" + key + "' has a figure; a reason is only for an absent one");
            } else if (!reason.is_string() || reason.get<std::string>().empty()) {
                issue(entry, "missing", "the reason must be a non-empty string");
            } else {
                device.missingReasons.emplace(*figureKey, text(object["missing"], at, key.c_str()));
            }
        }
    }

    // A derived figure is a formula over the device's other figures, or over constants that a
    // cited source prints (a per-GPU figure from a system total: "144000 / 8" with source+where).
    std::optional<Figure> parseDerivedFigure(const json& spec, const std::string& pointer, const std::string& field,
                                             Figure figure, Device& device)
    {
        if (spec.contains("value")) {
            issue(pointer, field, "a figure is either derived (formula) or sourced (value), not both");
            return std::nullopt;
        }
        figure.provenance = Provenance::Derived;
        figure.formula = text(spec, pointer, "derived");
        figure.sourceKey = text(spec, pointer, "source");
        figure.where = text(spec, pointer, "where");
        if (figure.formula.empty()) {
            issue(pointer + "/derived", field, "empty formula");
            return std::nullopt;
        }
        const auto names = formulaNames(figure.formula);
        if (!names) {
            issue(pointer + "/derived", field, names.error().message);
            return std::nullopt;
        }
        if (names->empty() && (figure.sourceKey.empty() || figure.where.empty())) {
            issue(pointer, field, "missing source: a formula of constants needs 'source' and 'where' for them");
            return std::nullopt;
        }
        if (!figure.sourceKey.empty() && !useSource(figure.sourceKey, device)) {
            issue(pointer + "/source", field, "source '" + shown(figure.sourceKey) + "' is not defined in this file's 'sources'");
            return std::nullopt;
        }
        return figure;
    }

    void checkCrossFigureRules(Device& device, const std::string& pointer)
    {
        if (auto resolved = resolveDerivedFigures(device); !resolved) {
            const auto& error = resolved.error();
            issue(pointer + "/figures/" + std::string(figureInfo(error.key).jsonKey),
                  std::string(figureInfo(error.key).jsonKey), error.message);
            return;
        }
        for (const auto& pair : denseSparsePairs()) {
            const auto dense = device.value(pair.dense);
            const auto sparse = device.value(pair.sparse);
            if (dense && sparse && *dense > *sparse * (1 + 1e-9)) {
                issue(pointer + "/figures/" + std::string(figureInfo(pair.dense).jsonKey),
                      std::string(figureInfo(pair.dense).jsonKey),
                      "dense " + formatFigureValue(*dense) + " is greater than sparse " + formatFigureValue(*sparse));
            }
        }
        const auto needsText = [&](FigureKey key, const std::string& textValue, const char* textKey) {
            if (device.figures.contains(key) && textValue.empty()) {
                issue(pointer + "/figures/" + std::string(figureInfo(key).jsonKey), textKey,
                      "'" + std::string(textKey) + "' is required with " + std::string(figureInfo(key).jsonKey));
            }
        };
        needsText(FigureKey::OnchipMemoryMb, device.onchipMemoryKind, "onchip_memory_kind");
        needsText(FigureKey::ComputeUnits, device.computeUnitName, "compute_unit_name");
        needsText(FigureKey::InterconnectGbs, device.interconnectName, "interconnect_name");
        if (!device.scaleupLinkKind.empty() && device.interconnectName.empty()) {
            issue(pointer + "/scaleup_link_kind", "interconnect_name",
                  "'interconnect_name' is required with scaleup_link_kind (which link is dedicated or Ethernet?)");
        }
        needsText(FigureKey::VendorFormatTflopsDense, device.vendorFormatName, "vendor_format_name");
        needsText(FigureKey::VendorFormatTflopsSparse, device.vendorFormatName, "vendor_format_name");
        if (!device.vendorFormatName.empty() && !device.figures.contains(FigureKey::VendorFormatTflopsDense) &&
            !device.figures.contains(FigureKey::VendorFormatTflopsSparse)) {
            issue(pointer + "/vendor_format_name", "vendor_format_name",
                  "names a vendor format but the device has no vendor_format_tflops_dense or _sparse figure");
        }
        const auto both = device.value(FigureKey::InterconnectGbs);
        const auto one = device.value(FigureKey::InterconnectGbsPerDirection);
        if (both && one && *both < *one) {
            issue(pointer + "/figures/interconnect_gbs", "interconnect_gbs",
                  "both-directions bandwidth is less than the per-direction one");
        }
    }

    const LocatedJson& m_doc;
    std::string m_file;
    Origin m_origin;
    std::unordered_map<std::string, Source> m_sources;
    std::vector<ValidationIssue> m_issues;
};

} // namespace

std::string ValidationIssue::format() const
{
    return file + ":" + std::to_string(line) + ": " + field + ": " + message;
}

ParsedCatalog parseCatalogText(std::string_view text, const std::string& fileName, Origin origin)
{
    auto doc = parseLocatedJson(text);
    if (!doc) {
        ParsedCatalog out;
        out.issues.push_back(ValidationIssue{fileName, doc.error().line, "(syntax)", doc.error().what});
        out.fileCount = 1;
        return out;
    }
    return parseCatalogDocument(*doc, fileName, origin);
}

ParsedCatalog parseCatalogDocument(const LocatedJson& document, const std::string& fileName, Origin origin)
{
    ParsedCatalog out = DocumentParser(document, fileName, origin).run();
    out.fileCount = 1;
    return out;
}

Result<ParsedCatalog> loadCatalogFile(const std::filesystem::path& file)
{
    auto text = readFileWithLimit(file, inputLimits::catalogFileBytes);
    if (!text) {
        return std::unexpected(text.error());
    }
    return parseCatalogText(*text, file.filename().string(), Origin::Bundled);
}

Result<ParsedCatalog> loadCatalogDirectory(const std::filesystem::path& directory)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(directory, ec)) {
        return fail(ErrorCode::Io, directory.string() + ": not a directory");
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        if (entry.is_regular_file() && entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    if (ec) {
        return fail(ErrorCode::Io, directory.string() + ": " + ec.message());
    }
    std::ranges::sort(files);
    ParsedCatalog all;
    for (const auto& file : files) {
        auto parsed = loadCatalogFile(file);
        if (!parsed) {
            return std::unexpected(parsed.error());
        }
        std::ranges::move(parsed->devices, std::back_inserter(all.devices));
        std::ranges::move(parsed->issues, std::back_inserter(all.issues));
        all.fileCount += 1;
    }
    checkUniqueIds(all);
    checkSystems(all);
    return all;
}

void checkUniqueIds(ParsedCatalog& catalog, const std::vector<std::string>& existingIds)
{
    std::unordered_map<std::string, std::string> seen;
    for (const auto& id : existingIds) {
        seen.emplace(id, "the existing catalog");
    }
    std::vector<std::string> duplicates;
    for (const auto& device : catalog.devices) {
        const auto [it, inserted] = seen.emplace(device.id, device.sourceFile);
        if (!inserted) {
            catalog.issues.push_back(ValidationIssue{device.sourceFile, device.sourceLine, "id",
                                                     "duplicate id '" + shown(device.id) + "' (also in " + it->second + ")"});
            duplicates.push_back(device.id);
        }
    }
    if (!duplicates.empty()) {
        std::erase_if(catalog.devices, [&](const Device& d) { return std::ranges::find(duplicates, d.id) != duplicates.end(); });
    }
}

std::string formatIssues(const std::vector<ValidationIssue>& issues, std::size_t limit)
{
    std::string out;
    for (std::size_t i = 0; i < issues.size() && i < limit; ++i) {
        out += issues[i].format() + "\n";
    }
    if (issues.size() > limit) {
        out += "... and " + std::to_string(issues.size() - limit) + " more\n";
    }
    return out;
}

bool isAcceptableSourceUrl(std::string_view url)
{
    if (!url.starts_with("https://")) {
        return false;
    }
    std::string_view host = url.substr(8);
    host = host.substr(0, host.find('/'));
    return std::ranges::none_of(rejectedDomains, [&](const char* domain) {
        const std::string_view d(domain);
        return host == d || (host.size() > d.size() && host.ends_with(d) && host[host.size() - d.size() - 1] == '.');
    });
}

} // namespace accelscope::models::catalog
