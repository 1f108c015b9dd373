// SPDX-License-Identifier: MIT
// Device families and the fitted efficiency table (parsed from the fit document).
#include "models/serving/serving_efficiency.hpp"

#include "models/serving/serving_fit_data.hpp"

#include <nlohmann/json.hpp>

#include <cctype>

namespace accelscope::models::serving {
namespace {

std::string lower(std::string_view s)
{
    std::string out;
    for (const char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

Result<Efficiency> parseEfficiency(const nlohmann::json& j, const std::string& where)
{
    const auto number = [&](const char* key, double& out) -> Result<void> {
        if (!j.contains(key) || !j[key].is_number()) return fail(ErrorCode::InvalidData, where + ": " + key + ": a number is required");
        out = j[key].get<double>();
        return {};
    };
    Efficiency e;
    if (!j.is_object()) return fail(ErrorCode::InvalidData, where + ": an object is required");
    e.family = j.value("family", std::string("pooled"));
    for (const auto& [key, field] : {std::pair{"compute_eff", &e.compute}, std::pair{"memory_eff", &e.memory},
                                     std::pair{"band_low", &e.bandLow}, std::pair{"band_high", &e.bandHigh},
                                     std::pair{"median_abs_pct", &e.medianAbsPct},
                                     std::pair{"worst_abs_pct", &e.worstAbsPct}}) {
        if (auto r = number(key, *field); !r) return std::unexpected(r.error());
    }
    if (!(e.compute > 0.0 && e.compute <= 1.0) || !(e.memory > 0.0 && e.memory <= 1.0)) {
        return fail(ErrorCode::InvalidData, where + ": compute_eff and memory_eff must be in (0, 1]");
    }
    e.kv = j.contains("kv_eff") && j["kv_eff"].is_number() ? j["kv_eff"].get<double>() : e.memory;
    if (!(e.kv > 0.0 && e.kv <= 1.0)) return fail(ErrorCode::InvalidData, where + ": kv_eff must be in (0, 1]");
    e.points = j.value("points", 0);
    e.provenance = "fitted on " + std::to_string(e.points) + " MLPerf Inference v4.x rows of family " + e.family;
    return e;
}

} // namespace

Efficiency EfficiencyTable::forFamily(std::string_view family) const
{
    for (const auto& f : families) {
        if (f.family == family) return f;
    }
    Efficiency e = pooled;
    e.family = std::string(family);
    e.provenance = "pooled fit over every family (" + std::to_string(pooled.points) + " rows): no calibration rows for " +
                   std::string(family);
    return e;
}

std::string deviceFamily(const catalog::Device& device)
{
    const std::string vendor = lower(device.vendor);
    std::string arch = lower(device.architecture);
    if (const auto dash = arch.find('-'); dash != std::string::npos) arch.resize(dash);
    return arch.empty() ? vendor : vendor + "-" + arch;
}

Result<EfficiencyTable> parseEfficiencyTable(std::string_view json, const std::string& fileName)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(json);
    } catch (const nlohmann::json::parse_error& e) {
        return fail(ErrorCode::InvalidData, fileName + ": " + e.what());
    }
    if (!doc.is_object() || !doc.contains("pooled") || !doc.contains("families") || !doc["families"].is_array()) {
        return fail(ErrorCode::InvalidData, fileName + ": 'pooled' and 'families' are required");
    }
    EfficiencyTable t;
    auto pooled = parseEfficiency(doc["pooled"], fileName + ": pooled");
    if (!pooled) return std::unexpected(pooled.error());
    t.pooled = *pooled;
    t.pooled.provenance = "pooled fit over every family (" + std::to_string(t.pooled.points) + " MLPerf Inference v4.x rows)";
    for (std::size_t i = 0; i < doc["families"].size(); ++i) {
        auto f = parseEfficiency(doc["families"][i], fileName + ": families[" + std::to_string(i) + "]");
        if (!f) return std::unexpected(f.error());
        t.families.push_back(*f);
    }
    t.calibratedOn = doc.value("calibrated_on", std::string());
    if (doc.contains("points") && doc["points"].is_array()) {
        for (const auto& p : doc["points"]) {
            if (!p.is_object()) return fail(ErrorCode::InvalidData, fileName + ": points: objects are required");
            t.points.push_back({p.value("round", ""), p.value("submitter", ""), p.value("system", ""), p.value("device", ""),
                                p.value("family", ""), p.value("count", 0), p.value("benchmark", ""), p.value("scenario", ""),
                                p.value("measured_tokens_per_s", 0.0), p.value("predicted_tokens_per_s", 0.0),
                                p.value("error_pct", 0.0), p.value("source", "")});
        }
    }
    return t;
}

Result<EfficiencyTable> bundledEfficiencies() { return parseEfficiencyTable(bundledServingFitJson(), "fit.json"); }

} // namespace accelscope::models::serving
