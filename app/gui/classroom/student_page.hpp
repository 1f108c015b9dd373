// SPDX-License-Identifier: MIT
// The one page a classroom session serves: HTML, CSS and script in one document, no external
// resource, phone-sized with large tap targets; every text from the network is set as text, never as HTML.
#pragma once

#include <QString>

namespace accelscope::gui {

/// The student page; `nicknames`: it asks for a nickname when joining.
QString studentPage(bool nicknames);

} // namespace accelscope::gui
