// SPDX-License-Identifier: MIT
// LLM calculator: models/memory calls, stacked bars as a Scene, the fit matrix as an ImGui table.
#include "app/gui/llm/llm_calculator.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/canvas/text_flow.hpp"

#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace accelscope::gui::llm {

using namespace models::memory;
using models::catalog::Device;
using models::catalog::FigureKey;

namespace {

std::string fmt(const char* format, double v)
{
    char buf[96];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string gbText(double bytes) { return fmt("%.1f GB", bytes / 1e9); }

constexpr const char* formats[] = {"fp32", "bf16", "fp16", "fp8", "int8", "int4", "mxfp4", "nvfp4"};

bool formatCombo(const char* label, std::string& value, float width, const char* tip)
{
    bool changed = false;
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(label, value.c_str())) {
        for (const char* f : formats) {
            if (ImGui::Selectable(f, value == f)) {
                changed = value != f;
                value = f;
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    return changed;
}

} // namespace

Rgba partColour(const std::string& name, bool dark)
{
    if (name == "weights") return seriesColour(0, dark);
    if (name == "KV cache" || name == "gradients") return seriesColour(1, dark);
    if (name == "activations") return seriesColour(2, dark);
    if (name == "optimizer") return seriesColour(3, dark);
    return seriesColour(4, dark);
}

LlmCalculator::LlmCalculator(std::vector<Device> devices)
{
    if (const auto presets = models::roofline::modelPresets()) {
        for (const auto& p : *presets) m_modelIds.push_back(p.id);
    }
    setCatalog(std::move(devices));
    setBarDevices({"nvidia-h100-sxm", "amd-instinct-mi300x", "nvidia-b200"});
}

void LlmCalculator::setCatalog(std::vector<Device> devices)
{
    m_catalog = std::move(devices);
    m_matrixFor.reset();
    setBarDevices(m_bars);
}

void LlmCalculator::setBarDevices(std::vector<std::string> ids)
{
    m_bars.clear();
    for (auto& id : ids) {
        if (m_bars.size() < maxBars && findDevice(m_catalog, id) && std::ranges::find(m_bars, id) == m_bars.end()) m_bars.push_back(std::move(id));
    }
}

std::pair<std::optional<double>, std::string> LlmCalculator::perDeviceBytes(int degree) const
{
    const auto config = models::roofline::findModelPreset(m_settings.modelId);
    if (!config) return {std::nullopt, config.error().message};
    const CalcSettings& s = m_settings;
    if (s.mode == CalcMode::Inference) {
        const InferenceMemoryInput in{s.batch, s.promptTokens, s.generatedTokens, s.weights, s.activations, s.kvCache, degree, 0.0};
        const auto m = inferenceMemory(*config, in);
        if (!m) return {std::nullopt, m.error().message};
        return {m->totalBytes, {}};
    }
    const auto weight = models::roofline::dataTypeFromName(s.weights);
    if (!weight) return {std::nullopt, weight.error().message};
    TrainingInput in;
    in.model = *config;
    in.dataParallel = degree;
    in.tensorParallel = s.tensorParallel;
    in.pipelineParallel = s.pipelineParallel;
    in.zeroStage = s.zeroStage;
    in.recompute = s.recompute;
    in.sequenceParallel = s.sequenceParallel;
    in.microBatch = s.microBatch;
    in.sequence = s.sequence;
    in.weightBytesPerParam = weight->bytesPerElement;
    in.gradientBytesPerParam = weight->bytesPerElement;
    const auto m = trainingMemory(in);
    if (!m) return {std::nullopt, m.error().message};
    return {m->totalBytes, {}};
}

MemoryBreakdown LlmCalculator::breakdown() const
{
    MemoryBreakdown out;
    const auto config = models::roofline::findModelPreset(m_settings.modelId);
    if (!config) {
        out.problem = config.error().message;
        return out;
    }
    const CalcSettings& s = m_settings;
    const double params = models::roofline::countParameters(*config).total;
    if (s.mode == CalcMode::Inference) {
        const InferenceMemoryInput in{s.batch, s.promptTokens, s.generatedTokens, s.weights, s.activations, s.kvCache, s.tensorParallel, 0.0};
        const auto m = inferenceMemory(*config, in);
        if (!m) {
            out.problem = m.error().message;
            return out;
        }
        out.parts = {{"weights", m->weightsBytes}, {"KV cache", m->kvCacheBytes}, {"activations", m->activationsBytes}};
        out.totalBytes = m->totalBytes;
        out.summary = config->name + fmt(": %.1f B parameters", params / 1e9) + "; inference, batch " + std::to_string(s.batch) + ", " +
                      std::to_string(s.promptTokens) + " + " + std::to_string(s.generatedTokens) + " tokens, tp " +
                      std::to_string(s.tensorParallel) + "; per device " + gbText(m->totalBytes) + " (KV " +
                      fmt("%.0f bytes per token", m->kvBytesPerToken) + ")";
        return out;
    }
    const auto [total, problem] = perDeviceBytes(s.dataParallel);
    if (!total) {
        out.problem = problem;
        return out;
    }
    const auto weight = models::roofline::dataTypeFromName(s.weights);
    TrainingInput in;
    in.model = *config;
    in.dataParallel = s.dataParallel;
    in.tensorParallel = s.tensorParallel;
    in.pipelineParallel = s.pipelineParallel;
    in.zeroStage = s.zeroStage;
    in.recompute = s.recompute;
    in.sequenceParallel = s.sequenceParallel;
    in.microBatch = s.microBatch;
    in.sequence = s.sequence;
    in.weightBytesPerParam = weight->bytesPerElement;
    in.gradientBytesPerParam = weight->bytesPerElement;
    const auto m = trainingMemory(in);
    out.parts = {{"weights", m->weightsBytes}, {"gradients", m->gradientsBytes}, {"optimizer", m->optimizerBytes},
                 {"activations", m->activationsBytes}};
    out.totalBytes = m->totalBytes;
    out.summary = config->name + fmt(": %.1f B parameters", params / 1e9) + "; training on dp " + std::to_string(s.dataParallel) +
                  " x tp " + std::to_string(s.tensorParallel) + " x pp " + std::to_string(s.pipelineParallel) + " = " +
                  std::to_string(s.dataParallel * s.tensorParallel * s.pipelineParallel) + " devices, ZeRO-" +
                  std::to_string(s.zeroStage) + ", recompute " + std::string(recomputeName(s.recompute)) +
                  "; Adam states 12 bytes/param; per device " + gbText(m->totalBytes);
    return out;
}

const std::vector<FitRow>& LlmCalculator::fitMatrix()
{
    if (m_matrixFor == m_settings) return m_matrix;
    m_matrixFor = m_settings;
    m_matrix.clear();
    std::vector<std::pair<std::optional<double>, std::string>> byDegree(65);
    for (int n = 1; n <= 64; ++n) byDegree[static_cast<std::size_t>(n)] = perDeviceBytes(n);
    const auto ranked = fewestDevices(m_catalog, [&](int n) { return byDegree[static_cast<std::size_t>(n)].first; });
    for (const DeviceFit& f : ranked) {
        FitRow row{f.device->id, f.device->name, f.capacityBytes, f.devices, {}};
        for (const int d : degrees) {
            const auto& [bytes, problem] = byDegree[static_cast<std::size_t>(d)];
            row.cells.push_back({d, bytes, bytes && *bytes <= f.capacityBytes, problem});
        }
        m_matrix.push_back(std::move(row));
    }
    return m_matrix;
}

Scene LlmCalculator::bars(float width, bool dark, float fs, Scene::Measure measure) const
{
    const MemoryBreakdown b = breakdown();
    if (!b.problem.empty()) {
        Scene message(width, fs * 1.6f, fs, std::move(measure));
        message.text(0, fs * 0.2f, "The model refuses this layout: " + b.problem, Rgba{213, 60, 30});
        return message;
    }
    const float rowH = fs * 2.0f;
    float labelW = fs * 8;
    for (const auto& id : m_bars) {
        if (const auto* d = findDevice(m_catalog, id)) labelW = std::max(labelW, Scene::estimateWidth(d->name, fs) + fs);
    }
    labelW = std::min(labelW, width * 0.3f);
    // The key above the bars wraps (projector text sizes): lay it out once to know its height.
    Scene probe(width, fs, fs, measure);
    const float keyH = addBarKey(probe, b, dark);
    const float height = keyH + rowH * static_cast<float>(m_bars.size()) + fs * 0.5f;
    Scene s(width, height, fs, std::move(measure));
    const Rgba ink = inkColour(dark);
    const Rgba muted = mutedColour(dark);
    double scale = b.totalBytes;
    for (const auto& id : m_bars) {
        if (const auto* d = findDevice(m_catalog, id)) scale = std::max(scale, d->value(FigureKey::MemoryGb).value_or(0) * 1e9);
    }
    const float barW = std::max(fs * 10, width - labelW - fs * 18);
    const auto px = [&](double bytes) { return labelW + static_cast<float>(bytes / scale) * barW; };
    addBarKey(s, b, dark);
    // Names, bars and verdicts keep to the width: long ones shrink a little, then are cut ("...").
    const auto label = [&](float x, float y, const std::string& text, Rgba colour, float room) {
        const auto [shown, size] = TextFlow::fit(s, text, room, fs);
        s.text(x, y + fs * 0.35f + (fs - size) / 2, shown, colour, TextAnchor::Left, size);
    };
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const Device* d = findDevice(m_catalog, m_bars[i]);
        if (d == nullptr) continue;
        const float y = keyH + rowH * static_cast<float>(i);
        const auto gb = d->value(FigureKey::MemoryGb);
        label(0, y, d->name, ink, labelW - fs);
        double at = 0;
        for (const auto& p : b.parts) {
            if (p.bytes <= 0) continue;
            s.rect(px(at), y + fs * 0.2f, px(at + p.bytes), y + rowH - fs * 0.3f, partColour(p.name, dark));
            s.hit(px(at), y, px(at + p.bytes), y + rowH, d->name + "\n" + p.name + ": " + gbText(p.bytes) + " per device");
            at += p.bytes;
        }
        std::string verdict;
        if (gb) {
            const double cap = *gb * 1e9;
            s.line(px(cap), y, px(cap), y + rowH - fs * 0.1f, ink, 2.5f);
            const bool fits = b.totalBytes <= cap;
            verdict = fits ? fmt("fits: %.0f%% of ", 100 * b.totalBytes / cap) + gbText(cap)
                           : "does not fit in " + gbText(cap) + fmt(" (%.2fx)", b.totalBytes / cap);
            const float x = px(std::max(cap, b.totalBytes)) + fs * 0.6f;
            label(x, y, verdict, fits ? ink : Rgba{213, 60, 30}, width - x);
        } else {
            verdict = "no memory figure in the catalog";
            label(px(b.totalBytes) + fs * 0.6f, y, verdict, muted, width - px(b.totalBytes) - fs * 0.6f);
        }
        s.hit(0, y, labelW, y + rowH, d->name + "\n" + verdict);
    }
    return s;
}

float LlmCalculator::addBarKey(Scene& s, const MemoryBreakdown& b, bool dark) const
{
    const float fs = s.fontSize();
    TextFlow key(s, 0, 0, s.width(), fs);
    for (const auto& p : b.parts) {
        const float x = key.item(fs * 1.1f, p.name + " " + gbText(p.bytes), inkColour(dark));
        s.rect(x, key.rowTop() + fs * 0.2f, x + fs * 0.8f, key.rowTop() + fs, partColour(p.name, dark));
    }
    key.item(0, "| black line: the device's memory", mutedColour(dark));
    return key.bottom() - key.lineHeight() + fs * 2.0f; // the first bar row sits where the second key row would
}

void LlmCalculator::addMatrix(Scene& s, float top, bool dark)
{
    const float fs = s.fontSize();
    const float rowH = fs * 1.4f;
    const float nameW = fs * 18;
    const float cellW = fs * 5;
    const Rgba ink = inkColour(dark);
    s.text(0, top, "device", ink);
    s.text(nameW, top, "memory", ink);
    s.text(nameW + cellW, top, "fewest", ink);
    const char* dim = m_settings.mode == CalcMode::Inference ? "tp" : "dp";
    for (std::size_t c = 0; c < degrees.size(); ++c) {
        s.text(nameW + cellW * static_cast<float>(c + 2), top, std::string(dim) + " " + std::to_string(degrees[c]), ink);
    }
    float y = top + rowH;
    for (const FitRow& r : fitMatrix()) {
        s.text(0, y, r.name, ink);
        s.text(nameW, y, gbText(r.capacityBytes), ink);
        s.text(nameW + cellW, y, r.fewest ? std::to_string(*r.fewest) : std::string("none"), ink);
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            const FitCell& cell = r.cells[c];
            const float x = nameW + cellW * static_cast<float>(c + 2);
            const Rgba fill = !cell.perDeviceBytes ? Rgba{128, 128, 128, 60} : cell.fits ? Rgba{0, 158, 115, 90} : Rgba{213, 94, 0, 80};
            s.rect(x - 2, y - 1, x + cellW - 4, y + rowH - 2, fill);
            s.text(x, y, cell.perDeviceBytes ? fmt("%.0f", *cell.perDeviceBytes / 1e9) : std::string("-"), ink);
        }
        y += rowH;
    }
}

std::string LlmCalculator::svg()
{
    const float fs = 13;
    const Scene b = bars(1100, m_lastDark, fs, {});
    const auto rows = static_cast<float>(fitMatrix().size() + 1);
    Scene s(1100, b.height() + fs * 3.6f + fs * 1.4f * rows, fs, {});
    for (const auto& r : b.rects()) s.rect(r.x0, r.y0, r.x1, r.y1, r.fill, r.stroke);
    for (const auto& l : b.lines()) s.line(l.x0, l.y0, l.x1, l.y1, l.colour, l.thickness, l.dashed);
    for (const auto& t : b.texts()) s.text(t.x, t.y, t.text, t.colour, t.anchor, t.size);
    s.text(0, b.height() + fs * 0.5f, "Per-device GB across the catalog (green fits, orange does not, grey: layout not valid)",
           inkColour(m_lastDark));
    addMatrix(s, b.height() + fs * 2.2f, m_lastDark);
    return s.svg(backgroundColour(m_lastDark));
}

void LlmCalculator::drawControls()
{
    const float fs = ImGui::GetFontSize();
    CalcSettings& s = m_settings;
    int mode = s.mode == CalcMode::Inference ? 0 : 1;
    ImGui::RadioButton("Inference", &mode, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Weights, KV cache and activations of serving the model");
    ImGui::SameLine();
    ImGui::RadioButton("Training", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Weights, gradients, Adam states (ZeRO) and activations (recomputation)");
    s.mode = mode == 0 ? CalcMode::Inference : CalcMode::Training;
    // Each control goes on the current row while it fits, so the rows wrap at projector text sizes.
    sameLineIfFits(labelledWidth(fs * 9, "model"));
    ImGui::SetNextItemWidth(fs * 9);
    if (ImGui::BeginCombo("model", s.modelId.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const auto& id : m_modelIds) {
            if (ImGui::Selectable(id.c_str(), id == s.modelId)) s.modelId = id;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Model preset with its source (data/models/presets.json)");
    sameLineIfFits(labelledWidth(fs * 5, "weights"));
    formatCombo("weights", s.weights, fs * 5, "Weight format (training: weights and gradients); MX/NVFP4 include their scales");
    if (s.mode == CalcMode::Inference) {
        sameLineIfFits(labelledWidth(fs * 5, "KV"));
        formatCombo("KV", s.kvCache, fs * 5, "KV-cache format");
    }
    sameLineIfFits(labelledWidth(fs * 5, "act."));
    formatCombo("act.", s.activations, fs * 5, "Activation format");
    const float w = fs * 6;
    bool first = true; // the sliders start a new row
    const auto slider = [&](const char* label, int* v, int lo, int hi, bool log, const char* tip) {
        if (!first) sameLineIfFits(labelledWidth(w, label));
        first = false;
        ImGui::SetNextItemWidth(w);
        ImGui::SliderInt(label, v, lo, hi, "%d", (log ? ImGuiSliderFlags_Logarithmic : 0) | ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    };
    if (s.mode == CalcMode::Inference) {
        slider("batch", &s.batch, 1, 1024, true, "Sequences served together");
        slider("prompt", &s.promptTokens, 1, 131072, true, "Prompt tokens per sequence");
        slider("generated", &s.generatedTokens, 1, 32768, true, "Generated tokens per sequence");
        slider("tp", &s.tensorParallel, 1, 64, false, "Tensor-parallel devices for the bars (the matrix varies it)");
    } else {
        slider("dp", &s.dataParallel, 1, 64, false, "Data-parallel degree for the bars (ZeRO partitions over it; the matrix varies it)");
        slider("tp", &s.tensorParallel, 1, 16, false, "Tensor-parallel degree");
        slider("pp", &s.pipelineParallel, 1, 32, false, "Pipeline stages (must divide the layers)");
        sameLineIfFits(labelledWidth(fs * 4, "ZeRO"));
        ImGui::SetNextItemWidth(fs * 4);
        ImGui::SliderInt("ZeRO", &s.zeroStage, 0, 3);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 none, 1 optimizer states, 2 + gradients, 3 + parameters partitioned over dp");
        sameLineIfFits(labelledWidth(fs * 7, "recompute"));
        int recompute = static_cast<int>(s.recompute);
        ImGui::SetNextItemWidth(fs * 7);
        ImGui::Combo("recompute", &recompute, "none\0selective\0full\0");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Activation recomputation (Korthikanti et al. 2022)");
        s.recompute = static_cast<Recompute>(recompute);
        sameLineIfFits(checkWidth("SP"));
        ImGui::Checkbox("SP", &s.sequenceParallel);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Megatron sequence parallelism");
        first = true;
        slider("micro-batch", &s.microBatch, 1, 64, true, "Sequences per micro-batch");
        slider("seq", &s.sequence, 128, 131072, true, "Tokens per sequence");
    }
    ImGui::TextUnformatted("Bars for");
    const float picker = std::min(fs * 12, ImGui::GetContentRegionAvail().x * 0.45f);
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        sameLineIfFits(picker);
        ImGui::PushID(static_cast<int>(i));
        std::string id = m_bars[i];
        if (m_pickers[i].draw("##bar", m_catalog, id, picker, true)) {
            if (id.empty()) {
                m_bars.erase(m_bars.begin() + static_cast<std::ptrdiff_t>(i));
                ImGui::PopID();
                break;
            }
            if (std::ranges::find(m_bars, id) == m_bars.end()) m_bars[i] = id;
        }
        ImGui::PopID();
    }
    if (m_bars.size() < maxBars) {
        sameLineIfFits(std::min(fs * 10, picker));
        std::string added;
        if (m_pickers[maxBars].draw("##addbar", m_catalog, added, std::min(fs * 10, picker), true, "+ add a device") && !added.empty()) {
            auto ids = m_bars;
            ids.push_back(added);
            setBarDevices(std::move(ids));
        }
    }
}

void LlmCalculator::drawMatrix(bool dark)
{
    const auto& matrix = fitMatrix();
    const int fitting = static_cast<int>(std::ranges::count_if(matrix, [](const FitRow& r) { return r.fewest.has_value(); }));
    const char* dim = m_settings.mode == CalcMode::Inference ? "tp" : "dp";
    const bool noLayout = !matrix.empty() && std::ranges::none_of(matrix.front().cells, [](const FitCell& c) { return c.perDeviceBytes.has_value(); });
    if (noLayout) {
        ImGui::TextColored(ImVec4(0.85f, 0.25f, 0.1f, 1), "No %s from 1 to 64 gives a valid layout: %s", dim,
                           matrix.front().cells.front().problem.c_str());
    } else if (fitting == 0) {
        ImGui::TextColored(ImVec4(0.85f, 0.25f, 0.1f, 1), "Fits on no catalog device with up to 64 devices in this layout.");
    } else {
        ImGui::Text("Fits on %d of %d devices (%s up to 64). Cells: GB per device; hover for details.", fitting,
                    static_cast<int>(matrix.size()), dim);
    }
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("fit", static_cast<int>(degrees.size()) + 3, flags, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("device", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("memory");
    ImGui::TableSetupColumn("fewest");
    char header[16];
    std::vector<std::string> names;
    for (const int d : degrees) {
        std::snprintf(header, sizeof header, "%s %d", dim, d);
        names.emplace_back(header);
    }
    for (const auto& n : names) ImGui::TableSetupColumn(n.c_str());
    ImGui::TableHeadersRow();
    const ImU32 fitColour = IM_COL32(0, 158, 115, dark ? 110 : 80);
    const ImU32 noColour = IM_COL32(213, 94, 0, dark ? 110 : 70);
    const ImU32 badColour = IM_COL32(128, 128, 128, 60);
    for (const FitRow& r : matrix) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.0f GB", r.capacityBytes / 1e9);
        ImGui::TableNextColumn();
        if (r.fewest) ImGui::Text("%d", *r.fewest);
        else ImGui::TextDisabled("none");
        for (const FitCell& c : r.cells) {
            ImGui::TableNextColumn();
            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, !c.perDeviceBytes ? badColour : c.fits ? fitColour : noColour);
            if (c.perDeviceBytes) ImGui::Text("%.0f", *c.perDeviceBytes / 1e9);
            else ImGui::TextDisabled("-");
            if (ImGui::IsItemHovered()) {
                if (c.perDeviceBytes) {
                    ImGui::SetTooltip("%s, %s %d: %.1f GB per device of %.0f GB: %s", r.name.c_str(), dim, c.degree,
                                      *c.perDeviceBytes / 1e9, r.capacityBytes / 1e9, c.fits ? "fits" : "does not fit");
                } else {
                    ImGui::SetTooltip("%s %d is not a valid layout: %s", dim, c.degree, c.problem.c_str());
                }
            }
        }
    }
    ImGui::EndTable();
}

void LlmCalculator::draw(DrawContext& context)
{
    const bool dark = context.darkTheme();
    m_lastDark = dark;
    drawControls();
    const MemoryBreakdown b = breakdown();
    if (b.problem.empty()) ImGui::TextWrapped("%s", b.summary.c_str());
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const Scene s = bars(ImGui::GetContentRegionAvail().x, dark, ImGui::GetFontSize(), Scene::imguiMeasure());
    s.draw(*ImGui::GetWindowDrawList(), origin.x, origin.y);
    ImGui::InvisibleButton("bars", ImVec2(std::max(1.0f, s.width()), s.height()));
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = s.tipAt(mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::Separator();
    drawMatrix(dark);
}

} // namespace accelscope::gui::llm
