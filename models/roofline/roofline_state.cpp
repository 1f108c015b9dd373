// SPDX-License-Identifier: MIT
// The roofline chart's state: settings and the model results they give.
#include "models/roofline/roofline_state.hpp"

#include "models/memory/inference_memory.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/roofline/roof_selection.hpp"

#include <algorithm>

namespace accelscope::models::roofline {

using catalog::Device;

namespace {

const Device* findDevice(const std::vector<Device>& devices, const std::string& id)
{
    const auto it = std::ranges::find(devices, id, &Device::id);
    return it == devices.end() ? nullptr : &*it;
}

} // namespace

RooflineState::RooflineState(std::vector<Device> devices)
{
    m_kernels.push_back({KernelKind::Gemm, 4096, 4096, "bf16", true});
    m_kernels.push_back({KernelKind::DecodeGemv, 4096, 1, "bf16", true});
    m_kernels.push_back({KernelKind::FlashAttention, 4096, 1, "bf16", false});
    setCatalog(std::move(devices));
    setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
}

void RooflineState::setCatalog(std::vector<Device> devices)
{
    m_catalog = std::move(devices);
    setDevices(m_deviceIds);
}

void RooflineState::setDevices(std::vector<std::string> ids)
{
    m_deviceIds.clear();
    for (auto& id : ids) {
        if (m_deviceIds.size() < maxDevices && findDevice(m_catalog, id) && std::ranges::find(m_deviceIds, id) == m_deviceIds.end()) {
            m_deviceIds.push_back(std::move(id));
        }
    }
}

const Device* RooflineState::device(std::size_t index) const
{
    return index < m_deviceIds.size() ? findDevice(m_catalog, m_deviceIds[index]) : nullptr;
}

void RooflineState::setPrecisionShown(const std::string& precision, bool shown)
{
    if (shown) m_precisions.insert(precision);
    else m_precisions.erase(precision);
}

void RooflineState::setLevelShown(MemoryLevel level, bool shown)
{
    if (shown) m_levels.insert(level);
    else m_levels.erase(level);
}

std::optional<ComputeCeiling> RooflineState::roofFor(const Device& d, const std::string& precision, Sparsity sparsity) const
{
    auto roof = selectRoof(d, precision, sparsity);
    return roof ? std::optional<ComputeCeiling>(std::move(*roof)) : std::nullopt;
}

RooflineState::LevelRoofs RooflineState::levelRoofs(const Device& d, double peakTflops) const
{
    LevelRoofs out;
    out.levels = models::memory::hierarchyLevels(models::memory::devicePyramid(d), d.value(catalog::FigureKey::ComputeUnits));
    const ComputeCeiling compute{"", ComputeUnit::Tensor, Sparsity::Dense, peakTflops, "", false};
    out.roofline = hierarchicalRoofline(d.id, d.name, compute, out.levels);
    if (m_dramOnly) out.roofline = roofline::dramOnly(out.roofline);
    else std::erase_if(out.roofline.roofs, [this](const LevelRoof& r) { return !levelShown(r.level); });
    return out;
}

std::optional<LevelPlacement> RooflineState::levelPlacement(const KernelPlacement& p) const
{
    const Device* d = device(p.device);
    if (d == nullptr || !p.bound) return std::nullopt;
    // Every level with a bandwidth, whatever the chart shows: hiding a roof does not move the data.
    const auto levels = models::memory::hierarchyLevels(models::memory::devicePyramid(*d), d->value(catalog::FigureKey::ComputeUnits));
    const ComputeCeiling compute{"", ComputeUnit::Tensor, Sparsity::Dense, p.peakTflops, "", false};
    auto placed = placeOnHierarchy(hierarchicalRoofline(d->id, d->name, compute, levels), levels, p.cost, p.peakTflops);
    return placed ? std::optional<LevelPlacement>(std::move(*placed)) : std::nullopt;
}

std::vector<const Device*> RooflineState::chosen() const
{
    std::vector<const Device*> out;
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) out.push_back(device(i));
    return out;
}

std::vector<KernelPlacement> RooflineState::placements() const { return placeKernels(m_kernels, chosen(), sparsity()); }

std::vector<LlmDeviceAnalysis> RooflineState::llmAnalyses() const
{
    // No time or throughput for what does not fit: the same check as `llm analyze` (runtime headroom included).
    auto analyses = analyzeLlmOnDevices(m_llm, chosen(), sparsity());
    const auto config = findModelPreset(m_llm.modelId);
    if (!config) return analyses;
    const auto& w = m_llm.workload;
    const models::memory::InferenceMemoryInput input{w.batch, w.promptTokens, w.generatedTokens, w.weights,
                                                     w.activations, w.kvCache, w.tensorParallel, 0.0};
    for (auto& a : analyses) {
        const auto d = std::ranges::find(m_catalog, a.deviceId, &Device::id);
        if (!a.analysis || d == m_catalog.end()) continue;
        const auto fit = models::memory::llmFitOnDevice(*config, input, *d);
        if (fit && !fit->fits) {
            a.analysis.reset();
            a.problem = fit->text;
        }
    }
    return analyses;
}

} // namespace accelscope::models::roofline
