// SPDX-License-Identifier: MIT
// HTML of one device for the detail pane: every figure, sourced or derived, with its source link.
#pragma once

#include "models/catalog/device.hpp"

#include <QString>

namespace accelscope::gui {

/// Rich text for QTextBrowser (links open in the browser).
QString deviceDetailHtml(const models::catalog::Device& device);

} // namespace accelscope::gui
