// SPDX-License-Identifier: MIT
// The roofline page's ImGui control panel: mode, devices, roofs, kernels or LLM settings; it edits a RooflineState.
#include "app/gui/roofline/roofline_controls.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "models/figure/chart_canvas.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::roofline {

using namespace models::roofline;

RooflineControls::RooflineControls()
{
    if (const auto presets = modelPresets()) {
        for (const auto& p : *presets) m_modelIds.push_back(p.id);
    }
}

void RooflineControls::draw(RooflineState& state)
{
    const float fs = ImGui::GetFontSize();
    int mode = state.mode() == ChartMode::Kernels ? 0 : 1;
    ImGui::RadioButton("Kernels", &mode, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Place kernels from the kernel library on the roofs (Ctrl+L toggles)");
    sameLineIfFits(checkWidth("LLM ops"));
    ImGui::RadioButton("LLM ops", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every prefill and decode op of a model, placed by the LLM analysis (Ctrl+L toggles)");
    state.setMode(mode == 0 ? ChartMode::Kernels : ChartMode::Llm);

    ImGui::Separator();
    ImGui::TextUnformatted("Devices");
    for (std::size_t i = 0; i < state.deviceIds().size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        const models::figure::Colour c = models::figure::seriesColour(i, false);
        ImGui::ColorButton("##colour", ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, 1), ImGuiColorEditFlags_NoTooltip, ImVec2(fs, fs));
        ImGui::SameLine();
        std::string id = state.deviceIds()[i];
        if (m_pickers[i].draw("##device", state.catalog(), id, ImGui::GetContentRegionAvail().x - fs * 2.2f)) {
            if (std::ranges::find(state.deviceIds(), id) == state.deviceIds().end()) {
                auto ids = state.deviceIds();
                ids[i] = id;
                state.setDevices(std::move(ids));
            }
        }
        ImGui::SameLine();
        if (ImGui::Button("x")) {
            auto ids = state.deviceIds();
            ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(i));
            state.setDevices(std::move(ids));
            ImGui::PopID();
            break;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this device from the chart");
        ImGui::PopID();
    }
    if (state.deviceIds().size() < RooflineState::maxDevices) {
        std::string added;
        if (m_pickers[RooflineState::maxDevices].draw("##add", state.catalog(), added, ImGui::GetContentRegionAvail().x, true, "+ add a device") && !added.empty()) {
            auto ids = state.deviceIds();
            ids.push_back(added);
            state.setDevices(std::move(ids));
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add a device (up to %d)", static_cast<int>(RooflineState::maxDevices));
    }

    ImGui::Separator();
    ImGui::TextUnformatted("Compute roofs");
    const int columns = std::clamp(static_cast<int>(ImGui::GetContentRegionAvail().x / (fs * 4.2f)), 1, 5);
    int column = 0;
    for (const auto p : knownPrecisions()) {
        const std::string name(p);
        bool shown = state.precisionShown(name);
        if (column++ % columns != 0) ImGui::SameLine(static_cast<float>((column - 1) % columns) * fs * 4.2f + ImGui::GetStyle().WindowPadding.x);
        if (ImGui::Checkbox(name.c_str(), &shown)) state.setPrecisionShown(name, shown);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the %s roof (tensor units; vector units where there are none)", name.c_str());
    }
    bool sparse = state.sparse();
    if (ImGui::Checkbox("2:4 sparse", &sparse)) state.setSparse(sparse);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add the structured-sparsity roofs and place kernels under them");
    ImGui::TextUnformatted("Bandwidth roofs (one per memory level)");
    bool dram = state.dramOnly();
    if (ImGui::Checkbox("DRAM only", &dram)) state.setDramOnly(dram);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Only the device-memory roof, and kernels placed against it (the classic roofline)");
    ImGui::BeginDisabled(dram);
    bool first = true;
    for (const auto& [level, name] : {std::pair{MemoryLevel::SharedL1, "L1/shared"}, std::pair{MemoryLevel::L2, "L2"},
                                     std::pair{MemoryLevel::DeviceMemory, "memory"}, std::pair{MemoryLevel::HostLink, "host link"},
                                     std::pair{MemoryLevel::ScaleUp, "scale-up"}}) {
        bool shown = state.levelShown(level);
        if (!first) sameLineIfFits(checkWidth(name));
        first = false;
        if (ImGui::Checkbox(name, &shown)) state.setLevelShown(level, shown);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the %s bandwidth roof of every device that has a figure for it", name);
    }
    ImGui::EndDisabled();
    ImGui::Separator();
    if (state.mode() == ChartMode::Kernels) drawKernelControls(state);
    else drawLlmControls(state);
    drawMachineControls(state);
    if (state.measured()) {
        ImGui::Separator();
        ImGui::TextWrapped("Measured: %s (%s)", state.measured()->name.c_str(), state.measured()->source.c_str());
        if (ImGui::Button("Clear measured")) state.clearMeasured();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove the measured roofs and points from the chart");
    }
}

void RooflineControls::drawMachineControls(RooflineState& state)
{
    const auto& actions = state.machineActions();
    if (!actions.showThisMachine) return;
    ImGui::Separator();
    if (ImGui::Button("This machine")) actions.showThisMachine();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The measured ceilings and kernels of the latest saved CPU kernels lab run, drawn as points");
    if (state.machineProblem().empty()) return;
    ImGui::TextWrapped("%s", state.machineProblem().c_str());
    if (actions.openKernelsLab && ImGui::Button("Open the CPU kernels lab")) actions.openKernelsLab();
}

void RooflineControls::drawKernelControls(RooflineState& state)
{
    const float fs = ImGui::GetFontSize();
    // The kind combo and the sliders give up width first when the panel is narrow (large text).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float fixed = ImGui::GetFrameHeight() * 2 + fs * 4.5f + style.FramePadding.x * 2 + ImGui::CalcTextSize("x").x + style.ItemSpacing.x * 3;
    const float kindW = std::clamp(ImGui::GetContentRegionAvail().x - fixed, fs * 5, fs * 9);
    for (std::size_t k = 0; k < state.kernels().size(); ++k) {
        KernelEntry& e = state.kernels()[k];
        ImGui::PushID(static_cast<int>(k) + 100);
        ImGui::Checkbox("##visible", &e.visible);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show this kernel on the chart");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(kindW);
        if (ImGui::BeginCombo("##kind", kernelKindName(e.kind))) {
            for (int i = 0; i <= static_cast<int>(KernelKind::Conv2d); ++i) {
                const auto kind = static_cast<KernelKind>(i);
                if (ImGui::Selectable(kernelKindName(kind), kind == e.kind)) e.kind = kind;
            }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(fs * 4.5f);
        if (ImGui::BeginCombo("##dtype", e.dtype.c_str())) {
            for (const std::string_view t : models::roofline::kernelDataTypes()) {
                if (ImGui::Selectable(std::string(t).c_str(), e.dtype == t)) e.dtype = t;
            }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Element format: sets bytes per element and which compute roof applies");
        ImGui::SameLine();
        if (ImGui::Button("x") && state.kernels().size() > 1) {
            state.kernels().erase(state.kernels().begin() + static_cast<std::ptrdiff_t>(k));
            ImGui::PopID();
            break;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this kernel (the last one stays)");
        ImGui::SetNextItemWidth(kindW);
        ImGui::SliderInt("##size", &e.size, 1, models::roofline::kernelSizeMax, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        sameLineIfFits(ImGui::CalcTextSize(kernelSizeMeaning(e.kind)).x);
        ImGui::TextDisabled("%s", kernelSizeMeaning(e.kind));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("size: drag the slider and watch the dot move");
        ImGui::SetNextItemWidth(kindW);
        ImGui::SliderInt("##batch", &e.batch, 1, models::roofline::kernelBatchMax, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        sameLineIfFits(ImGui::CalcTextSize(kernelBatchMeaning(e.kind)).x);
        ImGui::TextDisabled("%s", kernelBatchMeaning(e.kind));
        ImGui::PopID();
    }
    if (state.kernels().size() < 8 && ImGui::Button("Add kernel")) state.kernels().push_back({KernelKind::Softmax, 4096, 4096, "bf16", true});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add a kernel (up to 8); change its kind in its combo (Ctrl+K)");
}

void RooflineControls::drawLlmControls(RooflineState& state)
{
    const float fs = ImGui::GetFontSize();
    // As wide as leaves room for the longest label beside it, at most 9 em.
    const float w = std::clamp(ImGui::GetContentRegionAvail().x - labelledWidth(0, "generated tokens"), fs * 4, fs * 9);
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo("model", state.llm().modelId.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const auto& id : m_modelIds) {
            if (ImGui::Selectable(id.c_str(), id == state.llm().modelId)) state.llm().modelId = id;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Model preset (data/models/presets.json)");
    auto& w8 = state.llm().workload;
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("batch", &w8.batch, m_contract.setting("batch").minInt(), m_contract.setting("batch").maxInt(), "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("prompt tokens", &w8.promptTokens, m_contract.setting("prompt").minInt(), m_contract.setting("prompt").maxInt(), "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("generated tokens", &w8.generatedTokens, 1, 32768, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("tensor parallel", &w8.tensorParallel, 1, 16, "%d", ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Devices the model is split over (Megatron style); the model says when it does not divide");
    for (auto [label, value] : {std::pair{"weights", &w8.weights}, std::pair{"KV cache", &w8.kvCache}, std::pair{"activations", &w8.activations}}) {
        ImGui::SetNextItemWidth(w);
        if (ImGui::BeginCombo(label, value->c_str())) {
            for (const std::string_view f : models::roofline::llmStorageFormats()) {
                if (ImGui::Selectable(std::string(f).c_str(), *value == f)) *value = f;
            }
            ImGui::EndCombo();
        }
    }
    ImGui::TextDisabled("The activation format picks the compute roof.");
}

} // namespace accelscope::gui::roofline
