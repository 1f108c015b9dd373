// SPDX-License-Identifier: MIT
// The Precision page's canvas: five views in ImGui tabs.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "app/gui/precision/bit_editor_view.hpp"
#include "app/gui/precision/block_view.hpp"
#include "app/gui/precision/format_table_view.hpp"
#include "app/gui/precision/number_line_view.hpp"
#include "app/gui/precision/quantization_lab_view.hpp"

#include <optional>
#include <string_view>

namespace accelscope::gui::precision {

class PrecisionVisualizer : public Visualizer {
public:
    enum class Tab { Bits = 0, NumberLine, Table, Block, Quantization };

    std::string id() const override { return "precision"; }
    std::string title() const override { return "Number formats"; }
    void draw(DrawContext& context) override;

    /// Switches tab on the next frame (keyboard shortcuts, lessons, screenshots).
    void selectTab(Tab tab) { m_requested = tab; }
    Tab currentTab() const { return m_current; }
    /// The tab asked for but not yet drawn, else the current one.
    Tab shownTab() const { return m_requested.value_or(m_current); }
    /// "bits", "number-line", "table", "block", "quantization" (lesson actions use these names).
    static std::string_view tabName(Tab tab);
    static std::optional<Tab> tabFromName(std::string_view name);
    /// The page's format: an element format sets the bit editor and the number line's primary
    /// line, a block format the block view. False for an unknown name.
    bool setFormat(std::string_view name);
    /// The bit editor's element format (canonical name), the one the format table marks.
    std::string formatName() const;

    BitEditorView& bits() { return m_bits; }
    NumberLineView& numberLine() { return m_numberLine; }
    FormatTableView& table() { return m_table; }
    BlockView& block() { return m_block; }
    QuantizationLabView& quantization() { return m_quantization; }

private:
    BitEditorView m_bits;
    NumberLineView m_numberLine;
    FormatTableView m_table;
    BlockView m_block;
    QuantizationLabView m_quantization;
    Tab m_current = Tab::Bits;
    std::optional<Tab> m_requested;
};

} // namespace accelscope::gui::precision
