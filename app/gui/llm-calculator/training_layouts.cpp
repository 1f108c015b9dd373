// SPDX-License-Identifier: MIT
// Training layouts: settings → models::serving::planTraining (what `accelscope-cli train plan` prints) → an ImGui table.
#include "app/gui/llm-calculator/training_layouts.hpp"

#include "models/common/number_text.hpp"
#include "models/roofline/model_presets.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::llm {

using namespace models::serving;

const models::Result<TrainingPlan>& TrainingLayouts::plan(const models::memory::LlmMemorySettings& settings,
                                                          const models::catalog::Device& device)
{
    if (m_for == settings && m_deviceId == device.id) return m_plan;
    m_for = settings;
    m_deviceId = device.id;
    if (!m_efficiencies) {
        auto table = bundledEfficiencies();
        m_efficiencies = table ? *table : EfficiencyTable{};
    }
    const auto config = models::roofline::findModelPreset(settings.modelId);
    if (!config) {
        m_plan = std::unexpected(config.error());
        return m_plan;
    }
    ServingRequest formats;
    formats.weights = settings.weights;
    formats.kvCache = settings.weights;
    const auto d = servingDevice(device, formats, *m_efficiencies);
    if (!d) {
        m_plan = std::unexpected(d.error());
        return m_plan;
    }
    TrainingRequest r;
    r.devices = settings.dataParallel * settings.tensorParallel * settings.pipelineParallel;
    r.sequence = settings.sequence;
    r.microBatch = settings.microBatch;
    r.weights = settings.weights;
    // The global batch: the workload default's 1,024 sequences (Llama 3's), rounded up to a whole number of DP × micro-batch.
    const int step = std::max(1, settings.dataParallel * settings.microBatch);
    r.globalBatch = (models::system::workloadDefaults.globalBatch + step - 1) / step * step;
    m_plan = planTraining(*config, *d, r);
    return m_plan;
}

void TrainingLayouts::draw(const models::memory::LlmMemorySettings& settings, const models::catalog::Device& device, int rows)
{
    const auto& p = plan(settings, device);
    const int count = settings.dataParallel * settings.tensorParallel * settings.pipelineParallel;
    if (!p) {
        ImGui::TextWrapped("Training layouts on %d x %s: %s", count, device.name.c_str(), p.error().message.c_str());
        return;
    }
    ImGui::TextWrapped("Training layouts on %d x %s (TP x PP x DP, ZeRO, recomputation; TP up to %d): %d of %zu fit. "
                       "Ranked by step time; `accelscope-cli train plan` prints them all.",
                       count, device.name.c_str(), p->scaleUpDomain, p->fitting, p->layouts.size());
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_ScrollX;
    const int shown = std::min(rows, static_cast<int>(p->layouts.size()));
    const float height = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(shown + 2);
    if (!ImGui::BeginTable("training-layouts", 7, flags, ImVec2(ImGui::GetContentRegionAvail().x, height))) return;
    for (const char* name : {"layout", "GB per device", "verdict", "step s", "tokens/s", "MFU", "bound"}) ImGui::TableSetupColumn(name);
    ImGui::TableHeadersRow();
    for (int i = 0; i < shown; ++i) {
        const TrainingEstimate& e = p->layouts[static_cast<std::size_t>(i)];
        const auto& l = e.layout;
        const std::string layout = "TP " + std::to_string(l.tp) + " PP " + std::to_string(l.pp) + " DP " + std::to_string(l.dp) +
                                   " ZeRO-" + std::to_string(l.zero) + " " + std::string(models::memory::recomputeName(l.recompute));
        const std::string cells[] = {layout,
                                     models::decimalText(e.memory.totalBytes / 1e9, 1),
                                     e.verdict,
                                     e.fits ? models::readableText(e.stepS) : "-",
                                     e.fits ? models::readableText(e.tokensPerS) : "-",
                                     e.fits ? models::decimalText(100.0 * e.mfu, 0) + " %" : "-",
                                     e.fits ? std::string(trainingBoundName(e.bound)) : "memory"};
        ImGui::TableNextRow();
        for (const auto& c : cells) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.c_str());
            if (!ImGui::IsItemHovered()) continue;
            ImGui::SetTooltip("compute %s s, bubble %s s, pipeline sends %s s, TP all-reduce %s s, DP all-reduce %s s; "
                              "%d micro-batches, %d layers per stage",
                              models::readableText(e.computeS).c_str(), models::readableText(e.bubbleS).c_str(),
                              models::readableText(e.pipelineSendS).c_str(), models::readableText(e.tensorParallelS).c_str(),
                              models::readableText(e.dataParallelS).c_str(), l.microBatches, e.memory.layersPerDevice);
        }
    }
    ImGui::EndTable();
}

} // namespace accelscope::gui::llm
