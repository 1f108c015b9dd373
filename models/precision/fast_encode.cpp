// SPDX-License-Identifier: MIT
// Fast encoders: integer rounding on float32 bit patterns, selects instead of branches.
#include "models/precision/fast_encode.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>

namespace accelscope::models::precision {
namespace {

// One float32 → code, for a float format with E exponent bits, M mantissa bits and `Bias`.
// Normal results: rebase the float's exponent to the target bias and round the dropped
// 23 − M mantissa bits to nearest even by integer addition (a carry moves to the next binade).
// Subnormal results: scale |x| by 2^(Bias − 1 + M) (exact) and round to an integer with the
// 2^23 magic constant (the FPU's round-to-nearest-even). Both are computed; a select picks one.
template <int E, int M, int Bias, SpecialEncoding Special, int Bits, bool Saturate>
inline std::uint32_t encodeOne(float x)
{
    constexpr std::uint32_t signShift = Bits - 1;
    constexpr std::uint32_t allOnes = (1u << E) - 1u;
    constexpr std::uint32_t infCode = allOnes << M;
    constexpr std::uint32_t maxCode = Special == SpecialEncoding::Ieee          ? infCode - 1u
                                      : Special == SpecialEncoding::FiniteNanFn ? infCode | ((1u << M) - 2u)
                                                                                : infCode | ((1u << M) - 1u);
    constexpr std::uint32_t nanCode = Special == SpecialEncoding::Ieee ? infCode | (1u << (M - 1)) : (infCode | ((1u << M) - 1u));
    constexpr int drop = 23 - M;

    const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t sign = u >> 31;
    const std::uint32_t magnitudeBits = u & 0x7FFFFFFFu;
    const bool isNan = magnitudeBits > 0x7F800000u;

    // Normal path (valid when the result's exponent field is ≥ 1).
    const std::uint32_t rebased = magnitudeBits - (static_cast<std::uint32_t>(127 - Bias) << 23);
    const std::uint32_t normal = (rebased + ((1u << (drop - 1)) - 1u) + ((rebased >> drop) & 1u)) >> drop;

    // Subnormal path: |x| / minSubnormal rounded to an integer (< 2^(M+1), far below 2^23).
    const float scaled = std::bit_cast<float>(magnitudeBits) * std::bit_cast<float>(static_cast<std::uint32_t>(127 + Bias - 1 + M) << 23);
    // Clamp on the bit pattern (scaled ≥ 0, so bits order like values; NaN bits are larger):
    // large values and NaN become 2^23 and are not used.
    const std::uint32_t scaledBits = std::bit_cast<std::uint32_t>(scaled);
    const std::uint32_t small = 0u - static_cast<std::uint32_t>(scaledBits < 0x4B000000u);
    const float clampedScaled = std::bit_cast<float>((scaledBits & small) | (0x4B000000u & ~small));
    // Through int32: float → int32 has a vector instruction (cvttps2dq), float → uint32 has none before AVX-512.
    const auto subnormal = static_cast<std::uint32_t>(static_cast<std::int32_t>((clampedScaled + 8388608.0f) - 8388608.0f));

    // Selects through all-ones/all-zeros masks: no control flow, so the loop vectorises.
    const std::uint32_t isNormal = 0u - static_cast<std::uint32_t>(magnitudeBits >= (static_cast<std::uint32_t>(128 - Bias) << 23));
    std::uint32_t code = (normal & isNormal) | (subnormal & ~isNormal);
    // Overflow is decided on the rounded code (infinite input included).
    const std::uint32_t overflow =
        isNormal & (0u - (static_cast<std::uint32_t>(normal > maxCode) | static_cast<std::uint32_t>(magnitudeBits >= 0x7F800000u)));
    std::uint32_t overflowCode = maxCode;
    if constexpr (Special == SpecialEncoding::Ieee && !Saturate) overflowCode = infCode;
    if constexpr (Special == SpecialEncoding::FiniteNanFn && !Saturate) overflowCode = nanCode;
    code = (overflowCode & overflow) | (code & ~overflow);
    code |= sign << signShift;
    const std::uint32_t nanMask = 0u - static_cast<std::uint32_t>(isNan);
    // FP6/FP4 have no NaN: the reference gives code 0 for a NaN input.
    constexpr std::uint32_t nanResult = Special == SpecialEncoding::None ? 0u : nanCode;
    return (nanResult & nanMask) | (code & ~nanMask);
}

template <int E, int M, int Bias, SpecialEncoding Special, int Bits, typename Out>
void encodeArray(std::span<const float> input, std::span<Out> output, bool saturate)
{
    assert(output.size() >= input.size());
    const float* in = input.data();
    Out* out = output.data();
    const std::size_t n = input.size();
    if (saturate) {
        for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Out>(encodeOne<E, M, Bias, Special, Bits, true>(in[i]));
    } else {
        for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Out>(encodeOne<E, M, Bias, Special, Bits, false>(in[i]));
    }
}

// BF16: round the low 16 bits to nearest even (overflow becomes Inf by the carry, as IEEE wants).
void encodeBf16(std::span<const float> input, std::span<std::uint16_t> output, bool saturate)
{
    const std::size_t n = input.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t u = std::bit_cast<std::uint32_t>(input[i]);
        const std::uint32_t magnitude = u & 0x7FFFFFFFu;
        std::uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
        const bool overflow = (rounded & 0x7FFFu) >= 0x7F80u && magnitude < 0x7F800000u;
        rounded = (overflow && saturate) ? ((u >> 16) & 0x8000u) | 0x7F7Fu : rounded;
        rounded = (magnitude == 0x7F800000u) ? (saturate ? ((u >> 16) & 0x8000u) | 0x7F7Fu : u >> 16) : rounded;
        output[i] = static_cast<std::uint16_t>(magnitude > 0x7F800000u ? 0x7FC0u : rounded);
    }
}

} // namespace

