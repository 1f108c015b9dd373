// SPDX-License-Identifier: MIT
// The Precision page: the number-format canvas plus load/export buttons.
#pragma once

#include "app/gui/multi_view_page.hpp"
#include "app/gui/visualizers/precision/precision_visualizer.hpp"

#include <QWidget>

namespace accelscope::gui {

class ImGuiCanvas;

class PrecisionPage : public QWidget, public MultiViewPage {
    Q_OBJECT
public:
    explicit PrecisionPage(QWidget* parent = nullptr);

    int viewCount() const override { return 5; }
    QString viewName(int index) const override;
    void showView(int index) override;

    ImGuiCanvas* canvas() const { return m_canvas; }
    precision::PrecisionVisualizer& visualizer() { return m_visualizer; }
    void setFontScale(float scale);
    void setDarkTheme(bool dark);

public slots:
    /// Loads a .npy or text tensor into the quantization lab; false (with a message) on error.
    bool loadTensor(const QString& file = {});
    bool exportCsv(const QString& file = {});
    bool exportPng(const QString& file = {});

signals:
    void statusMessage(const QString& message);

private:
    precision::PrecisionVisualizer m_visualizer;
    ImGuiCanvas* m_canvas = nullptr;
};

} // namespace accelscope::gui
