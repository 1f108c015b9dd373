// SPDX-License-Identifier: MIT
// LabResult ⇄ JSON.
#include "labs/lab_result_json.hpp"

#include "models/common/bounded_file.hpp"
#include "models/common/number_text.hpp"
#include "models/common/utf8_text.hpp"

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <vector>
#include <utility>

namespace accelscope::labs {

using nlohmann::json;

nlohmann::json machineJson(const machine::MachineInfo& info)
{
    json caches = json::array();
    for (const auto& c : info.caches) {
        caches.push_back({{"level", c.level}, {"type", c.type}, {"size_bytes", c.sizeBytes}, {"instances", c.instances},
                          {"line_bytes", c.lineBytes}});
    }
    return json{{"cpu_model", info.cpuModel}, {"packages", info.packages}, {"physical_cores", info.physicalCores},
                {"logical_cpus", info.logicalCpus}, {"memory_bytes", info.memoryBytes}, {"caches", caches},
                {"os", info.os}, {"compiler", info.compiler}, {"topology_source", info.topologySource}};
}

models::Result<LabRunStart> startLabRun(const LabDescription& description, const RunConfig& config,
                                        const RunMonitor& monitor)
{
    auto parameters = resolveParameters(description, config);
    if (!parameters) return std::unexpected(parameters.error());
    auto machine = machine::describeLocalMachine();
    if (!machine) return std::unexpected(machine.error());
    LabRunStart start{std::move(*parameters), std::move(*machine), {}};
    start.result.labId = description.id;
    start.result.title = description.title;
    start.result.machine = machineJson(start.machine);
    start.result.parameters = start.parameters;
    start.result.startedAt = monitor.startedAt();
    return start;
}

json labResultJson(const LabResult& r)
{
    json series = json::array();
    for (const auto& s : r.series) {
        json points = json::array();
        for (const auto& p : s.points) points.push_back(json::array({p.x, p.y}));
        series.push_back(json{{"name", s.name}, {"x_label", s.xLabel}, {"x_unit", s.xUnit}, {"y_label", s.yLabel},
                              {"y_unit", s.yUnit}, {"points", points}});
    }
    json summary = json::array();
    for (const auto& f : r.summary) {
        summary.push_back(json{{"key", f.key}, {"value", f.value}, {"unit", f.unit}, {"note", f.note}});
    }
    return json{{"schema_version", r.schemaVersion}, {"lab", r.labId}, {"title", r.title}, {"machine", r.machine},
                {"parameters", r.parameters}, {"series", series}, {"summary", summary}, {"notes", r.notes},
                {"started_at", r.startedAt}, {"duration_s", r.durationSeconds}};
}

namespace {

/// Arrays and objects in a result file nest at most this deep: nlohmann::json copies and dumps
/// recursively, and a hostile file must not overflow the stack (issue #17).
constexpr int maxNestingDepth = 200;

models::Result<void> checkNesting(std::string_view text, const std::string& fileName)
{
    // Counts brackets outside strings; a pre-scan rather than a parser callback, so the file's
    // line can be named and nothing deep is ever built.
    int depth = 0;
    int line = 1;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxNestingDepth) {
                return models::fail(models::ErrorCode::InvalidData,
                                    fileName + ":" + std::to_string(line) + ": nested deeper than " +
                                        std::to_string(maxNestingDepth) + " levels");
            }
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return {};
}

std::string typeName(const json& value)
{
    return value.is_number() ? "a number" : value.is_string() ? "a string" : value.is_array() ? "an array"
         : value.is_object() ? "an object" : value.is_boolean() ? "a boolean" : "null";
}

/// Typed reads that name the field (its path in the record) when it is missing or of the wrong type.
class FieldReader {
public:
    explicit FieldReader(const std::string& fileName) : m_fileName(fileName) {}

    std::unexpected<models::Error> error(const std::string& field, const std::string& what) const
    {
        // A field path holds the file's own keys: escaped, so that a key with a line break stays on the line.
        return models::fail(models::ErrorCode::InvalidData, m_fileName + ": " + models::quotedExcerpt(field, 120) + ": " + what);
    }

