// SPDX-License-Identifier: MIT
// Memory pyramid figure: the model's (models/memory/pyramid_figure), what `accelscope-cli memory pyramid --svg` writes.
#include "app/gui/memory-pyramid/pyramid_figure.hpp"

#include "models/memory/pyramid_figure.hpp"

#include <QCoreApplication>

namespace accelscope::gui::memory {

std::expected<models::figure::Figure, QString> pyramidFigure(const PyramidVisualizer& visualizer, bool dark)
{
    if (visualizer.pyramids().empty()) {
        return std::unexpected(QCoreApplication::translate("PyramidFigure", "Choose a device (or the local machine) first: no pyramid is shown"));
    }
    auto figure = models::memory::pyramidFigure(visualizer, dark);
    if (!figure) return std::unexpected(QString::fromStdString(figure.error().message));
    return std::move(*figure);
}

} // namespace accelscope::gui::memory
