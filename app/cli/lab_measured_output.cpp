// SPDX-License-Identifier: MIT
// Measured roofline and pyramid → JSON and text tables.
#include "app/cli/lab_measured_output.hpp"

#include "app/cli/text_table.hpp"

#include <cstdio>

namespace accelscope::cli {
namespace {

using nlohmann::json;

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

// 0 means "not measured" in the measured records: null in JSON, "-" in text.
json figureOrNull(double value) { return value > 0 ? json(value) : json(nullptr); }
std::string figureOrDash(double value) { return value > 0 ? number(value) : "-"; }

} // namespace

json measuredRooflineJson(const labs::MeasuredRoofline& roofline)
{
    json points = json::array();
    for (const auto& [intensity, gflops] : roofline.points) {
        points.push_back(json{{"intensity_flop_per_byte", intensity}, {"gflops", gflops},
                              {"compute_ceiling_share", roofline.computeCeilingShare(gflops)}});
    }
    return json{{"name", roofline.name},
                {"source", roofline.source},
                {"compute_ceiling_gflops", figureOrNull(roofline.computeGflops)},
                {"memory_ceiling_gbs", figureOrNull(roofline.memoryGbs)},
                {"ridge_flop_per_byte", figureOrNull(roofline.ridgeFlopsPerByte())},
                {"points", points}};
}

std::string renderMeasuredRoofline(const labs::MeasuredRoofline& roofline)
{
    std::string text = "measured roofline: " + roofline.name + " (" + roofline.source + ")\n";
    text += "  compute ceiling: " + figureOrDash(roofline.computeGflops) + " GFLOP/s\n";
    text += "  memory ceiling:  " + figureOrDash(roofline.memoryGbs) + " GB/s\n";
    text += "  ridge point:     " + figureOrDash(roofline.ridgeFlopsPerByte()) + " FLOP/byte\n";
    TextTable table({"intensity FLOP/byte", "GFLOP/s", "% of compute ceiling"});
    for (const auto& [intensity, gflops] : roofline.points) {
        char share[32];
        std::snprintf(share, sizeof share, "%.1f", 100 * roofline.computeCeilingShare(gflops));
        table.addRow({number(intensity), number(gflops), share});
    }
    return text + table.render();
}

json measuredPyramidJson(const labs::MeasuredPyramid& pyramid, double moveBytes)
{
    json levels = json::array();
    for (const auto& l : pyramid.levels) {
        levels.push_back(json{{"level", l.level},
                              {"working_set_bytes", figureOrNull(l.workingSetBytes)},
                              {"latency_ns", figureOrNull(l.latencyNs)},
                              {"bandwidth_gbs", figureOrNull(l.bandwidthGbs)},
                              {"move_seconds", figureOrNull(l.moveSeconds(moveBytes))}});
    }
    return json{{"name", pyramid.name}, {"move_bytes", moveBytes}, {"levels", levels}};
}

std::string renderMeasuredPyramid(const labs::MeasuredPyramid& pyramid, double moveBytes)
{
    TextTable table({"level", "working set KiB", "latency ns", "bandwidth GB/s", "move " + number(moveBytes) + " B, s"});
    for (const auto& l : pyramid.levels) {
        table.addRow({l.level, figureOrDash(l.workingSetBytes / 1024), figureOrDash(l.latencyNs), figureOrDash(l.bandwidthGbs),
                      figureOrDash(l.moveSeconds(moveBytes))});
    }
    return "measured pyramid: " + pyramid.name + "\n" + table.render();
}

} // namespace accelscope::cli
