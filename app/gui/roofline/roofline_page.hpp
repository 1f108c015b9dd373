// SPDX-License-Identifier: MIT
// The Roofline page: the roofline canvas over the catalog, with measured roofs from the labs.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "app/gui/roofline/roofline_visualizer.hpp"

namespace accelscope::gui {

class RooflinePage : public CanvasPage, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    RooflinePage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: the contract's keys; the state adds mode and kernel_intensity (FLOP/byte of the
    // first kernel shown). The Labs page sends `measured`: stored result ids whose first roofline
    // result is drawn.
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the chart with its legend, roofs and ridge points, catalog sources
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    roofline::RooflineVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Draws a measured machine's two ceilings (dashed) and its points on the chart; hovering a
    /// point gives its share of the chosen devices' datasheet peaks. Replaces an earlier one.
    void showMeasured(const labs::MeasuredRoofline& measured);
    void clearMeasured();
    /// "This machine": the latest saved cpu-kernels run's ceilings and kernels (points with
    /// predicted vs measured). Without one, the controls say which lab to run and offer to open it;
    /// returns whether a run was shown.
    bool showThisMachine();

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    AppContext& m_context;
    PageNavigator& m_navigator;
    roofline::RooflineVisualizer m_visualizer;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("roofline")};
};

} // namespace accelscope::gui
