// SPDX-License-Identifier: MIT
// Warp divergence drawing.
#include "app/gui/warp-divergence/warp_visualizer.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "models/simt/warp_figure.hpp"

#include <imgui.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace accelscope::gui::warp {

using namespace models::simt;


ImU32 WarpVisualizer::colourOfLine(int line) const
{
    const models::figure::Colour c = warpLineColour(m_program, line);
    return IM_COL32(c.r, c.g, c.b, c.a);
}

WarpVisualizer::WarpVisualizer() { loadPreset(m_preset); }

bool WarpVisualizer::loadPreset(std::string_view name)
{
    const WarpPreset* preset = findWarpPreset(name);
    if (preset == nullptr) return false;
    m_preset = std::string(name);
    m_pattern = preset->data;
    setProgram(std::string(preset->source));
    m_dataText[0] = '\0';
    m_step = -1;
    m_highlight.reset();
    return true;
}

void WarpVisualizer::setProgram(const std::string& source)
{
    const std::size_t n = std::min(source.size(), m_source.size() - 1);
    std::memcpy(m_source.data(), source.data(), n);
    m_source[n] = '\0';
    m_dirty = true;
}

void WarpVisualizer::setCustomData(const std::string& text)
{
    const std::size_t n = std::min(text.size(), m_dataText.size() - 1);
    std::memcpy(m_dataText.data(), text.data(), n);
    m_dataText[n] = '\0';
    m_dirty = true;
}

void WarpVisualizer::refresh()
{
    if (!m_dirty) return;
    m_dirty = false;
    m_error.clear();
    m_preVolta.reset();
    m_its.reset();
    auto program = parseWarpProgram(m_source.data());
    if (!program) {
        m_error = program.error().message;
        return;
    }
    m_program = *program;
    WarpConfig config;
    config.width = m_width;
    config.warps = m_warps;
    config.data = m_pattern;
    config.seed = static_cast<std::uint64_t>(m_seed);
    config.stepLimit = 20000;
    std::string text(m_dataText.data());
    std::replace(text.begin(), text.end(), ',', ' ');
    std::istringstream values(text);
    std::int64_t v = 0;
    while (values >> v) config.customData.push_back(v);
    if (!values.eof()) {
        m_error = "data: only whole numbers, separated by commas or spaces";
        return;
    }
    for (const ExecutionModel model : {ExecutionModel::PreVolta, ExecutionModel::Its}) {
        config.model = model;
        auto run = runWarps(m_program, config);
        if (!run) {
            m_error = run.error().message;
            return;
        }
        (model == ExecutionModel::PreVolta ? m_preVolta : m_its) = std::move(*run);
    }
}

const std::optional<WarpRun>& WarpVisualizer::run(ExecutionModel model)
{
    refresh();
    return model == ExecutionModel::PreVolta ? m_preVolta : m_its;
}

int WarpVisualizer::stepCount()
{
    refresh();
    std::size_t longest = 0;
    for (const auto* r : {&m_preVolta, &m_its}) {
        if (*r) longest = std::max(longest, costedIssuesOfWarp0(**r).size());
    }
    return static_cast<int>(std::min<std::size_t>(longest, 2000));
}

