// SPDX-License-Identifier: MIT
// A page made of one visualizer in an ImGui canvas, with PNG and SVG export for slides.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/page.hpp"

#include <QWidget>

#include <functional>
#include <string>

class QLabel;

namespace accelscope::gui {

class ImGuiCanvas;

class CanvasPage : public QWidget, public StyledPage {
    Q_OBJECT
public:
    /// `visualizer` is not owned; `svg` renders the current view as SVG text (may be empty).
    CanvasPage(Visualizer& visualizer, const QString& hint, std::function<std::string()> svg, QWidget* parent = nullptr);

    ImGuiCanvas* canvas() const { return m_canvas; }
    void setFontScale(float scale);
    void setDarkTheme(bool dark);
    void setAppearance(Theme theme, double fontScale) override;

public slots:
    /// Saves the page's figure (FigurePage, light) or else the canvas, at twice its size (for
    /// slides); asks for a file when none is given.
    bool exportPng(const QString& file = {});
    bool exportSvg(const QString& file = {});

signals:
    void statusMessage(const QString& message);

protected:
    /// The row under the canvas, for pages that add their own buttons (it wraps when narrow).
    FlowLayout* buttonRow() const { return m_buttons; }

private:
    bool exportFigure(FigurePage& page, const QString& file, bool quiet);
    ImGuiCanvas* m_canvas = nullptr;
    FlowLayout* m_buttons = nullptr;
    QLabel* m_hint = nullptr;
    std::function<std::string()> m_svg;
};

} // namespace accelscope::gui
