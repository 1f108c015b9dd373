// SPDX-License-Identifier: MIT
// LLM calculator chart: stacked bars with verdicts from models::memory::deviceVerdict, the fit matrix for SVG.
#include "app/gui/llm-calculator/llm_chart.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/text_flow.hpp"

#include <algorithm>
#include <cstdio>

namespace accelscope::gui::llm {

using namespace models::memory;
using models::catalog::Device;
using models::catalog::FigureKey;

namespace {

std::string gbText(double bytes) { return formatText("%.1f GB", bytes / 1e9); }

} // namespace

Rgba partColour(const std::string& name, bool dark)
{
    if (name == "weights") return seriesColour(0, dark);
    if (name == "KV cache" || name == "gradients") return seriesColour(1, dark);
    if (name == "activations") return seriesColour(2, dark);
    if (name == "optimizer") return seriesColour(3, dark);
    return seriesColour(4, dark);
}

LlmChart::LlmChart(const std::vector<Device>& catalog, const std::vector<std::string>& barIds) : m_catalog(catalog), m_bars(barIds) {}

Scene LlmChart::bars(const models::Result<MemoryBreakdown>& breakdown, float width, bool dark, float fs, Scene::Measure measure) const
{
    if (!breakdown) {
        Scene message(width, fs * 1.6f, fs, std::move(measure));
        message.text(0, fs * 0.2f, "The model refuses this layout: " + breakdown.error().message, Rgba{213, 60, 30});
        return message;
    }
    const MemoryBreakdown& b = *breakdown;
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
        label(0, y, d->name, ink, labelW - fs);
        double at = 0;
        for (const auto& p : b.parts) {
            if (p.bytes <= 0) continue;
            s.rect(px(at), y + fs * 0.2f, px(at + p.bytes), y + rowH - fs * 0.3f, partColour(p.name, dark));
            s.hit(px(at), y, px(at + p.bytes), y + rowH, d->name + "\n" + p.name + ": " + gbText(p.bytes) + " per device");
            at += p.bytes;
        }
        const DeviceVerdict verdict = deviceVerdict(*d, b.totalBytes);
        if (verdict.capacityBytes) {
            const double cap = *verdict.capacityBytes;
            s.line(px(cap), y, px(cap), y + rowH - fs * 0.1f, ink, 2.5f);
            const float x = px(std::max(cap, b.totalBytes)) + fs * 0.6f;
            label(x, y, verdict.text, verdict.fits ? ink : Rgba{213, 60, 30}, width - x);
        } else {
            label(px(b.totalBytes) + fs * 0.6f, y, verdict.text, mutedColour(dark), width - px(b.totalBytes) - fs * 0.6f);
        }
        s.hit(0, y, labelW, y + rowH, d->name + "\n" + verdict.text);
    }
    return s;
}

float LlmChart::addBarKey(Scene& s, const MemoryBreakdown& b, bool dark) const
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

void LlmChart::addMatrix(Scene& s, float top, bool dark, LlmMode mode, const std::vector<FitRow>& matrix)
{
    const float fs = s.fontSize();
    const float rowH = fs * 1.4f;
    const float nameW = fs * 18;
    const float cellW = fs * 5;
    const Rgba ink = inkColour(dark);
    s.text(0, top, "device", ink);
    s.text(nameW, top, "memory", ink);
    s.text(nameW + cellW, top, "fewest", ink);
    const std::string dim(variedDimension(mode));
    for (std::size_t c = 0; c < fitMatrixDegrees.size(); ++c) {
        s.text(nameW + cellW * static_cast<float>(c + 2), top, dim + " " + std::to_string(fitMatrixDegrees[c]), ink);
    }
    float y = top + rowH;
    for (const FitRow& r : matrix) {
        s.text(0, y, r.name, ink);
        s.text(nameW, y, formatText("%.1f GiB", r.capacityBytes / models::catalog::bytesPerGib), ink);
        s.text(nameW + cellW, y, r.fewest ? std::to_string(*r.fewest) : std::string("none"), ink);
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            const FitCell& cell = r.cells[c];
            const float x = nameW + cellW * static_cast<float>(c + 2);
            const Rgba fill = !cell.perDeviceBytes ? Rgba{128, 128, 128, 60} : cell.fits ? Rgba{0, 158, 115, 90} : Rgba{213, 94, 0, 80};
            s.rect(x - 2, y - 1, x + cellW - 4, y + rowH - 2, fill);
            s.text(x, y, cell.perDeviceBytes ? formatText("%.0f", *cell.perDeviceBytes / 1e9) : std::string("-"), ink);
        }
        y += rowH;
    }
}

std::string LlmChart::svg(const models::Result<MemoryBreakdown>& breakdown, LlmMode mode, const std::vector<FitRow>& matrix, bool dark) const
{
    const float fs = 13;
    const Scene b = bars(breakdown, 1100, dark, fs, {});
    const auto rows = static_cast<float>(matrix.size() + 1);
    Scene s(1100, b.height() + fs * 3.6f + fs * 1.4f * rows, fs, {});
    for (const auto& r : b.rects()) s.rect(r.x0, r.y0, r.x1, r.y1, r.fill, r.stroke);
    for (const auto& l : b.lines()) s.line(l.x0, l.y0, l.x1, l.y1, l.colour, l.thickness, l.dashed);
    for (const auto& t : b.texts()) s.text(t.x, t.y, t.text, t.colour, t.anchor, t.size);
    s.text(0, b.height() + fs * 0.5f, "Per-device GB across the catalog (green fits, orange does not, grey: layout not valid)", inkColour(dark));
    addMatrix(s, b.height() + fs * 2.2f, dark, mode, matrix);
    return s.svg(backgroundColour(dark));
}

} // namespace accelscope::gui::llm
