// SPDX-License-Identifier: MIT
// LLM calculator controls: each control goes on the current row while it fits, so rows wrap at projector text sizes.
#include "app/gui/llm-calculator/llm_controls.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::llm {

using models::memory::LlmMemorySettings;
using models::memory::LlmMode;
using models::memory::Recompute;

namespace {

void formatCombo(const char* label, std::string& value, float width, const char* tip)
{
    sameLineIfFits(labelledWidth(width, label));
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(label, value.c_str())) {
        for (const std::string_view f : models::roofline::llmStorageFormats()) {
            if (ImGui::Selectable(std::string(f).c_str(), value == f)) value = f;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
}

} // namespace

LlmControls::LlmControls()
{
    if (const auto presets = models::roofline::modelPresets()) {
        for (const auto& p : *presets) m_modelIds.push_back(p.id);
    }
}

std::vector<std::string> LlmControls::draw(LlmMemorySettings& s, const std::vector<models::catalog::Device>& catalog,
                                           const std::vector<std::string>& bars)
{
    int mode = s.mode == LlmMode::Inference ? 0 : 1;
    ImGui::RadioButton("Inference", &mode, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Weights, KV cache and activations of serving the model");
    ImGui::SameLine();
    ImGui::RadioButton("Training", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Weights, gradients, Adam states (ZeRO) and activations (recomputation)");
    s.mode = mode == 0 ? LlmMode::Inference : LlmMode::Training;
    drawModelAndFormats(s);
    drawLayout(s);
    return drawBarPickers(catalog, bars);
}

void LlmControls::drawModelAndFormats(LlmMemorySettings& s)
{
    const float fs = ImGui::GetFontSize();
    sameLineIfFits(labelledWidth(fs * 9, "model"));
    ImGui::SetNextItemWidth(fs * 9);
    if (ImGui::BeginCombo("model", s.modelId.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const auto& id : m_modelIds) {
            if (ImGui::Selectable(id.c_str(), id == s.modelId)) s.modelId = id;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Model preset with its source (data/models/presets.json)");
    formatCombo("weights", s.weights, fs * 5, "Weight format (training: weights and gradients); MX/NVFP4 include their scales");
    if (s.mode == LlmMode::Inference) formatCombo("KV", s.kvCache, fs * 5, "KV-cache format");
    formatCombo("act.", s.activations, fs * 5, "Activation format");
}

void LlmControls::drawLayout(LlmMemorySettings& s)
{
    const float fs = ImGui::GetFontSize();
    const float w = fs * 6;
    bool first = true; // the sliders start a new row
    // Ranges from the page's lesson contract, so a lesson can ask only for what these reach.
    const auto slider = [&](const char* label, int* v, const char* key, bool log, const char* tip) {
        if (!first) sameLineIfFits(labelledWidth(w, label));
        first = false;
        ImGui::SetNextItemWidth(w);
        const auto& range = m_contract.setting(key);
        ImGui::SliderInt(label, v, range.minInt(), range.maxInt(), "%d", (log ? ImGuiSliderFlags_Logarithmic : 0) | ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    };
    if (s.mode == LlmMode::Inference) {
        slider("batch", &s.batch, "batch", true, "Sequences served together");
        slider("prompt", &s.promptTokens, "prompt", true, "Prompt tokens per sequence");
        slider("generated", &s.generatedTokens, "gen", true, "Generated tokens per sequence");
        slider("tp", &s.tensorParallel, "tp", false, "Tensor-parallel devices for the bars (the matrix varies it)");
        return;
    }
    slider("dp", &s.dataParallel, "dp", false, "Data-parallel degree for the bars (ZeRO partitions over it; the matrix varies it)");
    slider("tp", &s.tensorParallel, "tp", false, "Tensor-parallel degree");
    slider("pp", &s.pipelineParallel, "pp", false, "Pipeline stages (must divide the layers)");
    sameLineIfFits(labelledWidth(fs * 4, "ZeRO"));
    ImGui::SetNextItemWidth(fs * 4);
    ImGui::SliderInt("ZeRO", &s.zeroStage, m_contract.setting("zero").minInt(), m_contract.setting("zero").maxInt());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 none, 1 optimizer states, 2 + gradients, 3 + parameters partitioned over dp");
    sameLineIfFits(labelledWidth(fs * 7, "recompute"));
    // The combo's entries in the enum's order, from the model's list (models/memory recomputeNames).
    static_assert(static_cast<int>(Recompute::None) == 0 && static_cast<int>(Recompute::Full) == 2);
    std::string items; // "none\0selective\0full\0", ImGui's zero-separated list
    for (const auto& name : models::memory::recomputeNames()) items += name + '\0';
    int recompute = static_cast<int>(s.recompute);
    ImGui::SetNextItemWidth(fs * 7);
    ImGui::Combo("recompute", &recompute, items.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Activation recomputation (Korthikanti et al. 2022)");
    s.recompute = static_cast<Recompute>(recompute);
    sameLineIfFits(checkWidth("SP"));
    ImGui::Checkbox("SP", &s.sequenceParallel);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Megatron sequence parallelism");
    first = true;
    slider("micro-batch", &s.microBatch, "mbs", true, "Sequences per micro-batch");
    slider("seq", &s.sequence, "seq", true, "Tokens per sequence");
}

std::vector<std::string> LlmControls::drawBarPickers(const std::vector<models::catalog::Device>& catalog, std::vector<std::string> bars)
{
    const float fs = ImGui::GetFontSize();
    ImGui::TextUnformatted("Bars for");
    const float picker = std::min(fs * 12, ImGui::GetContentRegionAvail().x * 0.45f);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        sameLineIfFits(picker);
        ImGui::PushID(static_cast<int>(i));
        std::string id = bars[i];
        if (m_pickers[i].draw("##bar", catalog, id, picker, true)) {
            if (id.empty()) {
                bars.erase(bars.begin() + static_cast<std::ptrdiff_t>(i));
                ImGui::PopID();
                break;
            }
            if (std::ranges::find(bars, id) == bars.end()) bars[i] = id;
        }
        ImGui::PopID();
    }
    if (bars.size() < maxBars) {
        sameLineIfFits(std::min(fs * 10, picker));
        std::string added;
        if (m_pickers[maxBars].draw("##addbar", catalog, added, std::min(fs * 10, picker), true, "+ add a device") && !added.empty()) {
            bars.push_back(added);
        }
    }
    return bars;
}

} // namespace accelscope::gui::llm
