// SPDX-License-Identifier: MIT
// Kernels and LLM workloads placed on the roofs of several devices: the numbers of the roofline chart.
#include "models/roofline/placements.hpp"

#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/roofline/roof_selection.hpp"

namespace accelscope::models::roofline {
namespace {

KernelPlacement place(const Result<KernelCost>& cost, const KernelEntry& entry, const catalog::Device& d, Sparsity sparsity)
{
    KernelPlacement p;
    if (!cost) {
        p.problem = cost.error().message;
        return p;
    }
    p.cost = *cost;
    // kernelCost succeeded, so the dtype is known.
    const std::string precision = dataTypeFromName(entry.dtype)->computePrecision;
    const auto roof = selectRoof(d, precision, sparsity);
    const auto memory = deviceMemoryCeiling(d);
    if (!roof) p.problem = d.name + " has no " + precision + (sparsity == Sparsity::Sparse ? " sparse" : "") + " compute figure";
    else if (!memory) p.problem = memory.error().message;
    else {
        p.peakTflops = roof->peakTflops;
        p.bandwidthGBps = memory->bandwidthGBps;
        p.unit = roof->unit;
        p.roof = precision + " " + std::string(unitName(roof->unit)) + " " + std::string(sparsityName(roof->sparsity));
        p.bound = boundOn(p.cost, p.peakTflops, p.bandwidthGBps);
    }
    return p;
}

} // namespace

std::vector<KernelPlacement> placeKernels(std::span<const KernelEntry> kernels, std::span<const catalog::Device* const> devices,
                                          Sparsity sparsity)
{
    std::vector<KernelPlacement> out;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (!kernels[k].visible) continue;
        const auto cost = kernelCost(kernels[k]);
        for (std::size_t i = 0; i < devices.size(); ++i) {
            if (devices[i] == nullptr) continue;
            KernelPlacement p = place(cost, kernels[k], *devices[i], sparsity);
            p.kernel = k;
            p.device = i;
            out.push_back(std::move(p));
        }
    }
    return out;
}

std::vector<LlmDeviceAnalysis> analyzeLlmOnDevices(const LlmChartSettings& settings, std::span<const catalog::Device* const> devices,
                                                   Sparsity sparsity)
{
    std::vector<LlmDeviceAnalysis> out;
    const auto config = findModelPreset(settings.modelId);
    const auto act = dataTypeFromName(settings.workload.activations);
    for (const catalog::Device* d : devices) {
        if (d == nullptr) continue;
        LlmDeviceAnalysis a;
        a.deviceId = d->id;
        if (!config) a.problem = config.error().message;
        else if (!act) a.problem = act.error().message;
        else if (const auto hw = llmHardware(*d, act->computePrecision, sparsity); !hw) {
            a.problem = hw.error().message;
        } else if (auto r = analyzeLlm(*config, settings.workload, *hw); !r) {
            a.problem = r.error().message;
        } else {
            a.analysis = std::move(*r);
        }
        out.push_back(std::move(a));
    }
    return out;
}

} // namespace accelscope::models::roofline
