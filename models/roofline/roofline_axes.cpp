// SPDX-License-Identifier: MIT
// The roofline chart's log-log axes: decades that hold every roof and dot, the pixel mapping, grid and ticks.
#include "models/roofline/roofline_axes.hpp"

#include "models/roofline/ceilings.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <vector>

namespace accelscope::models::roofline {

using catalog::Device;

namespace {

std::string tickText(int exponent)
{
    const double v = std::pow(10.0, exponent);
    if (exponent >= 4) return siText(v, "");
    if (exponent >= 0) return std::to_string(static_cast<long long>(std::llround(v)));
    return engineeringText(v, 3);
}

// The first of `texts` (longest first) that fits `width` at `size`; the last one, smaller, when none does.
std::pair<std::string, float> fitted(const figure::ChartCanvas& s, std::initializer_list<const char*> texts, float width, float size)
{
    for (const char* t : texts) {
        if (s.textWidth(t, size) <= width) return {t, size};
    }
    const std::string last = *std::prev(texts.end());
    return {last, size * width / std::max(s.textWidth(last, size), 1.0f)};
}

} // namespace

RooflineAxes RooflineAxes::fit(const RooflineState& state, float width, float height, float fontSize, float top, float right)
{
    std::vector<double> xs;
    std::vector<double> ys;
    for (std::size_t i = 0; i < state.deviceIds().size(); ++i) {
        const Device* d = state.device(i);
        if (d == nullptr) continue;
        const auto memory = deviceMemoryCeiling(*d);
        for (const auto& p : state.precisions()) {
            const auto roof = state.roofFor(*d, p, Sparsity::Dense);
            if (!roof) continue;
            ys.push_back(roof->peakTflops);
            if (memory) xs.push_back(ridgeFlopPerByte(roof->peakTflops, memory->bandwidthGBps));
        }
    }
    if (state.mode() == ChartMode::Kernels) {
        for (const auto& p : state.placements()) {
            if (!p.bound) continue;
            xs.push_back(p.bound->intensityFlopPerByte);
            ys.push_back(p.bound->attainableTflops);
            // The dot sits on its level's roof unless the view shows device memory only.
            if (const auto level = state.dramOnly() ? std::nullopt : state.levelPlacement(p)) ys.push_back(level->bound.attainableTflops);
        }
    } else {
        for (const auto& a : state.llmAnalyses()) {
            if (!a.analysis) continue;
            for (const auto* phase : {&a.analysis->prefill, &a.analysis->decode}) {
                for (const auto& op : phase->ops) {
                    if (op.cost.bytes <= 0 || op.cost.flops <= 0) continue;
                    xs.push_back(op.bound.intensityFlopPerByte);
                    ys.push_back(op.bound.attainableTflops);
                }
            }
        }
    }
    if (state.measured()) {
        if (state.measured()->computeGflops > 0) ys.push_back(state.measured()->computeGflops / 1000);
        for (const auto& k : state.measured()->kernels) {
            if (k.intensityFlopPerByte() <= 0 || k.measuredGflops() <= 0) continue;
            xs.push_back(k.intensityFlopPerByte());
            ys.push_back(k.measuredGflops() / 1000);
            ys.push_back(k.predictedGflops() / 1000);
        }
        for (const auto& [i, g] : state.measured()->points) {
            if (i > 0 && g > 0) {
                xs.push_back(i);
                ys.push_back(g / 1000);
            }
        }
    }
    RooflineAxes a{};
    const float left = fontSize * 4.0f;
    a.x0 = left;
    a.y0 = top + fontSize * 0.5f;
    a.x1 = width - right; // compute-roof labels sit right of the plot, by their line ends
    a.y1 = height - fontSize * 3.0f;
    const auto [lowX, highX] = xs.empty() ? std::pair(0.1, 1000.0) : std::pair(*std::ranges::min_element(xs), *std::ranges::max_element(xs));
    const auto [lowY, highY] = ys.empty() ? std::pair(0.1, 1000.0) : std::pair(*std::ranges::min_element(ys), *std::ranges::max_element(ys));
    a.lxMin = std::floor(std::log10(lowX / 3));
    a.lxMax = std::max(std::ceil(std::log10(highX * 3)), a.lxMin + 3);
    // Room above the highest roof for the legend, and at most seven decades down.
    a.lyMax = std::ceil(std::log10(highY * 1.3));
    a.lyMin = std::clamp(std::floor(std::log10(lowY / 2)), a.lyMax - 7, a.lyMax - 3);
    return a;
}

void RooflineAxes::drawGrid(figure::ChartCanvas& s, bool dark) const
{
    const figure::Colour grid = figure::chartGrid(dark);
    const figure::Colour ink = figure::chartInk(dark);
    const float fs = s.fontSize();
    s.rect(x0, y0, x1, y1, {0, 0, 0, 0}, figure::chartMuted(dark));
    // A line per decade, a number on every decade that leaves room for it (every second or third
    // one when the plot is narrow at large text).
    const float decadeW = (x1 - x0) / static_cast<float>(std::max(lxMax - lxMin, 1.0));
    const int strideX = std::max(1, static_cast<int>(std::ceil((s.textWidth("1000") + fs * 0.6f) / std::max(decadeW, 1.0f))));
    for (int e = static_cast<int>(lxMin); e <= static_cast<int>(lxMax); ++e) {
        const float x = px(std::pow(10.0, e));
        s.line(x, y0, x, y1, grid);
        if ((e - static_cast<int>(lxMin)) % strideX == 0) s.text(x, y1 + fs * 0.3f, tickText(e), ink, figure::Anchor::Middle);
    }
    const float decadeH = (y1 - y0) / static_cast<float>(std::max(lyMax - lyMin, 1.0));
    const int strideY = std::max(1, static_cast<int>(std::ceil(fs * 1.1f / std::max(decadeH, 1.0f))));
    for (int e = static_cast<int>(lyMin); e <= static_cast<int>(lyMax); ++e) {
        const float y = py(std::pow(10.0, e));
        s.line(x0, y, x1, y, grid);
        if ((static_cast<int>(lyMax) - e) % strideY == 0) s.text(x0 - fs * 0.3f, y - fs * 0.5f, tickText(e), ink, figure::Anchor::End);
    }
    // The axis title shortens (then shrinks) to stay within the chart at projector text sizes.
    const float room = std::min(x1 - x0 + fs * 2, s.width() - fs * 0.4f);
    const auto [title, size] = fitted(s, {"arithmetic intensity [FLOP/byte], log scale", "intensity [FLOP/byte], log scale", "FLOP/byte (log)"}, room, fs);
    s.text(std::clamp((x0 + x1) / 2, room / 2, s.width() - room / 2), y1 + fs * 1.5f, title, ink, figure::Anchor::Middle, size);
    s.text(x0 + fs * 0.3f, y0 + fs * 0.2f, "TFLOP/s (log)", figure::chartMuted(dark));
}

} // namespace accelscope::models::roofline
