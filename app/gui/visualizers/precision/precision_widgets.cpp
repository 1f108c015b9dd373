// SPDX-License-Identifier: MIT
// Precision view helpers.
#include "app/gui/visualizers/precision/precision_widgets.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace accelscope::gui::precision {

using namespace models::precision;

bool elementFormatCombo(const char* label, ElementFormat& format, int maxBits)
{
    bool changed = false;
    const std::string current(formatInfo(format).label);
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (const auto& f : allFormats()) {
            if (f.bits > maxBits) continue;
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

bool blockFormatCombo(const char* label, BlockFormat& format)
{
    bool changed = false;
    const std::string current(blockFormatInfo(format).label);
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (const auto& f : allBlockFormats()) {
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

std::string valueString(double value)
{
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc{} ? std::string(buffer, end) : "?";
}

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
