// SPDX-License-Identifier: MIT
// All formats side by side: range, precision, and what a model of N parameters costs in each.
#pragma once

#include "app/gui/canvas/visualizer.hpp"

#include <optional>
#include <string>
#include <utility>

namespace accelscope::gui::precision {

class FormatTableView : public Visualizer {
public:
    std::string id() const override { return "precision-table"; }
    std::string title() const override { return "Format table"; }
    void draw(DrawContext& context) override;

    /// CSV of the table (one row per format), for export.
    std::string csv() const;
    void setParameters(float billions) { m_parametersBillions = billions; }
    /// The row drawn as selected (a format's canonical name).
    void setSelected(std::string name) { m_selected = std::move(name); }
    /// The format of a row the user clicked since the last call, if any.
    std::optional<std::string> takeClicked() { return std::exchange(m_clicked, std::nullopt); }

private:
    float m_parametersBillions = 70.0f;
    std::string m_selected;
    std::optional<std::string> m_clicked;
};

} // namespace accelscope::gui::precision
