// SPDX-License-Identifier: MIT
// What the roofline chart shows: devices, roofs, kernels or LLM settings, a measured machine (the Roofline
// page's state and `accelscope-cli roofline … --svg`'s).
#pragma once

#include "models/catalog/device.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "models/roofline/measured_roofs.hpp"
#include "models/roofline/placements.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace accelscope::models::roofline {

enum class ChartMode { Kernels, Llm };

/// The roofline chart's settings and the model results they give; roofline_chart draws it, the page's controls edit it.
class RooflineState {
public:
    explicit RooflineState(std::vector<catalog::Device> devices = {});

    void setCatalog(std::vector<catalog::Device> devices);
    const std::vector<catalog::Device>& catalog() const { return m_catalog; }
    /// Devices on the chart (unknown ids and repeats are kept out; at most maxDevices).
    void setDevices(std::vector<std::string> ids);
    const std::vector<std::string>& deviceIds() const { return m_deviceIds; }
    /// The catalog entry of the index-th chosen device; nullptr past the end.
    const catalog::Device* device(std::size_t index) const;

    void setPrecisionShown(const std::string& precision, bool shown);
    void showOnlyPrecision(const std::string& precision) { m_precisions = {precision}; }
    bool precisionShown(const std::string& precision) const { return m_precisions.contains(precision); }
    const std::set<std::string>& precisions() const { return m_precisions; }
    void setSparse(bool sparse) { m_sparse = sparse; }
    bool sparse() const { return m_sparse; }
    Sparsity sparsity() const { return m_sparse ? Sparsity::Sparse : Sparsity::Dense; }
    void setLevelShown(MemoryLevel level, bool shown);
    bool levelShown(MemoryLevel level) const { return m_levels.contains(level); }
    /// Only the DRAM/HBM roof, whatever levels are shown (the hierarchy's "DRAM only" toggle).
    void setDramOnly(bool dramOnly) { m_dramOnly = dramOnly; }
    bool dramOnly() const { return m_dramOnly; }

    /// The roofs of `d` the chart draws: one per memory level with a bandwidth (models/memory
    /// deviceHierarchy's levels) under a compute roof of `peakTflops`, only the shown levels (only
    /// device memory when dramOnly). `levels` are the levels the roofs were built from.
    struct LevelRoofs {
        std::vector<HierarchyLevel> levels;
        HierarchicalRoofline roofline;
    };
    LevelRoofs levelRoofs(const catalog::Device& d, double peakTflops) const;
    /// A placed kernel on the level its working set lives in (placeOnHierarchy
    /// over every level with a bandwidth, shown or not, under the kernel's own compute roof);
    /// nullopt when it has no bound or no level roof.
    std::optional<LevelPlacement> levelPlacement(const KernelPlacement& p) const;

    std::vector<KernelEntry>& kernels() { return m_kernels; }
    const std::vector<KernelEntry>& kernels() const { return m_kernels; }
    void setMode(ChartMode mode) { m_mode = mode; }
    ChartMode mode() const { return m_mode; }
    LlmChartSettings& llm() { return m_llm; }
    const LlmChartSettings& llm() const { return m_llm; }

    void showMeasured(MeasuredRoofline measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<MeasuredRoofline>& measured() const { return m_measured; }

    /// The compute roof of `precision` on `d` by selectRoof; nullopt when it has none.
    std::optional<ComputeCeiling> roofFor(const catalog::Device& d, const std::string& precision,
                                                            Sparsity sparsity) const;
    /// Every visible kernel on every chosen device (placeKernels).
    std::vector<KernelPlacement> placements() const;
    /// The LLM analyses, one per chosen device (analyzeLlmOnDevices).
    std::vector<LlmDeviceAnalysis> llmAnalyses() const;

    static constexpr std::size_t maxDevices = 4;

private:
    std::vector<const catalog::Device*> chosen() const;

    std::vector<catalog::Device> m_catalog;
    std::vector<std::string> m_deviceIds;
    std::set<std::string> m_precisions{"bf16", "fp8"};
    std::set<MemoryLevel> m_levels{MemoryLevel::SharedL1, MemoryLevel::L2,
                                                     MemoryLevel::DeviceMemory, MemoryLevel::HostLink};
    bool m_dramOnly = false;
    bool m_sparse = false;
    std::vector<KernelEntry> m_kernels;
    ChartMode m_mode = ChartMode::Kernels;
    LlmChartSettings m_llm;
    std::optional<MeasuredRoofline> m_measured;
};

} // namespace accelscope::models::roofline
