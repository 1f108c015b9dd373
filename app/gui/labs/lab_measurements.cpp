// SPDX-License-Identifier: MIT
#include "app/gui/labs/lab_measurements.hpp"

#include "labs/lab_result_json.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::gui {
namespace {

std::optional<double> figure(const labs::LabResult& r, const std::string& key)
{
    const auto it = std::ranges::find(r.summary, key, &labs::SummaryFigure::key);
    if (it == r.summary.end() || !(it->value > 0)) return std::nullopt;
    return it->value;
}

// Data caches of the machine a result was made on: (level, bytes), smallest first.
std::vector<std::pair<int, double>> dataCaches(const labs::LabResult& r)
{
    std::vector<std::pair<int, double>> caches;
    if (!r.machine.is_object() || !r.machine.contains("caches") || !r.machine["caches"].is_array()) return caches;
    for (const auto& c : r.machine["caches"]) {
        if (!c.is_object() || c.value("type", std::string()) == "instruction") continue;
        caches.emplace_back(c.value("level", 0), c.value("size_bytes", 0.0));
    }
    std::ranges::sort(caches);
    return caches;
}

// The sweep point whose working set (KiB) is nearest to `kib` on a log scale.
std::optional<labs::Point> nearest(const labs::Series& s, double kib)
{
    if (s.points.empty() || kib <= 0) return std::nullopt;
    return *std::ranges::min_element(s.points, {}, [&](const labs::Point& p) { return std::fabs(std::log(p.x / kib)); });
}

MeasuredLevel& levelNamed(MeasuredPyramid& pyramid, const std::string& name)
{
    const auto it = std::ranges::find(pyramid.levels, name, &MeasuredLevel::level);
    if (it != pyramid.levels.end()) return *it;
    return pyramid.levels.emplace_back(MeasuredLevel{name, 0, 0, 0});
}

} // namespace

std::optional<MeasuredRoofline> measuredRoofline(const labs::LabResult& result)
{
    const bool cpu = result.labId == "cpu-roofline";
    if (!cpu && result.labId != "cuda-roofline") return std::nullopt;
    const auto compute = figure(result, cpu ? "compute_ceiling_gflops" : "peak_gflops");
    const auto memory = figure(result, cpu ? "memory_ceiling_gbs" : "peak_gbs");
    if (!compute || !memory) return std::nullopt;
    MeasuredRoofline measured;
    measured.name = labs::machineSummary(result.machine);
    measured.computeGflops = *compute;
    measured.memoryGbs = *memory;
    measured.source = result.labId + " lab, " + result.startedAt;
    for (const auto& s : result.series) {
        if (s.xUnit != "FLOP/byte" || s.yUnit != "GFLOP/s") continue;
        for (const auto& p : s.points) measured.points.emplace_back(p.x, p.y);
        break; // the first such series is the measured one; a model curve may follow
    }
    return measured;
}

std::optional<MeasuredPyramid> measuredPyramid(const std::vector<labs::LabResult>& results)
{
    MeasuredPyramid pyramid;
    std::vector<std::string> sources;
    for (const auto& r : results) {
        if (r.labId == "cpu-latency") {
            for (const auto& [level, bytes] : dataCaches(r)) {
                if (const auto ns = figure(r, "l" + std::to_string(level) + "_latency_ns")) {
                    MeasuredLevel& l = levelNamed(pyramid, "L" + std::to_string(level));
                    l.latencyNs = *ns;
                    l.workingSetBytes = bytes / 2;
                }
            }
            if (const auto ns = figure(r, "dram_latency_ns")) levelNamed(pyramid, "DRAM").latencyNs = *ns;
            sources.push_back("latency " + r.startedAt);
        } else if (r.labId == "cpu-memory-bandwidth") {
            const auto sweep = std::ranges::find_if(r.series, [](const labs::Series& s) { return s.xUnit == "KiB"; });
            if (sweep != r.series.end()) {
                for (const auto& [level, bytes] : dataCaches(r)) {
                    // Only a point inside the level and not far below its size stands for it.
                    if (const auto p = nearest(*sweep, bytes / 2 / 1024); p && p->x * 1024 <= bytes && p->x * 1024 >= bytes / 8) {
                        MeasuredLevel& l = levelNamed(pyramid, "L" + std::to_string(level));
                        l.bandwidthGbs = p->y;
                        if (l.workingSetBytes == 0) l.workingSetBytes = p->x * 1024;
                    }
                }
            }
            if (const auto gbs = figure(r, "read_best_gbs")) levelNamed(pyramid, "DRAM").bandwidthGbs = *gbs;
            sources.push_back("bandwidth " + r.startedAt);
        }
    }
    if (pyramid.levels.empty()) return std::nullopt;
    std::string joined;
    for (const auto& s : sources) joined += (joined.empty() ? "" : ", ") + s;
    // Short: the page uses it as a column title; the dates go to the status line.
    pyramid.name = labs::machineSummary(results.front().machine) + ", measured (" + joined + ")";
    // L1, L2, L3 then DRAM: the order of the pyramid, fastest first.
    std::ranges::stable_sort(pyramid.levels, {}, [](const MeasuredLevel& l) { return l.level == "DRAM" ? 99 : l.level[1] - '0'; });
    return pyramid;
}

} // namespace accelscope::gui
