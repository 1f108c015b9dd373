// SPDX-License-Identifier: MIT
// The Memory pyramid page's canvas: its controls and the chart of models/memory/pyramid_view, with tips under the mouse.
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/visualizer.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "models/memory/pyramid_view.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::memory {

using models::memory::PyramidRow;
using models::memory::basisMark;

/// The pyramid view (state, rows, chart) drawn on the canvas under its controls.
class PyramidVisualizer : public Visualizer, public models::memory::PyramidView {
public:
    using models::memory::PyramidView::PyramidView;
    std::string id() const override { return "memory-pyramid"; }
    std::string title() const override { return "Memory pyramid"; }
    void draw(DrawContext& context) override;

    /// The page's figure as SVG in the theme last drawn (what `memory pyramid --svg` writes); empty without a pyramid.
    std::string svg() const;
    std::string tipAt(float x, float y) const { return m_lastChart ? models::figure::tipAt(*m_lastChart, x, y) : std::string(); }

private:
    /// The lesson settings contract: the move slider's range comes from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("memory-pyramid");
    void drawControls();

    std::array<DevicePicker, 2> m_pickers;
    std::optional<models::figure::Chart> m_lastChart;
    bool m_lastDark = false;
};

} // namespace accelscope::gui::memory
