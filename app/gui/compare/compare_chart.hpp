// SPDX-License-Identifier: MIT
// Normalised bars per metric for the Compare page, drawn with ImGui; hover shows value and source.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/catalog/comparison.hpp"

#include <optional>
#include <string>

namespace accelscope::gui {

/// Draws models::catalog::Comparison::rows[*].normalized as horizontal bars, one group per row,
/// one colour per device. Hovering a bar shows the device, value with unit, and provenance.
class CompareChart : public Visualizer {
public:
    std::string id() const override { return "compare-chart"; }
    std::string title() const override { return "Normalised comparison"; }
    void draw(DrawContext& context) override;

    /// The comparison to draw (devices must outlive the chart or be replaced first).
    void setComparison(models::catalog::Comparison comparison) { m_comparison = std::move(comparison); }
    const models::catalog::Comparison& comparison() const { return m_comparison; }

    /// Text of the tooltip for bar `device` of row `row` (also used by tests).
    std::string tooltipText(std::size_t row, std::size_t device) const;
    /// The bar under the mouse in the last frame, if any: (row, device).
    std::optional<std::pair<std::size_t, std::size_t>> hovered() const { return m_hovered; }

    /// Device colours (RGBA, 0xAABBGGRR as ImGui packs them), cycling for more than six devices.
    static unsigned int deviceColour(std::size_t index, bool dark);

private:
    void drawLegend(bool dark);
    models::catalog::Comparison m_comparison;
    std::optional<std::pair<std::size_t, std::size_t>> m_hovered;
};

} // namespace accelscope::gui
