// SPDX-License-Identifier: MIT
// Bit editor drawing.
#include "app/gui/visualizers/precision/bit_editor_view.hpp"

#include "app/gui/visualizers/precision/precision_widgets.hpp"
#include "models/precision/tensor_file.hpp"
#include "models/common/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace accelscope::gui::precision {

using namespace models::precision;

void BitEditorView::setFormat(ElementFormat format)
{
    m_format = format;
    m_code = encode(format, 1.0);
    m_hasInput = false;
}

void BitEditorView::flipBit(int bit)
{
    m_code ^= 1u << bit;
    m_hasInput = false;
}

bool BitEditorView::enterValue(const std::string& text)
{
    const auto value = parseNumber(text);
    if (!value) {
        m_message = "'" + text + "' is not a number";
        return false;
    }
    const FormatInfo& f = formatInfo(m_format);
    if (std::isnan(*value) && (f.special == SpecialEncoding::None || f.special == SpecialEncoding::Integer)) {
        m_message = std::string(f.label) + " has no NaN";
        return false;
    }
    m_code = encode(m_format, *value, m_saturate ? Overflow::Saturate : Overflow::Standard);
    m_lastInput = *value;
    m_hasInput = true;
    m_message.clear();
    return true;
}

void BitEditorView::drawBits(bool dark)
{
    const FormatInfo& f = formatInfo(m_format);
    const float size = ImGui::GetFrameHeight() * (f.bits > 16 ? 1.0f : 1.6f);
    for (int bit = f.bits - 1; bit >= 0; --bit) {
        // Field of this bit: sign (top bit of signed formats), exponent, mantissa.
        int field = 2;
        if (f.isSigned && bit == f.bits - 1) field = 0;
        else if (bit >= f.mantissaBits && f.special != SpecialEncoding::Integer) field = 1;
        const bool on = ((m_code >> bit) & 1u) != 0;
        ImGui::PushID(bit);
        const ImU32 colour = fieldColour(field, dark);
        ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
        if (!on) c.w = 0.25f;
        ImGui::PushStyleColor(ImGuiCol_Button, c);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(colour));
        if (ImGui::Button(on ? "1" : "0", ImVec2(size, size))) flipBit(bit);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("bit %d (%s): click to flip", bit, field == 0 ? "sign" : field == 1 ? "exponent" : "mantissa");
        }
        ImGui::PopStyleColor(2);
        ImGui::PopID();
        if (bit > 0) ImGui::SameLine(0.0f, (bit == f.mantissaBits || bit == f.bits - 1) ? size * 0.4f : 2.0f);
    }
}

void BitEditorView::drawValue()
{
    const FormatInfo& f = formatInfo(m_format);
    const double value = decode(m_format, m_code);
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%0*X", (f.bits + 3) / 4, m_code);
    ImGui::Text("code %s   value %s   (%s)", hex, valueString(value).c_str(),
                std::string(valueClassName(classify(m_format, m_code))).c_str());
    const auto down = neighbour(m_format, m_code, false);
    const auto up = neighbour(m_format, m_code, true);
    ImGui::Text("next down: %s", down ? valueString(decode(m_format, *down)).c_str() : "none");
    ImGui::SameLine(0.0f, 30.0f);
    ImGui::Text("next up: %s", up ? valueString(decode(m_format, *up)).c_str() : "none");
    if (up && std::isfinite(value) && std::isfinite(decode(m_format, *up))) {
        ImGui::Text("gap to next up (ULP): %s", valueString(decode(m_format, *up) - value).c_str());
    }
    if (m_hasInput) {
        const double error = value - m_lastInput;
        ImGui::Text("you typed %s: stored as %s, error %s", valueString(m_lastInput).c_str(), valueString(value).c_str(),
                    valueString(error).c_str());
        if (m_lastInput != 0.0 && std::isfinite(error)) {
            ImGui::SameLine();
            ImGui::Text("(%s%% relative)", models::engineeringText(100.0 * std::fabs(error / m_lastInput), 3).c_str());
        }
    }
}

void BitEditorView::draw(DrawContext& context)
{
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ElementFormat format = m_format;
    if (elementFormatCombo("Format", format)) setFormat(format);
    ImGui::SameLine();
    ImGui::Checkbox("Saturate on overflow", &m_saturate);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clamp to the largest finite value (like NVIDIA's .satfinite) instead of Inf/NaN");
    const FormatInfo& f = formatInfo(m_format);
    ImGui::TextDisabled("%d bits: %s%d exponent (bias %d), %d mantissa. Click a bit to flip it.", f.bits,
                        f.isSigned ? "1 sign, " : "", f.exponentBits, f.bias, f.mantissaBits);
    ImGui::Spacing();
    drawBits(context.darkTheme());
    ImGui::Spacing();
    drawValue();
    ImGui::Separator();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    const bool entered = ImGui::InputText("##value", m_input.data(), m_input.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (ImGui::Button("Encode") || entered) enterValue(m_input.data());
    ImGui::SameLine();
    ImGui::TextDisabled("type a value (0.1, 1e-5, 0x1p-9, inf, nan) and press Enter");
    if (!m_message.empty()) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", m_message.c_str());
}

} // namespace accelscope::gui::precision
