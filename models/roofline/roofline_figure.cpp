// SPDX-License-Identifier: MIT
// Roofline figure.
#include "models/roofline/roofline_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/roofline_chart.hpp"

namespace accelscope::models::roofline {

Result<figure::Figure> rooflineFigure(const RooflineState& state, bool dark)
{
    if (state.device(0) == nullptr) return fail(ErrorCode::InvalidArgument, "choose a device first: the roofline figure needs one");
    figure::Figure f;
    f.dark = dark;
    constexpr float width = 900, height = 560, fontSize = 15;
    f.chart = rooflineChart(state, width, height, dark, fontSize).drawing; // a slide has no mouse: no tips
    std::string names;
    for (std::size_t i = 0; const auto* d = state.device(i); ++i) names += (names.empty() ? "" : ", ") + d->name;
    f.title = "Roofline: " + names;
    f.subtitle = std::string(state.mode() == ChartMode::Kernels ? "kernels" : "LLM operations") + ", " +
                 (state.sparse() ? "sparse" : "dense") + " peaks";
    for (std::size_t i = 0; const auto* d = state.device(i); ++i) {
        const auto memory = deviceMemoryCeiling(*d);
        std::string line = d->name + ": " + (memory ? memory->label + " " + quantityText(memory->bandwidthGBps * 1e9, "B/s", 3)
                                                     : std::string("no device-memory bandwidth in the catalog"));
        for (const auto& precision : state.precisions()) {
            const auto roof = state.roofFor(*d, precision, state.sparsity());
            if (!roof) continue;
            line += "; " + precision + " " + quantityText(roof->peakTflops * 1e12, "FLOP/s", 4);
            if (memory) line += ", ridge " + engineeringText(ridgeFlopPerByte(roof->peakTflops, memory->bandwidthGBps), 3) + " FLOP/B";
        }
        f.statistics.push_back(line);
        for (const auto& key : d->primarySources) {
            if (const auto it = d->sources.find(key); it != d->sources.end()) f.sources.push_back(d->name + ": " + it->second.url);
        }
    }
    f.units = "arithmetic intensity in FLOP/byte (x), attainable FLOP/s (y), both log scale; ridge = peak / bandwidth";
    f.sources.push_back("Roofs by models/roofline selectRoof (tensor units where the catalog has a tensor figure)");
    return f;
}

} // namespace accelscope::models::roofline
