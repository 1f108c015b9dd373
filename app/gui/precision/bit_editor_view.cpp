// SPDX-License-Identifier: MIT
// Bit editor drawing: the bits, each field decoded under them, the live formula, and the typed
// value in several formats side by side. Every text comes from models/precision/bit_decoding.
#include "app/gui/precision/bit_editor_view.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/precision/precision_widgets.hpp"
#include "models/common/number_text.hpp"
#include "models/precision/tensor_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace accelscope::gui::precision {

using namespace models::precision;

namespace {

const ImVec4 warningColour(0.9f, 0.3f, 0.2f, 1.0f);

// Text on the current line when it fits there, else on the next; long text wraps at the edge.
void flowText(const std::string& text, bool sameLine = true, float spacing = -1.0f)
{
    if (sameLine) sameLineIfFits(ImGui::CalcTextSize(text.c_str()).x, spacing);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void wrappedColoured(const ImVec4& colour, const std::string& text)
{
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    flowText(text, false);
    ImGui::PopStyleColor();
}

} // namespace

void BitEditorView::setFormat(ElementFormat format)
{
    m_format = format;
    m_code = encode(format, 1.0);
    m_hasInput = false;
    m_message.clear();
    // A value typed before stays typed: it is encoded in the new format (Float Toy keeps it too).
    if (m_input[0] != '\0') typeText(m_input.data());
}

void BitEditorView::flipBit(int bit)
{
    m_code ^= 1u << bit;
    m_hasInput = false;
}

void BitEditorView::setSaturate(bool saturate)
{
    m_saturate = saturate;
    if (m_hasInput) m_code = encode(m_format, m_lastInput, m_saturate ? Overflow::Saturate : Overflow::Standard);
}

bool BitEditorView::enterValue(const std::string& text)
{
    // A value set from outside (a lesson, a test) shows in the field as if typed.
    if (text.data() != m_input.data() && text.size() < m_input.size()) {
        m_input.fill('\0');
        std::memcpy(m_input.data(), text.data(), text.size());
    }
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

void BitEditorView::typeText(const std::string& text)
{
    if (text.empty()) {
        m_input.fill('\0');
        m_message.clear();
        return;
    }
    // Half-typed ("1e-", "-"): keep the last code and say what is missing, quietly.
    if (!enterValue(text)) m_message = "keep typing: " + m_message;
}

BitDecoding BitEditorView::decoding() const { return decodeBits(m_format, m_code); }

std::string BitEditorView::storageNote() const
{
    return m_hasInput ? models::precision::storageNote(m_format, m_lastInput, m_saturate ? Overflow::Saturate : Overflow::Standard)
                      : std::string();
}

std::vector<StoredValue> BitEditorView::sideBySide() const
{
    const double value = m_hasInput ? m_lastInput : decode(m_format, m_code);
    return storeInFormats(value, comparisonFormats(), m_saturate ? Overflow::Saturate : Overflow::Standard);
}

void BitEditorView::drawBits(bool dark)
{
    const FormatInfo& f = formatInfo(m_format);
    // As large as the row allows, down to the width of a digit; narrower views wrap the bits.
    const float gaps = 2.0f * static_cast<float>(f.bits - 1);
    const float room = ImGui::GetContentRegionAvail().x;
    const float smallest = ImGui::CalcTextSize("0").x + 2.0f * ImGui::GetStyle().FramePadding.x * 0.5f;
    float size = ImGui::GetFrameHeight() * (f.bits > 16 ? 1.0f : 1.6f);
    if (static_cast<float>(f.bits) * size * 1.03f + gaps > room) size = std::max(smallest, (room - gaps) / (static_cast<float>(f.bits) * 1.03f));
    m_fieldX = {-1.0f, -1.0f, -1.0f};
    m_bitsWrapped = false;
    for (int bit = f.bits - 1; bit >= 0; --bit) {
        // Field of this bit: sign (top bit of signed formats), exponent, mantissa.
        int field = 2;
        if (f.isSigned && bit == f.bits - 1) field = 0;
        else if (bit >= f.mantissaBits && f.special != SpecialEncoding::Integer) field = 1;
        if (bit < f.bits - 1) {
            ImGui::SameLine(0.0f, (bit + 1 == f.mantissaBits || bit + 1 == f.bits - 1) ? size * 0.4f : 2.0f);
            if (ImGui::GetContentRegionAvail().x < size) {
                ImGui::NewLine();
                m_bitsWrapped = true;
            }
        }
        if (m_fieldX[static_cast<std::size_t>(field)] < 0) m_fieldX[static_cast<std::size_t>(field)] = ImGui::GetCursorScreenPos().x;
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
    }
}

void BitEditorView::drawFields(bool dark)
{
    // Under each field what it contributes (Float Toy's row): sign, 2^(e - bias), 1.f.
    const BitDecoding d = decoding();
    const std::array<std::string, 3> shortText{d.sign, d.scale, d.significandValue.empty() ? d.significand : d.significandValue};
    const float y = ImGui::GetCursorScreenPos().y;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // Only where each text fits before the next field (or the edge); the lines below say it all.
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool fits = !m_bitsWrapped;
    for (std::size_t field = 0; field < 3 && fits; ++field) {
        if (m_fieldX[field] < 0 || shortText[field].empty()) continue;
        float end = right;
        for (std::size_t next = field + 1; next < 3; ++next) {
            if (m_fieldX[next] >= 0) {
                end = m_fieldX[next];
                break;
            }
        }
        fits = m_fieldX[field] + ImGui::CalcTextSize(shortText[field].c_str()).x <= end;
    }
    for (std::size_t field = 0; field < 3 && fits; ++field) {
        if (m_fieldX[field] < 0 || shortText[field].empty()) continue;
        draw->AddText(ImVec2(m_fieldX[field], y), fieldColour(static_cast<int>(field), dark), shortText[field].c_str());
    }
    if (fits) ImGui::Dummy(ImVec2(1.0f, ImGui::GetTextLineHeightWithSpacing()));
    const auto line = [&](int field, const char* name, const std::string& bits, const std::string& means) {
        if (bits.empty() || means.empty()) return;
        wrappedColoured(ImGui::ColorConvertU32ToFloat4(fieldColour(field, dark)), std::string(name) + " " + bits + ":");
        flowText(means);
    };
    line(0, "sign", d.signBits, d.sign);
    line(1, "exponent", d.exponentBits, d.exponent);
    line(2, "fraction", d.mantissaBits, d.significand);
    flowText("value = " + d.formula, false);
    if (!d.note.empty()) wrappedColoured(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), d.note);
}

void BitEditorView::drawValue()
{
    const FormatInfo& f = formatInfo(m_format);
    const double value = decode(m_format, m_code);
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%0*X", (f.bits + 3) / 4, m_code);
    flowText(std::string("code ") + hex, false);
    flowText("value " + valueString(value), true, 30.0f);
    flowText("(" + std::string(valueClassName(classify(m_format, m_code))) + ")");
    const auto down = neighbour(m_format, m_code, false);
    const auto up = neighbour(m_format, m_code, true);
    flowText("next down: " + (down ? valueString(decode(m_format, *down)) : std::string("none")), false);
    flowText("next up: " + (up ? valueString(decode(m_format, *up)) : std::string("none")), true, 30.0f);
    if (up && std::isfinite(value) && std::isfinite(decode(m_format, *up))) {
        flowText("gap to next up (ULP): " + valueString(decode(m_format, *up) - value), true, 30.0f);
    }
    if (m_hasInput) {
        const double error = value - m_lastInput;
        flowText("you typed " + valueString(m_lastInput) + ": stored as " + valueString(value) + ", error " +
                     (std::isfinite(error) ? models::engineeringText(error, 4) : std::string("-")),
                 false);
        if (m_lastInput != 0.0 && std::isfinite(error)) {
            flowText("(" + models::engineeringText(100.0 * std::fabs(error / m_lastInput), 3) + "% relative)");
        }
        const std::string note = storageNote();
        if (!note.empty()) wrappedColoured(warningColour, note);
    }
}

void BitEditorView::drawSideBySide()
{
    const auto rows = sideBySide();
    flowText((m_hasInput ? valueString(m_lastInput) : valueString(decode(m_format, m_code))) + " in several formats:", false);
    if (!ImGui::BeginTable("##formats", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
    for (const char* heading : {"format", "code", "stored", "error"}) ImGui::TableSetupColumn(heading);
    ImGui::TableSetupColumn("note", ImGuiTableColumnFlags_WidthStretch); // wraps: the notes are sentences
    ImGui::TableHeadersRow();
    for (const auto& r : rows) {
        const FormatInfo& f = formatInfo(r.format);
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%0*X", (f.bits + 3) / 4, r.code);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (r.format == m_format) ImGui::TextColored(ImVec4(0.2f, 0.6f, 1.0f, 1.0f), "%s", std::string(f.label).c_str());
        else ImGui::TextUnformatted(std::string(f.label).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(hex);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(valueString(r.stored).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::isfinite(r.error) ? (models::engineeringText(r.error, 4) + " (" +
                                                         models::engineeringText(100.0 * r.relativeError, 3) + "%)").c_str()
                                                      : "-");
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", r.note.c_str());
    }
    ImGui::EndTable();
}

void BitEditorView::draw(DrawContext& context)
{
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ElementFormat format = m_format;
    if (elementFormatCombo("Format", format)) setFormat(format);
    sameLineIfFits(checkWidth("Saturate"));
    bool saturate = m_saturate;
    if (ImGui::Checkbox("Saturate", &saturate)) setSaturate(saturate);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clamp overflow to the largest finite value (like NVIDIA's .satfinite) instead of Inf/NaN");
    const float inputWidth = std::min(ImGui::GetFontSize() * 12, ImGui::GetContentRegionAvail().x);
    sameLineIfFits(inputWidth);
    ImGui::SetNextItemWidth(inputWidth);
    // Every keystroke re-encodes (no Enter needed), as Float Toy does.
    if (ImGui::InputTextWithHint("##value", "type a value", m_input.data(), m_input.size())) typeText(m_input.data());
    const ImVec4 disabled = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    ImGui::PushStyleColor(ImGuiCol_Text, disabled);
    flowText("(0.1, 1e-5, 0x1p-9, inf, nan)");
    ImGui::PopStyleColor();
    if (!m_message.empty()) wrappedColoured(warningColour, m_message);
    const FormatInfo& f = formatInfo(m_format);
    wrappedColoured(disabled, std::to_string(f.bits) + " bits: " + (f.isSigned ? "1 sign, " : "") + std::to_string(f.exponentBits) +
                                  " exponent (bias " + std::to_string(f.bias) + "), " + std::to_string(f.mantissaBits) +
                                  " mantissa. Click a bit to flip it.");
    ImGui::Spacing();
    drawBits(context.darkTheme());
    drawFields(context.darkTheme());
    ImGui::Separator();
    drawValue();
    ImGui::Separator();
    drawSideBySide();
}

} // namespace accelscope::gui::precision
