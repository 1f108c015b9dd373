// SPDX-License-Identifier: MIT
// JSON parsing that remembers the line of every value, so data errors can say file:line.
#pragma once

#include "models/common/result.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace accelscope::models::catalog {

/// A parsed JSON document plus the 1-based line where each value starts, keyed by JSON pointer
/// ("/devices/3/figures/memory_gb"). Object members are located at their key.
struct LocatedJson {
    nlohmann::json root;
    std::unordered_map<std::string, int> lines;

    /// Line of the value at `pointer`, or of its nearest located ancestor; 1 if none.
    int lineOf(const std::string& pointer) const;
};

/// Where and why strict JSON parsing failed.
struct JsonSyntaxError {
    int line = 1;
    std::string what;
};

/// Parses strict JSON text (no comments, no trailing commas).
std::expected<LocatedJson, JsonSyntaxError> parseLocatedJson(std::string_view text);

/// `value` when it is a JSON integer from `min` to `max`, else nothing. The one reader of whole numbers
/// from JSON files: an unsigned value above INT64_MAX or an int64 outside int is never cut to fit
/// (issue #29: a release year of 4294969320 was stored as 2024).
std::optional<std::int64_t> wholeNumberIn(const nlohmann::json& value, std::int64_t min, std::int64_t max);

/// Escapes a key for use in a JSON pointer (RFC 6901: '~' → "~0", '/' → "~1").
std::string escapePointerToken(std::string_view key);

} // namespace accelscope::models::catalog
