// SPDX-License-Identifier: MIT
// The 8-bit-weight dot product with AVX-512F: 16 weights sign-extended straight to 32-bit lanes
// (one vpmovsxbd), converted and multiply-added into 4 independent accumulators. Compiled with
// -mavx512f and called only after cpuid says the CPU has it.
#include "labs/kernels/dot_entries.hpp"

#include <immintrin.h>

namespace accelscope::labs::kernels::detail {

float dotInt8Avx512(const std::int8_t* w, const float* x, std::size_t n)
{
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
    constexpr __mmask16 all = 0xFFFF;
    std::size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        for (std::size_t j = 0; j < 4; ++j) {
            const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + i + 16 * j));
            // The zero-masked forms with an all-ones mask: the same instructions, but GCC 12's
            // unmasked ones start from _mm512_undefined and trip -Wmaybe-uninitialized at -O3
            // (so does _mm512_reduce_add_ps, hence the sum through memory below).
            const __m512 weights = _mm512_maskz_cvtepi32_ps(all, _mm512_maskz_cvtepi8_epi32(all, bytes));
            acc[j] = _mm512_fmadd_ps(weights, _mm512_loadu_ps(x + i + 16 * j), acc[j]);
        }
    }
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, _mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3])));
    float sum = 0;
    for (const float lane : lanes) sum += lane;
    for (; i < n; ++i) sum += static_cast<float>(w[i]) * x[i];
    return sum;
}

} // namespace accelscope::labs::kernels::detail
