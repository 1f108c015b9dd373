// SPDX-License-Identifier: MIT
// The Pipeline bubbles page.
#pragma once

#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/visualizers/pipeline/pipeline_visualizer.hpp"

namespace accelscope::gui {

class PipelinePage : public CanvasPage {
    Q_OBJECT
public:
    explicit PipelinePage(QWidget* parent = nullptr);
    pipeline::PipelineVisualizer& visualizer() { return m_visualizer; }

private:
    pipeline::PipelineVisualizer m_visualizer;
};

} // namespace accelscope::gui
