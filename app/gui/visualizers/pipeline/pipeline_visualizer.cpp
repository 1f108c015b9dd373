// SPDX-License-Identifier: MIT
// Pipeline bubbles drawing.
#include "app/gui/visualizers/pipeline/pipeline_visualizer.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>

namespace accelscope::gui::pipeline {

using namespace models::pipeline;

namespace {

constexpr std::array schedules{Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZbH1, Schedule::ZbH2};

ImU32 kindColour(OpKind kind)
{
    // Okabe–Ito: blue forward, bluish green backward, orange weight gradients.
    switch (kind) {
    case OpKind::Forward: return IM_COL32(0, 114, 178, 255);
    case OpKind::Backward: return IM_COL32(0, 158, 115, 255);
    default: return IM_COL32(230, 159, 0, 255);
    }
}

bool scheduleCombo(const char* label, Schedule& schedule)
{
    bool changed = false;
    if (ImGui::BeginCombo(label, std::string(scheduleName(schedule)).c_str())) {
        for (const Schedule s : schedules) {
            if (ImGui::Selectable(std::string(scheduleName(s)).c_str(), s == schedule)) {
                changed = s != schedule;
                schedule = s;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

PipelineConfig configFor(PipelineConfig c, Schedule s)
{
    c.schedule = s;
    if (s != Schedule::Interleaved) c.chunks = 1;
    else c.chunks = std::max(c.chunks, 2);
    return c;
}

} // namespace

PipelineVisualizer::PipelineVisualizer()
{
    m_config.stages = 4;
    m_config.microbatches = 8;
    m_config.chunks = 2;
}

void PipelineVisualizer::setSchedules(Schedule top, std::optional<Schedule> bottom)
{
    m_top = top;
    m_bottom = bottom;
    m_dirty = true;
}

void PipelineVisualizer::refresh()
{
    if (!m_dirty) return;
    m_dirty = false;
    m_error.clear();
    m_topResult.reset();
    m_bottomResult.reset();
    auto top = simulatePipeline(configFor(m_config, m_top));
    if (top) m_topResult = std::move(*top);
    else m_error = std::string(scheduleName(m_top)) + ": " + top.error().message;
    if (m_bottom) {
        auto bottom = simulatePipeline(configFor(m_config, *m_bottom));
        if (bottom) m_bottomResult = std::move(*bottom);
        else m_error = std::string(scheduleName(*m_bottom)) + ": " + bottom.error().message;
    }
}

void PipelineVisualizer::drawControls()
{
    m_forward = static_cast<float>(m_config.forwardTime);
    m_backward = static_cast<float>(m_config.backwardTime);
    m_weight = static_cast<float>(m_config.weightTime);
    m_comm = static_cast<float>(m_config.commTime);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (scheduleCombo("top", m_top)) m_dirty = true;
    ImGui::SameLine();
    bool compare = m_bottom.has_value();
    if (ImGui::Checkbox("compare with", &compare)) {
        m_bottom = compare ? std::optional(Schedule::ZbH1) : std::nullopt;
        m_dirty = true;
    }
    if (m_bottom) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        Schedule bottom = *m_bottom;
        if (scheduleCombo("##bottom", bottom)) {
            m_bottom = bottom;
            m_dirty = true;
        }
    }
    const float slider = ImGui::GetFontSize() * 6;
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("p stages", &m_config.stages, 1, 16);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("m micro-batches", &m_config.microbatches, 1, 64);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("v chunks", &m_config.chunks, 2, 4);
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("F", &m_forward, 0.1f, 4.0f, "%.2f");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("B", &m_backward, 0.1f, 4.0f, "%.2f");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("W", &m_weight, 0.0f, 4.0f, "%.2f");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("comm", &m_comm, 0.0f, 1.0f, "%.2f");
    m_config.forwardTime = m_forward;
    m_config.backwardTime = m_backward;
    m_config.weightTime = m_weight;
    m_config.commTime = m_comm;
}

void PipelineVisualizer::drawSchedule(Schedule schedule, const PipelineResult& r, float height, double timeScale, bool dark)
{
    const PipelineConfig config = configFor(m_config, schedule);
    const double formula = closedFormBubbleTime(config);
    ImGui::Text("%s: makespan %.3g, bubble %.3g (closed form %s = %.3g), %.1f%% of total, %.1f%% of ideal",
                std::string(scheduleName(schedule)).c_str(), r.makespan, r.bubbleTime,
                std::string(closedFormText(schedule)).c_str(), formula, 100 * r.bubbleFractionOfTotal,
                100 * r.bubbleFractionOfIdeal);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const int p = config.stages;
    const float chartHeight = height * 0.68f;
    const float rowH = std::max(4.0f, chartHeight / static_cast<float>(p));
    const float label = ImGui::GetFontSize() * 2.2f;
    const auto px = [&](double t) { return origin.x + label + static_cast<float>(t * timeScale); };
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // Per stage: hatched idle between its first and last op, then the ops on top.
    std::map<int, std::pair<double, double>> span;
    for (const auto& op : r.ops) {
        auto [it, inserted] = span.try_emplace(op.stage, op.start, op.end);
        if (!inserted) {
            it->second.first = std::min(it->second.first, op.start);
            it->second.second = std::max(it->second.second, op.end);
        }
    }
    const ImU32 hatch = dark ? IM_COL32(200, 200, 200, 70) : IM_COL32(0, 0, 0, 50);
    for (const auto& [stage, range] : span) {
        const float y = origin.y + static_cast<float>(stage) * rowH;
        char name[16];
        std::snprintf(name, sizeof name, "d%d", stage);
        draw->AddText(ImVec2(origin.x, y), ImGui::GetColorU32(ImGuiCol_Text), name);
        const float x0 = px(range.first);
        const float x1 = px(range.second);
        draw->PushClipRect(ImVec2(x0, y), ImVec2(x1, y + rowH - 1), true);
        for (float x = x0 - rowH; x < x1; x += 6.0f) draw->AddLine(ImVec2(x, y + rowH), ImVec2(x + rowH, y), hatch);
        draw->PopClipRect();
    }
    for (const auto& op : r.ops) {
        const float y = origin.y + static_cast<float>(op.stage) * rowH;
        const float x0 = px(op.start);
        const float x1 = px(op.end);
        ImU32 colour = kindColour(op.kind);
        if (op.chunk % 2 == 1) colour = (colour & 0x00FFFFFF) | 0xB0000000; // second chunk lighter
        draw->AddRectFilled(ImVec2(x0, y), ImVec2(x1 - 1, y + rowH - 1), colour);
        char text[8];
        std::snprintf(text, sizeof text, "%d", op.microbatch);
        if (x1 - x0 > ImGui::CalcTextSize(text).x + 2 && rowH >= ImGui::GetTextLineHeight()) {
            draw->AddText(ImVec2(x0 + 2, y), IM_COL32(255, 255, 255, 255), text);
        }
    }
    // Activation memory: in-flight micro-batches of every stage over time (F done, B not yet).
    const float memTop = origin.y + chartHeight + 4;
    const float memH = height * 0.22f;
    double peak = 1.0;
    for (const double v : r.peakActivations) peak = std::max(peak, v);
    for (int stage = 0; stage < p; ++stage) {
        double level = 0.0;
        ImVec2 last(px(0), memTop + memH);
        for (const auto& op : r.ops) {
            if (op.stage != stage || op.kind == OpKind::Weight) continue;
            level += (op.kind == OpKind::Forward ? 1.0 : -1.0) / config.chunks;
            const ImVec2 point(px(op.end), memTop + memH - memH * static_cast<float>(level / peak));
            draw->AddLine(last, ImVec2(point.x, last.y), ImGui::GetColorU32(ImGuiCol_PlotLines));
            draw->AddLine(ImVec2(point.x, last.y), point, ImGui::GetColorU32(ImGuiCol_PlotLines));
            last = point;
        }
    }
    draw->AddText(ImVec2(origin.x, memTop), ImGui::GetColorU32(ImGuiCol_TextDisabled), "act.");
    char peakText[64];
    std::snprintf(peakText, sizeof peakText, "peak %.3g micro-batches", peak);
    draw->AddText(ImVec2(origin.x + width - ImGui::CalcTextSize(peakText).x, memTop), ImGui::GetColorU32(ImGuiCol_TextDisabled), peakText);
    ImGui::Dummy(ImVec2(width, chartHeight + memH + 8));
}

void PipelineVisualizer::draw(DrawContext& context)
{
    drawControls();
    refresh();
    if (!m_error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", m_error.c_str());
    ImGui::TextDisabled("F blue, B green, W orange; hatched = bubble; numbers = micro-batch; the line under each chart "
                        "is every stage's in-flight activations.");
    double longest = 1.0;
    for (const auto* r : {&m_topResult, &m_bottomResult}) {
        if (*r) longest = std::max(longest, (*r)->makespan);
    }
    const float width = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 2.4f;
    const double scale = width / longest;
    const int charts = m_bottom ? 2 : 1;
    const auto chartCount = static_cast<float>(charts);
    const float height = (ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() * 2 * chartCount) / chartCount;
    if (m_topResult) drawSchedule(m_top, *m_topResult, height, scale, context.darkTheme());
    if (m_bottom && m_bottomResult) drawSchedule(*m_bottom, *m_bottomResult, height, scale, context.darkTheme());
}

std::string PipelineVisualizer::svg()
{
    refresh();
    constexpr double unit = 24.0;
    constexpr int rowH = 18;
    std::string body;
    int y0 = 20;
    double widthPx = 200;
    for (const auto& [schedule, result] : {std::pair{m_top, &m_topResult}, std::pair{m_bottom.value_or(m_top), &m_bottomResult}}) {
        if (!*result) continue;
        body += "<text x='0' y='" + std::to_string(y0 - 6) + "' font-family='sans-serif' font-size='12'>" +
                std::string(scheduleName(schedule)) + "</text>\n";
        for (const auto& op : (*result)->ops) {
            const ImU32 c = kindColour(op.kind);
            char rect[200];
            std::snprintf(rect, sizeof rect,
                          "<rect x='%.1f' y='%d' width='%.1f' height='%d' fill='#%02x%02x%02x' stroke='white'/>"
                          "<text x='%.1f' y='%d' font-family='sans-serif' font-size='10' fill='white'>%d</text>\n",
                          op.start * unit, y0 + op.stage * rowH, (op.end - op.start) * unit, rowH - 1, c & 0xFF, (c >> 8) & 0xFF,
                          (c >> 16) & 0xFF, op.start * unit + 2, y0 + op.stage * rowH + 12, op.microbatch);
            body += rect;
            widthPx = std::max(widthPx, op.end * unit);
        }
        y0 += static_cast<int>((*result)->peakActivations.size()) * rowH + 30;
    }
    return "<svg xmlns='http://www.w3.org/2000/svg' width='" + std::to_string(static_cast<int>(widthPx) + 2) + "' height='" +
           std::to_string(y0) + "'>\n" + body + "</svg>\n";
}

} // namespace accelscope::gui::pipeline
