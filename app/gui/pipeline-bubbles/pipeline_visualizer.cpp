// SPDX-License-Identifier: MIT
// Pipeline bubbles drawing.
#include "app/gui/pipeline-bubbles/pipeline_visualizer.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "models/common/number_text.hpp"
#include "models/pipeline/pipeline_figure.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>

namespace accelscope::gui::pipeline {

using namespace models::pipeline;

namespace {

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
        // The model's list (models/pipeline schedules()): the CLI, the lesson contract and this combo offer the same.
        for (const ScheduleInfo& s : schedules()) {
            if (ImGui::Selectable(std::string(s.id).c_str(), s.schedule == schedule)) {
                changed = s.schedule != schedule;
                schedule = s.schedule;
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", std::string(s.displayName).c_str(), std::string(s.description).c_str());
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
    std::vector<double> starts;
    for (const auto* r : {&m_topResult, &m_bottomResult}) {
        if (*r) {
            for (const auto& op : (*r)->ops) starts.push_back(op.start);
        }
    }
    m_playback.setTimes(std::move(starts)); // keeps the step, within the new count
}

void PipelineVisualizer::setStep(int step)
{
    refresh();
    m_playback.setStep(step);
}

int PipelineVisualizer::stepCount()
{
    refresh();
    return m_playback.stepCount();
}

void PipelineVisualizer::stepBy(int direction)
{
    refresh();
    m_playback.stepBy(direction);
}

std::optional<double> PipelineVisualizer::cursorTime()
{
    refresh();
    return m_playback.cursor();
}

void PipelineVisualizer::togglePlay()
{
    refresh();
    m_playback.togglePlay();
}

void PipelineVisualizer::drawControls()
{
    m_forward = static_cast<float>(m_config.forwardTime);
    m_backward = static_cast<float>(m_config.backwardTime);
    m_weight = static_cast<float>(m_config.weightTime);
    m_comm = static_cast<float>(m_config.commTime);
    // Every control after the first of a row goes on that row while it fits (projector text sizes wrap).
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (scheduleCombo("top", m_top)) m_dirty = true;
    sameLineIfFits(checkWidth("compare with"));
    bool compare = m_bottom.has_value();
    if (ImGui::Checkbox("compare with", &compare)) {
        m_bottom = compare ? std::optional(Schedule::ZbH1) : std::nullopt;
        m_dirty = true;
    }
    if (m_bottom) {
        sameLineIfFits(ImGui::GetFontSize() * 7);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        Schedule bottom = *m_bottom;
        if (scheduleCombo("##bottom", bottom)) {
            m_bottom = bottom;
            m_dirty = true;
        }
    }
    const float slider = ImGui::GetFontSize() * 6;
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("p stages", &m_config.stages, m_contract.setting("p").minInt(), m_contract.setting("p").maxInt());
    sameLineIfFits(labelledWidth(slider, "m micro-batches"));
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("m micro-batches", &m_config.microbatches, m_contract.setting("m").minInt(), m_contract.setting("m").maxInt());
    sameLineIfFits(labelledWidth(slider, "v chunks"));
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderInt("v chunks", &m_config.chunks, m_contract.setting("v").minInt(), m_contract.setting("v").maxInt());
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("F", &m_forward, 0.1f, 4.0f, "%.2f");
    sameLineIfFits(labelledWidth(slider, "B"));
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("B", &m_backward, 0.1f, 4.0f, "%.2f");
    sameLineIfFits(labelledWidth(slider, "W"));
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("W", &m_weight, 0.0f, 4.0f, "%.2f");
    sameLineIfFits(labelledWidth(slider, "comm"));
    ImGui::SetNextItemWidth(slider);
    m_dirty |= ImGui::SliderFloat("comm", &m_comm, 0.0f, 1.0f, "%.2f");
    m_config.forwardTime = m_forward;
    m_config.backwardTime = m_backward;
    m_config.weightTime = m_weight;
    m_config.commTime = m_comm;
}

void PipelineVisualizer::drawPlayback()
{
    const bool wasPlaying = m_playback.playing();
    if (ImGui::Button(wasPlaying ? "Pause" : "Play")) togglePlay();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play the schedules op start by op start (P in presenter mode)");
    ImGui::SameLine();
    if (ImGui::Button("<")) m_playback.stepBy(-1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("One step back: the previous moment an op starts (left arrow in presenter mode)");
    ImGui::SameLine();
    if (ImGui::Button(">")) m_playback.stepBy(1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("One step on: the next moment an op starts, in either chart (Space or right arrow in presenter mode)");
    ImGui::SameLine();
    if (ImGui::Button("All")) m_playback.setStep(-1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the whole schedule, without the cursor");
    const int count = m_playback.stepCount();
    int shown = m_playback.step() < 0 ? count : m_playback.step();
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 8, "step"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::SliderInt("step", &shown, 0, count)) {
        m_playback.setStep(shown);
        if (m_playback.playing()) m_playback.togglePlay(); // dragging takes over from playback
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag the time cursor: step n stands on the n-th moment an op starts");
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 6, "steps/s"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::SliderFloat("steps/s", &m_playback.speed(), 0.5f, 20.0f, "%.1f");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed");
    const auto t = m_playback.cursor();
    const std::string where = t ? "step " + std::to_string(m_playback.step()) + " of " + std::to_string(count) + ", t = " + models::engineeringText(*t, 3)
                                : "whole schedule (" + std::to_string(count) + " steps)";
    sameLineIfFits(ImGui::CalcTextSize(where.c_str()).x);
    ImGui::TextDisabled("%s", where.c_str());
}

// Where one schedule's Gantt chart and activation line go on the canvas.
struct PipelineVisualizer::Chart {
    ImVec2 origin;
    float width = 0;
    float label = 0;        ///< room left of the bars for the device names
    float rowH = 0;
    float chartHeight = 0;
    float memTop = 0;
    float memH = 0;
    double timeScale = 0;   ///< pixels per time unit, shared by both charts
    float px(double t) const { return origin.x + label + static_cast<float>(t * timeScale); }
};

void PipelineVisualizer::drawSchedule(Schedule schedule, const PipelineResult& r, float height, double timeScale, bool dark)
{
    const PipelineConfig config = configFor(m_config, schedule);
    const double formula = closedFormBubbleTime(config);
    // The whole schedule's statistics, whatever the playback step; wrapped at projector text sizes,
    // and the chart takes what the lines leave of `height`.
    const float top = ImGui::GetCursorScreenPos().y;
    ImGui::TextWrapped("%s: makespan %s, bubble %s (closed form %s = %s), %.1f%% of total, %.1f%% of ideal",
                       std::string(scheduleName(schedule)).c_str(), models::engineeringText(r.makespan, 3).c_str(),
                       models::engineeringText(r.bubbleTime, 3).c_str(), std::string(closedFormText(schedule)).c_str(),
                       models::engineeringText(formula, 3).c_str(), 100 * r.bubbleFractionOfTotal, 100 * r.bubbleFractionOfIdeal);
    height -= ImGui::GetCursorScreenPos().y - top;
    Chart c;
    c.origin = ImGui::GetCursorScreenPos();
    c.width = ImGui::GetContentRegionAvail().x;
    c.label = ImGui::GetFontSize() * 2.2f;
    c.chartHeight = height * 0.68f;
    c.rowH = std::max(4.0f, c.chartHeight / static_cast<float>(config.stages));
    c.memTop = c.origin.y + c.chartHeight + 4;
    c.memH = height * 0.22f;
    c.timeScale = timeScale;
    drawGantt(c, r, dark);
    drawActivations(c, r, config.chunks);
    if (const auto t = m_playback.cursor()) { // the playback cursor across the bars and the activation line
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
        draw->AddLine(ImVec2(c.px(*t), c.origin.y), ImVec2(c.px(*t), c.memTop + c.memH), ink, 2.0f);
    }
    ImGui::Dummy(ImVec2(c.width, c.chartHeight + c.memH + 8));
}

void PipelineVisualizer::drawGantt(const Chart& c, const PipelineResult& r, bool dark) const
{
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // Per stage: hatched idle between its first and last op (up to the cursor), then the ops on top.
    std::map<int, std::pair<double, double>> span;
    for (const auto& op : r.ops) {
        auto [it, inserted] = span.try_emplace(op.stage, op.start, op.end);
        if (!inserted) {
            it->second.first = std::min(it->second.first, op.start);
            it->second.second = std::max(it->second.second, op.end);
        }
    }
    const ImU32 hatch = dark ? IM_COL32(200, 200, 200, 70) : IM_COL32(0, 0, 0, 50);
    const std::optional<double> t = m_playback.cursor();
    for (const auto& [stage, range] : span) {
        const float y = c.origin.y + static_cast<float>(stage) * c.rowH;
        char name[16];
        std::snprintf(name, sizeof name, "d%d", stage);
        // Thin rows (many stages, large text) get smaller names rather than overlapping ones.
        draw->AddText(nullptr, std::min(ImGui::GetFontSize(), c.rowH), ImVec2(c.origin.x, y), ImGui::GetColorU32(ImGuiCol_Text), name);
        const float x0 = c.px(range.first);
        const float x1 = c.px(t ? std::clamp(*t, range.first, range.second) : range.second);
        draw->PushClipRect(ImVec2(x0, y), ImVec2(x1, y + c.rowH - 1), true);
        for (float x = x0 - c.rowH; x < x1; x += 6.0f) draw->AddLine(ImVec2(x, y + c.rowH), ImVec2(x + c.rowH, y), hatch);
        draw->PopClipRect();
    }
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    for (const auto& op : r.ops) {
        const float y = c.origin.y + static_cast<float>(op.stage) * c.rowH;
        const float x0 = c.px(op.start);
        const float x1 = c.px(op.end);
        const bool shown = m_playback.happened(op.start);
        ImU32 colour = kindColour(op.kind);
        if (op.chunk % 2 == 1) colour = (colour & 0x00FFFFFF) | 0xB0000000; // second chunk lighter
        if (!shown) colour = (colour & 0x00FFFFFF) | 0x30000000;          // not started yet: a faint ghost
        draw->AddRectFilled(ImVec2(x0, y), ImVec2(x1 - 1, y + c.rowH - 1), colour);
        if (m_playback.atCursor(op.start)) { // what this step added
            draw->AddRect(ImVec2(x0, y), ImVec2(x1 - 1, y + c.rowH - 1), ink, 0.0f, 0, 2.0f);
        }
        char text[8];
        std::snprintf(text, sizeof text, "%d", op.microbatch);
        if (shown && x1 - x0 > ImGui::CalcTextSize(text).x + 2 && c.rowH >= ImGui::GetTextLineHeight()) {
            draw->AddText(ImVec2(x0 + 2, y), IM_COL32(255, 255, 255, 255), text);
        }
    }
}

void PipelineVisualizer::drawActivations(const Chart& c, const PipelineResult& r, int chunks) const
{
    // In-flight micro-batches of every stage over time (F done, B not yet), up to the cursor.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 colour = ImGui::GetColorU32(ImGuiCol_PlotLines);
    const std::optional<double> t = m_playback.cursor();
    double peak = 1.0;
    for (const double v : r.peakActivations) peak = std::max(peak, v);
    for (int stage = 0; stage < static_cast<int>(r.peakActivations.size()); ++stage) {
        double level = 0.0;
        ImVec2 last(c.px(0), c.memTop + c.memH);
        for (const auto& op : r.ops) {
            if (op.stage != stage || op.kind == OpKind::Weight) continue;
            if (t && op.end > *t) break; // ops of a device are in execution order
            level += (op.kind == OpKind::Forward ? 1.0 : -1.0) / chunks;
            const ImVec2 point(c.px(op.end), c.memTop + c.memH - c.memH * static_cast<float>(level / peak));
            draw->AddLine(last, ImVec2(point.x, last.y), colour);
            draw->AddLine(ImVec2(point.x, last.y), point, colour);
            last = point;
        }
        if (t && c.px(*t) > last.x) draw->AddLine(last, ImVec2(c.px(*t), last.y), colour);
    }
    draw->AddText(ImVec2(c.origin.x, c.memTop), ImGui::GetColorU32(ImGuiCol_TextDisabled), "act.");
    const std::string peakText = "peak " + models::engineeringText(peak, 3) + " micro-batches";
    draw->AddText(ImVec2(c.origin.x + c.width - ImGui::CalcTextSize(peakText.c_str()).x, c.memTop),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), peakText.c_str());
}

void PipelineVisualizer::draw(DrawContext& context)
{
    // The page scrolls when the controls leave the charts less than their least height (a
    // 768-pixel screen at projector text sizes), rather than running past the bottom of the canvas.
    ImGui::BeginChild("##pipeline", ImGui::GetContentRegionAvail(), false);
    drawControls();
    refresh();
    if (m_playback.advance(context.timeSeconds())) context.requestAnimationFrame();
    drawPlayback();
    if (!m_error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", m_error.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("F blue, B green, W orange; hatched = bubble; numbers = micro-batch; the line under each chart "
                       "is every stage's in-flight activations.");
    ImGui::PopStyleColor();
    double longest = 1.0;
    for (const auto* r : {&m_topResult, &m_bottomResult}) {
        if (*r) longest = std::max(longest, (*r)->makespan);
    }
    const float width = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 2.4f;
    const double scale = width / longest;
    const int charts = m_bottom ? 2 : 1;
    const auto chartCount = static_cast<float>(charts);
    const float height = std::max(ImGui::GetFontSize() * 8, (ImGui::GetContentRegionAvail().y - ImGui::GetStyle().ItemSpacing.y * 2 * chartCount) / chartCount);
    if (m_topResult) drawSchedule(m_top, *m_topResult, height, scale, context.darkTheme());
    if (m_bottom && m_bottomResult) drawSchedule(*m_bottom, *m_bottomResult, height, scale, context.darkTheme());
    ImGui::EndChild();
}

std::expected<models::figure::Figure, std::string> PipelineVisualizer::figure(bool dark)
{
    refresh();
    if (!m_topResult || (m_bottom && !m_bottomResult)) return std::unexpected("No schedule to draw: " + m_error);
    PipelineFigureInput input;
    input.charts.push_back({m_top, configFor(m_config, m_top), &*m_topResult});
    if (m_bottom) input.charts.push_back({*m_bottom, configFor(m_config, *m_bottom), &*m_bottomResult});
    input.step = m_playback.step();
    input.dark = dark;
    return pipelineFigure(input);
}

std::string PipelineVisualizer::svg()
{
    auto f = figure(false);
    return f ? models::figure::figureSvg(*f) : std::string();
}

} // namespace accelscope::gui::pipeline
