// SPDX-License-Identifier: MIT
// AVX-512F kernels (512-bit FMA); compiled with -mavx512f and called only after cpuid says the
// CPU has it. On cores that split 512-bit work into two 256-bit halves (AMD Zen 4) the peak equals
// AVX2's; on cores with two 512-bit FMA units it doubles.
#include "labs/compute_peak/kernel_entries.hpp"
#include "labs/compute_peak/simd_loops.hpp"

#include <immintrin.h>

namespace accelscope::labs::compute_peak::detail {
namespace {

struct Avx512F32 {
    using V = __m512;
    using T = float;
    static constexpr std::size_t lanes = 16;
    static V set1(T x) { return _mm512_set1_ps(x); }
    static V load(const T* p) { return _mm512_load_ps(p); }
    static V fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm512_add_ps(a, b); }
    static double sum(V v)
    {
        alignas(64) float x[16];
        _mm512_store_ps(x, v);
        double s = 0.0;
        for (const float e : x) s += static_cast<double>(e);
        return s;
    }
};

struct Avx512F64 {
    using V = __m512d;
    using T = double;
    static V set1(T x) { return _mm512_set1_pd(x); }
    static V fma(V a, V b, V c) { return _mm512_fmadd_pd(a, b, c); }
    static V add(V a, V b) { return _mm512_add_pd(a, b); }
    static double sum(V v)
    {
        alignas(64) double x[8];
        _mm512_store_pd(x, v);
        double s = 0.0;
        for (const double e : x) s += e;
        return s;
    }
};

} // namespace

double peakAvx512(Precision p, std::uint64_t n) { return p == Precision::Fp32 ? loops::peak<Avx512F32>(n) : loops::peak<Avx512F64>(n); }
double intensityAvx512(const float* data, std::size_t n, int fmas) { return loops::intensity<Avx512F32>(data, n, fmas); }

} // namespace accelscope::labs::compute_peak::detail
