// SPDX-License-Identifier: MIT
// Roofline figure: the model's (models/roofline/roofline_figure), what `accelscope-cli roofline --svg` writes.
#include "app/gui/roofline/roofline_figure.hpp"

#include "models/roofline/roofline_figure.hpp"

#include <QCoreApplication>

namespace accelscope::gui::roofline {

std::expected<models::figure::Figure, QString> rooflineFigure(const RooflineVisualizer& visualizer, bool dark)
{
    if (visualizer.state().device(0) == nullptr) {
        return std::unexpected(QCoreApplication::translate("RooflineFigure", "Choose a device first: the roofline figure needs one"));
    }
    auto figure = models::roofline::rooflineFigure(visualizer.state(), dark);
    if (!figure) return std::unexpected(QString::fromStdString(figure.error().message));
    return std::move(*figure);
}

} // namespace accelscope::gui::roofline
