// SPDX-License-Identifier: MIT
// The Compare page's chart as a slide figure: the normalised bars of every compared figure with its
// unit, the devices as the legend, the best of the headline rows, and the catalog sources. ImGui-free.
#pragma once

#include "models/catalog/comparison.hpp"
#include "models/figure/figure.hpp"

#include <QString>

#include <cstddef>
#include <expected>

namespace accelscope::gui {

/// Device `index`'s colour in the Compare chart and its figure (Okabe & Ito, lightened on dark).
models::figure::Colour compareDeviceColour(std::size_t index, bool dark);

/// The figure of `comparison` as the Compare chart draws it; why not when fewer than two devices
/// are compared.
std::expected<models::figure::Figure, QString> compareFigure(const models::catalog::Comparison& comparison, bool dark);

} // namespace accelscope::gui
