// SPDX-License-Identifier: MIT
// Figures for slides: a page's figure rendered to PNG at 2x (QPainter on a QImage) or written as
// SVG, with no widgets in it, and its caption.
#pragma once

#include "models/figure/figure.hpp"

#include <QImage>
#include <QString>

#include <expected>

class QWidget;

namespace accelscope::gui {

/// The figure's pixels at `scale` device pixels per logical pixel (2: slides).
QImage renderFigure(const models::figure::Figure& figure, double scale = 2.0);

/// Writes `file` as PNG (2x) or SVG, chosen by its suffix (.png, .svg). Written to a temporary
/// file beside it and renamed, so a failure leaves nothing half-written. The error names the file.
std::expected<void, QString> saveFigure(const models::figure::Figure& figure, const QString& file);

/// The caption for the slide notes (title, step, statistics, units, sources).
QString figureCaptionText(const models::figure::Figure& figure);

/// The page's figure, or why there is none (a page without a chart says so too).
std::expected<models::figure::Figure, QString> figureOfPage(QWidget* page, bool dark);

} // namespace accelscope::gui
