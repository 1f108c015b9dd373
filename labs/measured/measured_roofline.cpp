// SPDX-License-Identifier: MIT
// Measured roofline: the ceilings and points of a roofline lab's result.
#include "labs/measured/measured_roofline.hpp"

#include "models/roofline/roof_selection.hpp"

#include "labs/lab_result_json.hpp"

#include <algorithm>

namespace accelscope::labs {

std::optional<MeasuredRoofline> measuredRoofline(const LabResult& result)
{
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

models::Result<DatasheetShare> datasheetShare(double intensityFlopPerByte, double gflops, const models::catalog::Device& device,
                                              std::string_view precision)
{
    auto roof = models::roofline::selectRoof(device, precision);
    if (!roof) return std::unexpected(roof.error());
    auto memory = models::roofline::deviceMemoryCeiling(device);
    if (!memory) return std::unexpected(memory.error());
    const double attainableGflops = models::roofline::attainableTflops(roof->peakTflops, memory->bandwidthGBps, intensityFlopPerByte) * 1000;
    return DatasheetShare{gflops / (roof->peakTflops * 1000), gflops / attainableGflops};
}

} // namespace accelscope::labs
