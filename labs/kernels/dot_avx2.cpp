// SPDX-License-Identifier: MIT
// The 8-bit-weight dot product with AVX2 + FMA: 8 weights sign-extended straight to 32-bit lanes
// (one vpmovsxbd), converted and multiply-added into 4 independent accumulators. Compiled with
// -mavx2 -mfma and called only after cpuid says the CPU has both.
#include "labs/kernels/dot_entries.hpp"

#include <immintrin.h>

namespace accelscope::labs::kernels::detail {

float dotInt8Avx2(const std::int8_t* w, const float* x, std::size_t n)
{
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        for (std::size_t j = 0; j < 4; ++j) {
            const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(w + i + 8 * j));
            const __m256 weights = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(bytes));
            acc[j] = _mm256_fmadd_ps(weights, _mm256_loadu_ps(x + i + 8 * j), acc[j]);
        }
    }
    const __m256 all = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
    const __m128 half = _mm_add_ps(_mm256_castps256_ps128(all), _mm256_extractf128_ps(all, 1));
    alignas(16) float lanes[4];
    _mm_store_ps(lanes, half);
    float sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
    for (; i < n; ++i) sum += static_cast<float>(w[i]) * x[i];
    return sum;
}

} // namespace accelscope::labs::kernels::detail