    const json* find(const json& object, const std::string& key) const
    {
        const auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    models::Result<std::string> string(const json& object, const std::string& key, const std::string& field,
                                       std::optional<std::string> fallback = std::nullopt) const
    {
        const json* value = find(object, key);
        if (value == nullptr) {
            if (fallback) return *fallback;
            return error(field, "missing");
        }
        if (!value->is_string()) return error(field, "expected a string, found " + typeName(*value));
        return value->get<std::string>();
    }

    // JSON has no NaN or infinity: nlohmann writes a non-finite double as null, read back as NaN.
    models::Result<double> number(const json& value, const std::string& field) const
    {
        if (value.is_null()) return std::numeric_limits<double>::quiet_NaN();
        if (!value.is_number()) return error(field, "expected a number, found " + typeName(value));
        return value.get<double>();
    }

    models::Result<double> number(const json& object, const std::string& key, const std::string& field) const
    {
        const json* value = find(object, key);
        if (value == nullptr) return error(field, "missing");
        return number(*value, field);
    }

private:
    const std::string& m_fileName;
};

models::Result<Series> readSeries(const json& s, const std::string& field, const FieldReader& read)
{
    if (!s.is_object()) return read.error(field, "expected an object, found " + typeName(s));
    Series series;
    for (auto [key, target] : {std::pair{"name", &series.name}, std::pair{"x_label", &series.xLabel},
                               std::pair{"x_unit", &series.xUnit}, std::pair{"y_label", &series.yLabel},
                               std::pair{"y_unit", &series.yUnit}}) {
        auto text = read.string(s, key, field + "." + key);
        if (!text) return std::unexpected(text.error());
        *target = std::move(*text);
    }
    const json* points = read.find(s, "points");
    if (points == nullptr || !points->is_array()) return read.error(field + ".points", "expected an array");
    for (std::size_t i = 0; i < points->size(); ++i) {
        const json& p = (*points)[i];
        const std::string at = field + ".points[" + std::to_string(i) + "]";
        if (!p.is_array() || p.size() != 2) return read.error(at, "expected a pair [x, y]");
        auto x = read.number(p[0], at);
        if (!x) return std::unexpected(x.error());
        auto y = read.number(p[1], at);
        if (!y) return std::unexpected(y.error());
        series.points.push_back(Point{*x, *y});
    }
    return series;
}

models::Result<SummaryFigure> readSummary(const json& f, const std::string& field, const FieldReader& read)
{
    if (!f.is_object()) return read.error(field, "expected an object, found " + typeName(f));
    auto key = read.string(f, "key", field + ".key");
    if (!key) return std::unexpected(key.error());
    auto value = read.number(f, "value", field + ".value");
    if (!value) return std::unexpected(value.error());
    auto unit = read.string(f, "unit", field + ".unit", "");
    if (!unit) return std::unexpected(unit.error());
    auto note = read.string(f, "note", field + ".note", "");
    if (!note) return std::unexpected(note.error());
    return SummaryFigure{*key, *value, *unit, *note};
}

/// The machine description is kept as JSON, and every face reads fields of it with fixed types
/// (the GUI's result view, the measured pyramid's caches, the history's machine summary). A record
/// whose `os` was a number was stored and then aborted the GUI at each start (issue #17): each
/// field a face reads is checked here, in the one reader, so what imports is what every face reads.
models::Result<void> checkMachine(const json& machine, const FieldReader& read)
{
    if (!machine.is_object()) return read.error("machine", "expected an object, found " + typeName(machine));
    const auto check = [&](const json& object, const std::string& prefix, std::initializer_list<const char*> keys,
                           bool numbers) -> models::Result<void> {
        for (const char* key : keys) {
            const json* value = read.find(object, key);
            if (value == nullptr) continue;
            const bool ok = numbers ? value->is_number() : value->is_string();
            if (!ok) return read.error(prefix + key, std::string("expected ") + (numbers ? "a number" : "a string") + ", found " + typeName(*value));
        }
        return {};
    };
    if (auto ok = check(machine, "machine.", {"cpu_model", "os", "compiler", "topology_source"}, false); !ok) return ok;
    if (auto ok = check(machine, "machine.", {"packages", "physical_cores", "logical_cpus", "memory_bytes"}, true); !ok) return ok;
    for (const char* key : {"gpu", "cuda"}) {
        const json* device = read.find(machine, key);
        if (device == nullptr) continue;
        const std::string prefix = std::string("machine.") + key;
        if (!device->is_object()) return read.error(prefix, "expected an object, found " + typeName(*device));
        if (auto ok = check(*device, prefix + ".", {"name"}, false); !ok) return ok;
    }
    const json* caches = read.find(machine, "caches");
    if (caches == nullptr) return {};
    if (!caches->is_array()) return read.error("machine.caches", "expected an array, found " + typeName(*caches));
    for (std::size_t i = 0; i < caches->size(); ++i) {
        const json& cache = (*caches)[i];
        const std::string prefix = "machine.caches[" + std::to_string(i) + "]";
        if (!cache.is_object()) return read.error(prefix, "expected an object, found " + typeName(cache));
        if (auto ok = check(cache, prefix + ".", {"type"}, false); !ok) return ok;
        if (auto ok = check(cache, prefix + ".", {"size_bytes", "instances", "line_bytes"}, true); !ok) return ok;
        // The level is read as an int (L1, L2, …): a fraction or a huge number is not a level.
        if (const json* level = read.find(cache, "level"); level != nullptr) {
            if (!level->is_number_integer() || level->get<std::int64_t>() < 0 || level->get<std::int64_t>() > 9) {
                return read.error(prefix + ".level", "expected a cache level from 0 to 9, found " + level->dump());
            }
        }
    }
    return {};
}

models::Result<void> checkSeriesSize(const json& series, const FieldReader& read)
{
    if (series.size() > maxResultSeries) {
        return read.error("series", "too many series (" + models::readableText(double(series.size())) + " > " +
                                        models::readableText(double(maxResultSeries)) + ")");
    }
    std::size_t points = 0;
    for (const auto& s : series) {
        if (const json* p = s.is_object() ? read.find(s, "points") : nullptr; p != nullptr && p->is_array()) points += p->size();
    }
    if (points > maxResultPoints) {
        return read.error("series", "too many points (" + models::readableText(double(points)) + " > " +
                                        models::readableText(double(maxResultPoints)) + " in all series)");
    }
    return {};
}

models::Result<void> readBody(const json& doc, LabResult& r, const FieldReader& read)
{
    for (auto [key, target] : {std::pair{"lab", &r.labId}, std::pair{"title", &r.title}}) {
        auto text = read.string(doc, key, key);
        if (!text) return std::unexpected(text.error());
        *target = std::move(*text);
    }
    r.machine = doc.value("machine", json::object());
    if (r.machine.is_null()) r.machine = json::object(); // a record made without a machine description
    if (auto machine = checkMachine(r.machine, read); !machine) return machine;
    for (const auto& [key, value] : doc["parameters"].items()) {
        auto number = read.number(value, "parameters." + key);
        if (!number) return std::unexpected(number.error());
        r.parameters[key] = *number;
    }
    const json& series = doc["series"];
    if (auto ok = checkSeriesSize(series, read); !ok) return ok;
    for (std::size_t i = 0; i < series.size(); ++i) {
        auto one = readSeries(series[i], "series[" + std::to_string(i) + "]", read);
        if (!one) return std::unexpected(one.error());
        r.series.push_back(std::move(*one));
    }
    const json& summary = doc["summary"];
    for (std::size_t i = 0; i < summary.size(); ++i) {
        auto one = readSummary(summary[i], "summary[" + std::to_string(i) + "]", read);
        if (!one) return std::unexpected(one.error());
        r.summary.push_back(std::move(*one));
    }
    if (const json* notes = read.find(doc, "notes"); notes != nullptr) {
        if (!notes->is_array()) return read.error("notes", "expected an array, found " + typeName(*notes));
        for (std::size_t i = 0; i < notes->size(); ++i) {
            const json& note = (*notes)[i];
            if (!note.is_string()) return read.error("notes[" + std::to_string(i) + "]", "expected a string, found " + typeName(note));
            r.notes.push_back(note.get<std::string>());
        }
    }
    auto startedAt = read.string(doc, "started_at", "started_at", "");
    if (!startedAt) return std::unexpected(startedAt.error());
    r.startedAt = std::move(*startedAt);
    auto duration = read.number(doc, "duration_s", "duration_s");
    if (!duration) return std::unexpected(duration.error());
    r.durationSeconds = *duration;
    return {};
}

} // namespace

models::Result<LabResult> labResultFromJson(std::string_view text, const std::string& fileName)
{
    if (auto encoding = models::checkUtf8(text, fileName); !encoding) return std::unexpected(encoding.error());
    if (auto nesting = checkNesting(text, fileName); !nesting) return std::unexpected(nesting.error());
    json doc;
    std::string lastKey; // the field being read, for errors nlohmann reports without a place
    std::vector<std::set<std::string>> keysOfObjects; // to refuse a key given twice in one object
    std::string duplicate;
    try {
        doc = json::parse(text, [&](int, json::parse_event_t event, json& parsed) {
            if (event == json::parse_event_t::object_start) keysOfObjects.emplace_back();
            if (event == json::parse_event_t::object_end && !keysOfObjects.empty()) keysOfObjects.pop_back();
            if (event == json::parse_event_t::key && parsed.is_string()) {
                lastKey = parsed.get<std::string>();
                if (!keysOfObjects.empty() && !keysOfObjects.back().insert(lastKey).second && duplicate.empty()) {
                    duplicate = lastKey;
                }
            }
            return true;
        });
    } catch (const json::parse_error& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: …" → "line 1, column 2: …"
        std::string what = e.what();
        if (const auto at = what.find(" at "); at != std::string::npos) what = what.substr(at + 4);
        return models::fail(models::ErrorCode::InvalidData, fileName + ": not JSON: " + what);
    } catch (const json::exception& e) {
        // out_of_range for a number such as 1e999: bad input, not a bug (issue #17).
        std::string what = e.what();
        if (const auto close = what.find("] "); close != std::string::npos) what = what.substr(close + 2);
        const std::string field = lastKey.empty() ? std::string("(record)") : models::quotedExcerpt(lastKey);
        return models::fail(models::ErrorCode::InvalidData, fileName + ": " + field + ": " + what);
    }
    if (!duplicate.empty()) {
        // nlohmann keeps the last of two equal keys silently; which one the author meant is unknown.
        return models::fail(models::ErrorCode::InvalidData,
                            fileName + ": " + models::quotedExcerpt(duplicate) +
                                ": the key is given twice in one object");
    }
    if (!doc.is_object()) {
        return models::fail(models::ErrorCode::InvalidData, fileName + ": not a JSON object (is it a lab result file?)");
    }
    const auto need = [&](const char* key, json::value_t type) -> models::Result<void> {
        if (!doc.contains(key)) return models::fail(models::ErrorCode::InvalidData, fileName + ": missing key '" + key + "'");
        const bool numberOk = type == json::value_t::number_float && doc[key].is_number();
        if (doc[key].type() != type && !numberOk) {
            return models::fail(models::ErrorCode::InvalidData, fileName + ": key '" + key + "' has the wrong type");
        }
        return {};
    };
    if (!doc.contains("schema_version")) {
        return models::fail(models::ErrorCode::InvalidData, fileName + ": missing key 'schema_version'");
    }
    if (!doc["schema_version"].is_number_integer()) {
        return models::fail(models::ErrorCode::InvalidData, fileName + ": schema_version: not a whole number");
    }
    // Read unsigned first: 2^63 and above would wrap to a negative int64 and be misreported.
    const bool positive = doc["schema_version"].is_number_unsigned();
    if (positive && doc["schema_version"].get<std::uint64_t>() > static_cast<std::uint64_t>(labResultSchemaVersion)) {
        return models::fail(models::ErrorCode::Unsupported,
                            fileName + ": result schema " + std::to_string(doc["schema_version"].get<std::uint64_t>()) +
                                " was made by a newer Accelscope (this one reads " + std::to_string(labResultSchemaVersion) + ")");
    }
    const auto version = positive ? static_cast<std::int64_t>(doc["schema_version"].get<std::uint64_t>())
                                  : doc["schema_version"].get<std::int64_t>();
    if (version < 1) {
        return models::fail(models::ErrorCode::InvalidData,
                            fileName + ": schema_version: " + std::to_string(version) + " is not a schema version");
    }
    for (const auto& [key, type] : {std::pair{"lab", json::value_t::string}, std::pair{"title", json::value_t::string},
                                    std::pair{"series", json::value_t::array}, std::pair{"summary", json::value_t::array},
                                    std::pair{"parameters", json::value_t::object}, std::pair{"duration_s", json::value_t::number_float}}) {
        if (auto ok = need(key, type); !ok) return std::unexpected(ok.error());
    }
    LabResult r;
    r.schemaVersion = static_cast<int>(version);
    const FieldReader read(fileName);
    if (auto body = readBody(doc, r, read); !body) return std::unexpected(body.error());
    return r;
}

std::string machineSummary(const json& machine)
{
    std::string text = machine.value("cpu_model", std::string("unknown CPU"));
    if (machine.contains("gpu") && machine["gpu"].is_object() && machine["gpu"].contains("name") && machine["gpu"]["name"].is_string()) {
        text += " + " + machine["gpu"]["name"].get<std::string>();
    }
    return text;
}

models::catalog::StoredLabResult storedLabResult(const LabResult& result, const std::string& origin, const std::string& sourceFile)
{
    models::catalog::StoredLabResult stored;
    stored.labId = result.labId;
    stored.title = result.title;
    stored.startedAt = result.startedAt;
    stored.machine = result.machine.is_object() ? machineSummary(result.machine) : std::string("unknown machine");
    stored.origin = origin;
    stored.sourceFile = sourceFile;
    stored.record = labResultJson(result).dump();
    return stored;
}

models::Result<LabResult> labResultFromStored(const models::catalog::StoredLabResult& stored)
{
    return labResultFromJson(stored.record, "stored result #" + std::to_string(stored.id));
}

models::Result<LabResult> labResultFromFile(const std::string& path)
{
    auto text = models::readFileWithLimit(path, models::inputLimits::labResultBytes);
    if (!text) return std::unexpected(text.error());
    return labResultFromJson(*text, path);
}

} // namespace accelscope::labs
