// SPDX-License-Identifier: MIT
// The GPU labs. Each runs its kernels through the CUDA module (labs/cuda/); without a module,
// driver or GPU its run() returns Unsupported with "needs CUDA: <what is missing>".
#pragma once

#include "labs/gpu/cuda_module.hpp"
#include "labs/lab.hpp"

#include <memory>

namespace accelscope::labs::gpu {

/// Device properties compared with the catalog entry for that GPU (cuda-device-query).
std::unique_ptr<Lab> makeDeviceQueryLab(std::shared_ptr<CudaRuntime> runtime);
/// Copy / mul / add / triad bandwidth of device memory and a copy working-set sweep (cuda-bandwidth).
std::unique_ptr<Lab> makeBandwidthLab(std::shared_ptr<CudaRuntime> runtime);
/// Host <-> device copies, pageable vs pinned, against transfer size (cuda-h2d).
std::unique_ptr<Lab> makeTransferLab(std::shared_ptr<CudaRuntime> runtime);
/// Latency pyramid by pointer chasing in cycles (cuda-latency).
std::unique_ptr<Lab> makeLatencyLab(std::shared_ptr<CudaRuntime> runtime);
/// k-way warp divergence beside the SIMT simulator's prediction (cuda-divergence).
std::unique_ptr<Lab> makeDivergenceLab(std::shared_ptr<CudaRuntime> runtime);
/// Effective bandwidth against access stride (cuda-coalescing).
std::unique_ptr<Lab> makeCoalescingLab(std::shared_ptr<CudaRuntime> runtime);
/// Shared-memory throughput against stride: bank conflicts (cuda-bank-conflicts).
std::unique_ptr<Lab> makeBankConflictLab(std::shared_ptr<CudaRuntime> runtime);
/// GEMM ladder in FP32 / FP16 / BF16 against the catalog peak (cuda-gemm).
std::unique_ptr<Lab> makeGemmLab(std::shared_ptr<CudaRuntime> runtime);
/// Empirical roofline: FLOP/s and GB/s against arithmetic intensity (cuda-roofline).
std::unique_ptr<Lab> makeRooflineLab(std::shared_ptr<CudaRuntime> runtime);

/// Conflict degree of a warp whose lane l reads 4-byte word l * stride: the most lanes that hit
/// different words of one of the 32 banks (gcd(stride, 32)).
int bankConflictWays(int strideWords);
/// 32-byte sectors one warp touches reading 4-byte elements `strideElements` apart.
int sectorsPerWarp(int strideElements);
/// Distinct chunks of `chunkBytes` that 32 lanes touch reading 4-byte words `strideElements` apart.
int chunksPerWarp(int strideElements, int chunkBytes);
/// The SIMT simulator's slowdown for k-way lane divergence (Volta-style ITS), or nullopt when the
/// simulator cannot run the generated program.
std::optional<double> simulatedDivergenceSlowdown(int ways);

} // namespace accelscope::labs::gpu
