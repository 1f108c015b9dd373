// SPDX-License-Identifier: MIT
// SectionList: a side list that wraps its names at large text sizes.
#include "app/gui/section_list.hpp"

#include <QApplication>
#include <QFontMetrics>

#include <algorithm>

namespace accelscope::gui {

SectionList::SectionList(QWidget* parent) : QListWidget(parent)
{
    setWordWrap(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setTextElideMode(Qt::ElideNone);
}

void SectionList::fitToFont()
{
    const QFontMetrics metrics(QApplication::font());
    int widestName = 0;
    int widestWord = 0;
    for (int i = 0; i < count(); ++i) {
        const QString name = item(i)->text();
        widestName = std::max(widestName, metrics.horizontalAdvance(name));
        for (const QString& word : name.split(' ', Qt::SkipEmptyParts)) widestWord = std::max(widestWord, metrics.horizontalAdvance(word));
    }
    // Room for the frame, the item's margins and a vertical scroll bar on a short screen.
    const int chrome = 2 * frameWidth() + 16 + style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const bool wrap = widestName + chrome > oneLineWidthLimit;
    const int textWidth = wrap ? widestWord : widestName;
    setFixedWidth(textWidth + chrome);
    for (int i = 0; i < count(); ++i) {
        const QRect needed = metrics.boundingRect(QRect(0, 0, textWidth, 10000), Qt::TextWordWrap, item(i)->text());
        item(i)->setSizeHint(QSize(0, needed.height() + metrics.height()));
    }
}

} // namespace accelscope::gui
