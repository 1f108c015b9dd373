// SPDX-License-Identifier: MIT
// The Precision page: the number-format canvas plus load/export buttons.
#pragma once

#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/multi_view_page.hpp"
#include "app/gui/precision/precision_visualizer.hpp"

namespace accelscope::gui {

/// A CanvasPage (PNG export, theme, text size) with tensor loading and CSV export added.
class PrecisionPage : public CanvasPage, public MultiViewPage, public LessonTarget {
    Q_OBJECT
public:
    PrecisionPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: format, format2, view, value, distribution, log
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }

    int viewCount() const override { return 5; }
    QString viewName(int index) const override;
    void showView(int index) override;

    precision::PrecisionVisualizer& visualizer() { return m_visualizer; }

public slots:
    /// Loads a .npy or text tensor into the quantization lab; false (with a message) on error.
    bool loadTensor(const QString& file = {});
    bool exportCsv(const QString& file = {});

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    precision::PrecisionVisualizer m_visualizer;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("precision")};
};

} // namespace accelscope::gui
