// SPDX-License-Identifier: MIT
// Block-scaled formats: OCP Microscaling (MX) v1.0 and NVIDIA NVFP4.
#pragma once

#include "models/precision/element_format.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace accelscope::models::precision {

enum class BlockFormat { MxFp8E4M3, MxFp8E5M2, MxFp6E2M3, MxFp6E3M2, MxFp4, MxInt8, NvFp4 };

/// Static description of a block format.
struct BlockFormatInfo {
    BlockFormat format;
    std::string_view name;   ///< "mxfp8-e4m3", "nvfp4"
    std::string_view label;
    ElementFormat element;   ///< element format (MXINT8: INT8 with an implicit 2^-6, OCP MX v1.0 §5.3.4)
    int blockSize;           ///< 32 for MX (§5.2), 16 for NVFP4
    ElementFormat scale;     ///< E8M0 for MX, E4M3 for NVFP4
    bool tensorScale;        ///< NVFP4 adds one FP32 scale per tensor
};

std::span<const BlockFormatInfo> allBlockFormats();
const BlockFormatInfo& blockFormatInfo(BlockFormat format);
std::optional<BlockFormat> blockFormatFromName(std::string_view name);

/// Storage cost per element including the block scales (the per-tensor FP32 scale of NVFP4 is
/// negligible for large tensors and not counted): MXFP4 (4 + 8/32) / 8 = 0.53125 bytes.
double blockBytesPerElement(const BlockFormatInfo& info);

/// A tensor quantized to a block format.
struct BlockQuantized {
    std::vector<std::uint32_t> scaleCodes;  ///< one per block (E8M0 or E4M3 codes)
    std::vector<std::uint32_t> codes;       ///< one per input element
    std::vector<double> values;             ///< dequantized, one per input element
    std::optional<float> tensorScale;       ///< NVFP4: FP32 decode scale = amax / (448 · 6)
    std::size_t paddedElements = 0;         ///< zeros added to fill the last block (not in codes/values)
    std::size_t saturated = 0;              ///< elements clamped to the element format's maximum
};

/// Quantizes consecutive blocks of `input`. The last block is padded with zeros when the length
/// is not a multiple of the block size (paddedElements says how many; zeros never raise a
/// block's maximum, so padding changes no result).
///
/// MX (OCP MX v1.0 §6.3): shared exponent = floor(log2(max|V|)) − emax(element), computed from
/// the binary exponent exactly, clamped to E8M0's [−127, 127]; all-zero blocks use −127; a NaN or
/// Inf in the block makes the scale NaN (0xFF) and every value NaN. Elements are V / 2^shared
/// rounded to nearest even, saturating at the element maximum.
///
/// NVFP4 (NVIDIA's reference quantizer, as in Transformer Engine / TensorRT Model Optimizer):
/// S = 448·6 / amax(tensor) in FP32; per block of 16, scale = E4M3(amax(block) / 6 · S), saturating;
/// elements E2M1(x · S / scale), saturating; dequantized x̂ = e · scale / S.
BlockQuantized quantizeBlocks(BlockFormat format, std::span<const double> input);

} // namespace accelscope::models::precision
