// SPDX-License-Identifier: MIT
// The Warp divergence page: the visualizer, PNG/SVG export and an animated frame sequence.
#pragma once

#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/warp-divergence/warp_visualizer.hpp"

namespace accelscope::gui {

class WarpPage : public CanvasPage, public LessonTarget, public AnimatedPage, public FigurePage {
    Q_OBJECT
public:
    WarpPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: preset, model, warps, width, data; the state adds what the page measured
    // (efficiency_prevolta, efficiency_its: the user may have edited the program or data).
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // AnimatedPage: one issue at a time
    QString stepAnimation(int direction) override;
    bool animationAtEnd() override;
    QString togglePlay() override;
    // FigurePage: both grids at the current step, the program, legend and statistics
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    warp::WarpVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Writes one figure PNG (2x, light) per playback step (frame-0000.png …) into `folder`; returns how many.
    int exportFrames(const QString& folder = {});

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    warp::WarpVisualizer m_visualizer;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("warp-divergence")};
};

} // namespace accelscope::gui
