// SPDX-License-Identifier: MIT
// Precision view helpers.
#include "app/gui/precision/precision_widgets.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace accelscope::gui::precision {

using namespace models::precision;

namespace {

// A combo over `items` (formats with .format and .label); true when the choice changed.
template <typename Items, typename Format, typename Keep>
bool formatCombo(const char* label, const Items& items, Format& format, const std::string& current, Keep keep)
{
    bool changed = false;
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (const auto& f : items) {
            if (!keep(f)) continue;
            const std::string name(f.label);
            if (ImGui::Selectable(name.c_str(), f.format == format)) {
                changed = f.format != format;
                format = f.format;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

} // namespace

bool elementFormatCombo(const char* label, ElementFormat& format, int maxBits)
{
    return formatCombo(label, allFormats(), format, std::string(formatInfo(format).label),
                       [maxBits](const FormatInfo& f) { return f.bits <= maxBits; });
}

bool blockFormatCombo(const char* label, BlockFormat& format)
{
    return formatCombo(label, allBlockFormats(), format, std::string(blockFormatInfo(format).label),
                       [](const BlockFormatInfo&) { return true; });
}

std::string valueString(double value) { return shortestText(value); }

ImU32 fieldColour(int field, bool dark)
{
    // Okabe–Ito: vermillion (sign), blue (exponent), bluish green (mantissa).
    static_cast<void>(dark);
    switch (field) {
    case 0: return IM_COL32(213, 94, 0, 255);
    case 1: return IM_COL32(0, 114, 178, 255);
    default: return IM_COL32(0, 158, 115, 255);
    }
}

} // namespace accelscope::gui::precision
