// SPDX-License-Identifier: MIT
// LabResult ⇄ JSON.
#include "labs/lab_result_json.hpp"

#include <limits>

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

// JSON has no NaN or infinity: nlohmann writes a non-finite double as null, read back as NaN.
double numberOrNan(const json& value)
{
    return value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
}

} // namespace

models::Result<LabResult> labResultFromJson(std::string_view text, const std::string& fileName)
{
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: …" → "line 1, column 2: …"
        std::string what = e.what();
        if (const auto at = what.find(" at "); at != std::string::npos) what = what.substr(at + 4);
        return models::fail(models::ErrorCode::InvalidData, fileName + ": not JSON: " + what);
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
    if (!doc.contains("schema_version") || !doc["schema_version"].is_number_integer()) {
        return models::fail(models::ErrorCode::InvalidData, fileName + ": missing key 'schema_version'");
    }
    const int version = doc["schema_version"].get<int>();
    if (version > labResultSchemaVersion) {
        return models::fail(models::ErrorCode::Unsupported, fileName + ": result schema " + std::to_string(version) +
                                                                " was made by a newer Accelscope (this one reads " +
                                                                std::to_string(labResultSchemaVersion) + ")");
    }
    for (const auto& [key, type] : {std::pair{"lab", json::value_t::string}, std::pair{"title", json::value_t::string},
                                    std::pair{"series", json::value_t::array}, std::pair{"summary", json::value_t::array},
                                    std::pair{"parameters", json::value_t::object}, std::pair{"duration_s", json::value_t::number_float}}) {
        if (auto ok = need(key, type); !ok) return std::unexpected(ok.error());
    }
    LabResult r;
    try {
        r.schemaVersion = version;
        r.labId = doc["lab"];
        r.title = doc["title"];
        r.machine = doc.value("machine", json::object());
        r.parameters = doc["parameters"].get<std::map<std::string, double>>();
        for (const auto& s : doc["series"]) {
            Series series{s.at("name"), s.at("x_label"), s.at("x_unit"), s.at("y_label"), s.at("y_unit"), {}};
            for (const auto& p : s.at("points")) series.points.push_back(Point{numberOrNan(p.at(0)), numberOrNan(p.at(1))});
            r.series.push_back(std::move(series));
        }
        for (const auto& f : doc["summary"]) {
            r.summary.push_back(SummaryFigure{f.at("key"), numberOrNan(f.at("value")), f.value("unit", ""), f.value("note", "")});
        }
        r.notes = doc.value("notes", std::vector<std::string>{});
        r.startedAt = doc.value("started_at", "");
        r.durationSeconds = doc["duration_s"].get<double>();
    } catch (const json::exception& e) {
        // nlohmann reports a wrong or missing nested key by exception; it is bad input, not a bug.
        return models::fail(models::ErrorCode::InvalidData, fileName + ": malformed record (" + std::string(e.what()) + ")");
    }
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

} // namespace accelscope::labs
