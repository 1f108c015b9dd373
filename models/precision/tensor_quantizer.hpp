// SPDX-License-Identifier: MIT
// Quantizing a whole tensor with an element, block or scaled-integer scheme, and its error metrics.
#pragma once

#include "models/common/result.hpp"
#include "models/precision/block_format.hpp"

#include <span>
#include <string>
#include <variant>
#include <vector>

namespace accelscope::models::precision {

/// How integer scales are shared.
enum class Granularity { Tensor, Channel, Group };

/// Scaled integer quantization: symmetric (scale = amax / qmax, q in [−qmax, qmax]) or asymmetric
/// (scale = (max − min) / (2^bits − 1) with an integer zero point; the range always includes 0).
struct IntegerScheme {
    int bits = 8;
    bool symmetric = true;
    Granularity granularity = Granularity::Tensor;
    std::size_t groupSize = 128; ///< elements per group (Group)
    std::size_t channels = 1;    ///< rows of the tensor (Channel): each row has its own scale
};

/// One way to store a tensor.
struct QuantScheme {
    std::string name;
    std::variant<ElementFormat, BlockFormat, IntegerScheme> kind;
};

/// Parses a scheme name: an element format ("fp8-e4m3"), a block format ("mxfp4", "nvfp4"), or a
/// scaled integer "int8-sym", "int4-asym-channel", "int4-sym-g128" (default granularity: tensor).
/// `channels` is used by per-channel schemes.
Result<QuantScheme> schemeFromName(std::string_view name, std::size_t channels = 1);

/// Dequantized values and what the storage costs.
struct SchemeResult {
    std::vector<double> values;
    std::size_t saturated = 0;      ///< inputs beyond the representable range (clamped)
    std::size_t paddedElements = 0; ///< block formats: zeros added to fill the last block
    double bytesPerElement = 0.0;   ///< including scales and zero points
};

/// Applies a scheme. Element formats saturate (as quantizers do); a per-channel scheme needs the
/// length to be a multiple of `channels` (an error otherwise). NaN or infinite inputs are an error
/// naming the first one's position (from 1).
Result<SchemeResult> applyScheme(const QuantScheme& scheme, std::span<const double> input);

/// Error of a quantized tensor against its input.
struct QuantMetrics {
    std::size_t count = 0;
    double mse = 0.0;
    double sqnrDb = 0.0;            ///< 10·log10(Σx² / Σ(x − x̂)²); +inf when exact
    double maxAbsError = 0.0;
    double maxRelError = 0.0;       ///< over nonzero inputs
    double fractionSaturated = 0.0;
    double fractionFlushedToZero = 0.0; ///< nonzero inputs that became 0
    double bytesPerElement = 0.0;
};

QuantMetrics measure(std::span<const double> input, const SchemeResult& result);

/// The metrics as both faces print them (CLI table, Number formats page): bytes/element exact (it is a
/// ratio of whole bits), SQNR to 0.01 dB ("exact" when +inf), errors to 3 significant digits, shares in
/// percent to 0.001 %.
struct QuantMetricTexts {
    std::string bytesPerElement, sqnrDb, mse, maxAbsError, maxRelError, saturated, flushedToZero;
};
QuantMetricTexts metricTexts(const QuantMetrics& m);

} // namespace accelscope::models::precision
