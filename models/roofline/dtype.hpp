// SPDX-License-Identifier: MIT
// Storage size of a number format named by the user (element formats and block-scaled formats).
#pragma once

#include "models/common/result.hpp"

#include <span>
#include <string>
#include <string_view>

namespace accelscope::models::roofline {

/// A storage format for weights, activations or the KV cache.
struct DataType {
    std::string name;              ///< canonical name ("bf16", "fp8-e4m3", "nvfp4")
    double bytesPerElement = 2.0;  ///< including block scales for MX/NVFP4 (models/precision)
    std::string computePrecision;  ///< catalog precision of the tensor roof it maps to ("bf16", "fp8", "fp4", "int8")
};

/// Resolves a format name or alias ("bf16", "fp16", "fp8", "e4m3", "fp4", "int8", "int4",
/// "mxfp4", "nvfp4", "fp32", "tf32"). TF32 is stored as FP32 (4 bytes). Error names the value.
Result<DataType> dataTypeFromName(std::string_view name);

/// Every accepted name, comma-separated, for messages.
std::string dataTypeNames();

/// The storage formats offered for an LLM's weights, KV cache and activations, in menu order: the
/// LLM calculator's, the Roofline LLM mode's and the Serving planner's combos, the CLI's --weights
/// help and the lesson checks' candidates read this one list. Each name resolves with dataTypeFromName.
std::span<const std::string_view> llmStorageFormats();
/// llmStorageFormats comma-separated ("bf16, fp16, …"), for help text.
std::string llmStorageFormatsText();

} // namespace accelscope::models::roofline
