// SPDX-License-Identifier: MIT
// Format table drawing and CSV.
#include "app/gui/precision/format_table_view.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/precision/precision_widgets.hpp"
#include "models/precision/format_analysis.hpp"
#include "models/common/number_text.hpp"
#include "models/precision/tensor_quantizer.hpp"

#include <cmath>
#include <vector>

namespace accelscope::gui::precision {

using namespace models::precision;

namespace {

struct Row {
    std::string id; ///< canonical name ("fp8-e4m3")
    std::string name;
    std::string range;
    std::string minNormal;
    std::string minSubnormal;
    std::string epsilon;
    std::string digits;
    std::string binades;
    std::string specials;
    double bytesPerElement;
};

/// A value of a format (max, min normal, epsilon) exactly as the format holds it: 65504, not 6.55e+04.
std::string num(double v) { return models::exactDisplayText(v); }

std::vector<Row> rows()
{
    std::vector<Row> out;
    for (const auto& f : allFormats()) {
        const bool isFloat = f.special != SpecialEncoding::Integer;
        const char* specials = f.special == SpecialEncoding::Ieee ? "Inf, NaN"
                               : f.special == SpecialEncoding::FiniteNanFn ? "NaN only"
                               : f.special == SpecialEncoding::ScaleE8M0 ? "NaN only (no zero, no sign)"
                                                                          : "none";
        // TF32 is stored in an FP32 container (4 bytes).
        const double bytes = f.format == ElementFormat::Tf32 ? 4.0 : f.bits / 8.0;
        out.push_back({std::string(f.name), std::string(f.label), "±" + num(f.maxNormal), isFloat ? num(f.minNormal) : "-",
                       isFloat ? num(f.minSubnormal) : "-", num(f.epsilon), models::decimalText(decimalDigits(f), 2, false),
                       models::decimalText(dynamicRangeBinades(f), 1, false), specials, bytes});
    }
    for (const auto& b : allBlockFormats()) {
        const FormatInfo& e = formatInfo(b.element);
        const std::string scale(formatInfo(b.scale).label);
        out.push_back({std::string(b.name), std::string(b.label), "element ±" + num(b.element == ElementFormat::Int8 ? 127.0 / 64 : e.maxNormal) + " x scale",
                       "-", "-", num(b.element == ElementFormat::Int8 ? 1.0 / 64 : e.epsilon), models::decimalText(decimalDigits(e), 2, false),
                       "-", scale + " per " + std::to_string(b.blockSize), blockBytesPerElement(b)});
    }
    return out;
}

} // namespace

std::string FormatTableView::csv() const
{
    std::string out = "format,max,min_normal,min_subnormal,epsilon,decimal_digits,binades,specials,bytes_per_element,"
                      // The slider steps by 0.1: 0.1, not the float's 0.10000000149011612.
                      "model_gb_at_" + models::exactText(std::round(static_cast<double>(m_parametersBillions) * 10) / 10) + "b_params\n";
    for (const auto& r : rows()) {
        out += r.name + "," + r.range + "," + r.minNormal + "," + r.minSubnormal + "," + r.epsilon + "," + r.digits +
               "," + r.binades + "," + r.specials + "," + models::exactText(r.bytesPerElement) + "," +
               models::decimalText(storageGigabytes(m_parametersBillions * 1e9, r.bytesPerElement), 2, false) + "\n";
    }
    return out;
}

void FormatTableView::draw(DrawContext& context)
{
    static_cast<void>(context);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::DragFloat("billion parameters", &m_parametersBillions, 1.0f, 0.1f, 2000.0f, "%.1f");
    const char* note = "weights only; block formats include their scales";
    sameLineIfFits(ImGui::CalcTextSize(note).x);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(note);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX;
    if (!ImGui::BeginTable("formats", 10, flags)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* header : {"Format", "Max", "Min normal", "Min subnormal", "Epsilon", "Digits", "Binades",
                               "Specials / scale", "Bytes/elem", "Model GB"}) {
        ImGui::TableSetupColumn(header);
    }
    ImGui::TableHeadersRow();
    for (const auto& r : rows()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        // The first cell selects the row: the format the other views (and a lesson's check) use.
        if (ImGui::Selectable(r.name.c_str(), r.id == m_selected, ImGuiSelectableFlags_SpanAllColumns)) m_clicked = r.id;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select %s for the other tabs (bits and number line, or the block view)", r.name.c_str());
        for (const std::string* cell : {&r.range, &r.minNormal, &r.minSubnormal, &r.epsilon, &r.digits,
                                        &r.binades, &r.specials}) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cell->c_str());
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(models::exactText(r.bytesPerElement).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", storageGigabytes(static_cast<double>(m_parametersBillions) * 1e9, r.bytesPerElement));
    }
    ImGui::EndTable();
}

} // namespace accelscope::gui::precision
