// SPDX-License-Identifier: MIT
// Device ⇄ rows of the devices/figures/sources tables.
#include "models/catalog/device_store.hpp"

#include "models/common/utf8_text.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <unordered_map>

namespace accelscope::models::catalog {
namespace {

constexpr std::string_view tablesSql = R"sql(
CREATE TABLE IF NOT EXISTS devices (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  vendor TEXT NOT NULL,
  kind TEXT NOT NULL,
  form_factor TEXT NOT NULL,
  scope TEXT NOT NULL,
  architecture TEXT, process_node TEXT, release_year INTEGER, memory_type TEXT,
  onchip_memory_kind TEXT, compute_unit_name TEXT, host_link TEXT, interconnect_name TEXT, notes TEXT,
  primary_sources TEXT NOT NULL,
  source_file TEXT NOT NULL,
  source_line INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sources (
  device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  title TEXT NOT NULL, publisher TEXT NOT NULL, kind TEXT NOT NULL, url TEXT NOT NULL, date TEXT,
  PRIMARY KEY (device_id, key)
);
CREATE TABLE IF NOT EXISTS figures (
  device_id TEXT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value REAL NOT NULL,
  provenance TEXT NOT NULL CHECK (provenance IN ('sourced', 'derived')),
  stated TEXT, source_key TEXT, where_text TEXT, formula TEXT, note TEXT, date TEXT,
  PRIMARY KEY (device_id, key)
);
CREATE INDEX IF NOT EXISTS figures_by_key ON figures(key, value);
)sql";

// Catalog schema v2 (bundled schema 2, user schema 4): `scope` holds the enum name, the free text
// moves to scope_note; systems keep their parts and scale-up topology.
constexpr std::string_view columnsV2Sql = R"sql(
ALTER TABLE devices ADD COLUMN scope_note TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN scaleup_topology TEXT;
ALTER TABLE devices ADD COLUMN components TEXT;
)sql";

// Bundled schema 3, user schema 5: a figure keeps the vendor's printed label beside the value.
constexpr std::string_view figureLabelSql = "ALTER TABLE figures ADD COLUMN label TEXT;";

// Bundled schema 4, user schema 6: whether the scale-up link is a dedicated one or Ethernet ports.
constexpr std::string_view linkKindSql = "ALTER TABLE devices ADD COLUMN scaleup_link_kind TEXT;";
// Bundled schema 4, user schema 6: a vendor format's name and the lifecycle dates (one JSON object).
constexpr std::string_view lifecycleSql = R"sql(
ALTER TABLE devices ADD COLUMN vendor_format_name TEXT;
ALTER TABLE devices ADD COLUMN lifecycle TEXT;
)sql";

// Bundled schema 5, user schema 8: a price's basis, provider and region, whether a figure was read in its
// source, more cloud prices and the reasons for absent figures (the last two as JSON text).
constexpr std::array<std::pair<const char*, ColumnSpec>, 6> priceColumnList{{
    {"figures", {"price_kind", "TEXT"}},
    {"figures", {"provider", "TEXT"}},
    {"figures", {"region", "TEXT"}},
    {"figures", {"verified", "INTEGER NOT NULL DEFAULT 1"}},
    {"devices", {"cloud_prices", "TEXT"}},
    {"devices", {"missing", "TEXT"}},
}};

std::string priceSqlText()
{
    std::string out;
    for (const auto& [table, column] : priceColumnList) {
        out += "ALTER TABLE " + std::string(table) + " ADD COLUMN " + std::string(column.name) + " " + std::string(column.type) + ";\n";
    }
    return out;
}

nlohmann::json figureFieldsJson(const Figure& f)
{
    nlohmann::json out{{"value", f.value}, {"provenance", f.provenance == Provenance::Sourced ? "sourced" : "derived"},
                       {"stated", f.stated}, {"label", f.label}, {"source", f.sourceKey}, {"where", f.where},
                       {"formula", f.formula}, {"note", f.note}, {"date", f.date}, {"provider", f.provider},
                       {"region", f.region}, {"verified", f.verified}};
    if (f.priceKind) out["price_kind"] = priceKindName(*f.priceKind);
    return out;
}

