// SPDX-License-Identifier: MIT
// Scalar (one lane, multiply then add) and SSE (128-bit, multiply then add) kernels: SSE2 is part
// of x86-64, so this file needs no extra flags.
#include "labs/compute_peak/kernel_entries.hpp"
#include "labs/compute_peak/simd_loops.hpp"

#include <immintrin.h>

namespace accelscope::labs::compute_peak::detail {
namespace {

struct ScalarF32 {
    using V = __m128;
    using T = float;
    static constexpr std::size_t lanes = 1;
    static V set1(T x) { return _mm_set_ss(x); }
    static V load(const T* p) { return _mm_load_ss(p); }
    static V fma(V a, V b, V c) { return _mm_add_ss(_mm_mul_ss(a, b), c); }
    static V add(V a, V b) { return _mm_add_ss(a, b); }
    static double sum(V v) { return static_cast<double>(_mm_cvtss_f32(v)); }
};

struct ScalarF64 {
    using V = __m128d;
    using T = double;
    static V set1(T x) { return _mm_set_sd(x); }
    static V fma(V a, V b, V c) { return _mm_add_sd(_mm_mul_sd(a, b), c); }
    static V add(V a, V b) { return _mm_add_sd(a, b); }
    static double sum(V v) { return _mm_cvtsd_f64(v); }
};

struct SseF32 {
    using V = __m128;
    using T = float;
    static constexpr std::size_t lanes = 4;
    static V set1(T x) { return _mm_set1_ps(x); }
    static V load(const T* p) { return _mm_load_ps(p); }
    static V fma(V a, V b, V c) { return _mm_add_ps(_mm_mul_ps(a, b), c); }
    static V add(V a, V b) { return _mm_add_ps(a, b); }
    static double sum(V v)
    {
        alignas(16) float x[4];
        _mm_store_ps(x, v);
        return static_cast<double>(x[0]) + x[1] + x[2] + x[3];
    }
};

struct SseF64 {
    using V = __m128d;
    using T = double;
    static V set1(T x) { return _mm_set1_pd(x); }
    static V fma(V a, V b, V c) { return _mm_add_pd(_mm_mul_pd(a, b), c); }
    static V add(V a, V b) { return _mm_add_pd(a, b); }
    static double sum(V v)
    {
        alignas(16) double x[2];
        _mm_store_pd(x, v);
        return x[0] + x[1];
    }
};

} // namespace

double peakScalar(Precision p, std::uint64_t n) { return p == Precision::Fp32 ? loops::peak<ScalarF32>(n) : loops::peak<ScalarF64>(n); }
double peakSse(Precision p, std::uint64_t n) { return p == Precision::Fp32 ? loops::peak<SseF32>(n) : loops::peak<SseF64>(n); }
double intensityScalar(const float* data, std::size_t n, int fmas) { return loops::intensity<ScalarF32>(data, n, fmas); }
double intensitySse(const float* data, std::size_t n, int fmas) { return loops::intensity<SseF32>(data, n, fmas); }

} // namespace accelscope::labs::compute_peak::detail
