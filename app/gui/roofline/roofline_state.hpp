// SPDX-License-Identifier: MIT
// What the roofline page shows: devices, roofs, kernels or LLM settings, a measured machine. No ImGui, no Qt.
#pragma once

#include "labs/measured/measured_roofline.hpp"
#include "models/catalog/device.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "models/roofline/placements.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace accelscope::gui::roofline {

enum class ChartMode { Kernels, Llm };

/// The roofline page's settings and the model results they give; the chart draws it, the controls edit it.
class RooflineState {
public:
    explicit RooflineState(std::vector<models::catalog::Device> devices = {});

    void setCatalog(std::vector<models::catalog::Device> devices);
    const std::vector<models::catalog::Device>& catalog() const { return m_catalog; }
    /// Devices on the chart (unknown ids and repeats are kept out; at most maxDevices).
    void setDevices(std::vector<std::string> ids);
    const std::vector<std::string>& deviceIds() const { return m_deviceIds; }
    /// The catalog entry of the index-th chosen device; nullptr past the end.
    const models::catalog::Device* device(std::size_t index) const;

    void setPrecisionShown(const std::string& precision, bool shown);
    void showOnlyPrecision(const std::string& precision) { m_precisions = {precision}; }
    bool precisionShown(const std::string& precision) const { return m_precisions.contains(precision); }
    const std::set<std::string>& precisions() const { return m_precisions; }
    void setSparse(bool sparse) { m_sparse = sparse; }
    bool sparse() const { return m_sparse; }
    models::roofline::Sparsity sparsity() const { return m_sparse ? models::roofline::Sparsity::Sparse : models::roofline::Sparsity::Dense; }
    void setLevelShown(models::roofline::MemoryLevel level, bool shown);
    bool levelShown(models::roofline::MemoryLevel level) const { return m_levels.contains(level); }
    /// Only the DRAM/HBM roof, whatever levels are shown (the hierarchy's "DRAM only" toggle).
    void setDramOnly(bool dramOnly) { m_dramOnly = dramOnly; }
    bool dramOnly() const { return m_dramOnly; }

    /// The roofs of `d` the chart draws: one per memory level with a bandwidth (models/memory
    /// deviceHierarchy's levels) under a compute roof of `peakTflops`, only the shown levels (only
    /// device memory when dramOnly). `levels` are the levels the roofs were built from.
    struct LevelRoofs {
        std::vector<models::roofline::HierarchyLevel> levels;
        models::roofline::HierarchicalRoofline roofline;
    };
    LevelRoofs levelRoofs(const models::catalog::Device& d, double peakTflops) const;
    /// A placed kernel on the level its working set lives in (models::roofline::placeOnHierarchy
    /// over every level with a bandwidth, shown or not, under the kernel's own compute roof);
    /// nullopt when it has no bound or no level roof.
    std::optional<models::roofline::LevelPlacement> levelPlacement(const models::roofline::KernelPlacement& p) const;

    std::vector<models::roofline::KernelEntry>& kernels() { return m_kernels; }
    const std::vector<models::roofline::KernelEntry>& kernels() const { return m_kernels; }
    void setMode(ChartMode mode) { m_mode = mode; }
    ChartMode mode() const { return m_mode; }
    models::roofline::LlmChartSettings& llm() { return m_llm; }
    const models::roofline::LlmChartSettings& llm() const { return m_llm; }

    void showMeasured(labs::MeasuredRoofline measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<labs::MeasuredRoofline>& measured() const { return m_measured; }

    /// "This machine": what the page does when the controls ask for it (load the latest saved
    /// cpu-kernels run; open the Labs page on that lab). Unset: the controls offer neither.
    struct MachineActions {
        std::function<void()> showThisMachine;
        std::function<void()> openKernelsLab;
    };
    void setMachineActions(MachineActions actions) { m_machineActions = std::move(actions); }
    const MachineActions& machineActions() const { return m_machineActions; }
    /// Why this machine has no measured kernels to show (no saved run, an old run); empty when it has.
    void setMachineProblem(std::string problem) { m_machineProblem = std::move(problem); }
    const std::string& machineProblem() const { return m_machineProblem; }

    /// The compute roof of `precision` on `d` by models::roofline::selectRoof; nullopt when it has none.
    std::optional<models::roofline::ComputeCeiling> roofFor(const models::catalog::Device& d, const std::string& precision,
                                                            models::roofline::Sparsity sparsity) const;
    /// Every visible kernel on every chosen device (models::roofline::placeKernels).
    std::vector<models::roofline::KernelPlacement> placements() const;
    /// The LLM analyses, one per chosen device (models::roofline::analyzeLlmOnDevices).
    std::vector<models::roofline::LlmDeviceAnalysis> llmAnalyses() const;

    static constexpr std::size_t maxDevices = 4;

private:
    std::vector<const models::catalog::Device*> chosen() const;

    std::vector<models::catalog::Device> m_catalog;
    std::vector<std::string> m_deviceIds;
    std::set<std::string> m_precisions{"bf16", "fp8"};
    std::set<models::roofline::MemoryLevel> m_levels{models::roofline::MemoryLevel::SharedL1, models::roofline::MemoryLevel::L2,
                                                     models::roofline::MemoryLevel::DeviceMemory, models::roofline::MemoryLevel::HostLink};
    bool m_dramOnly = false;
    bool m_sparse = false;
    std::vector<models::roofline::KernelEntry> m_kernels;
    ChartMode m_mode = ChartMode::Kernels;
    models::roofline::LlmChartSettings m_llm;
    std::optional<labs::MeasuredRoofline> m_measured;
    MachineActions m_machineActions;
    std::string m_machineProblem;
};

} // namespace accelscope::gui::roofline
