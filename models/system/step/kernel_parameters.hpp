// SPDX-License-Identifier: MIT
// The efficiencies the step model runs kernels at, per device, each with its meaning and where it comes from:
// kernel microbenchmarks (data/kernels/), never end-to-end serving or training results.
#pragma once

#include "models/catalog/device.hpp"
#include "models/system/chip/gemm.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// One parameter of the step model: a value with a physical meaning and its origin.
struct StepParameter {
    std::string name;    ///< "gemm_mainloop_bf16"
    double value = 0;
    std::string unit;    ///< "fraction of the dense BF16 tensor peak", "us"
    std::string basis;   ///< "measured", "fitted on kernel microbenchmarks", "assumed"
    std::string source;  ///< file and rows, or the reason for an assumption
};

/// A device's kernel efficiencies.
struct KernelParameters {
    std::string deviceId;
    std::string measuredOn;          ///< the device whose microbenchmarks give the figures ("nvidia-h200-sxm")
    StepParameter gemmMainloop16;    ///< BF16/FP16 GEMM tile loop, fraction of the BF16 dense peak
    StepParameter gemmMainloop8;     ///< FP8 (and FP6, INT8) GEMM tile loop, fraction of that precision's dense peak
    StepParameter gemmMainloop4;     ///< FP4 (NVFP4, MXFP4) GEMM tile loop, fraction of the FP4 dense peak
    StepParameter gemmOverheadUs;    ///< fixed time per BF16 GEMM call as timed eagerly
    StepParameter gemmOverhead8Us;   ///< the same for FP8 GEMMs (scaled, cuBLASLt)
    StepParameter readEfficiency;    ///< streaming reads (weights, KV cache), fraction of the memory bandwidth
    StepParameter copyEfficiency;    ///< read-and-write streams (norms, activations, optimizer)
    StepParameter attentionForward;  ///< FlashAttention-style forward, fraction of the BF16 dense peak
    StepParameter attentionOverheadUs;
    StepParameter attentionBackward; ///< backward efficiency as a fraction of the forward's
    StepParameter graphOverheadUs;   ///< per kernel inside a CUDA graph (serving engines' decode steps)
    int tileM = 128;
    int tileN = 256;
    std::vector<std::string> flags;  ///< "no kernel microbenchmark for MI300X: the H200's efficiencies are used"

    /// Every parameter, for printing with its source.
    std::vector<const StepParameter*> all() const;
};

/// The parameters of `device`: its own microbenchmarks where the project has them, the same chip's where it is
/// the same silicon (H100 SXM and H200 share GH100), else the nearest measured device's with a flag.
KernelParameters kernelParameters(const catalog::Device& device);

/// The GEMM chip of `device` at a precision's dense tensor peak (`peakTflops`) with `parameters`.
GemmChip gemmChip(const catalog::Device& device, const KernelParameters& parameters, double peakTflops, bool narrow);

/// The same for a compute precision by name (its own name: a string literal would convert to bool): "bf16"/"fp16" take
/// the 16-bit tile loop, "fp4" the FP4 one, every other narrow format (fp8, fp6, int8) the FP8 one.
GemmChip gemmChipForPrecision(const catalog::Device& device, const KernelParameters& parameters, double peakTflops,
                              std::string_view precision);

} // namespace accelscope::models::system