void WarpVisualizer::drawControls()
{
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    if (ImGui::BeginCombo("Preset", m_preset.c_str())) {
        for (const auto& p : warpPresets()) {
            const std::string name(p.name);
            if (ImGui::Selectable(name.c_str(), name == m_preset)) loadPreset(name);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(p.description).c_str());
        }
        ImGui::EndCombo();
    }
    // Each control goes on the row while it fits, else starts the next (projector text sizes).
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 5, "lanes"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    int widthIndex = m_width == 64 ? 1 : 0;
    if (ImGui::Combo("lanes", &widthIndex, "32\0" "64 (wave64)\0")) setWidth(widthIndex == 1 ? 64 : 32);
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 5, "warps"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    if (ImGui::SliderInt("warps", &m_warps, m_contract.setting("warps").minInt(), m_contract.setting("warps").maxInt())) m_dirty = true;
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 6, "data"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    int pattern = static_cast<int>(m_pattern);
    if (ImGui::Combo("data", &pattern, "random\0sorted\0gtid\0")) {
        m_pattern = static_cast<DataPattern>(pattern);
        m_dirty = true;
    }
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 5, "seed"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    if (ImGui::InputInt("seed", &m_seed)) m_dirty = true;
    // Playback: space plays/pauses, arrows step (keys reach ImGui through the canvas host).
    if (ImGui::Button(m_playing ? "Pause" : "Play")) togglePlay();
    ImGui::SameLine();
    if (ImGui::Button("<")) m_step = std::max(0, (m_step < 0 ? stepCount() : m_step) - 1);
    ImGui::SameLine();
    if (ImGui::Button(">")) m_step = m_step < 0 ? stepCount() : std::min(stepCount(), m_step + 1);
    ImGui::SameLine();
    if (ImGui::Button("All")) m_step = -1;
    sameLineIfFits(labelledWidth(ImGui::GetFontSize() * 8, "issues/s"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::SliderFloat("issues/s", &m_speed, 0.5f, 30.0f, "%.1f");
    char stepText[64];
    std::snprintf(stepText, sizeof stepText, "step %d of %d", m_step < 0 ? stepCount() : m_step, stepCount());
    sameLineIfFits(ImGui::CalcTextSize(stepText).x);
    ImGui::TextDisabled("%s", stepText);
}

void WarpVisualizer::drawGrid(ExecutionModel model, float width, float height, bool dark)
{
    const auto& result = model == ExecutionModel::PreVolta ? m_preVolta : m_its;
    const bool highlighted = m_highlight == model;
    if (highlighted) { // the panel a lesson step points at: an orange frame
        ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 0.55f, 0.1f, 1.0f));
        ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, 3.0f);
    }
    ImGui::BeginChild(model == ExecutionModel::PreVolta ? "##prevolta" : "##its", ImVec2(width, height), true);
    if (highlighted) ImGui::PopStyleVar();
    if (highlighted) ImGui::PopStyleColor();
    ImGui::TextWrapped("%s  (grid: warp 0 of %d; statistics: all warps, whole run)%s",
                model == ExecutionModel::PreVolta ? "Pre-Volta: one PC, reconvergence stack" : "Volta+ ITS: one PC per lane",
                m_warps, highlighted ? "  <- look here" : "");
    if (!result) {
        ImGui::EndChild();
        return;
    }
    const WarpStats& s = result->total;
    ImGui::TextWrapped("cycles %lld   issued %lld   SIMD efficiency %.1f%%   serialization %.2fx", static_cast<long long>(s.cycles),
                static_cast<long long>(s.issued), 100.0 * s.simdEfficiency, s.serialization);
    if (!result->completed) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", result->problem.c_str());
    const auto issues = costedIssuesOfWarp0(*result);
    const int shown = m_step < 0 ? static_cast<int>(issues.size()) : std::min<int>(m_step, static_cast<int>(issues.size()));
    std::int64_t totalCycles = 0;
    for (const Issue* i : issues) totalCycles += i->cycles;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float available = ImGui::GetContentRegionAvail().x - 4.0f;
    const float cellW = std::clamp(available / static_cast<float>(std::max<std::int64_t>(totalCycles, 1)), 1.0f, 24.0f);
    const float cellH = std::max(2.0f, std::min(ImGui::GetTextLineHeight() * 0.5f, (ImGui::GetContentRegionAvail().y - 4.0f) / static_cast<float>(m_width)));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 idle = dark ? IM_COL32(60, 60, 66, 255) : IM_COL32(225, 225, 230, 255);
    float x = origin.x;
    for (int n = 0; n < shown && x < origin.x + available; ++n) {
        const Issue& issue = *issues[static_cast<std::size_t>(n)];
        const float w = cellW * static_cast<float>(issue.cycles);
        for (int lane = 0; lane < m_width; ++lane) {
            const bool on = ((issue.mask >> lane) & 1u) != 0;
            const float y = origin.y + static_cast<float>(lane) * cellH;
            draw->AddRectFilled(ImVec2(x, y), ImVec2(x + w - (w > 3 ? 1.0f : 0.0f), y + cellH - (cellH > 3 ? 1.0f : 0.0f)),
                                on ? colourOfLine(issue.line) : idle);
        }
        x += w;
    }
    ImGui::Dummy(ImVec2(available, cellH * static_cast<float>(m_width)));
    ImGui::TextDisabled("lanes (rows) x cycles (columns), coloured by source line; grey = idle lane");
    ImGui::EndChild();
}

