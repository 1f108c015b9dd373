// SPDX-License-Identifier: MIT
// The register-blocked GEMM with AVX-512F (512-bit): compiled with -mavx512f and called only
// after cpuid says the CPU has it.
#include "labs/kernels/gemm_entries.hpp"

#include <immintrin.h>

#include <cstddef>
#include <cstdlib>

namespace accelscope::labs::kernels::detail {
namespace {

#include "labs/kernels/gemm_microkernel.hpp"

struct F32 {
    using T = float;
    using Vec = __m512;
    static constexpr std::size_t lanes = 16;
    static Vec zero() { return _mm512_setzero_ps(); }
    static Vec load(const T* p) { return _mm512_loadu_ps(p); }
    static void store(T* p, Vec v) { _mm512_storeu_ps(p, v); }
    static Vec broadcast(T x) { return _mm512_set1_ps(x); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    static Vec add(Vec a, Vec b) { return _mm512_add_ps(a, b); }
};

struct F64 {
    using T = double;
    using Vec = __m512d;
    static constexpr std::size_t lanes = 8;
    static Vec zero() { return _mm512_setzero_pd(); }
    static Vec load(const T* p) { return _mm512_loadu_pd(p); }
    static void store(T* p, Vec v) { _mm512_storeu_pd(p, v); }
    static Vec broadcast(T x) { return _mm512_set1_pd(x); }
    static Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_pd(a, b, c); }
    static Vec add(Vec a, Vec b) { return _mm512_add_pd(a, b); }
};

} // namespace

void gemmAvx512(std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c)
{
    gemm_micro::gemm<F32>(m, n, k, a, b, c);
}

void gemmAvx512(std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c)
{
    gemm_micro::gemm<F64>(m, n, k, a, b, c);
}

} // namespace accelscope::labs::kernels::detail
