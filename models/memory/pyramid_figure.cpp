// SPDX-License-Identifier: MIT
// Memory pyramid figure.
#include "models/memory/pyramid_figure.hpp"

#include "models/common/number_text.hpp"

namespace accelscope::models::memory {

Result<figure::Figure> pyramidFigure(const PyramidView& view, bool dark)
{
    const auto pyramids = view.pyramids();
    if (pyramids.empty()) return fail(ErrorCode::InvalidArgument, "choose a device (or the local machine) first: no pyramid is shown");
    figure::Figure f;
    f.dark = dark;
    constexpr float width = 960, height = 800, fontSize = 15; // every level of two pyramids and the local note fit
    f.chart = view.chart(width, height, dark, fontSize).drawing; // a slide has no mouse: no tips
    std::string names;
    for (const auto& p : pyramids) names += (names.empty() ? "" : " vs ") + p.name;
    f.title = "Memory pyramid: " + names;
    f.subtitle = "moving " + quantityText(view.moveBytes(), "B", 3) + " through each level";
    // The levels with a bandwidth (the others say "no bandwidth figure" in the chart already).
    for (const auto& row : view.rows()) {
        if (row.label.empty() || row.moveTime.starts_with("no ")) continue;
        f.statistics.push_back(row.subject + ", " + row.label + ": " + row.bandwidth + ", move " + row.moveTime);
    }
    f.units = "bandwidth in B/s (decimal prefixes), latency in s, capacity in B (binary prefixes on chip)";
    f.sources.push_back("[S] sourced, [D] derived, [E] estimate, [M] measured: each figure's basis as marked");
    f.sources.push_back("Levels and figures: models/memory memoryPyramid (catalog entries; architecture whitepapers for on-chip levels)");
    return f;
}

} // namespace accelscope::models::memory
