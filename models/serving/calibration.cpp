// SPDX-License-Identifier: MIT
// Least-squares (in log space) grid fit of serving efficiencies per device family.
#include "models/serving/calibration.hpp"

#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_model.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace accelscope::models::serving {
namespace {

/// A row resolved against the catalog and the presets, ready to be predicted many times.
struct Placed {
    const MlperfRow* row = nullptr;
    const catalog::Device* device = nullptr;
    roofline::TransformerConfig config;
    ServingRequest request;
    std::string family;
    ServingDevice resolved; ///< figures resolved once; only the efficiencies change per trial
};

ServingRequest requestOf(const MlperfRow& r)
{
    ServingRequest q;
    q.weights = r.weights.empty() ? "fp8" : r.weights;
    q.kvCache = r.kvCache.empty() ? q.weights : r.kvCache;
    q.inputTokens = static_cast<int>(std::lround(r.inputTokens));
    q.outputTokens = static_cast<int>(std::lround(r.outputTokens));
    q.scenario = r.scenario == "Server" ? Scenario::Server : Scenario::Offline;
    q.ttftLimitMs = r.ttftLimitMs;
    q.tpotLimitMs = r.tpotLimitMs;
    return q;
}

/// Places rows; the reasons for rows it cannot place go to `skipped`.
std::vector<Placed> place(const std::vector<MlperfRow>& rows, const std::vector<catalog::Device>& devices,
                          const std::vector<roofline::TransformerConfig>& presets, std::vector<std::string>& skipped)
{
    std::vector<Placed> out;
    for (const auto& r : rows) {
        const auto dev = std::ranges::find(devices, r.deviceId, &catalog::Device::id);
        const auto cfg = std::ranges::find(presets, r.modelId, &roofline::TransformerConfig::id);
        const std::string where = "line " + std::to_string(r.line) + ": ";
        if (dev == devices.end()) { skipped.push_back(where + "no catalog device '" + r.deviceId + "'"); continue; }
        if (cfg == presets.end()) { skipped.push_back(where + "no model preset for '" + r.benchmark + "'"); continue; }
        Placed p{&r, &*dev, *cfg, requestOf(r), deviceFamily(*dev), {}};
        // Resolving the device checks the formats once; efficiencies are set per trial.
        auto d = servingDevice(*dev, p.request, EfficiencyTable{});
        if (!d) {
            skipped.push_back(where + d.error().message);
            continue;
        }
        p.resolved = *d;
        out.push_back(std::move(p));
    }
    return out;
}

/// Predicted tokens/s of a placed row at the given efficiencies; nullopt when it does not fit or
/// cannot meet its limits.
std::optional<double> predict(const Placed& p, double computeEff, double kvEff, double memoryEff)
{
    ServingDevice d = p.resolved;
    d.efficiency.compute = computeEff;
    d.efficiency.kv = kvEff;
    d.efficiency.memory = memoryEff;
    auto e = estimateServing(p.config, d, p.request, p.row->count);
    if (!e || !e->fits) return std::nullopt;
    return e->tokensPerS;
}

/// Sum of squared log errors; rows that cannot be predicted cost as much as a factor of 10.
double cost(const std::vector<const Placed*>& rows, double c, double m, double memory)
{
    double sum = 0.0;
    for (const auto* p : rows) {
        const auto pred = predict(*p, c, m, memory);
        const double l = pred ? std::log(*pred / p->row->tokensPerS) : std::log(10.0);
        sum += l * l;
    }
    return sum;
}

/// (compute_eff, kv_eff) minimising the cost with memory_eff fixed.
std::pair<double, double> fitGrid(const std::vector<const Placed*>& rows, double memory)
{
    double bestC = 0.5, bestM = 0.5, best = 1e300;
    const auto scan = [&](double c0, double c1, double m0, double m1, double step) {
        const int nc = static_cast<int>(std::lround((c1 - c0) / step));
        const int nm = static_cast<int>(std::lround((m1 - m0) / step));
        for (int i = 0; i <= nc; ++i) {
            for (int j = 0; j <= nm; ++j) {
                const double c = c0 + i * step;
                const double m = m0 + j * step;
                if (c <= 0.0 || m <= 0.0 || c > 1.0 || m > 1.0) continue;
                const double v = cost(rows, c, m, memory);
                if (v < best - 1e-12) { best = v; bestC = c; bestM = m; }
            }
        }
    };
    scan(0.04, 1.0, 0.04, 1.0, 0.04);
    scan(bestC - 0.04, bestC + 0.04, bestM - 0.04, bestM + 0.04, 0.01);
    scan(bestC - 0.01, bestC + 0.01, bestM - 0.01, bestM + 0.01, 0.0025);
    // Round to the grid so the committed file and a refit compare exactly.
    return {std::round(bestC * 1000.0) / 1000.0, std::round(bestM * 1000.0) / 1000.0};
}

CalibrationPoint pointOf(const Placed& p, const Efficiency& e)
{
    CalibrationPoint pt{*p.row, p.family, 0.0, 0.0};
    if (const auto pred = predict(p, e.compute, e.kv, e.memory)) {
        pt.predictedTokensPerS = *pred;
        pt.errorPct = (*pred - p.row->tokensPerS) / p.row->tokensPerS * 100.0;
    } else {
        pt.errorPct = -100.0;
    }
    return pt;
}

Efficiency summarise(Efficiency e, const std::vector<CalibrationPoint>& pts)
{
    e.points = static_cast<int>(pts.size());
    // Band: the 5th and 95th percentiles of measured/predicted − 1 (nearest rank) with 10 rows or
    // more, their minimum and maximum below that; always containing 0.
    std::vector<double> ratios;
    for (const auto& p : pts) {
        if (p.predictedTokensPerS > 0.0) ratios.push_back(p.row.tokensPerS / p.predictedTokensPerS - 1.0);
    }
    std::ranges::sort(ratios);
    double lo = 0.0, hi = 0.0;
    if (!ratios.empty()) {
        const std::size_t n = ratios.size();
        const std::size_t k = n >= 10 ? static_cast<std::size_t>(std::ceil(0.05 * double(n))) - 1 : 0;
        lo = std::min(0.0, ratios[k]);
        hi = std::max(0.0, ratios[n - 1 - k]);
    }
    e.bandLow = lo;
    e.bandHigh = hi;
    std::tie(e.medianAbsPct, e.worstAbsPct) = medianAndWorstAbsPct(pts);
    return e;
}

double round6(double v) { return std::round(v * 1e6) / 1e6; }

nlohmann::json pointJson(const CalibrationPoint& p)
{
    return {{"line", p.row.line}, {"round", p.row.round}, {"submitter", p.row.submitter}, {"system", p.row.system},
            {"device", p.row.deviceId}, {"family", p.family}, {"count", p.row.count}, {"benchmark", p.row.benchmark},
            {"scenario", p.row.scenario}, {"measured_tokens_per_s", p.row.tokensPerS},
            {"predicted_tokens_per_s", round6(p.predictedTokensPerS)}, {"error_pct", round6(p.errorPct)},
            {"source", p.row.source}};
}

nlohmann::json efficiencyJson(const Efficiency& e)
{
    return {{"family", e.family}, {"compute_eff", e.compute}, {"memory_eff", round6(e.memory)}, {"kv_eff", e.kv}, {"points", e.points},
            {"band_low", round6(e.bandLow)}, {"band_high", round6(e.bandHigh)},
            {"median_abs_pct", round6(e.medianAbsPct)}, {"worst_abs_pct", round6(e.worstAbsPct)}};
}

} // namespace

