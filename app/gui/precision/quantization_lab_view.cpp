// SPDX-License-Identifier: MIT
// Quantization lab drawing.
#include "app/gui/precision/quantization_lab_view.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/precision/precision_widgets.hpp"
#include "models/precision/distributions.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace accelscope::gui::precision {

using namespace models::precision;

namespace {

constexpr std::array<const char*, 12> schemes{"bf16", "fp16", "fp8-e4m3", "fp8-e5m2", "mxfp8-e4m3", "mxfp6-e2m3",
                                              "mxfp4", "nvfp4", "int8-sym", "int8-sym-g128", "int4-sym-g128",
                                              "int4-asym-g128"};
constexpr std::array<ElementFormat, 5> gridFormats{ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2,
                                                   ElementFormat::Fp4E2M1, ElementFormat::Fp6E2M3, ElementFormat::Int4};

} // namespace

QuantizationLabView::QuantizationLabView()
{
    for (const int on : {2, 3, 6, 7, 8, 11}) m_selected[static_cast<std::size_t>(on)] = true;
    regenerate();
}

void QuantizationLabView::regenerate()
{
    if (!m_fromFile) {
        const auto name = distributionNames()[static_cast<std::size_t>(m_distribution)];
        m_tensor = generateDistribution(name, static_cast<std::size_t>(m_count), static_cast<std::uint64_t>(m_seed))
                       .value_or(std::vector<double>{});
        m_tensorName = std::string(name) + ", seed " + std::to_string(m_seed);
    }
    m_histogram = symmetricHistogram(m_tensor, 121, 0.999);
    m_dirty = true;
}

void QuantizationLabView::setTensor(std::vector<double> values, std::string name)
{
    m_tensor = std::move(values);
    m_tensorName = std::move(name);
    m_fromFile = true;
    regenerate();
}

void QuantizationLabView::useDistribution()
{
    m_fromFile = false;
    regenerate();
}

bool QuantizationLabView::setDistribution(std::string_view name)
{
    const auto names = distributionNames();
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) return false;
    m_distribution = static_cast<int>(it - names.begin());
    useDistribution();
    return true;
}

std::string QuantizationLabView::distribution() const
{
    return m_fromFile ? std::string() : std::string(distributionNames()[static_cast<std::size_t>(m_distribution)]);
}

const std::vector<QuantizationLabView::Result>& QuantizationLabView::results()
{
    if (!m_dirty) return m_results;
    m_results.clear();
    for (std::size_t i = 0; i < schemes.size(); ++i) {
        if (!m_selected[i]) continue;
        Result r{schemes[i], {}, {}};
        const auto scheme = schemeFromName(schemes[i]);
        if (!scheme) {
            r.error = scheme.error().message;
        } else if (const auto applied = applyScheme(*scheme, m_tensor)) {
            r.metrics = measure(m_tensor, *applied);
        } else {
            r.error = applied.error().message;
        }
        m_results.push_back(std::move(r));
    }
    m_dirty = false;
    return m_results;
}

std::string QuantizationLabView::csv()
{
    std::string out = "tensor,format,count,bytes_per_element,sqnr_db,mse,max_abs_error,max_rel_error,fraction_saturated,"
                      "fraction_flushed_to_zero\n";
    for (const auto& r : results()) {
        const auto& m = r.metrics;
        char line[512];
        std::snprintf(line, sizeof line, "\"%s\",%s,%zu,%.6g,%.4f,%.6g,%.6g,%.6g,%.6g,%.6g\n", m_tensorName.c_str(),
                      r.scheme.c_str(), m.count, m.bytesPerElement, m.sqnrDb, m.mse, m.maxAbsError, m.maxRelError,
                      m.fractionSaturated, m.fractionFlushedToZero);
        out += line;
    }
    return out;
}

void QuantizationLabView::drawControls()
{
    if (m_fromFile) {
        ImGui::Text("Tensor: %s (%zu values)", m_tensorName.c_str(), m_tensor.size());
        sameLineIfFits(ImGui::CalcTextSize("Use a distribution").x + 2.0f * ImGui::GetStyle().FramePadding.x);
        if (ImGui::Button("Use a distribution")) useDistribution();
    } else {
        const auto names = distributionNames();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (ImGui::BeginCombo("Distribution", std::string(names[static_cast<std::size_t>(m_distribution)]).c_str())) {
            for (int i = 0; i < static_cast<int>(names.size()); ++i) {
                if (ImGui::Selectable(std::string(names[static_cast<std::size_t>(i)]).c_str(), i == m_distribution)) {
                    m_distribution = i;
                    regenerate();
                }
            }
            ImGui::EndCombo();
        }
        sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 7, "values"));
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        if (ImGui::InputInt("values", &m_count, 4096, 65536, ImGuiInputTextFlags_EnterReturnsTrue)) {
            m_count = std::clamp(m_count, 32, static_cast<int>(maxGeneratedValues));
            regenerate();
        }
        sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 6, "seed"));
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        if (ImGui::InputInt("seed", &m_seed)) regenerate();
        sameLineIfFits(ImGui::CalcTextSize("(or load a .npy / text tensor below)").x);
        ImGui::TextDisabled("(or load a .npy / text tensor below)");
    }
    for (std::size_t i = 0; i < schemes.size(); ++i) {
        if (i % 6 != 0) sameLineIfFits(checkWidth(schemes[i])); // six a row at the desk, fewer when narrow
        if (ImGui::Checkbox(schemes[i], &m_selected[i])) m_dirty = true;
    }
}

