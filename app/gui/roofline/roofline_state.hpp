// SPDX-License-Identifier: MIT
// What the roofline page shows: devices, roofs, kernels or LLM settings, a measured machine. No ImGui, no Qt.
#pragma once

#include "labs/measured/measured_roofline.hpp"
#include "models/catalog/device.hpp"
#include "models/roofline/placements.hpp"

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

    std::vector<models::roofline::KernelEntry>& kernels() { return m_kernels; }
    const std::vector<models::roofline::KernelEntry>& kernels() const { return m_kernels; }
    void setMode(ChartMode mode) { m_mode = mode; }
    ChartMode mode() const { return m_mode; }
    models::roofline::LlmChartSettings& llm() { return m_llm; }
    const models::roofline::LlmChartSettings& llm() const { return m_llm; }

    void showMeasured(labs::MeasuredRoofline measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<labs::MeasuredRoofline>& measured() const { return m_measured; }

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
    std::set<models::roofline::MemoryLevel> m_levels{models::roofline::MemoryLevel::DeviceMemory};
    bool m_sparse = false;
    std::vector<models::roofline::KernelEntry> m_kernels;
    ChartMode m_mode = ChartMode::Kernels;
    models::roofline::LlmChartSettings m_llm;
    std::optional<labs::MeasuredRoofline> m_measured;
};

} // namespace accelscope::gui::roofline
