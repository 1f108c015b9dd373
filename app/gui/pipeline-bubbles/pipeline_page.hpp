// SPDX-License-Identifier: MIT
// The Pipeline bubbles page.
#pragma once

#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/pipeline-bubbles/pipeline_visualizer.hpp"

namespace accelscope::gui {

class PipelinePage : public CanvasPage, public LessonTarget, public AnimatedPage, public FigurePage {
    Q_OBJECT
public:
    PipelinePage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: schedule, schedule2, p, m, v
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // AnimatedPage: one op start at a time
    QString stepAnimation(int direction) override;
    bool animationAtEnd() override;
    QString togglePlay() override;
    // FigurePage: the Gantt charts at the current step, legend, bubble statistics
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    pipeline::PipelineVisualizer& visualizer() { return m_visualizer; }

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    pipeline::PipelineVisualizer m_visualizer;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("pipeline-bubbles")};
};

} // namespace accelscope::gui
