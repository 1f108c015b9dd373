// SPDX-License-Identifier: MIT
// Scalar FMA (one lane, vfmadd on a scalar) and AVX2 FMA (256-bit) kernels; compiled with
// -mavx2 -mfma and called only after cpuid says the CPU has both.
#include "labs/compute_peak/kernel_entries.hpp"
#include "labs/compute_peak/simd_loops.hpp"

#include <immintrin.h>

namespace accelscope::labs::compute_peak::detail {
namespace {

struct ScalarFmaF32 {
    using V = __m128;
    using T = float;
    static constexpr std::size_t lanes = 1;
    static V set1(T x) { return _mm_set_ss(x); }
    static V load(const T* p) { return _mm_load_ss(p); }
    static V fma(V a, V b, V c) { return _mm_fmadd_ss(a, b, c); }
    static V add(V a, V b) { return _mm_add_ss(a, b); }
    static double sum(V v) { return static_cast<double>(_mm_cvtss_f32(v)); }
};

struct ScalarFmaF64 {
    using V = __m128d;
    using T = double;
    static V set1(T x) { return _mm_set_sd(x); }
    static V fma(V a, V b, V c) { return _mm_fmadd_sd(a, b, c); }
    static V add(V a, V b) { return _mm_add_sd(a, b); }
    static double sum(V v) { return _mm_cvtsd_f64(v); }
};

struct Avx2F32 {
    using V = __m256;
    using T = float;
    static constexpr std::size_t lanes = 8;
    static V set1(T x) { return _mm256_set1_ps(x); }
    static V load(const T* p) { return _mm256_load_ps(p); }
    static V fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm256_add_ps(a, b); }
    static double sum(V v)
    {
        alignas(32) float x[8];
        _mm256_store_ps(x, v);
        double s = 0.0;
        for (const float e : x) s += static_cast<double>(e);
        return s;
    }
};

struct Avx2F64 {
    using V = __m256d;
    using T = double;
    static V set1(T x) { return _mm256_set1_pd(x); }
    static V fma(V a, V b, V c) { return _mm256_fmadd_pd(a, b, c); }
    static V add(V a, V b) { return _mm256_add_pd(a, b); }
    static double sum(V v)
    {
        alignas(32) double x[4];
        _mm256_store_pd(x, v);
        return x[0] + x[1] + x[2] + x[3];
    }
};

} // namespace

double peakScalarFma(Precision p, std::uint64_t n) { return p == Precision::Fp32 ? loops::peak<ScalarFmaF32>(n) : loops::peak<ScalarFmaF64>(n); }
double peakAvx2(Precision p, std::uint64_t n) { return p == Precision::Fp32 ? loops::peak<Avx2F32>(n) : loops::peak<Avx2F64>(n); }
double intensityScalarFma(const float* data, std::size_t n, int fmas) { return loops::intensity<ScalarFmaF32>(data, n, fmas); }
double intensityAvx2(const float* data, std::size_t n, int fmas) { return loops::intensity<Avx2F32>(data, n, fmas); }

} // namespace accelscope::labs::compute_peak::detail
