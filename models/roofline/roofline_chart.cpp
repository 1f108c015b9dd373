// SPDX-License-Identifier: MIT
// The roofline chart on a chart canvas: axes, bandwidth and compute roofs, kernel or LLM dots, measured roofs. Pure: no Qt, no ImGui.
#include "models/roofline/roofline_chart.hpp"

#include "models/roofline/roofline_axes.hpp"
#include "models/roofline/roofline_legend.hpp"
#include "models/roofline/roofline_measured_chart.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace accelscope::models::roofline {

using catalog::Device;

namespace {

// A compute roof's label in the margin right of the plot ("bf16 989.5", "fp8 sparse 3958").
std::string roofLabel(const std::string& precision, const ComputeCeiling& roof, bool dense)
{
    return precision + (roof.unit == ComputeUnit::Vector ? " vector" : "") + (dense ? "" : " sparse") + (" " + engineeringText(roof.peakTflops));
}

// The measured compute ceiling's label in that margin.
std::string measuredLabel(double peakTflops) { return engineeringText(peakTflops) + " meas."; }

const char* memoryLevelTitle(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::Registers: return "registers";
    case MemoryLevel::SharedL1: return "shared memory / L1";
    case MemoryLevel::L2: return "L2 cache";
    case MemoryLevel::DeviceMemory: return "device memory";
    case MemoryLevel::HostMemory: return "host memory";
    case MemoryLevel::HostLink: return "host link";
    case MemoryLevel::ScaleUp: return "scale-up link";
    default: return "other level";
    }
}

} // namespace

/// A compute roof's label in the margin right of the plot, at its line's height.
struct RooflineChart::RoofLabel {
    float y;
    std::string text;
    figure::Colour colour;
};

