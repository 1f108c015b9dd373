// SPDX-License-Identifier: MIT
// Reading tensors for quantization experiments: NumPy .npy (float32/float16/bfloat16) and text.
#pragma once

#include "models/common/result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::precision {

/// Element type to assume for a `.npy` whose dtype is a raw 2-byte void ("<V2", as bfloat16
/// arrays from ml_dtypes are saved). Auto refuses such files with a message naming the option.
enum class NpyHint { Auto, Bfloat16 };

/// Parses the bytes of a `.npy` file (format versions 1–3, C order, little- or big-endian
/// float32, float16, float64, or bfloat16). Errors name `name` and what is wrong (magic, header,
/// dtype, Fortran order, truncated data).
Result<std::vector<double>> parseNpy(std::string_view bytes, const std::string& name, NpyHint hint = NpyHint::Auto);

/// Parses whitespace-separated numbers (decimal, hex float such as 0x1.8p3, nan, inf, -inf).
/// Errors name `name`, the line and the token.
Result<std::vector<double>> parseTextValues(std::string_view text, const std::string& name);

/// Parses one number as above; nullopt for anything else (including trailing junk).
std::optional<double> parseNumber(std::string_view token);

/// Reads `path`: `.npy` by extension, text otherwise. An empty tensor is an error.
Result<std::vector<double>> readTensorFile(const std::filesystem::path& path, NpyHint hint = NpyHint::Auto);

} // namespace accelscope::models::precision