void WarpVisualizer::drawProgram(int highlightLine)
{
    ImGui::TextUnformatted("Program (edit it):");
    if (ImGui::InputTextMultiline("##program", m_source.data(), m_source.size(),
                                  ImVec2(std::min(ImGui::GetFontSize() * 16, ImGui::GetContentRegionAvail().x), ImGui::GetTextLineHeight() * 14),
                                  ImGuiInputTextFlags_AllowTabInput)) {
        m_dirty = true;
        m_step = -1;
    }
    ImGui::TextWrapped("Data (comma-separated, optional):"); // wraps in the narrow program column
    ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 16, ImGui::GetContentRegionAvail().x));
    if (ImGui::InputText("##data", m_dataText.data(), m_dataText.size())) m_dirty = true;
    if (!m_error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", m_error.c_str());
    ImGui::Separator();
    for (std::size_t i = 0; i < m_program.lines.size(); ++i) {
        const int line = static_cast<int>(i) + 1;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + 6, at.y + ImGui::GetTextLineHeight()), colourOfLine(line));
        ImGui::Dummy(ImVec2(8, 0));
        ImGui::SameLine();
        if (line == highlightLine) ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.1f, 1.0f), "%2d > %s", line, m_program.lines[i].c_str());
        else ImGui::Text("%2d   %s", line, m_program.lines[i].c_str());
    }
}

void WarpVisualizer::draw(DrawContext& context)
{
    refresh();
    if (m_playing) {
        const double now = context.timeSeconds();
        if (m_step < 0) m_step = 0;
        if (now - m_lastAdvance >= 1.0 / m_speed) {
            m_lastAdvance = now;
            m_step = m_step >= stepCount() ? 0 : m_step + 1;
        }
        context.requestAnimationFrame();
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && !ImGui::GetIO().WantTextInput) {
        if (ImGui::IsKeyPressed(ImGuiKey_Space)) togglePlay();
        if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) m_step = m_step < 0 ? stepCount() : std::min(stepCount(), m_step + 1);
        if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) m_step = std::max(0, (m_step < 0 ? stepCount() : m_step) - 1);
    }
    drawControls();
    int highlight = 0;
    if (m_preVolta && m_step > 0) {
        const auto issues = costedIssuesOfWarp0(*m_preVolta);
        if (m_step <= static_cast<int>(issues.size())) highlight = issues[static_cast<std::size_t>(m_step - 1)]->line;
    }
    // The program keeps at most 40% of the width: the two grids are what the page is about.
    ImGui::BeginChild("##left", ImVec2(std::min(ImGui::GetFontSize() * 17, ImGui::GetContentRegionAvail().x * 0.4f), 0), false);
    drawProgram(highlight);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginGroup();
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = (ImGui::GetContentRegionAvail().y - ImGui::GetStyle().ItemSpacing.y) / 2.0f;
    drawGrid(ExecutionModel::PreVolta, width, height, context.darkTheme());
    drawGrid(ExecutionModel::Its, width, height, context.darkTheme());
    ImGui::EndGroup();
}

std::expected<models::figure::Figure, std::string> WarpVisualizer::figure(bool dark)
{
    refresh();
    if (!m_preVolta || !m_its) return std::unexpected("The program does not run: " + m_error);
    WarpFigureInput input;
    input.program = &m_program;
    input.preVolta = &*m_preVolta;
    input.its = &*m_its;
    input.width = m_width;
    input.warps = m_warps;
    input.programName = m_preset;
    input.step = m_step;
    input.dark = dark;
    return warpFigure(input);
}

std::string WarpVisualizer::svg()
{
    auto f = figure(false);
    return f ? models::figure::figureSvg(*f) : std::string();
}

} // namespace accelscope::gui::warp