void RooflineChart::addRoofs(figure::ChartCanvas& s, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const
{
    const float fs = s.fontSize();
    for (std::size_t i = 0; i < m_state.deviceIds().size(); ++i) {
        const Device* d = m_state.device(i);
        if (d == nullptr) continue;
        const figure::Colour colour = figure::seriesColour(i, dark);
        const auto memory = deviceMemoryCeiling(*d);
        double topPeak = 0.0;
        for (const auto& p : m_state.precisions()) {
            if (const auto r = m_state.roofFor(*d, p, Sparsity::Dense)) topPeak = std::max(topPeak, r->peakTflops);
        }
        const double roofTop = topPeak > 0 ? topPeak : a.yMax();
        // Slanted roofs, one per memory level with a bandwidth: bandwidth × intensity, from the bottom
        // of the chart up to the highest shown compute roof. Device memory is the bold one.
        for (const auto& b : m_state.levelRoofs(*d, roofTop).roofline.roofs) {
            const double iStart = std::max(a.xMin(), 1000.0 * a.yMin() / b.bandwidthGBps);
            const double iEnd = std::min(a.xMax(), 1000.0 * roofTop / b.bandwidthGBps);
            if (iStart >= iEnd) continue;
            const bool main = b.level == MemoryLevel::DeviceMemory;
            const float xA = a.px(iStart), yA = a.py(b.bandwidthGBps * iStart / 1000);
            const float xB = a.px(iEnd), yB = a.py(b.bandwidthGBps * iEnd / 1000);
            s.line(xA, yA, xB, yB, main ? colour : colour.withAlpha(150), main ? 2.5f : 1.5f);
            std::string tip = d->name + "\n" + memoryLevelTitle(b.level) + ": " + b.label + ", " + (engineeringText(b.bandwidthGBps) + " GB/s") +
                              " (" + std::string(basisName(b.basis)) + ": " + b.source + ")";
            if (b.capacityBytes) tip += "\ncapacity " + bytesText(*b.capacityBytes) + ": kernels whose working set fits stream from here";
            tip += "\nattainable = bandwidth x intensity; ridge " + engineeringText(b.ridgeFlopPerByte, 3) + " FLOP/byte under the top roof";
            for (float t = 0; t <= 1.0f; t += 0.04f) {
                const float x = xA + (xB - xA) * t, y = yA + (yB - yA) * t;
                s.hit(x - 5, y - 5, x + 5, y + 5, tip);
            }
            // Each level's name where its line is still low and clear of the compute roofs; the next free spot along it otherwise.
            if (main) continue;
            const std::string label = b.label + " " + engineeringText(b.bandwidthGBps) + " GB/s";
            // Inside the plot only (the margin holds the compute-roof labels); the tip and the legend name it anyway.
            const float w = s.textWidth(label, fs * 0.85f);
            for (const float t : {0.25f, 0.4f, 0.15f, 0.55f, 0.05f}) {
                const float x = xA + (xB - xA) * t + 4;
                if (x + w <= a.x1 && s.textFree(x, yA + (yB - yA) * t, label, colour, figure::Anchor::Start, fs * 0.85f)) break;
            }
        }
        // Flat roofs: one per shown precision, from the device-memory ridge to the right edge.
        for (const auto& p : m_state.precisions()) {
            for (const Sparsity sp : {Sparsity::Dense, Sparsity::Sparse}) {
                if (sp == Sparsity::Sparse && !m_state.sparse()) continue;
                const auto r = m_state.roofFor(*d, p, sp);
                if (!r || r->peakTflops > a.yMax() || r->peakTflops < a.yMin()) continue;
                const double ridge = memory ? ridgeFlopPerByte(r->peakTflops, memory->bandwidthGBps) : a.xMin();
                const float x0 = a.px(std::clamp(ridge, a.xMin(), a.xMax()));
                const float y = a.py(r->peakTflops);
                const bool dense = sp == Sparsity::Dense;
                s.line(x0, y, a.x1, y, dense ? colour : colour.withAlpha(140), dense ? 2.5f : 1.5f);
                const std::string name = p + (r->unit == ComputeUnit::Vector ? " vector" : "") + (dense ? "" : " sparse");
                std::string tip = d->name + "\n" + name + (": " + engineeringText(r->peakTflops) + " TFLOP/s") + " (" + r->figureKey +
                                  (r->derivedInCatalog ? ", derived in the catalog)" : ", datasheet)");
                if (memory) tip += ("\nridge point " + engineeringText(ridge, 3) + " FLOP/byte with device memory");
                s.hit(x0, y - 5, a.x1, y + 5, tip);
                labels.push_back({y, roofLabel(p, *r, dense), colour});
            }
        }
    }
}

void RooflineChart::addKernels(figure::ChartCanvas& s, const RooflineAxes& a, bool dark) const
{
    const float fs = s.fontSize();
    std::vector<bool> labelled(m_state.kernels().size(), false);
    for (const auto& p : m_state.placements()) {
        if (!p.bound) continue;
        const double i = p.bound->intensityFlopPerByte;
        // On the roof of the level its working set lives in (device memory in the DRAM-only view).
        const auto level = m_state.dramOnly() ? std::nullopt : m_state.levelPlacement(p);
        const KernelBound& bound = level ? level->bound : *p.bound;
        const double t = bound.attainableTflops;
        if (!a.inside(i, t)) continue;
        const float x = a.px(i), y = a.py(t);
        s.marker(x, y, fs * 0.45f, figure::seriesColour(p.device, dark), RooflineLegend::kernelMarker(p.kernel));
        const Device* d = m_state.device(p.device);
        const KernelEntry& k = m_state.kernels()[p.kernel];
        std::string tip = kernelLabel(k) + " on " + d->name + "\n" + p.cost.shape + "\n" + siText(p.cost.flops, "FLOP") + ", " +
                          bytesText(p.cost.bytes) + " -> " + (engineeringText(i) + " FLOP/byte") + "\nroof: " + p.roof +
                          (" " + engineeringText(p.peakTflops) + " TFLOP/s") + (", device memory " + engineeringText(p.bandwidthGBps) + " GB/s") +
                          (", ridge " + engineeringText(ridgeFlopPerByte(p.peakTflops, p.bandwidthGBps), 3) + " FLOP/byte") +
                          ("\nfrom device memory: attainable " + engineeringText(p.bound->attainableTflops) + " TFLOP/s") +
                          ", time >= " + secondsText(p.bound->timeS) + ", " + std::string(boundName(p.bound->bound)) + " bound";
        if (level) {
            tip += "\nworking set " + bytesText(level->workingSetBytes) + " lives in " + level->residentLabel + ": attainable " +
                   engineeringText(level->bound.attainableTflops) + " TFLOP/s, time >= " + secondsText(level->bound.timeS) + ", " +
                   std::string(boundName(level->bound.bound)) + " bound";
            if (!level->note.empty()) tip += "\n" + level->note;
        }
        if (!p.cost.assumptions.empty()) tip += "\n" + p.cost.assumptions;
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
        if (!labelled[p.kernel]) {
            // Under the roof the chart is empty: the label goes below a dot on a flat roof and right of one on a slanted roof.
            const float ly = bound.bound == Bound::Compute ? y + fs * 0.6f : y - fs * 0.1f;
            // Inside the plot: the margin on the right holds the roof labels.
            const std::string label = kernelLabel(k);
            const float w = s.textWidth(label, fs * 0.9f);
            labelled[p.kernel] =
                (x + fs * 0.6f + w <= a.x1 && s.textFree(x + fs * 0.6f, ly, label, figure::chartInk(dark), figure::Anchor::Start, fs * 0.9f)) ||
                (x - fs * 0.6f - w >= a.x0 && s.textFree(x - fs * 0.6f, ly, label, figure::chartInk(dark), figure::Anchor::End, fs * 0.9f));
        }
    }
}

void RooflineChart::addLlm(figure::ChartCanvas& s, const RooflineAxes& a, bool dark) const
{
    const float fs = s.fontSize();
    const auto analyses = m_state.llmAnalyses();
    std::vector<std::tuple<std::string, float, float>> labelled; // one label for ops that land on the same spot
    for (std::size_t di = 0; di < analyses.size(); ++di) {
        if (!analyses[di].analysis) continue;
        const auto& an = *analyses[di].analysis;
        const auto found = std::ranges::find(m_state.catalog(), analyses[di].deviceId, &Device::id);
        const Device* d = found == m_state.catalog().end() ? nullptr : &*found;
        if (d == nullptr) continue;
        for (const bool prefill : {true, false}) {
            for (const auto& op : (prefill ? an.prefill : an.decode).ops) {
                if (op.cost.bytes <= 0 || op.cost.flops <= 0) continue; // all-reduces are time on the link, not on the roofs
                const double i = op.bound.intensityFlopPerByte;
                const double t = op.bound.attainableTflops;
                if (!a.inside(i, t)) continue;
                const float x = a.px(i), y = a.py(t);
                const figure::Colour colour = figure::seriesColour(di, dark);
                s.marker(x, y, fs * 0.4f, colour, prefill ? figure::MarkerShape::Circle : figure::MarkerShape::Triangle, !prefill);
                const std::string tip = std::string(prefill ? "prefill " : "decode ") + op.name + " x" + std::to_string(op.count) +
                                        " on " + d->name + "\n" + op.cost.shape + "\n" + siText(op.cost.flops, "FLOP") + ", " +
                                        bytesText(op.cost.bytes) + (" -> " + engineeringText(i) + " FLOP/byte") +
                                        ("\nattainable " + engineeringText(t) + " TFLOP/s") + ", " + std::string(boundName(op.bound.bound)) +
                                        " bound\ntime >= " + secondsText(op.bound.timeS) + " each, " + secondsText(op.totalTimeS) + " per step";
                s.hit(x - 6, y - 6, x + 6, y + 6, tip);
                const bool near = std::ranges::any_of(labelled, [&](const auto& l) {
                    return std::get<0>(l) == op.name && std::abs(std::get<1>(l) - x) < fs * 1.5f && std::abs(std::get<2>(l) - y) < fs * 1.5f;
                });
                const bool fits = x + fs * 0.6f + s.textWidth(op.name, fs * 0.8f) <= a.x1;
                if (di == 0 && !near && fits &&
                    s.textFree(x + fs * 0.6f, y - fs * 0.45f, op.name, figure::chartMuted(dark), figure::Anchor::Start, fs * 0.8f, fs * 0.8f)) {
                    labelled.emplace_back(op.name, x, y);
                }
            }
        }
    }
}

void RooflineChart::addMeasured(figure::ChartCanvas& s, const RooflineAxes& a, bool dark, std::vector<RoofLabel>& labels) const
{
    if (!m_state.measured()) return;
    const auto& m = *m_state.measured();
    const float fs = s.fontSize();
    const figure::Colour ink = figure::chartInk(dark);
    const double peak = m.computeGflops / 1000;
    if (m.memoryGbs > 0) {
        const double top = peak > 0 ? peak : a.yMax();
        const double iStart = std::max(a.xMin(), 1000.0 * a.yMin() / m.memoryGbs);
        const double iEnd = std::min(a.xMax(), 1000.0 * top / m.memoryGbs);
        if (iStart < iEnd) {
            const float xA = a.px(iStart), yA = a.py(m.memoryGbs * iStart / 1000), xB = a.px(iEnd), yB = a.py(m.memoryGbs * iEnd / 1000);
            s.line(xA, yA, xB, yB, ink, 2.0f, true);
            const std::string tip = m.name + " (measured)\nmemory " + (engineeringText(m.memoryGbs) + " GB/s") + "\n" + m.source;
            for (float t = 0; t <= 1.0f; t += 0.05f) s.hit(xA + (xB - xA) * t - 5, yA + (yB - yA) * t - 5, xA + (xB - xA) * t + 5, yA + (yB - yA) * t + 5, tip);
        }
    }
    if (peak > 0 && peak >= a.yMin() && peak <= a.yMax()) {
        const double ridge = m.memoryGbs > 0 ? ridgeFlopPerByte(peak, m.memoryGbs) : a.xMin();
        const float x0 = a.px(std::clamp(ridge, a.xMin(), a.xMax())), y = a.py(peak);
        s.line(x0, y, a.x1, y, ink, 2.0f, true);
        s.hit(x0, y - 5, a.x1, y + 5, m.name + " (measured)\ncompute " + (engineeringText(m.computeGflops) + " GFLOP/s") + "\n" + m.source);
        s.textFree(a.x1 - 4, y - fs * 1.1f, m.name + " measured " + (engineeringText(m.computeGflops) + " GFLOP/s"), ink, figure::Anchor::End, fs * 0.9f, fs * 2);
        labels.push_back({y, measuredLabel(peak), ink});
    }
    addMeasuredKernels(s, a, m, dark);
    const std::string firstPrecision = m_state.precisions().empty() ? std::string("fp32") : *m_state.precisions().begin();
    for (const auto& [i, g] : m.points) {
        if (i <= 0 || g <= 0 || !a.inside(i, g / 1000)) continue;
        const float x = a.px(i), y = a.py(g / 1000);
        s.marker(x, y, fs * 0.45f, ink, figure::MarkerShape::Diamond, true);
        std::string tip = m.name + (" (measured)\n" + engineeringText(i) + " FLOP/byte") + (", " + engineeringText(g) + " GFLOP/s");
        if (m.computeGflops > 0) tip += "\n" + decimalText(100 * g / m.computeGflops, 1) + "% of its measured compute ceiling";
        for (std::size_t di = 0; di < m_state.deviceIds().size(); ++di) {
            const Device* d = m_state.device(di);
            if (d == nullptr) continue;
            const auto share = datasheetShare(i, g, *d, firstPrecision);
            if (!share) {
                tip += "\n" + d->name + ": no " + firstPrecision + " datasheet roof";
                continue;
            }
            tip += "\n" + d->name + ": " + decimalText(100 * share->ofPeak, 2) + "% of its " + firstPrecision +
                   " datasheet peak, " + decimalText(100 * share->ofRoof, 2) + "% of its roof at this intensity";
        }
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
    }
}

figure::Chart RooflineChart::build(float width, float height, bool dark, float fontSize, figure::Measure measure) const
{
    figure::ChartCanvas s(width, height, fontSize, measure);
    const RooflineLegend legend(m_state);
    const float legendHeight = legend.add(s, dark, legend.style(width, height, dark, fontSize, measure));
    const RooflineAxes a = RooflineAxes::fit(m_state, width, height, fontSize, legendHeight, roofLabelMargin(s));
    a.drawGrid(s, dark);
    std::vector<RoofLabel> labels;
    addRoofs(s, a, dark, labels);
    if (m_state.mode() == ChartMode::Kernels) addKernels(s, a, dark);
    else addLlm(s, a, dark);
    addMeasured(s, a, dark, labels);
    // Stack the margin labels top-down in the order of their roofs, never on top of each other,
    // then push them back up from the bottom of the chart (a short plot, many roofs); any that
    // would then start above the chart are left out (the roofs' tips still give them).
    std::ranges::sort(labels, {}, &RoofLabel::y);
    std::vector<float> ys;
    float next = 0;
    for (const auto& l : labels) {
        ys.push_back(std::max(l.y - fontSize * 0.45f, next));
        next = ys.back() + fontSize * 0.95f;
    }
    float limit = height - fontSize * 0.95f;
    for (std::size_t i = ys.size(); i-- > 0;) {
        ys[i] = std::min(ys[i], limit);
        limit = ys[i] - fontSize * 0.95f;
    }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (ys[i] < 0) continue;
        // On a narrow chart at projector sizes the margin is capped: a label wider than its room is
        // set a little smaller rather than cut at the chart's edge.
        const float room = width - a.x1 - fontSize * 0.3f;
        const float natural = s.textWidth(labels[i].text, fontSize * 0.9f);
        const float size = natural > room && natural > 0 ? fontSize * 0.9f * room / natural : fontSize * 0.9f;
        s.text(a.x1 + fontSize * 0.3f, ys[i], labels[i].text, labels[i].colour, figure::Anchor::Start, size);
    }
    return s.take();
}

