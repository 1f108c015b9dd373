// SPDX-License-Identifier: MIT
// PipelinePage.
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"

namespace accelscope::gui {

PipelinePage::PipelinePage(QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Two schedules stacked: drag p, m, v and the op times; the simulated bubble is shown beside the "
                    "paper's closed form."),
                 [this] { return m_visualizer.svg(); }, parent)
{
    setObjectName("pipeline-bubbles");
}

} // namespace accelscope::gui
