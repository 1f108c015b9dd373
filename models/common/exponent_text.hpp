// SPDX-License-Identifier: MIT
// The number formatter's exponent for people: "3.39 × 10^38", never "3.39e+38" (number_text.cpp).
#pragma once

#include <string>
#include <string_view>

namespace accelscope::models {

/// `text` (a number from engineeringText, readableText or exactText) with its exponent form written
/// for people: "1.5e-05" → "1.5 × 10^-5", "3.39e+38" → "3.39 × 10^38"; text without one unchanged.
std::string exponentForPeople(std::string_view text);

} // namespace accelscope::models