figure::Chart rooflineChart(const RooflineState& state, float width, float height, bool dark, float fontSize, figure::Measure measure)
{
    return RooflineChart(state).build(width, height, dark, fontSize, std::move(measure));
}

float RooflineChart::roofLabelMargin(const figure::ChartCanvas& s) const
{
    // As wide as the widest compute-roof label (at 0.9 of the text size), so the plot keeps the rest.
    const float fs = s.fontSize();
    float widest = s.textWidth("10 k") / 2; // the last intensity tick is centred on the plot's edge
    for (std::size_t i = 0; i < m_state.deviceIds().size(); ++i) {
        const Device* d = m_state.device(i);
        if (d == nullptr) continue;
        for (const auto& p : m_state.precisions()) {
            for (const Sparsity sp : {Sparsity::Dense, Sparsity::Sparse}) {
                if (sp == Sparsity::Sparse && !m_state.sparse()) continue;
                if (const auto r = m_state.roofFor(*d, p, sp)) widest = std::max(widest, s.textWidth(roofLabel(p, *r, sp == Sparsity::Dense), fs * 0.9f));
            }
        }
    }
    if (m_state.measured() && m_state.measured()->computeGflops > 0) widest = std::max(widest, s.textWidth(measuredLabel(m_state.measured()->computeGflops / 1000), fs * 0.9f));
    return std::min(widest + fs * 0.6f, s.width() * 0.4f);
}

} // namespace accelscope::models::roofline
