// SPDX-License-Identifier: MIT
// Kernels and LLM workloads placed on the roofs of several devices: the numbers of the roofline chart.
#pragma once

#include "models/catalog/device.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernel_catalog.hpp"
#include "models/roofline/llm_analysis.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::roofline {

/// One kernel on one device's roofs. `bound` is empty when a figure is missing; `problem` says which.
struct KernelPlacement {
    std::size_t kernel = 0;       ///< index into the kernels given to placeKernels
    std::size_t device = 0;       ///< index into the devices given to placeKernels
    KernelCost cost;
    std::optional<KernelBound> bound;
    double peakTflops = 0.0;      ///< the compute roof selectRoof picks for the kernel's dtype, TFLOP/s
    double bandwidthGBps = 0.0;   ///< device memory, GB/s
    ComputeUnit unit = ComputeUnit::Tensor;
    std::string roof;             ///< "bf16 tensor dense"
    std::string problem;
};

/// Every visible kernel on every device (kernel-major: all devices of kernel 0, then kernel 1, …).
/// Each kernel runs under selectRoof(device, its dtype's compute precision, `sparsity`) and the
/// device-memory roof. Null device pointers are skipped (their index is not reused).
std::vector<KernelPlacement> placeKernels(std::span<const KernelEntry> kernels, std::span<const catalog::Device* const> devices,
                                          Sparsity sparsity = Sparsity::Dense);

/// The roofline chart's LLM settings: a model preset id and the workload.
struct LlmChartSettings {
    std::string modelId = "llama3.1-8b";
    LlmWorkload workload;
};

/// The LLM analysis of one device, or why there is none (`problem`).
struct LlmDeviceAnalysis {
    std::string deviceId;
    std::optional<LlmAnalysis> analysis;
    std::string problem;
};

/// analyzeLlm of the preset `settings.modelId` on each device, under the roof selectRoof picks for
/// the activation format's compute precision at `sparsity`. One entry per non-null device, in order.
std::vector<LlmDeviceAnalysis> analyzeLlmOnDevices(const LlmChartSettings& settings, std::span<const catalog::Device* const> devices,
                                                   Sparsity sparsity = Sparsity::Dense);

} // namespace accelscope::models::roofline