// Device::cloudPrices as a JSON array of figure objects; empty text when there are none.
std::string cloudPricesText(const std::vector<Figure>& prices)
{
    if (prices.empty()) return {};
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : prices) out.push_back(figureFieldsJson(f));
    return out.dump();
}

std::vector<Figure> cloudPricesFromText(const std::string& text)
{
    std::vector<Figure> out;
    const auto doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_array()) return out;
    for (const auto& item : doc) {
        if (!item.is_object() || !item.contains("value") || !item["value"].is_number()) continue;
        Figure f;
        f.value = item["value"].get<double>();
        f.provenance = item.value("provenance", "sourced") == "derived" ? Provenance::Derived : Provenance::Sourced;
        f.stated = item.value("stated", "");
        f.label = item.value("label", "");
        f.sourceKey = item.value("source", "");
        f.where = item.value("where", "");
        f.formula = item.value("formula", "");
        f.note = item.value("note", "");
        f.date = item.value("date", "");
        f.provider = item.value("provider", "");
        f.region = item.value("region", "");
        f.verified = item.value("verified", true);
        f.priceKind = priceKindFromName(item.value("price_kind", ""));
        out.push_back(std::move(f));
    }
    return out;
}

// Device::missingReasons as {"<figure key>": reason}; empty text when there are none.
std::string missingText(const std::map<FigureKey, std::string>& reasons)
{
    if (reasons.empty()) return {};
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, reason] : reasons) out[std::string(figureInfo(key).jsonKey)] = reason;
    return out.dump();
}

std::map<FigureKey, std::string> missingFromText(const std::string& text)
{
    std::map<FigureKey, std::string> out;
    const auto doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object()) return out;
    for (const auto& [key, reason] : doc.items()) {
        if (const auto figureKey = figureFromJsonKey(key); figureKey && reason.is_string()) out.emplace(*figureKey, reason.get<std::string>());
    }
    return out;
}

// The lifecycle as one JSON object {"announced": {"date", "source", "where"}, …, "status": name};
// empty text when the device has none.
std::string lifecycleText(const Lifecycle& life)
{
    if (life.empty()) return {};
    nlohmann::json out = nlohmann::json::object();
    const auto put = [&](const char* key, const std::optional<LifecycleDate>& date) {
        if (date) out[key] = {{"date", date->date}, {"source", date->sourceKey}, {"where", date->where}};
    };
    put("announced", life.announced);
    put("shipping", life.shipping);
    put("end_of_life", life.endOfLife);
    if (life.stated) out["status"] = lifecycleStatusName(*life.stated);
    return out.dump();
}

Lifecycle lifecycleFromText(const std::string& text)
{
    Lifecycle life;
    if (text.empty()) return life;
    const auto doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object()) return life;
    const auto get = [&](const char* key) -> std::optional<LifecycleDate> {
        if (!doc.contains(key) || !doc[key].is_object()) return std::nullopt;
        const auto& d = doc[key];
        return LifecycleDate{d.value("date", ""), d.value("source", ""), d.value("where", ""), 0};
    };
    life.announced = get("announced");
    life.shipping = get("shipping");
    life.endOfLife = get("end_of_life");
    if (doc.contains("status") && doc["status"].is_string()) life.stated = lifecycleStatusFromName(doc["status"].get<std::string>());
    return life;
}

// primary_sources is stored as keys joined by '\n' (keys are slugs and never contain one).
std::string joinKeys(const std::vector<std::string>& keys)
{
    std::string out;
    for (const auto& key : keys) {
        out += (out.empty() ? "" : "\n") + key;
    }
    return out;
}

// A system's parts as "id count" lines (ids are slugs, never holding a space or newline).
std::string joinParts(const std::vector<Component>& parts)
{
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : "\n") + part.deviceId + " " + std::to_string(part.count);
    return out;
}

std::vector<std::string> splitKeys(const std::string& joined);

