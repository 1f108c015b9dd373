// SPDX-License-Identifier: MIT
// All formats side by side: range, precision, and what a model of N parameters costs in each.
#pragma once

#include "app/gui/canvas/visualizer.hpp"

#include <string>

namespace accelscope::gui::precision {

class FormatTableView : public Visualizer {
public:
    std::string id() const override { return "precision-table"; }
    std::string title() const override { return "Format table"; }
    void draw(DrawContext& context) override;

    /// CSV of the table (one row per format), for export.
    std::string csv() const;
    void setParameters(float billions) { m_parametersBillions = billions; }

private:
    float m_parametersBillions = 70.0f;
};

} // namespace accelscope::gui::precision
