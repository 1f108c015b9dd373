// SPDX-License-Identifier: MIT
// The GEMM teaching ladder: a naive triple loop, a cache-blocked loop, a register-blocked SIMD
// micro-kernel and the system BLAS (OpenBLAS), each computing C = A·B in FP32 or FP64.
#pragma once

#include <cstddef>
#include <string>

namespace accelscope::labs::kernels {

/// The rungs of the ladder, slowest first.
enum class GemmRung { Naive, Blocked, Simd, Blas };
inline constexpr GemmRung allGemmRungs[] = {GemmRung::Naive, GemmRung::Blocked, GemmRung::Simd, GemmRung::Blas};

/// "naive", "blocked", "simd", "blas": the rung's key in summary figures.
const char* gemmRungKey(GemmRung rung);

/// What the rung is, in a few words ("6x32 AVX-512 micro-kernel, 12 accumulators").
std::string gemmRungDescription(GemmRung rung, bool doublePrecision);

/// C[m,n] = A[m,k]·B[k,n] with `rung`; row-major, dense, C overwritten. The BLAS rung runs
/// OpenBLAS on one thread (the ceilings it is compared with are one core's).
void gemm(GemmRung rung, std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c);
void gemm(GemmRung rung, std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c);

/// The system BLAS's name and version as it reports itself (openblas_get_config()).
std::string blasConfig();

} // namespace accelscope::labs::kernels
