// SPDX-License-Identifier: MIT
// Tool tips that quote device, lesson or file text show it as text, never as rendered markup.
#pragma once

#include <QString>

namespace accelscope::gui {

/// `text` as a tool tip that Qt shows verbatim. Qt renders a tool tip as rich text when
/// Qt::mightBeRichText() says so; such text is escaped (line breaks kept), other text is returned as is (#17).
QString plainToolTip(const QString& text);

} // namespace accelscope::gui
