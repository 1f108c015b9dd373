// SPDX-License-Identifier: MIT
// The fast float32 encoders give exactly the reference codes: sampled floats over the whole
// range, every tie point and its neighbours, specials, both overflow modes; and the fast MXFP4 /
// NVFP4 paths match quantizeBlocks.
#include "models/precision/block_format.hpp"
#include "models/precision/fast_encode.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace accelscope::models::precision;

namespace {

// Floats that stress a format: a stride over all 2^32 bit patterns, every representable value,
// every midpoint between neighbours and the floats just either side of it, and specials.
std::vector<float> probeFloats(ElementFormat format)
{
    std::vector<float> out;
    for (std::uint64_t bits = 0; bits < (1ull << 32); bits += 4099) out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    const FormatInfo& f = formatInfo(format);
    for (std::uint32_t code = 0; code < codeCount(f); ++code) {
        const double v = decode(format, code);
        if (!std::isfinite(v)) continue;
        const auto up = neighbour(format, code, true);
        const double next = up ? decode(format, *up) : v + (v - decode(format, *neighbour(format, code, false)));
        if (!std::isfinite(next)) continue;
        const auto mid = static_cast<float>((v + next) / 2);
        for (const float x : {static_cast<float>(v), mid, std::nextafter(mid, -INFINITY), std::nextafter(mid, INFINITY)}) {
            out.push_back(x);
            out.push_back(-x);
        }
    }
    for (const float x : {0.0f, -0.0f, INFINITY, -INFINITY, std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min()}) {
        out.push_back(x);
    }
    return out;
}

template <typename Code>
std::size_t countMismatches(ElementFormat format, Overflow overflow)
{
    const auto input = probeFloats(format);
    std::vector<Code> codes(input.size());
    encodeFast(format, input, std::span<Code>(codes), overflow);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const std::uint32_t expected = encode(format, static_cast<double>(input[i]), overflow);
        if (codes[i] != expected) {
            if (mismatches < 5) UNSCOPED_INFO("x=" << input[i] << " fast=" << codes[i] << " ref=" << expected);
            ++mismatches;
        }
    }
    return mismatches;
}

} // namespace

TEST_CASE("fast 16-bit encoders equal the reference for every probe")
{
    const ElementFormat format = GENERATE(ElementFormat::Bf16, ElementFormat::Fp16);
    const Overflow overflow = GENERATE(Overflow::Standard, Overflow::Saturate);
    INFO(formatInfo(format).name);
    CHECK(countMismatches<std::uint16_t>(format, overflow) == 0);
}

TEST_CASE("fast 8-bit and smaller encoders equal the reference for every probe")
{
    const ElementFormat format = GENERATE(ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2, ElementFormat::Fp6E2M3,
                                          ElementFormat::Fp6E3M2, ElementFormat::Fp4E2M1);
    const Overflow overflow = GENERATE(Overflow::Standard, Overflow::Saturate);
    INFO(formatInfo(format).name);
    CHECK(countMismatches<std::uint8_t>(format, overflow) == 0);
}

TEST_CASE("fast MXFP4 and NVFP4 equal the reference block quantizer")
{
    std::mt19937_64 engine(7);
    std::student_t_distribution<float> heavy(3.0f);
    std::vector<float> input(32 * 64);
    for (auto& v : input) v = heavy(engine) * 0.01f;
    input[100] = 0.0f;
    std::fill(input.begin() + 64, input.begin() + 96, 0.0f); // an all-zero block
    const std::vector<double> wide(input.begin(), input.end());

    std::vector<std::uint8_t> scales(input.size() / 16);
    std::vector<std::uint8_t> codes(input.size());
    encodeMxFp4Fast(input, scales, codes);
    const auto mx = quantizeBlocks(BlockFormat::MxFp4, wide);
    CHECK(std::vector<std::uint32_t>(scales.begin(), scales.begin() + static_cast<long>(mx.scaleCodes.size())) == mx.scaleCodes);
    CHECK(std::vector<std::uint32_t>(codes.begin(), codes.end()) == mx.codes);

    const float tensorScale = encodeNvFp4Fast(input, scales, codes);
    const auto nv = quantizeBlocks(BlockFormat::NvFp4, wide);
    CHECK(tensorScale == *nv.tensorScale);
    CHECK(std::vector<std::uint32_t>(scales.begin(), scales.end()) == nv.scaleCodes);
    CHECK(std::vector<std::uint32_t>(codes.begin(), codes.end()) == nv.codes);
}
