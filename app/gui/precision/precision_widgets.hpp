// SPDX-License-Identifier: MIT
// Small ImGui helpers shared by the Precision views.
#pragma once

#include "models/precision/block_format.hpp"

#include <imgui.h>

#include <string>

namespace accelscope::gui::precision {

/// A combo of element formats with at most `maxBits` bits; true when the choice changed.
bool elementFormatCombo(const char* label, models::precision::ElementFormat& format, int maxBits = 32);
/// A combo of block formats; true when the choice changed.
bool blockFormatCombo(const char* label, models::precision::BlockFormat& format);
/// Shortest round-trip text of a value ("nan", "inf" for specials).
std::string valueString(double value);
/// Colours of the sign, exponent and mantissa fields (colour-blind safe).
ImU32 fieldColour(int field, bool dark);

} // namespace accelscope::gui::precision
