// SPDX-License-Identifier: MIT
// Tool tips that show quoted text verbatim.
#include "app/gui/plain_tool_tip.hpp"

#include <QTextDocument>

namespace accelscope::gui {

QString plainToolTip(const QString& text)
{
    if (!Qt::mightBeRichText(text)) return text;
    // Same test Qt's tool tip applies; pre-wrap keeps the line breaks of the plain text.
    return QStringLiteral("<p style='white-space:pre-wrap'>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

} // namespace accelscope::gui
