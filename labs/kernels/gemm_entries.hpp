// SPDX-License-Identifier: MIT
// Entry points of the per-instruction-set GEMM files. Only <cstddef> here: those files are
// compiled with -mavx2/-mavx512f and must not emit shared inline functions.
#pragma once

#include <cstddef>

namespace accelscope::labs::kernels::detail {

// C[m,n] = A[m,k]·B[k,n], all row-major and dense; C is overwritten.
void gemmAvx2(std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c);
void gemmAvx2(std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c);
void gemmAvx512(std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c);
void gemmAvx512(std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c);

} // namespace accelscope::labs::kernels::detail
