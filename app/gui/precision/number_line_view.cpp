// SPDX-License-Identifier: MIT
// Number line drawing.
#include "app/gui/precision/number_line_view.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/precision/precision_widgets.hpp"
#include "models/precision/format_analysis.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace accelscope::gui::precision {

using namespace models::precision;

NumberLineView::NumberLineView() { refresh(); }

void NumberLineView::setFormats(ElementFormat primary, std::optional<ElementFormat> overlay)
{
    m_primary = primary;
    m_overlay = overlay;
    refresh();
}

void NumberLineView::refresh()
{
    m_primaryValues = representableValues(m_primary);
    m_overlayValues = m_overlay ? representableValues(*m_overlay) : std::vector<double>{};
}

float NumberLineView::position(double value, float left, float width, double lo, double hi) const
{
    // Log scale shows magnitudes (positive values); linear shows the signed line.
    const double x = m_log ? std::log2(value) : value;
    return left + width * static_cast<float>((x - lo) / (hi - lo));
}

void NumberLineView::drawLine(const std::vector<double>& values, float y, float height, ImU32 colour, float left,
                              float width, double lo, double hi, const char* name)
{
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddLine(ImVec2(left, y + height), ImVec2(left + width, y + height), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    float bestDistance = 6.0f;
    for (const double v : values) {
        if (m_log && v <= 0.0) continue;
        const float x = position(v, left, width, lo, hi);
        draw->AddLine(ImVec2(x, y), ImVec2(x, y + height), colour, 1.5f);
        if (std::fabs(mouse.y - (y + height / 2)) < height && std::fabs(mouse.x - x) < bestDistance) {
            bestDistance = std::fabs(mouse.x - x);
            m_hovered = v;
        }
    }
    draw->AddText(ImVec2(left, y - ImGui::GetTextLineHeight() - 2), colour, name);
}

std::vector<FormatLandmark> NumberLineView::markers() const { return formatLandmarks(m_primary); }

void NumberLineView::drawMarkers(float y, float height, float nameRight, float left, float width, double lo, double hi)
{
    // A red stroke through the ticks at each landmark, its label in the first row above the line
    // where it covers no other label (rows stack upwards; the format's name holds row 0's start).
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 colour = IM_COL32(213, 94, 0, 255);
    const float line = ImGui::GetTextLineHeight();
    std::array<float, 3> rowRight{nameRight + 8.0f, left, left};
    m_markersDrawn = 0;
    for (const auto& marker : markers()) {
        if (m_log && marker.value <= 0.0) continue;
        const float x = position(marker.value, left, width, lo, hi);
        draw->AddLine(ImVec2(x, y - 3.0f), ImVec2(x, y + height + 3.0f), colour, 2.5f);
        const float labelWidth = ImGui::CalcTextSize(marker.label.c_str()).x;
        const float labelX = std::clamp(x - labelWidth / 2, left, left + width - labelWidth);
        for (std::size_t row = 0; row < rowRight.size(); ++row) {
            if (labelX < rowRight[row]) continue;
            const float labelY = y - (static_cast<float>(row) + 1.0f) * (line + 2.0f);
            draw->AddText(ImVec2(labelX, labelY), colour, marker.label.c_str());
            draw->AddLine(ImVec2(x, labelY + line), ImVec2(x, y - 3.0f), colour, 1.0f);
            rowRight[row] = labelX + labelWidth + 8.0f;
            ++m_markersDrawn;
            break;
        }
    }
}

void NumberLineView::draw(DrawContext& context)
{
    static_cast<void>(context);
    m_hovered.reset();
    ElementFormat primary = m_primary;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    bool changed = elementFormatCombo("Format", primary, 8);
    sameLineIfFits(checkWidth("Overlay"));
    bool overlayOn = m_overlay.has_value();
    changed |= ImGui::Checkbox("Overlay", &overlayOn);
    ElementFormat overlay = m_overlay.value_or(ElementFormat::Fp8E5M2);
    if (overlayOn) {
        sameLineIfFits(ImGui::GetFontSize() * 9);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
        changed |= elementFormatCombo("##overlay", overlay, 8);
    }
    sameLineIfFits(checkWidth("Log scale (|x|)"));
    ImGui::Checkbox("Log scale (|x|)", &m_log);
    sameLineIfFits(ImGui::CalcTextSize("E4M3 vs E5M2").x + 2.0f * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button("E4M3 vs E5M2")) { primary = ElementFormat::Fp8E4M3; overlay = ElementFormat::Fp8E5M2; overlayOn = changed = true; }
    sameLineIfFits(ImGui::CalcTextSize("FP4 vs INT4").x + 2.0f * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button("FP4 vs INT4")) { primary = ElementFormat::Fp4E2M1; overlay = ElementFormat::Int4; overlayOn = changed = true; }
    if (changed) setFormats(primary, overlayOn ? std::optional(overlay) : std::nullopt);

    double lo = 0.0;
    double hi = 0.0;
    for (const auto* set : {&m_primaryValues, &m_overlayValues}) {
        for (const double v : *set) {
            if (m_log && v <= 0.0) continue;
            const double x = m_log ? std::log2(v) : v;
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    }
    if (m_log) {
        lo = std::floor(std::min(lo, hi - 1));
        hi = std::ceil(hi);
    }
    if (hi <= lo) hi = lo + 1;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x - 20.0f;
    const float left = origin.x + 10.0f;
    const float line = ImGui::GetTextLineHeight();
    const float tick = line * 2.5f;
    const float y1 = origin.y + line * 4.0f; // three rows above the line for the name and the markers
    const float y2 = y1 + tick + line * 2.5f;
    const std::string primaryName(formatInfo(m_primary).label);
    drawLine(m_primaryValues, y1, tick, IM_COL32(0, 114, 178, 255), left, width, lo, hi, primaryName.c_str());
    drawMarkers(y1, tick, left + ImGui::CalcTextSize(primaryName.c_str()).x, left, width, lo, hi);
    if (m_overlay) {
        const std::string overlayName(formatInfo(*m_overlay).label);
        drawLine(m_overlayValues, y2, tick, IM_COL32(230, 159, 0, 255), left, width, lo, hi, overlayName.c_str());
    }
    // Axis labels: binade edges on the log scale, a few round numbers on the linear one.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float axisY = (m_overlay ? y2 : y1) + tick + 4.0f;
    const int steps = m_log ? static_cast<int>(hi - lo) : 8;
    // As many labels as fit side by side (at large text fewer than the 12 of the desk).
    const float widest = ImGui::CalcTextSize(m_log ? "2^-100" : "-0.000000").x * 1.3f;
    const int fitting = std::max(2, static_cast<int>(width / widest));
    const int most = std::min(12, fitting);
    const int every = std::max(1, (steps + most - 1) / most);
    for (int i = 0; i <= steps; i += every) {
        const double x = lo + (hi - lo) * i / steps;
        const float px = left + width * static_cast<float>((x - lo) / (hi - lo));
        const std::string text = m_log ? "2^" + std::to_string(static_cast<int>(x)) : models::engineeringText(x, 6);
        const char* label = text.c_str();
        const float labelWidth = ImGui::CalcTextSize(label).x;
        const float labelX = std::clamp(px - labelWidth / 2, left, left + width - labelWidth);
        draw->AddText(ImVec2(labelX, axisY), ImGui::GetColorU32(ImGuiCol_TextDisabled), label);
    }
    ImGui::Dummy(ImVec2(width, axisY + line * 2.0f - origin.y));
    if (m_hovered) ImGui::SetTooltip("%s", valueString(*m_hovered).c_str());

    ImGui::TextWrapped("Values per binade [2^k, 2^(k+1)): floats keep the same count in every normal binade:");
    const auto binadeRow = [](ElementFormat format) {
        std::string row(formatInfo(format).label);
        row += ": ";
        for (const auto& b : valuesPerBinade(format)) row += std::to_string(b.values) + " ";
        ImGui::TextWrapped("%s", row.c_str());
    };
    binadeRow(m_primary);
    if (m_overlay) binadeRow(*m_overlay);
}

} // namespace accelscope::gui::precision