bool isCalibrationRound(std::string_view round)
{
    return round == "v4.0" || round == "v4.1" || round == "4.0" || round == "4.1";
}

std::pair<double, double> medianAndWorstAbsPct(const std::vector<CalibrationPoint>& points)
{
    if (points.empty()) return {0.0, 0.0};
    std::vector<double> abs;
    for (const auto& p : points) abs.push_back(std::fabs(p.errorPct));
    std::ranges::sort(abs);
    const std::size_t n = abs.size();
    const double median = n % 2 == 1 ? abs[n / 2] : (abs[n / 2 - 1] + abs[n / 2]) / 2.0;
    return {median, abs.back()};
}

Result<Calibration> calibrate(const std::vector<MlperfRow>& rows, const std::vector<MlperfRow>& heldout,
                              const std::vector<catalog::Device>& devices, const std::vector<BandwidthMeasurement>& bandwidth,
                              const std::vector<std::string>& models)
{
    if (bandwidth.empty()) return fail(ErrorCode::InvalidArgument, "no memory bandwidth measurements: memory_eff comes from them");
    for (const auto& r : rows) {
        if (!isCalibrationRound(r.round)) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(r.line) + ": round '" + r.round +
                                                    "' is held out: only v4.0 and v4.1 rows are fitted");
        }
    }
    const auto presets = roofline::modelPresets();
    if (!presets) return std::unexpected(presets.error());
    Calibration out;
    std::vector<MlperfRow> fitted;
    std::vector<MlperfRow> others;
    for (const auto& r : rows) {
        (models.empty() || std::ranges::find(models, r.modelId) != models.end() ? fitted : others).push_back(r);
    }
    const auto placed = place(fitted, devices, *presets, out.skipped);
    if (placed.empty()) return fail(ErrorCode::InvalidData, "no calibration row could be placed on the catalog");

    std::map<std::string, std::vector<const Placed*>> byFamily;
    std::vector<const Placed*> all;
    for (const auto& p : placed) {
        byFamily[p.family].push_back(&p);
        all.push_back(&p);
    }
    // memory_eff: the median measured bandwidth fraction of the family's devices, else of all.
    const auto median = [](std::vector<double> v) {
        std::ranges::sort(v);
        const std::size_t n = v.size();
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    };
    std::map<std::string, std::vector<double>> measured;
    std::vector<double> allMeasured;
    for (const auto& b : bandwidth) {
        allMeasured.push_back(b.efficiency);
        const auto dev = std::ranges::find(devices, b.deviceId, &catalog::Device::id);
        if (dev != devices.end()) measured[deviceFamily(*dev)].push_back(b.efficiency);
    }
    const double pooledMemory = median(allMeasured);
    const auto fitFamily = [&](std::string family, const std::vector<const Placed*>& members, double memory) {
        Efficiency e;
        e.family = std::move(family);
        e.memory = memory;
        std::tie(e.compute, e.kv) = fitGrid(members, memory);
        std::vector<CalibrationPoint> pts;
        for (const auto* p : members) pts.push_back(pointOf(*p, e));
        return std::pair{summarise(e, pts), pts};
    };
    auto [pooled, pooledPts] = fitFamily("pooled", all, pooledMemory);
    out.table.pooled = pooled;
    for (const auto& [family, members] : byFamily) {
        const auto m = measured.find(family);
        auto [e, pts] = fitFamily(family, members, m != measured.end() ? median(m->second) : pooledMemory);
        // Fewer than 10 rows cannot show a family's spread: its band is at least the pooled one.
        if (e.points < 10) {
            e.bandLow = std::min(e.bandLow, out.table.pooled.bandLow);
            e.bandHigh = std::max(e.bandHigh, out.table.pooled.bandHigh);
        }
        out.table.families.push_back(e);
        out.points.insert(out.points.end(), pts.begin(), pts.end());
    }
    out.table.calibratedOn = "MLPerf Inference v4.0 and v4.1 closed, " + std::to_string(out.points.size()) + " rows";

    for (const auto& p : place(others, devices, *presets, out.skipped)) {
        out.reported.push_back(pointOf(p, out.table.forFamily(p.family)));
    }
    std::vector<std::string> heldSkipped;
    for (const auto& p : place(heldout, devices, *presets, heldSkipped)) {
        out.heldout.push_back(pointOf(p, out.table.forFamily(p.family)));
    }
    for (auto& s : heldSkipped) out.skipped.push_back("held out " + s);
    return out;
}

