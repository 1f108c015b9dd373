// SPDX-License-Identifier: MIT
// Measured pyramid: latency and bandwidth results matched to the cache levels of their machine.
#include "labs/measured/measured_pyramid.hpp"

#include "labs/lab_result_json.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace accelscope::labs {
namespace {


// Data caches of the machine a result was made on: (level, bytes), smallest first.
std::vector<std::pair<int, double>> dataCaches(const LabResult& r)
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
std::optional<Point> nearest(const Series& s, double kib)
{
    if (s.points.empty() || kib <= 0) return std::nullopt;
    return *std::ranges::min_element(s.points, {}, [&](const Point& p) { return std::fabs(std::log(p.x / kib)); });
}

MeasuredLevel& levelNamed(MeasuredPyramid& pyramid, const std::string& name)
{
    const auto it = std::ranges::find(pyramid.levels, name, &MeasuredLevel::level);
    if (it != pyramid.levels.end()) return *it;
    return pyramid.levels.emplace_back(MeasuredLevel{name, 0, 0, 0});
}

void addLatency(const LabResult& r, MeasuredPyramid& pyramid)
{
    for (const auto& [level, bytes] : dataCaches(r)) {
        if (const auto ns = positiveFigure(r, "l" + std::to_string(level) + "_latency_ns")) {
            MeasuredLevel& l = levelNamed(pyramid, "L" + std::to_string(level));
            l.latencyNs = *ns;
            l.workingSetBytes = bytes / 2;
        }
    }
    if (const auto ns = positiveFigure(r, "dram_latency_ns")) levelNamed(pyramid, "DRAM").latencyNs = *ns;
}

void addBandwidth(const LabResult& r, MeasuredPyramid& pyramid)
{
    const auto sweep = std::ranges::find_if(r.series, [](const Series& s) { return s.xUnit == "KiB"; });
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
    if (const auto gbs = positiveFigure(r, "read_best_gbs")) levelNamed(pyramid, "DRAM").bandwidthGbs = *gbs;
}

} // namespace

std::optional<MeasuredPyramid> measuredPyramid(const std::vector<LabResult>& results)
{
    MeasuredPyramid pyramid;
    std::vector<std::string> sources;
    for (const auto& r : results) {
        if (r.labId == "cpu-latency") {
            addLatency(r, pyramid);
            sources.push_back("latency " + r.startedAt);
        } else if (r.labId == "cpu-memory-bandwidth") {
            addBandwidth(r, pyramid);
            sources.push_back("bandwidth " + r.startedAt);
        }
    }
    if (pyramid.levels.empty()) return std::nullopt;
    std::string joined;
    for (const auto& s : sources) joined += (joined.empty() ? "" : ", ") + s;
    // Short: the page uses it as a column title; the dates go to the status line.
    pyramid.name = machineSummary(results.front().machine) + ", measured (" + joined + ")";
    // L1, L2, L3 then DRAM: the order of the pyramid, fastest first.
    std::ranges::stable_sort(pyramid.levels, {}, [](const MeasuredLevel& l) { return l.level == "DRAM" ? 99 : l.level[1] - '0'; });
    return pyramid;
}

} // namespace accelscope::labs
