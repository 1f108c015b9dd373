// SPDX-License-Identifier: MIT
// Transformer configurations from JSON: the bundled presets (data/models/presets.json) and user files.
#pragma once

#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::roofline {

/// Parses model configurations: either one model object or {"models": [ … ]}. Keys as in
/// data/models/presets.json (layers, hidden, heads, kv_heads, head_dim, ffn, gated_ffn, vocab, norm,
/// tied_embeddings, qkv_bias, linear_bias, position_embeddings, sliding_window, moe{…}, mla{…},
/// source{url, where}). Unknown keys, wrong types and invalid shapes fail with
/// "file:line: field: what is wrong" (InvalidData).
Result<std::vector<TransformerConfig>> parseModelConfigs(std::string_view text, const std::string& fileName);

/// Reads and parses one model file (a user-defined model); a file of several models is an error.
Result<TransformerConfig> loadModelConfigFile(const std::filesystem::path& file);

/// The bundled presets (compiled in from data/models/presets.json), in file order. Parsed on each
/// call (about a hundred microseconds); callers that need them often keep the vector.
Result<std::vector<TransformerConfig>> modelPresets();

/// A preset by id ("llama2-70b"); NotFound lists the known ids.
Result<TransformerConfig> findModelPreset(std::string_view id);

/// The preset ids, comma-separated, for messages.
std::string modelPresetIds();

} // namespace accelscope::models::roofline
