// SPDX-License-Identifier: MIT
// LLM memory chart: stacked bars with verdicts from deviceVerdict, and the page's figure.
#include "models/memory/llm_memory_chart.hpp"

#include "models/common/number_text.hpp"
#include "models/figure/text_flow.hpp"

#include <algorithm>

namespace accelscope::models::memory {

using catalog::Device;
using catalog::FigureKey;
using figure::Anchor;
using figure::ChartCanvas;
using figure::Colour;
using figure::TextFlow;

namespace {

std::string gbText(double bytes) { return decimalText(bytes / 1e9, 1) + " GB"; }

constexpr Colour refusal{213, 60, 30};

/// The colour key of the parts; returns where the first bar row starts.
float addBarKey(ChartCanvas& s, const MemoryBreakdown& b, bool dark)
{
    const float fs = s.fontSize();
    TextFlow key(s, 0, 0, s.width(), fs);
    for (const auto& p : b.parts) {
        const float x = key.item(fs * 1.1f, p.name + " " + gbText(p.bytes), figure::chartInk(dark));
        s.rect(x, key.rowTop() + fs * 0.2f, x + fs * 0.8f, key.rowTop() + fs, partColour(p.name, dark));
    }
    key.item(0, "| black line: the device's memory", figure::chartMuted(dark));
    return key.bottom() - key.lineHeight() + fs * 2.0f; // the first bar row sits where the second key row would
}

} // namespace

Colour partColour(const std::string& name, bool dark)
{
    if (name == "weights") return figure::seriesColour(0, dark);
    if (name == "KV cache" || name == "gradients") return figure::seriesColour(1, dark);
    if (name == "activations") return figure::seriesColour(2, dark);
    if (name == "optimizer") return figure::seriesColour(3, dark);
    return figure::seriesColour(4, dark);
}

figure::Chart llmMemoryChart(const Result<MemoryBreakdown>& breakdown, const std::vector<Device>& bars, float width, bool dark, float fs,
                             figure::Measure measure)
{
    if (!breakdown) {
        ChartCanvas message(width, fs * 1.6f, fs, std::move(measure));
        message.text(0, fs * 0.2f, "The model refuses this layout: " + breakdown.error().message, refusal);
        return message.take();
    }
    const MemoryBreakdown& b = *breakdown;
    const float rowH = fs * 2.0f;
    float labelW = fs * 8;
    // Names are measured at 0.55 em a character here, whatever the font: the bars start at one place on screen and in the figure.
    for (const auto& d : bars) labelW = std::max(labelW, static_cast<float>(figure::textWidthEstimate(d.name, fs) / 0.6 * 0.55) + fs);
    labelW = std::min(labelW, width * 0.3f);
    // The key above the bars wraps (projector text sizes): lay it out once to know its height.
    ChartCanvas probe(width, fs, fs, measure);
    const float keyH = addBarKey(probe, b, dark);
    const float height = keyH + rowH * static_cast<float>(bars.size()) + fs * 0.5f;
    ChartCanvas s(width, height, fs, std::move(measure));
    const Colour ink = figure::chartInk(dark);
    double scale = b.totalBytes;
    for (const auto& d : bars) scale = std::max(scale, d.value(FigureKey::MemoryGb).value_or(0) * 1e9);
    const float barW = std::max(fs * 10, width - labelW - fs * 18);
    const auto px = [&](double bytes) { return labelW + static_cast<float>(bytes / scale) * barW; };
    addBarKey(s, b, dark);
    // Names, bars and verdicts keep to the width: long ones shrink a little, then are cut ("...").
    const auto label = [&](float x, float y, const std::string& text, Colour colour, float room) {
        const auto [shown, size] = TextFlow::fit(s, text, room, fs);
        s.text(x, y + fs * 0.35f + (fs - size) / 2, shown, colour, Anchor::Start, size);
    };
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const Device& d = bars[i];
        const float y = keyH + rowH * static_cast<float>(i);
        label(0, y, d.name, ink, labelW - fs);
        double at = 0;
        for (const auto& p : b.parts) {
            if (p.bytes <= 0) continue;
            s.rect(px(at), y + fs * 0.2f, px(at + p.bytes), y + rowH - fs * 0.3f, partColour(p.name, dark));
            s.hit(px(at), y, px(at + p.bytes), y + rowH, d.name + "\n" + p.name + ": " + gbText(p.bytes) + " per device");
            at += p.bytes;
        }
        const DeviceVerdict verdict = deviceVerdict(d, b.totalBytes);
        if (verdict.capacityBytes) {
            const double cap = *verdict.capacityBytes;
            s.line(px(cap), y, px(cap), y + rowH - fs * 0.1f, ink, 2.5f);
            const float x = px(std::max(cap, b.totalBytes)) + fs * 0.6f;
            label(x, y, verdict.text, verdict.fits ? ink : refusal, width - x);
        } else {
            label(px(b.totalBytes) + fs * 0.6f, y, verdict.text, figure::chartMuted(dark), width - px(b.totalBytes) - fs * 0.6f);
        }
        s.hit(0, y, labelW, y + rowH, d.name + "\n" + verdict.text);
    }
    return s.take();
}

Result<figure::Figure> llmMemoryFigure(const LlmMemorySettings& settings, const std::vector<Device>& bars, bool dark)
{
    const auto b = memoryBreakdown(settings);
    if (!b) return std::unexpected(b.error());
    figure::Figure f;
    f.dark = dark;
    f.chart = llmMemoryChart(b, bars, 1300, dark, 15).drawing; // wide: no verdict cut short; a slide has no tips
    f.title = std::string("LLM memory per device: ") + (settings.mode == LlmMode::Inference ? "inference" : "training");
    f.subtitle = b->summary;
    const auto bytes = [](double v) { return quantityText(v, "B", 3, UnitPrefix::Decimal); };
    std::string parts;
    for (const auto& part : b->parts) parts += (parts.empty() ? "" : ", ") + part.name + " " + bytes(part.bytes);
    f.statistics.push_back("Per device: " + bytes(b->totalBytes) + " (" + parts + ") on " + std::to_string(b->devices) + " device(s)");
    for (const auto& d : bars) f.statistics.push_back(d.name + ": " + deviceVerdict(d, b->totalBytes).text); // the verdicts in full
    f.units = "bytes per device, decimal prefixes (GB = 10^9 B)";
    f.sources = {"models/memory memoryBreakdown (accelscope-cli memory infer/train --device D)",
                 "device memory capacities: the catalog entries of the devices shown"};
    return f;
}

} // namespace accelscope::models::memory
