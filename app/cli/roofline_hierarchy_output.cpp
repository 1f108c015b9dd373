// SPDX-License-Identifier: MIT
// `accelscope-cli roofline --hierarchical`: roofs per memory level as JSON and text.
#include "app/cli/roofline_hierarchy_output.hpp"

#include "app/cli/text_table.hpp"
#include "models/common/number_text.hpp"

namespace accelscope::cli {

using namespace models::roofline;
using nlohmann::json;

namespace {

json optionalJson(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

} // namespace

json hierarchyJson(const models::memory::DeviceHierarchy& hierarchy, const std::vector<KernelCost>& kernels)
{
    const HierarchicalRoofline& h = hierarchy.roofline;
    json roofs = json::array();
    for (const auto& r : h.roofs) {
        roofs.push_back({{"level", memoryLevelName(r.level)}, {"label", r.label}, {"bandwidth_gbs", r.bandwidthGBps},
                         {"capacity_bytes", optionalJson(r.capacityBytes)}, {"ridge_flop_per_byte", r.ridgeFlopPerByte},
                         {"basis", basisName(r.basis)}, {"source", r.source}});
    }
    json skipped = json::array();
    for (const auto& s : h.skipped) skipped.push_back({{"level", memoryLevelName(s.level)}, {"label", s.label}, {"reason", s.reason}});
    json ks = json::array();
    for (const auto& k : kernels) {
        const auto p = placeOnHierarchy(h, hierarchy.levels, k);
        if (!p) {
            ks.push_back({{"kernel", k.name}, {"shape", k.shape}, {"problem", p.error().message}});
            continue;
        }
        const LevelRoof& roof = h.roofs[p->roof];
        ks.push_back({{"kernel", k.name}, {"shape", k.shape}, {"working_set_bytes", p->workingSetBytes},
                      {"resident_level", memoryLevelName(p->resident)}, {"resident_label", p->residentLabel},
                      {"roof_level", memoryLevelName(roof.level)}, {"roof_label", roof.label}, {"bandwidth_gbs", roof.bandwidthGBps},
                      {"intensity_flop_per_byte", p->bound.intensityFlopPerByte}, {"attainable_tflops", p->bound.attainableTflops},
                      {"time_s", p->bound.timeS}, {"bound", boundName(p->bound.bound)}, {"launch_bound", p->launchBound}, {"note", p->note}});
    }
    return {{"precision", h.compute.precision}, {"compute_tflops", h.compute.peakTflops}, {"compute_figure", h.compute.figureKey},
            {"roofs", roofs}, {"skipped", skipped}, {"kernels", ks}};
}

std::string renderHierarchy(const models::memory::DeviceHierarchy& hierarchy, const std::vector<KernelCost>& kernels)
{
    const HierarchicalRoofline& h = hierarchy.roofline;
    std::string out = "roofs per memory level (" + h.compute.precision + " " + models::engineeringText(h.compute.peakTflops) +
                      " TFLOP/s):\n";
    TextTable roofs({"level", "label", "GB/s", "capacity", "ridge [FLOP/byte]", "basis"});
    for (const auto& r : h.roofs) {
        roofs.addRow({std::string(memoryLevelName(r.level)), r.label, models::engineeringText(r.bandwidthGBps),
                      r.capacityBytes ? models::quantityText(*r.capacityBytes, "B") : std::string("-"),
                      models::decimalText(r.ridgeFlopPerByte, 1), std::string(basisName(r.basis))});
    }
    out += roofs.render();
    if (!h.skipped.empty()) {
        out += "no roof (no bandwidth figure):\n";
        for (const auto& s : h.skipped) out += "  " + s.label + ": " + s.reason + "\n";
    }
    if (kernels.empty()) return out;
    TextTable table({"kernel", "working set", "lives in", "roof", "FLOP/byte", "time [us]", "bound"});
    std::string notes;
    for (const auto& k : kernels) {
        const auto p = placeOnHierarchy(h, hierarchy.levels, k);
        if (!p) {
            table.addRow({k.name + ":" + k.shape, "", p.error().message, "", "", "", ""});
            continue;
        }
        table.addRow({k.name + ":" + k.shape, models::quantityText(p->workingSetBytes, "B"), p->residentLabel, h.roofs[p->roof].label,
                      models::engineeringText(p->bound.intensityFlopPerByte), models::engineeringText(p->bound.timeS * 1e6),
                      p->launchBound ? std::string("launch floor") : std::string(boundName(p->bound.bound))});
        if (!p->note.empty()) notes += "  " + k.name + ":" + k.shape + ": " + p->note + "\n";
    }
    return out + "kernels on the level their working set lives in:\n" + table.render() + notes;
}

} // namespace accelscope::cli