void QuantizationLabView::drawHistogram()
{
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const std::string gridName(formatInfo(gridFormats[static_cast<std::size_t>(m_gridFormat)]).label);
    if (ImGui::BeginCombo("Grid overlay", gridName.c_str())) {
        for (int i = 0; i < static_cast<int>(gridFormats.size()); ++i) {
            const std::string name(formatInfo(gridFormats[static_cast<std::size_t>(i)]).label);
            if (ImGui::Selectable(name.c_str(), i == m_gridFormat)) m_gridFormat = i;
        }
        ImGui::EndCombo();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("grid scaled so the format's max meets the tensor's largest |x| (per-tensor scaling); "
                        "%zu values beyond the 99.9th percentile are off the chart", m_histogram.below + m_histogram.above);
    ImGui::PopStyleColor();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetFontSize() * 9;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    const double peak = static_cast<double>(std::max<std::size_t>(m_histogram.maxCount(), 1));
    const float barWidth = width / static_cast<float>(m_histogram.counts.size());
    for (std::size_t i = 0; i < m_histogram.counts.size(); ++i) {
        const float h = height * static_cast<float>(static_cast<double>(m_histogram.counts[i]) / peak);
        const float x = origin.x + barWidth * static_cast<float>(i);
        draw->AddRectFilled(ImVec2(x, origin.y + height - h), ImVec2(x + barWidth - 1, origin.y + height), IM_COL32(0, 114, 178, 200));
    }
    double amax = 0.0;
    for (const double v : m_tensor) amax = std::isfinite(v) ? std::max(amax, std::fabs(v)) : amax;
    const ElementFormat grid = gridFormats[static_cast<std::size_t>(m_gridFormat)];
    const double scale = amax > 0 ? amax / formatInfo(grid).maxNormal : 1.0;
    for (const double g : representableValues(grid)) {
        const double v = g * scale;
        if (v < m_histogram.lo || v > m_histogram.hi) continue;
        const float x = origin.x + width * static_cast<float>((v - m_histogram.lo) / (m_histogram.hi - m_histogram.lo));
        draw->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + height), IM_COL32(230, 159, 0, 200), 1.0f);
    }
    const std::string low = models::engineeringText(m_histogram.lo, 3);
    draw->AddText(ImVec2(origin.x + 2, origin.y + height + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), low.c_str());
    const std::string high = models::engineeringText(m_histogram.hi, 3);
    draw->AddText(ImVec2(origin.x + width - ImGui::CalcTextSize(high.c_str()).x - 2, origin.y + height + 2),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), high.c_str());
    ImGui::Dummy(ImVec2(width, height + ImGui::GetTextLineHeight() + 4));
}

void QuantizationLabView::drawResults()
{
    const auto& rs = results();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    double best = 0.0;
    for (const auto& r : rs) {
        if (std::isfinite(r.metrics.sqnrDb)) best = std::max(best, r.metrics.sqnrDb);
    }
    // Scrolls sideways when its columns are wider than the view (projector text).
    const float tableHeight = (static_cast<float>(rs.size()) + 1.0f) * (ImGui::GetTextLineHeight() + 2.0f * ImGui::GetStyle().CellPadding.y + 1.0f) +
                              ImGui::GetStyle().ScrollbarSize + 4.0f;
    if (!ImGui::BeginTable("metrics", 8, flags | ImGuiTableFlags_ScrollX, ImVec2(0.0f, tableHeight))) return;
    for (const char* header : {"Format", "Bytes/elem", "SQNR dB", "", "MSE", "Max abs err", "Saturated", "Flushed to 0"}) {
        ImGui::TableSetupColumn(header);
    }
    ImGui::TableHeadersRow();
    const float barWidth = ImGui::GetFontSize() * 10;
    for (const auto& r : rs) {
        const auto& m = r.metrics;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.scheme.c_str());
        if (!r.error.empty()) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.error.c_str());
            continue;
        }
        const QuantMetricTexts t = metricTexts(m);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.bytesPerElement.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.sqnrDb.c_str());
        ImGui::TableNextColumn();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const double sqnr = std::isfinite(m.sqnrDb) ? m.sqnrDb : best;
        const float w = best > 0 ? barWidth * static_cast<float>(std::max(0.0, sqnr) / best) : 0.0f;
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + w, at.y + ImGui::GetTextLineHeight()), IM_COL32(0, 158, 115, 220));
        ImGui::Dummy(ImVec2(barWidth, ImGui::GetTextLineHeight()));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.mse.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.maxAbsError.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.saturated.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.flushedToZero.c_str());
    }
    ImGui::EndTable();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("SQNR = 10 log10(sum x^2 / sum (x - q(x))^2): each 6 dB is about one more bit of precision.");
    ImGui::PopStyleColor();
}

void QuantizationLabView::draw(DrawContext& context)
{
    static_cast<void>(context);
    drawControls();
    ImGui::Separator();
    drawHistogram();
    drawResults();
}

} // namespace accelscope::gui::precision
