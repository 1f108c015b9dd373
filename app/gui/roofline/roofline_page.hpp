// SPDX-License-Identifier: MIT
// The Roofline page: the roofline canvas over the catalog, with measured roofs from the labs.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "app/gui/roofline/roofline_visualizer.hpp"

namespace accelscope::gui {

class RooflinePage : public CanvasPage {
    Q_OBJECT
public:
    explicit RooflinePage(AppContext& context, QWidget* parent = nullptr);
    roofline::RooflineVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Draws a measured machine's two ceilings (dashed) and its points on the chart; hovering a
    /// point gives its share of the chosen devices' datasheet peaks. Replaces an earlier one.
    void showMeasured(const labs::MeasuredRoofline& measured);
    void clearMeasured();

private:
    roofline::RooflineVisualizer m_visualizer;
};

} // namespace accelscope::gui
