// SPDX-License-Identifier: MIT
// The Warp divergence page: the visualizer, PNG/SVG export and an animated frame sequence.
#pragma once

#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/visualizers/warp/warp_visualizer.hpp"

namespace accelscope::gui {

class WarpPage : public CanvasPage {
    Q_OBJECT
public:
    explicit WarpPage(QWidget* parent = nullptr);
    warp::WarpVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Writes one PNG per playback step (frame-0001.png …) into `folder`; returns how many.
    int exportFrames(const QString& folder = {});

private:
    warp::WarpVisualizer m_visualizer;
};

} // namespace accelscope::gui
