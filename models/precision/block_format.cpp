// SPDX-License-Identifier: MIT
// MX and NVFP4 block quantization.
#include "models/precision/block_format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace accelscope::models::precision {
namespace {

using B = BlockFormat;
using E = ElementFormat;

constexpr std::array blockFormats{
    BlockFormatInfo{B::MxFp8E4M3, "mxfp8-e4m3", "MXFP8 E4M3", E::Fp8E4M3, 32, E::E8M0, false},
    BlockFormatInfo{B::MxFp8E5M2, "mxfp8-e5m2", "MXFP8 E5M2", E::Fp8E5M2, 32, E::E8M0, false},
    BlockFormatInfo{B::MxFp6E2M3, "mxfp6-e2m3", "MXFP6 E2M3", E::Fp6E2M3, 32, E::E8M0, false},
    BlockFormatInfo{B::MxFp6E3M2, "mxfp6-e3m2", "MXFP6 E3M2", E::Fp6E3M2, 32, E::E8M0, false},
    BlockFormatInfo{B::MxFp4, "mxfp4", "MXFP4", E::Fp4E2M1, 32, E::E8M0, false},
    BlockFormatInfo{B::MxInt8, "mxint8", "MXINT8", E::Int8, 32, E::E8M0, false},
    BlockFormatInfo{B::NvFp4, "nvfp4", "NVFP4", E::Fp4E2M1, 16, E::Fp8E4M3, true},
};

// MXINT8 elements are two's complement with an implicit scale of 2^-6 (OCP MX v1.0 §5.3.4):
// they span [−2, 2 − 2^-6] and their emax is 0.
constexpr double mxInt8Step = 1.0 / 64.0;

int elementEmax(const BlockFormatInfo& info)
{
    return info.element == E::Int8 ? 0 : formatInfo(info.element).emax;
}

double elementMax(const BlockFormatInfo& info)
{
    return info.element == E::Int8 ? 127 * mxInt8Step : formatInfo(info.element).maxNormal;
}

// Element code and value for x already divided by the block scale; counts saturation.
std::pair<std::uint32_t, double> quantizeElement(const BlockFormatInfo& info, double scaled, std::size_t& saturated)
{
    if (std::fabs(scaled) > elementMax(info)) ++saturated;
    if (info.element == E::Int8) {
        const std::uint32_t code = encode(E::Int8, scaled / mxInt8Step);
        return {code, decode(E::Int8, code) * mxInt8Step};
    }
    const std::uint32_t code = encode(info.element, scaled, Overflow::Saturate);
    return {code, decode(info.element, code)};
}

void quantizeMxBlock(const BlockFormatInfo& info, std::span<const double> block, BlockQuantized& out)
{
    double amax = 0.0;
    bool special = false;
    for (const double v : block) {
        special |= !std::isfinite(v);
        amax = std::max(amax, std::fabs(v));
    }
    if (special) {
        out.scaleCodes.push_back(0xFFu);
        for (std::size_t i = 0; i < block.size(); ++i) {
            out.codes.push_back(0u);
            out.values.push_back(std::numeric_limits<double>::quiet_NaN());
        }
        return;
    }
    int sharedExponent = -127;
    if (amax > 0.0) {
        int exponent = 0;
        std::frexp(amax, &exponent); // amax = f · 2^exponent, f in [0.5, 1): floor(log2 amax) = exponent − 1
        sharedExponent = std::clamp(exponent - 1 - elementEmax(info), -127, 127);
    }
    out.scaleCodes.push_back(static_cast<std::uint32_t>(sharedExponent + 127));
    for (const double v : block) {
        const auto [code, value] = quantizeElement(info, std::ldexp(v, -sharedExponent), out.saturated);
        out.codes.push_back(code);
        out.values.push_back(std::ldexp(value, sharedExponent));
    }
}

void quantizeNvFp4(std::span<const double> input, std::size_t blockSize, BlockQuantized& out)
{
    // FP32 arithmetic throughout, as the reference kernels compute it.
    constexpr float e4m3Max = 448.0f;
    constexpr float e2m1Max = 6.0f;
    float tensorAmax = 0.0f;
    for (const double v : input) tensorAmax = std::max(tensorAmax, std::fabs(static_cast<float>(v)));
    const float encodeScale = tensorAmax > 0.0f && std::isfinite(tensorAmax) ? e4m3Max * e2m1Max / tensorAmax : 1.0f;
    out.tensorScale = 1.0f / encodeScale;
    const BlockFormatInfo& info = blockFormatInfo(B::NvFp4);
    for (std::size_t start = 0; start < input.size(); start += blockSize) {
        const auto block = input.subspan(start, std::min(blockSize, input.size() - start));
        float blockAmax = 0.0f;
        for (const double v : block) blockAmax = std::max(blockAmax, std::fabs(static_cast<float>(v)));
        const std::uint32_t scaleCode = encode(E::Fp8E4M3, blockAmax / e2m1Max * encodeScale, Overflow::Saturate);
        const auto blockScale = static_cast<float>(decode(E::Fp8E4M3, scaleCode));
        out.scaleCodes.push_back(scaleCode);
        const float toElement = blockScale > 0.0f ? encodeScale / blockScale : 0.0f;
        for (const double v : block) {
            const auto [code, value] = quantizeElement(info, static_cast<float>(v) * toElement, out.saturated);
            out.codes.push_back(code);
            out.values.push_back(static_cast<double>(static_cast<float>(value) * blockScale / encodeScale));
        }
    }
}

} // namespace

std::span<const BlockFormatInfo> allBlockFormats() { return blockFormats; }

const BlockFormatInfo& blockFormatInfo(BlockFormat format) { return blockFormats[static_cast<std::size_t>(format)]; }

std::optional<BlockFormat> blockFormatFromName(std::string_view name)
{
    for (const auto& f : blockFormats) {
        if (f.name == name) return f.format;
    }
    if (name == "mxfp8") return B::MxFp8E4M3;
    if (name == "mxfp6") return B::MxFp6E2M3;
    return std::nullopt;
}

double blockBytesPerElement(const BlockFormatInfo& info)
{
    return (formatInfo(info.element).bits + static_cast<double>(formatInfo(info.scale).bits) / info.blockSize) / 8.0;
}

BlockQuantized quantizeBlocks(BlockFormat format, std::span<const double> input)
{
    const BlockFormatInfo& info = blockFormatInfo(format);
    const auto size = static_cast<std::size_t>(info.blockSize);
    BlockQuantized out;
    out.paddedElements = input.size() % size == 0 ? 0 : size - input.size() % size;
    if (format == B::NvFp4) {
        quantizeNvFp4(input, size, out);
        return out;
    }
    for (std::size_t start = 0; start < input.size(); start += size) {
        quantizeMxBlock(info, input.subspan(start, std::min(size, input.size() - start)), out);
    }
    return out;
}

} // namespace accelscope::models::precision