std::vector<Component> splitParts(const std::string& joined)
{
    std::vector<Component> out;
    for (const auto& line : splitKeys(joined)) {
        const auto space = line.find(' ');
        if (space == std::string::npos) continue;
        int count = 0;
        const auto text = std::string_view(line).substr(space + 1);
        std::from_chars(text.data(), text.data() + text.size(), count);
        out.push_back(Component{line.substr(0, space), count, 0});
    }
    return out;
}

std::vector<std::string> splitKeys(const std::string& joined)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= joined.size() && !joined.empty()) {
        const auto end = joined.find('\n', start);
        out.push_back(joined.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

Result<void> insertOne(Statement& devices, Statement& sources, Statement& figures, const Device& d)
{
    devices.bind(1, d.id).bind(2, d.name).bind(3, d.vendor).bind(4, kindName(d.kind))
        .bind(5, formFactorName(d.formFactor)).bind(6, scopeName(d.scope)).bindOptional(7, d.architecture)
        .bindOptional(8, d.processNode).bindOptional(10, d.memoryType).bindOptional(11, d.onchipMemoryKind)
        .bindOptional(12, d.computeUnitName).bindOptional(13, d.hostLink).bindOptional(14, d.interconnectName)
        .bindOptional(15, d.notes).bind(16, joinKeys(d.primarySources)).bind(17, d.sourceFile)
        .bind(18, std::int64_t{d.sourceLine}).bind(19, d.scopeNote).bindOptional(20, d.scaleupTopology)
        .bindOptional(21, joinParts(d.contains)).bindOptional(22, d.scaleupLinkKind)
        .bindOptional(23, d.vendorFormatName).bindOptional(24, lifecycleText(d.lifecycle))
        .bindOptional(25, cloudPricesText(d.cloudPrices)).bindOptional(26, missingText(d.missingReasons));
    if (d.releaseYear) {
        devices.bind(9, std::int64_t{*d.releaseYear});
    } else {
        devices.bindNull(9);
    }
    if (auto ok = devices.run(); !ok) return ok;
    if (auto ok = devices.reset(); !ok) return ok;
    for (const auto& [key, s] : d.sources) {
        sources.bind(1, d.id).bind(2, key).bind(3, s.title).bind(4, s.publisher).bind(5, s.kind).bind(6, s.url)
            .bindOptional(7, s.date);
        if (auto ok = sources.run(); !ok) return ok;
        if (auto ok = sources.reset(); !ok) return ok;
    }
    for (const auto& [key, f] : d.figures) {
        figures.bind(1, d.id).bind(2, figureInfo(key).jsonKey).bind(3, f.value)
            .bind(4, f.provenance == Provenance::Sourced ? "sourced" : "derived").bindOptional(5, f.stated)
            .bindOptional(6, f.sourceKey).bindOptional(7, f.where).bindOptional(8, f.formula)
            .bindOptional(9, f.note).bindOptional(10, f.date).bindOptional(11, f.label)
            .bindOptional(12, f.priceKind ? std::string(priceKindName(*f.priceKind)) : std::string{})
            .bindOptional(13, f.provider).bindOptional(14, f.region).bind(15, std::int64_t{f.verified ? 1 : 0});
        if (auto ok = figures.run(); !ok) return ok;
        if (auto ok = figures.reset(); !ok) return ok;
    }
    return {};
}

constexpr std::string_view selectDevices =
    "SELECT id, name, vendor, kind, form_factor, scope, architecture, process_node, release_year, memory_type, "
    "onchip_memory_kind, compute_unit_name, host_link, interconnect_name, notes, primary_sources, source_file, "
    "source_line, scope_note, scaleup_topology, components, scaleup_link_kind, vendor_format_name, lifecycle, cloud_prices, "
    "missing FROM devices";

Device deviceFromRow(const Statement& row, Origin origin)
{
    Device d;
    d.id = row.text(0);
    d.name = row.text(1);
    d.vendor = row.text(2);
    d.kind = kindFromName(row.text(3)).value_or(DeviceKind::Gpu);
    d.formFactor = formFactorFromName(row.text(4)).value_or(FormFactor::Pcie);
    d.scope = scopeFromName(row.text(5)).value_or(Scope::Card);
    d.architecture = row.text(6);
    d.processNode = row.text(7);
    if (!row.isNull(8)) d.releaseYear = static_cast<int>(row.integer(8));
    d.memoryType = row.text(9);
    d.onchipMemoryKind = row.text(10);
    d.computeUnitName = row.text(11);
    d.hostLink = row.text(12);
    d.interconnectName = row.text(13);
    d.notes = row.text(14);
    d.primarySources = splitKeys(row.text(15));
    d.sourceFile = row.text(16);
    d.sourceLine = static_cast<int>(row.integer(17));
    d.scopeNote = row.text(18);
    d.scaleupTopology = row.text(19);
    d.contains = splitParts(row.text(20));
    d.scaleupLinkKind = row.text(21);
    d.vendorFormatName = row.text(22);
    d.lifecycle = lifecycleFromText(row.text(23));
    d.cloudPrices = cloudPricesFromText(row.text(24));
    d.missingReasons = missingFromText(row.text(25));
    d.origin = origin;
    return d;
}

// Attaches sources and figures to devices, all rows at once (two queries, not 2 per device).
Result<void> attachDetails(const Database& db, std::vector<Device>& devices, const std::string& onlyId, Origin origin)
{
    std::unordered_map<std::string, Device*> byId;
    for (auto& d : devices) byId.emplace(d.id, &d);
    const std::string filter = onlyId.empty() ? "" : " WHERE device_id = ?1";
    auto sources = db.prepare("SELECT device_id, key, title, publisher, kind, url, date FROM sources" + filter);
    if (!sources) return std::unexpected(sources.error());
    if (!onlyId.empty()) sources->bind(1, onlyId);
    while (true) {
        auto row = sources->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        if (auto it = byId.find(sources->text(0)); it != byId.end()) {
            Source s{sources->text(1), sources->text(2), sources->text(3), sources->text(4), sources->text(5),
                     sources->text(6)};
            it->second->sources.emplace(s.key, std::move(s));
        }
    }
    auto figures = db.prepare("SELECT device_id, key, value, provenance, stated, source_key, where_text, formula, "
                              "note, date, label, price_kind, provider, region, verified FROM figures" + filter);
    if (!figures) return std::unexpected(figures.error());
    if (!onlyId.empty()) figures->bind(1, onlyId);
    while (true) {
        auto row = figures->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        const auto it = byId.find(figures->text(0));
        const auto key = figureFromJsonKey(figures->text(1));
        if (origin == Origin::User && it == byId.end()) continue; // a figure of no device: nothing shows it
        if (origin == Origin::User && !key) {
            // A user database written by a newer version (or damaged) must not stop either face from
            // starting (issue #17): the device loads without the figure, and says so.
            it->second->notes += std::string(it->second->notes.empty() ? "" : " ") + "(The user database holds a figure '" +
                                 quotedExcerpt(figures->text(1)) + "' this version does not know; it is not shown.)";
            continue;
        }
        if (it == byId.end() || !key) {
            return fail(ErrorCode::Database, db.path().string() + ": figure '" + figures->text(1) + "' of '" +
                                                 figures->text(0) + "' is unknown to this version");
        }
        Figure f;
        f.value = figures->real(2);
        f.provenance = figures->text(3) == "derived" ? Provenance::Derived : Provenance::Sourced;
        f.stated = figures->text(4);
        f.sourceKey = figures->text(5);
        f.where = figures->text(6);
        f.formula = figures->text(7);
        f.note = figures->text(8);
        f.date = figures->text(9);
        f.label = figures->text(10);
        f.priceKind = priceKindFromName(figures->text(11));
        f.provider = figures->text(12);
        f.region = figures->text(13);
        f.verified = figures->isNull(14) || figures->integer(14) != 0;
        it->second->figures.emplace(*key, std::move(f));
    }
    return {};
}

} // namespace

std::string_view deviceTablesSql() { return tablesSql; }
std::string_view deviceColumnsV2Sql() { return columnsV2Sql; }
std::string_view figureLabelColumnSql() { return figureLabelSql; }
std::string_view linkKindColumnSql() { return linkKindSql; }
std::string_view lifecycleColumnsSql() { return lifecycleSql; }
std::string priceColumnsSql() { return priceSqlText(); }
std::span<const std::pair<const char*, ColumnSpec>> priceColumns() { return priceColumnList; }

Result<void> insertDeviceRows(const Database& db, const std::vector<Device>& devices)
{
    auto deviceInsert = db.prepare(
        "INSERT INTO devices (id, name, vendor, kind, form_factor, scope, architecture, process_node, release_year, "
        "memory_type, onchip_memory_kind, compute_unit_name, host_link, interconnect_name, notes, primary_sources, "
        "source_file, source_line, scope_note, scaleup_topology, components, scaleup_link_kind, vendor_format_name, "
        "lifecycle, cloud_prices, missing) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26)");
    auto sourceInsert = db.prepare(
        "INSERT INTO sources (device_id, key, title, publisher, kind, url, date) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    auto figureInsert = db.prepare(
        "INSERT INTO figures (device_id, key, value, provenance, stated, source_key, where_text, formula, note, date, "
        "label, price_kind, provider, region, verified) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
        "?14, ?15)");
    for (auto* statement : {&deviceInsert, &sourceInsert, &figureInsert}) {
        if (!*statement) return std::unexpected(statement->error());
    }
    for (const auto& device : devices) {
        if (auto ok = insertOne(*deviceInsert, *sourceInsert, *figureInsert, device); !ok) {
            return fail(ErrorCode::Database, "device '" + device.id + "': " + ok.error().message);
        }
    }
    return {};
}

Result<std::vector<Device>> readDeviceRows(const Database& db, Origin origin)
{
    auto statement = db.prepare(std::string(selectDevices) + " ORDER BY vendor COLLATE NOCASE, name COLLATE NOCASE");
    if (!statement) return std::unexpected(statement.error());
    std::vector<Device> devices;
    while (true) {
        auto row = statement->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        devices.push_back(deviceFromRow(*statement, origin));
    }
    if (auto ok = attachDetails(db, devices, "", origin); !ok) return std::unexpected(ok.error());
    return devices;
}

Result<std::optional<Device>> readDeviceRow(const Database& db, const std::string& id, Origin origin)
{
    auto statement = db.prepare(std::string(selectDevices) + " WHERE id = ?1");
    if (!statement) return std::unexpected(statement.error());
    statement->bind(1, id);
    auto row = statement->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return std::optional<Device>{};
    std::vector<Device> one{deviceFromRow(*statement, origin)};
    if (auto ok = attachDetails(db, one, id, origin); !ok) return std::unexpected(ok.error());
    return std::optional<Device>(std::move(one.front()));
}

Result<int> deleteDeviceRows(const Database& db, const std::vector<std::string>& ids)
{
    int deleted = 0;
    for (const char* table : {"figures", "sources"}) {
        auto statement = db.prepare(std::string("DELETE FROM ") + table + " WHERE device_id = ?1");
        if (!statement) return std::unexpected(statement.error());
        for (const auto& id : ids) {
            statement->bind(1, id);
            if (auto ok = statement->run(); !ok) return std::unexpected(ok.error());
            if (auto ok = statement->reset(); !ok) return std::unexpected(ok.error());
        }
    }
    auto statement = db.prepare("DELETE FROM devices WHERE id = ?1");
    if (!statement) return std::unexpected(statement.error());
    for (const auto& id : ids) {
        statement->bind(1, id);
        if (auto ok = statement->run(); !ok) return std::unexpected(ok.error());
        deleted += db.changes();
        if (auto ok = statement->reset(); !ok) return std::unexpected(ok.error());
    }
    return deleted;
}

} // namespace accelscope::models::catalog
