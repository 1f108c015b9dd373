// SPDX-License-Identifier: MIT
// FlowLayout: rows that wrap.
#include "app/gui/layout/flow_layout.hpp"

#include <QFormLayout>
#include <QStyle>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace accelscope::gui {

FlowLayout::FlowLayout(QWidget* parent, Qt::Alignment alignment) : QLayout(parent), m_alignment(alignment) {}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0)) delete item;
}

void FlowLayout::insertWidget(int index, QWidget* widget)
{
    addChildWidget(widget);
    auto* item = new QWidgetItem(widget);
    m_items.insert(std::clamp(index, 0, count()), item);
    invalidate();
}

void FlowLayout::addItem(QLayoutItem* item) { m_items.append(item); }

QLayoutItem* FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= count()) return nullptr;
    return m_items.takeAt(index);
}

int FlowLayout::gap() const
{
    if (spacing() >= 0) return spacing();
    const QWidget* owner = parentWidget();
    return owner != nullptr ? owner->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, owner) : 6;
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: the rest wraps.
    QSize least;
    for (const QLayoutItem* item : m_items) {
        if (!item->isEmpty()) least = least.expandedTo(item->minimumSize());
    }
    const QMargins m = contentsMargins();
    // As tall as the rows need at the width last given: splitters and tab widgets do not ask for
    // height-for-width, so the wrapped height has to be the minimum for them to make room.
    const int height = m_width > 0 ? heightForWidth(m_width) : least.height() + m.top() + m.bottom();
    return QSize(least.width() + m.left() + m.right(), height);
}

QSize FlowLayout::sizeHint() const
{
    int width = 0;
    int height = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        width += (width > 0 ? gap() : 0) + item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    const int height = arrange(rect, true);
    if (rect.width() != m_width) {
        const bool rowsChanged = m_width <= 0 || heightForWidth(m_width) != height;
        m_width = rect.width();
        // The minimum height follows the width: ask the parents to lay out again, after this pass.
        if (rowsChanged) QTimer::singleShot(0, this, [this] { invalidate(); if (QWidget* w = parentWidget()) w->updateGeometry(); });
    }
}

int FlowLayout::arrange(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int space = gap();
    // Split into rows first, then place each row (aligned, the stretch item taking what is left).
    QList<QList<QLayoutItem*>> rows(1);
    int used = 0;
    for (QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        const int w = std::min(item->sizeHint().width(), area.width());
        if (!rows.last().isEmpty() && used + space + w > area.width()) {
            rows.append(QList<QLayoutItem*>());
            used = 0;
        }
        used += (rows.last().isEmpty() ? 0 : space) + w;
        rows.last().append(item);
    }
    int y = area.y();
    for (const auto& row : rows) {
        if (row.isEmpty()) continue;
        int rowWidth = 0;
        int rowHeight = 0;
        QLayoutItem* stretch = nullptr;
        for (QLayoutItem* item : row) {
            rowWidth += (rowWidth > 0 ? space : 0) + std::min(item->sizeHint().width(), area.width());
            if (item->widget() != nullptr && item->widget() == m_stretch) stretch = item;
        }
        const int spare = std::max(0, area.width() - rowWidth);
        int x = area.x() + (stretch == nullptr && (m_alignment & Qt::AlignRight) ? spare : 0);
        for (QLayoutItem* item : row) {
            int w = std::min(item->sizeHint().width(), area.width()) + (item == stretch ? spare : 0);
            w = std::max(w, std::min(item->minimumSize().width(), area.width()));
            const int h = item->hasHeightForWidth() ? item->heightForWidth(w) : item->sizeHint().height();
            rowHeight = std::max(rowHeight, h);
            if (apply) item->setGeometry(QRect(x, y, w, h));
            x += w + space;
        }
        y += rowHeight + space;
    }
    const QMargins m = contentsMargins();
    return std::max(0, y - space - area.y()) + m.top() + m.bottom();
}

void addFormColumn(FlowLayout& flow, std::initializer_list<std::pair<QString, QWidget*>> rows)
{
    auto* box = new QWidget;
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 12, 0);
    for (const auto& [label, widget] : rows) form->addRow(label, widget);
    flow.addWidget(box);
}

} // namespace accelscope::gui
