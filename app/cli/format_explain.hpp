// SPDX-License-Identifier: MIT
// `format decode/encode --explain` and `format compare`: the bit editor's field decoding, storage
// notes and side-by-side values as text and JSON (computed by models/precision/bit_decoding).
#pragma once

#include "app/cli/cli_context.hpp"
#include "models/precision/bit_decoding.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::cli {

/// The decoding's fields as JSON: sign, exponent, significand, formula, note (when any) and bits.
nlohmann::json decodingJson(const models::precision::BitDecoding& decoding);
/// The decoding as indented lines: "  sign 0: +1", "  exponent 01111: 2^(15 - 15) = 2^0", …
std::string decodingText(const models::precision::BitDecoding& decoding);
/// `typed` in the bit editor's comparison formats: format, code, stored value, error, note.
ExitCode compareFormats(const CliContext& ctx, double typed, bool saturate);

} // namespace accelscope::cli
