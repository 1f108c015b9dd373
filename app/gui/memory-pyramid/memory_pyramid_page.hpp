// SPDX-License-Identifier: MIT
// The Memory pyramid page: device pyramids beside the local CPU's, with lab measurements.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "app/gui/memory-pyramid/pyramid_visualizer.hpp"

namespace accelscope::gui {

class MemoryPyramidPage : public CanvasPage, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    MemoryPyramidPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: device, device2, local, move_bytes; the Labs page sends `measured` (stored
    // latency and bandwidth result ids).
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the pyramids with their key, every level's figures, sources
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    memory::PyramidVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Shows lab measurements beside the local CPU's pyramid (filling its unknown figures); replaces earlier ones.
    void showMeasured(const labs::MeasuredPyramid& measured);
    void clearMeasured();

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    AppContext& m_context;
    memory::PyramidVisualizer m_visualizer;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("memory-pyramid")};
};

} // namespace accelscope::gui