bool hasFastEncoder(ElementFormat format)
{
    switch (format) {
    case ElementFormat::Bf16:
    case ElementFormat::Fp16:
    case ElementFormat::Fp8E4M3:
    case ElementFormat::Fp8E5M2:
    case ElementFormat::Fp6E2M3:
    case ElementFormat::Fp6E3M2:
    case ElementFormat::Fp4E2M1: return true;
    default: return false;
    }
}

void encodeFast(ElementFormat format, std::span<const float> input, std::span<std::uint16_t> output, Overflow overflow)
{
    const bool saturate = overflow == Overflow::Saturate;
    using S = SpecialEncoding;
    if (format == ElementFormat::Bf16) return encodeBf16(input, output, saturate);
    assert(format == ElementFormat::Fp16);
    encodeArray<5, 10, 15, S::Ieee, 16>(input, output, saturate);
}

void encodeFast(ElementFormat format, std::span<const float> input, std::span<std::uint8_t> output, Overflow overflow)
{
    const bool saturate = overflow == Overflow::Saturate;
    using S = SpecialEncoding;
    switch (format) {
    case ElementFormat::Fp8E4M3: return encodeArray<4, 3, 7, S::FiniteNanFn, 8>(input, output, saturate);
    case ElementFormat::Fp8E5M2: return encodeArray<5, 2, 15, S::Ieee, 8>(input, output, saturate);
    case ElementFormat::Fp6E2M3: return encodeArray<2, 3, 1, S::None, 6>(input, output, saturate);
    case ElementFormat::Fp6E3M2: return encodeArray<3, 2, 3, S::None, 6>(input, output, saturate);
    case ElementFormat::Fp4E2M1: return encodeArray<2, 1, 1, S::None, 4>(input, output, saturate);
    default: assert(false && "no fast 8-bit encoder for this format");
    }
}

void encodeMxFp4Fast(std::span<const float> input, std::span<std::uint8_t> scales, std::span<std::uint8_t> codes)
{
    constexpr std::size_t block = 32;
    assert(input.size() % block == 0 && codes.size() >= input.size() && scales.size() >= input.size() / block);
    for (std::size_t b = 0; b < input.size() / block; ++b) {
        const float* in = input.data() + b * block;
        float amax = 0.0f;
        for (std::size_t i = 0; i < block; ++i) amax = std::max(amax, std::fabs(in[i]));
        int exponent = 0;
        std::frexp(amax, &exponent); // floor(log2 amax) = exponent − 1, exact
        const int shared = amax > 0.0f ? std::clamp(exponent - 1 - 2, -127, 127) : -127; // E2M1 emax = 2
        scales[b] = static_cast<std::uint8_t>(shared + 127);
        // 2^-shared may not be a normal float (shared up to 127): scale in two exact steps.
        const float half = std::ldexp(1.0f, -shared / 2);
        const float rest = std::ldexp(1.0f, -shared + shared / 2);
        float scaled[block];
        for (std::size_t i = 0; i < block; ++i) scaled[i] = in[i] * half * rest;
        encodeArray<2, 1, 1, SpecialEncoding::None, 4>(std::span<const float>(scaled, block),
                                                        codes.subspan(b * block, block), true);
    }
}

float encodeNvFp4Fast(std::span<const float> input, std::span<std::uint8_t> scales, std::span<std::uint8_t> codes)
{
    constexpr std::size_t block = 16;
    assert(input.size() % block == 0 && codes.size() >= input.size() && scales.size() >= input.size() / block);
    float tensorAmax = 0.0f;
    for (const float v : input) tensorAmax = std::max(tensorAmax, std::fabs(v));
    const float encodeScale = tensorAmax > 0.0f ? 448.0f * 6.0f / tensorAmax : 1.0f;
    for (std::size_t b = 0; b < input.size() / block; ++b) {
        const float* in = input.data() + b * block;
        float amax = 0.0f;
        for (std::size_t i = 0; i < block; ++i) amax = std::max(amax, std::fabs(in[i]));
        const float blockScaleValue = amax / 6.0f * encodeScale;
        const auto scaleCode = static_cast<std::uint8_t>(encodeOne<4, 3, 7, SpecialEncoding::FiniteNanFn, 8, true>(blockScaleValue));
        scales[b] = scaleCode;
        const auto blockScale = static_cast<float>(decode(ElementFormat::Fp8E4M3, scaleCode));
        const float toElement = blockScale > 0.0f ? encodeScale / blockScale : 0.0f;
        float scaled[block];
        for (std::size_t i = 0; i < block; ++i) scaled[i] = in[i] * toElement;
        encodeArray<2, 1, 1, SpecialEncoding::None, 4>(std::span<const float>(scaled, block),
                                                        codes.subspan(b * block, block), true);
    }
    return 1.0f / encodeScale;
}

} // namespace accelscope::models::precision