nlohmann::json calibrationJson(const Calibration& c, const std::string& dataPath, const std::string& heldoutPath)
{
    nlohmann::json families = nlohmann::json::array();
    for (const auto& f : c.table.families) families.push_back(efficiencyJson(f));
    nlohmann::json points = nlohmann::json::array();
    for (const auto& p : c.points) points.push_back(pointJson(p));
    const auto [median, worst] = medianAndWorstAbsPct(c.points);
    nlohmann::json doc{{"calibrated_on", c.table.calibratedOn}, {"data", dataPath},
                       {"method", "per family, memory_eff = median published bandwidth measurement of its devices (all devices when none); "
                                  "minimise sum of (ln predicted/measured)^2 over compute_eff and kv_eff "
                                  "(grid 0.04, refined to 0.01 and 0.0025); band = 5th/95th percentile of measured/predicted - 1 (min/max below 10 rows)"},
                       {"pooled", efficiencyJson(c.table.pooled)}, {"families", families},
                       {"overall", {{"points", c.points.size()}, {"median_abs_pct", round6(median)}, {"worst_abs_pct", round6(worst)}}},
                       {"points", points}, {"skipped", c.skipped}};
    if (!c.reported.empty()) {
        nlohmann::json rep = nlohmann::json::array();
        for (const auto& p : c.reported) rep.push_back(pointJson(p));
        const auto [rm, rw] = medianAndWorstAbsPct(c.reported);
        doc["reported"] = {{"points", rep.size()}, {"median_abs_pct", round6(rm)}, {"worst_abs_pct", round6(rw)}, {"rows", rep},
                           {"note", "v4.x rows of models not fitted (no mean prompt length in the data): predicted, never fitted"}};
    }
    if (!heldoutPath.empty()) {
        nlohmann::json held = nlohmann::json::array();
        for (const auto& p : c.heldout) held.push_back(pointJson(p));
        const auto [hm, hw] = medianAndWorstAbsPct(c.heldout);
        doc["heldout"] = {{"data", heldoutPath}, {"points", held.size()}, {"median_abs_pct", round6(hm)},
                          {"worst_abs_pct", round6(hw)}, {"rows", held}, {"note", "predicted with the fit above, never fitted"}};
    }
    return doc;
}

} // namespace accelscope::models::serving
