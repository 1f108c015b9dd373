// SPDX-License-Identifier: MIT
// Measured roofline: the ceilings and points of a roofline lab's result.
#include "labs/measured/measured_roofline.hpp"

#include "models/roofline/roof_selection.hpp"

#include "labs/lab_result_json.hpp"
#include "labs/measured/stored_results.hpp"

#include <algorithm>

namespace accelscope::labs {

namespace {

/// The cpu-kernels lab's kernels: every key with all four figures, in the order the run stored them.
std::vector<MeasuredKernel> kernelsOf(const LabResult& result)
{
    std::vector<MeasuredKernel> out;
    const std::string suffix = "_flops";
    for (const auto& f : result.summary) {
        if (!f.key.ends_with(suffix) || f.key.ends_with("_gflops")) continue;
        const std::string key = f.key.substr(0, f.key.size() - suffix.size());
        const auto bytes = positiveFigure(result, key + "_bytes");
        const auto measured = positiveFigure(result, key + "_measured_ms");
        const auto predicted = positiveFigure(result, key + "_predicted_ms");
        if (!(f.value > 0) || !bytes || !measured || !predicted) continue;
        const auto bound = std::ranges::find(result.summary, key + "_compute_bound", &SummaryFigure::key);
        out.push_back({key, f.note, f.value, *bytes, *measured / 1e3, *predicted / 1e3,
                       bound != result.summary.end() && bound->value > 0.5});
    }
    return out;
}

std::optional<MeasuredRoofline> kernelsRoofline(const LabResult& result)
{
    const auto compute = positiveFigure(result, "fp32_peak_gflops");
    const auto memory = positiveFigure(result, "read_bandwidth_gbs");
    if (!compute || !memory) return std::nullopt;
    MeasuredRoofline measured;
    measured.name = machineSummary(result.machine) + ", one core";
    measured.computeGflops = *compute;
    measured.memoryGbs = *memory;
    measured.source = "cpu-kernels lab, " + result.startedAt + " (FP32 peak and read bandwidth of one core, measured in the run)";
    measured.kernels = kernelsOf(result);
    return measured;
}

} // namespace

models::Result<std::optional<MeasuredRoofline>> latestKernelsRoofline(const models::catalog::UserStore& store)
{
    const auto latest = latestStoredResult(store, "cpu-kernels");
    if (!latest) return std::unexpected(latest.error());
    if (!*latest) return std::optional<MeasuredRoofline>{};
    return kernelsRoofline((*latest)->result);
}

std::optional<MeasuredRoofline> measuredRoofline(const LabResult& result)
{
    if (result.labId == "cpu-kernels") return kernelsRoofline(result);
    const bool cpu = result.labId == "cpu-roofline";
    if (!cpu && result.labId != "cuda-roofline") return std::nullopt;
    const auto compute = positiveFigure(result, cpu ? "compute_ceiling_gflops" : "peak_gflops");
    const auto memory = positiveFigure(result, cpu ? "memory_ceiling_gbs" : "peak_gbs");
    if (!compute || !memory) return std::nullopt;
    MeasuredRoofline measured;
    measured.name = machineSummary(result.machine);
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

std::optional<MeasuredRoofline> firstMeasuredRoofline(const std::vector<LabResult>& results)
{
    for (const auto& r : results) {
        if (auto measured = measuredRoofline(r)) return measured;
    }
    return std::nullopt;
}


} // namespace accelscope::labs
