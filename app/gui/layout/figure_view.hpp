// SPDX-License-Identifier: MIT
// A page's chart when the chart is a model figure (models/<topic>/…_figure): the same Figure the CLI's --svg writes,
// drawn to fit the widget's width, so what a page shows and what `accelscope-cli … --svg` writes are one drawing.
#pragma once

#include "models/figure/figure.hpp"

#include <QImage>
#include <QString>
#include <QWidget>

#include <optional>

namespace accelscope::gui {

class FigureView : public QWidget {
public:
    explicit FigureView(QWidget* parent = nullptr);

    /// Shows `figure` (replacing any message).
    void setFigure(models::figure::Figure figure);
    /// Shows a message instead of a figure ("no layout fits", an error).
    void setMessage(const QString& text);
    /// The figure shown, if any.
    const std::optional<models::figure::Figure>& figure() const { return figure_; }

    QSize sizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void render();

    std::optional<models::figure::Figure> figure_;
    QString message_;
    QImage image_;
};

} // namespace accelscope::gui
