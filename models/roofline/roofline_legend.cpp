// SPDX-License-Identifier: MIT
// The roofline chart's legend: devices with their peaks (or LLM bounds), kernel markers, the measured machine.
#include "models/roofline/roofline_legend.hpp"

#include "models/figure/text_flow.hpp"
#include "models/roofline/roofline_axes.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cstdio>

namespace accelscope::models::roofline {

using catalog::Device;

figure::MarkerShape RooflineLegend::kernelMarker(std::size_t kernel)
{
    constexpr figure::MarkerShape shapes[] = {figure::MarkerShape::Circle, figure::MarkerShape::Square, figure::MarkerShape::Diamond, figure::MarkerShape::Triangle};
    return shapes[kernel % 4];
}

float RooflineLegend::add(figure::ChartCanvas& s, bool dark, Style style) const
{
    // Every line wraps within the chart's width (projector text sizes make the device lines
    // longer than the chart); chart() picks the style so that the legend leaves room for the plot.
    const float size = style.size;
    figure::TextFlow flow(s, size * 0.2f, 2, s.width() - size * 0.4f, size);
    const float indent = size * 1.2f;
    const figure::Colour ink = figure::chartInk(dark);
    const figure::Colour muted = figure::chartMuted(dark);
    const auto analyses = m_state.mode() == ChartMode::Llm ? m_state.llmAnalyses() : std::vector<LlmDeviceAnalysis>{};
    for (std::size_t i = 0; i < m_state.deviceIds().size(); ++i) {
        const Device* d = m_state.device(i);
        if (d == nullptr) continue;
        std::string tip;
        for (const auto& p : deviceLegend(*d, false)) tip += (tip.empty() ? "" : " ") + p;
        const float top = flow.paragraph(deviceLegend(*d, style.compact), ink, indent, tip);
        s.rect(size * 0.2f, top + size * 0.15f, size * 1.0f, top + size * 0.95f, figure::seriesColour(i, dark));
        if (m_state.mode() == ChartMode::Llm && i < analyses.size()) {
            const auto& an = analyses[i];
            std::vector<std::string> llm =
                an.analysis ? std::vector<std::string>{"lower bounds:", "time to first token " + secondsText(an.analysis->ttftS) + ",",
                                                       "per output token " + secondsText(an.analysis->tpotS) + ",",
                                                       ("at most " + engineeringText(an.analysis->tokensPerS) + " tokens/s")}
                            : std::vector<std::string>{"no LLM analysis:", an.problem};
            if (style.compact && an.analysis) {
                llm = {"first token >= " + secondsText(an.analysis->ttftS) + ",", "per token >= " + secondsText(an.analysis->tpotS)};
            }
            flow.paragraph(llm, an.analysis ? muted : figure::Colour{213, 60, 30}, indent);
        }
    }
    if (m_state.deviceIds().empty()) flow.paragraph({"No device chosen:", "add one on the left."}, ink);
    const float marker = size * 0.4f;
    if (m_state.mode() == ChartMode::Kernels) {
        for (std::size_t k = 0; k < m_state.kernels().size(); ++k) {
            if (!m_state.kernels()[k].visible) continue;
            const float x = flow.item(size * 1.0f, kernelLabel(m_state.kernels()[k]), muted);
            s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, kernelMarker(k));
        }
    } else {
        float x = flow.item(size * 1.0f, "prefill op", muted);
        s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, figure::MarkerShape::Circle);
        x = flow.item(size * 1.0f, style.compact ? "decode op" : "decode op (one step at the mean context)", muted);
        s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, figure::MarkerShape::Triangle, true);
        if (!style.compact) flow.item(0, "hover a point for its numbers", muted);
    }
    flow.endRow();
    if (m_state.measured()) {
        std::vector<std::string> phrases{m_state.measured()->name + " (measured)" + (style.compact ? "" : ":")};
        if (!style.compact) {
            phrases.push_back(m_state.measured()->computeGflops > 0 ? (engineeringText(m_state.measured()->computeGflops) + " GFLOP/s,") : "compute not measured,");
            phrases.push_back(m_state.measured()->memoryGbs > 0 ? (engineeringText(m_state.measured()->memoryGbs) + " GB/s,") : "memory not measured,");
            const auto& m = *m_state.measured();
            phrases.push_back(m.kernels.empty() ? std::to_string(m.points.size()) + " points"
                                                : std::to_string(m.kernels.size()) + " kernels (square measured, circle predicted)");
        }
        const float top = flow.paragraph(phrases, ink, indent);
        s.line(size * 0.2f, top + size * 0.55f, size * 1.2f, top + size * 0.55f, ink, 2.0f, true);
    }
    return flow.bottom();
}

std::vector<std::string> RooflineLegend::deviceLegend(const Device& d, bool compact) const
{
    // "NVIDIA H100 SXM5 80GB: | bf16 989.5 | fp8 1979 TFLOP/s, | HBM3 3350 GB/s" (| = where a line may break);
    // compact leaves out the compute peaks, which the labels right of the plot show too.
    std::vector<std::string> phrases{d.name + ":"};
    std::vector<std::string> missing;
    for (const auto& p : m_state.precisions()) {
        if (compact) break;
        const auto r = m_state.roofFor(d, p, m_state.sparse() ? Sparsity::Sparse : Sparsity::Dense);
        if (r) phrases.push_back(p + (r->unit == ComputeUnit::Vector ? " (vector)" : "") + (" " + engineeringText(r->peakTflops)));
        else missing.push_back(p);
    }
    if (phrases.size() > 1) phrases.back() += " TFLOP/s,";
    // One entry per level roof drawn (device memory alone when compact, as the other roofs carry their names).
    bool memory = false;
    for (const auto& r : m_state.levelRoofs(d, 0.0).roofline.roofs) {
        memory = memory || r.level == MemoryLevel::DeviceMemory;
        if (compact && r.level != MemoryLevel::DeviceMemory) continue;
        if (phrases.size() > 1 && !phrases.back().ends_with(',') && !phrases.back().ends_with(':')) phrases.back() += ",";
        phrases.push_back(r.label + (" " + engineeringText(r.bandwidthGBps) + " GB/s"));
    }
    if (!memory && !deviceMemoryCeiling(d)) phrases.push_back("no memory bandwidth figure");
    if (!missing.empty()) {
        phrases.back() += ";";
        std::string none = "no ";
        for (std::size_t k = 0; k < missing.size(); ++k) none += (k ? "/" : "") + missing[k];
        phrases.push_back(none + (m_state.sparse() ? " sparse" : "") + " figure");
    }
    return phrases;
}

RooflineLegend::Style RooflineLegend::style(float width, float height, bool dark, float fontSize, const figure::Measure& measure) const
{
    // The chart's text size unless the wrapped legend would take more than 30 % of the height
    // (projector sizes on a laptop screen); then smaller, down to 60 % but never below normal
    // text, and at that size without the compute peaks (the margin labels show them) if need be.
    const float smallest = std::max(fontSize * 0.6f, std::min(fontSize, 13.0f));
    const auto fits = [&](Style style) {
        figure::ChartCanvas trial(width, height, fontSize, measure);
        return add(trial, dark, style) <= height * 0.3f;
    };
    for (const float f : {1.0f, 0.9f, 0.8f, 0.7f, 0.6f}) {
        const Style style{std::max(fontSize * f, smallest), false};
        if (fits(style)) return style;
        if (style.size <= smallest) break;
    }
    return {smallest, !fits({smallest, false})};
}

} // namespace accelscope::models::roofline
