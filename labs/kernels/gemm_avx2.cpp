// SPDX-License-Identifier: MIT
// The register-blocked GEMM with AVX2 + FMA (256-bit): compiled with -mavx2 -mfma and called only
// after cpuid says the CPU has both.
#include "labs/kernels/gemm_entries.hpp"

#include <immintrin.h>

#include <cstddef>
#include <cstdlib>

namespace accelscope::labs::kernels::detail {
namespace {

#include "labs/kernels/gemm_microkernel.hpp"

struct F32 {
    using T = float;
    using Vec = __m256;
    static constexpr std::size_t lanes = 8;
    static Vec zero() { return _mm256_setzero_ps(); }
    static Vec load(const T* p) { return _mm256_loadu_ps(p); }
    static void store(T* p, Vec v) { _mm256_storeu_ps(p, v); }
    static Vec broadcast(T x) { return _mm256_set1_ps(x); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    static Vec add(Vec a, Vec b) { return _mm256_add_ps(a, b); }
};

struct F64 {
    using T = double;
    using Vec = __m256d;
    static constexpr std::size_t lanes = 4;
    static Vec zero() { return _mm256_setzero_pd(); }
    static Vec load(const T* p) { return _mm256_loadu_pd(p); }
    static void store(T* p, Vec v) { _mm256_storeu_pd(p, v); }
    static Vec broadcast(T x) { return _mm256_set1_pd(x); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_pd(a, b, c); }
    static Vec add(Vec a, Vec b) { return _mm256_add_pd(a, b); }
};

} // namespace

void gemmAvx2(std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c)
{
    gemm_micro::gemm<F32>(m, n, k, a, b, c);
}

void gemmAvx2(std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c)
{
    gemm_micro::gemm<F64>(m, n, k, a, b, c);
}

} // namespace accelscope::labs::kernels::detail
