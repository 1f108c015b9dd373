// SPDX-License-Identifier: MIT
// Text and JSON helpers for number-format output (codes in hex, values shortest round-trip).
#pragma once

#include "models/precision/element_format.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::cli {

/// "0x3C00": hex with as many digits as the format's bits need.
std::string hexCode(std::uint32_t code, int bits);
/// Shortest decimal that reads back to the same double; "nan", "inf", "-inf" for specials.
std::string valueText(double value);
/// A JSON number, or the strings "nan", "inf", "-inf" (JSON has no non-finite numbers).
nlohmann::json jsonValue(double value);
/// Parses a code given as 0x… hex or decimal; nullopt when malformed.
std::optional<std::uint32_t> parseCode(const std::string& text);

} // namespace accelscope::cli
