// SPDX-License-Identifier: MIT
// Measured roofline and pyramid → JSON and text tables.
#include "app/cli/lab_measured_output.hpp"

#include "app/cli/text_table.hpp"
#include "models/common/number_text.hpp"

namespace accelscope::cli {
namespace {

using nlohmann::json;

std::string number(double value) { return models::engineeringText(value); }

// 0 means "not measured" in the measured records: null in JSON, "-" in text.
json figureOrNull(double value) { return value > 0 ? json(value) : json(nullptr); }
std::string figureOrDash(double value) { return value > 0 ? number(value) : "-"; }

// One decimal from 10 % up, two significant digits below (a CPU point is 0.0011 % of an H100).
std::string formatPercent(double percent)
{
    return percent >= 10 ? models::decimalText(percent, 1) : models::engineeringText(percent, 2);
}

json kernelsJson(const labs::MeasuredRoofline& roofline)
{
    json out = json::array();
    for (const auto& k : roofline.kernels) {
        out.push_back({{"key", k.key}, {"title", k.title}, {"flops", k.flops}, {"bytes", k.bytes},
                       {"intensity_flop_per_byte", k.intensityFlopPerByte()}, {"measured_s", k.measuredS},
                       {"predicted_s", k.predictedS}, {"measured_gflops", k.measuredGflops()},
                       {"predicted_gflops", k.predictedGflops()}, {"measured_over_predicted", k.measuredOverPredicted()},
                       {"bound", k.computeBound ? "compute" : "memory"}});
    }
    return out;
}

std::string kernelsText(const labs::MeasuredRoofline& roofline)
{
    if (roofline.kernels.empty()) return {};
    TextTable table({"kernel", "FLOP/byte", "predicted [ms]", "measured [ms]", "measured/predicted", "bound"});
    for (const auto& k : roofline.kernels) {
        table.addRow({k.key, number(k.intensityFlopPerByte()), number(k.predictedS * 1e3), number(k.measuredS * 1e3),
                      models::decimalText(k.measuredOverPredicted(), 2), k.computeBound ? "compute" : "memory"});
    }
    return "kernels (predicted from the measured ceilings, measured best of N):\n" + table.render();
}

} // namespace

json measuredRooflineJson(const labs::MeasuredRoofline& roofline, const models::catalog::Device* device, const std::string& precision)
{
    json points = json::array();
    for (const auto& [intensity, gflops] : roofline.points) {
        json point{{"intensity_flop_per_byte", intensity}, {"gflops", gflops}, {"compute_ceiling_share", roofline.computeCeilingShare(gflops)}};
        if (device != nullptr) {
            const auto share = labs::datasheetShare(intensity, gflops, *device, precision);
            point["device_peak_share"] = share ? json(share->ofPeak) : json(nullptr);
            point["device_roof_share"] = share ? json(share->ofRoof) : json(nullptr);
        }
        points.push_back(point);
    }
    json doc{{"name", roofline.name},
             {"source", roofline.source},
             {"compute_ceiling_gflops", figureOrNull(roofline.computeGflops)},
             {"memory_ceiling_gbs", figureOrNull(roofline.memoryGbs)},
             {"ridge_flop_per_byte", figureOrNull(roofline.ridgeFlopsPerByte())},
             {"points", points},
             {"kernels", kernelsJson(roofline)}};
    if (device != nullptr) {
        doc["device"] = device->id;
        doc["precision"] = precision;
    }
    return doc;
}

std::string renderMeasuredRoofline(const labs::MeasuredRoofline& roofline, const models::catalog::Device* device, const std::string& precision)
{
    std::string text = "measured roofline: " + roofline.name + " (" + roofline.source + ")\n";
    text += "  compute ceiling: " + figureOrDash(roofline.computeGflops) + " GFLOP/s\n";
    text += "  memory ceiling:  " + figureOrDash(roofline.memoryGbs) + " GB/s\n";
    text += "  ridge point:     " + figureOrDash(roofline.ridgeFlopsPerByte()) + " FLOP/byte\n";
    std::vector<std::string> header{"intensity FLOP/byte", "GFLOP/s", "% of compute ceiling"};
    if (device != nullptr) {
        header.push_back("% of " + device->id + " " + precision + " peak");
        header.push_back("% of its roof here");
    }
    TextTable table(header);
    const auto percent = [](double share) { return formatPercent(100 * share); };
    for (const auto& [intensity, gflops] : roofline.points) {
        std::vector<std::string> row{number(intensity), number(gflops), percent(roofline.computeCeilingShare(gflops))};
        if (device != nullptr) {
            const auto share = labs::datasheetShare(intensity, gflops, *device, precision);
            row.push_back(share ? percent(share->ofPeak) : "-");
            row.push_back(share ? percent(share->ofRoof) : "-");
        }
        table.addRow(row);
    }
    std::string note;
    if (device != nullptr) {
        if (const auto check = labs::datasheetShare(1.0, 1.0, *device, precision); !check) note = "  " + check.error().message + "\n";
    }
    return text + (roofline.points.empty() ? std::string() : table.render()) + note + kernelsText(roofline);
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
