// SPDX-License-Identifier: MIT
// One line per lab.
#include "labs/lab_registry.hpp"

#include "labs/compute_peak/compute_peak_lab.hpp"
#include "labs/gpu/cuda_labs.hpp"
#include "labs/kernels/cpu_kernels_lab.hpp"
#include "labs/latency/latency_lab.hpp"
#include "labs/memory_bandwidth/memory_bandwidth_lab.hpp"
#include "labs/roofline/cpu_roofline_lab.hpp"

namespace accelscope::labs {

LabRegistry LabRegistry::withAllLabs(const std::filesystem::path& executableDir)
{
    LabRegistry registry;
    registry.m_labs.push_back(std::make_unique<memory_bandwidth::MemoryBandwidthLab>());
    registry.m_labs.push_back(std::make_unique<latency::LatencyLab>());
    registry.m_labs.push_back(std::make_unique<compute_peak::ComputePeakLab>());
    registry.m_labs.push_back(std::make_unique<roofline::CpuRooflineLab>());
    registry.m_labs.push_back(std::make_unique<kernels::CpuKernelsLab>());
    // GPU labs share one CUDA runtime: the module is loaded on the first GPU run, not here.
    const auto cuda = std::make_shared<gpu::CudaRuntime>(executableDir);
    registry.m_cuda = cuda;
    registry.m_labs.push_back(gpu::makeDeviceQueryLab(cuda));
    registry.m_labs.push_back(gpu::makeBandwidthLab(cuda));
    registry.m_labs.push_back(gpu::makeTransferLab(cuda));
    registry.m_labs.push_back(gpu::makeLatencyLab(cuda));
    registry.m_labs.push_back(gpu::makeDivergenceLab(cuda));
    registry.m_labs.push_back(gpu::makeCoalescingLab(cuda));
    registry.m_labs.push_back(gpu::makeBankConflictLab(cuda));
    registry.m_labs.push_back(gpu::makeGemmLab(cuda));
    registry.m_labs.push_back(gpu::makeRooflineLab(cuda));
    return registry;
}

Lab* LabRegistry::find(std::string_view id) const
{
    for (const auto& lab : m_labs) {
        if (lab->describe().id == id) return lab.get();
    }
    return nullptr;
}

std::string LabRegistry::cudaUnavailableReason() const { return gpu::unavailableReason(m_cuda->probe()); }

bool LabRegistry::canRun(const LabDescription& description) const
{
    return !description.needsCuda || cudaUnavailableReason().empty();
}

} // namespace accelscope::labs
