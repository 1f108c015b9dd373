// SPDX-License-Identifier: MIT
// Memory pyramid figure.
#include "app/gui/memory-pyramid/pyramid_figure.hpp"

#include "app/gui/figure_export.hpp"
#include "models/common/number_text.hpp"

#include <QCoreApplication>

namespace accelscope::gui::memory {

std::expected<models::figure::Figure, QString> pyramidFigure(const PyramidVisualizer& visualizer, bool dark)
{
    const auto pyramids = visualizer.pyramids();
    if (pyramids.empty()) {
        return std::unexpected(QCoreApplication::translate("PyramidFigure", "Choose a device (or the local machine) first: no pyramid is shown"));
    }
    models::figure::Figure f;
    f.dark = dark;
    constexpr float width = 960, height = 800, fontSize = 15; // every level of two pyramids and the local note fit
    f.chart = drawingOf(visualizer.chart(width, height, dark, fontSize, figureMeasure()));
    std::string names;
    for (const auto& p : pyramids) names += (names.empty() ? "" : " vs ") + p.name;
    f.title = "Memory pyramid: " + names;
    f.subtitle = "moving " + models::quantityText(visualizer.moveBytes(), "B", 3) + " through each level";
    // The levels with a bandwidth (the others say "no bandwidth figure" in the chart already).
    for (const auto& row : visualizer.rows()) {
        if (row.label.empty() || row.moveTime.starts_with("no ")) continue;
        f.statistics.push_back(row.subject + ", " + row.label + ": " + row.bandwidth + ", move " + row.moveTime);
    }
    f.units = "bandwidth in B/s (decimal prefixes), latency in s, capacity in B (binary prefixes on chip)";
    f.sources.push_back("[S] sourced, [D] derived, [E] estimate, [M] measured: each figure's basis as marked");
    f.sources.push_back("Levels and figures: models/memory memoryPyramid (catalog entries; architecture whitepapers for on-chip levels)");
    return f;
}

} // namespace accelscope::gui::memory
