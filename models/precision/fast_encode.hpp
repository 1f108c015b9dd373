// SPDX-License-Identifier: MIT
// Branch-free, vectorisable float32 → format encoders that give exactly the codes of encode().
#pragma once

#include "models/precision/element_format.hpp"

#include <cstdint>
#include <span>

namespace accelscope::models::precision {

/// Formats with a fast float32 path.
bool hasFastEncoder(ElementFormat format);

/// Encodes `input` to `output` (same length) with round-to-nearest-even and `overflow`; the codes
/// equal encode(format, double(x), overflow) for every float32 x. 16-bit formats (BF16, FP16)
/// write uint16 codes, the others uint8 codes. Precondition: hasFastEncoder(format).
void encodeFast(ElementFormat format, std::span<const float> input, std::span<std::uint16_t> output,
                Overflow overflow = Overflow::Standard);
void encodeFast(ElementFormat format, std::span<const float> input, std::span<std::uint8_t> output,
                Overflow overflow = Overflow::Standard);

/// MXFP4 (OCP MX v1.0): per block of 32, one E8M0 scale code and 32 E2M1 codes (one per byte).
/// Same codes as quantizeBlocks(BlockFormat::MxFp4) for finite input; input.size() must be a
/// multiple of 32.
void encodeMxFp4Fast(std::span<const float> input, std::span<std::uint8_t> scales, std::span<std::uint8_t> codes);

/// NVFP4: per block of 16 one E4M3 scale code; E2M1 codes; returns the FP32 tensor decode scale.
/// Same codes as quantizeBlocks(BlockFormat::NvFp4) for finite input; input.size() must be a
/// multiple of 16.
float encodeNvFp4Fast(std::span<const float> input, std::span<std::uint8_t> scales, std::span<std::uint8_t> codes);

} // namespace accelscope::models::precision
