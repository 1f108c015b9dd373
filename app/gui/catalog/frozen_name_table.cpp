// SPDX-License-Identifier: MIT
// FrozenNameTable: a table whose first column stays put when it scrolls sideways.
#include "app/gui/catalog/frozen_name_table.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace accelscope::gui {

FrozenNameTable::FrozenNameTable(QWidget* parent) : QTableView(parent)
{
    m_frozen = new QTableView(this);
    m_frozen->setObjectName("frozenName");
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setWordWrap(false);
    viewport()->stackUnder(m_frozen);

    // Both views scroll together up and down; the frozen one never sideways.
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(), &QAbstractSlider::setValue);
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    // Widths: one column, two headers.
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == 0) {
            m_frozen->setColumnWidth(0, size);
            placeFrozen();
        }
    });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == 0 && columnWidth(0) != size) setColumnWidth(0, size);
    });
    connect(verticalHeader(), &QHeaderView::sectionResized, this, [this](int row, int, int size) { m_frozen->setRowHeight(row, size); });
    // The name stays the first column: moving it elsewhere would leave a copy under the frozen one.
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, [this] {
        if (horizontalHeader()->visualIndex(0) != 0) QTimer::singleShot(0, this, [this] { horizontalHeader()->moveSection(horizontalHeader()->visualIndex(0), 0); });
    });
    // A click on the frozen header sorts as a click on the table's own would.
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        const bool ascending = horizontalHeader()->sortIndicatorSection() == logical && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
        sortByColumn(logical, ascending ? Qt::DescendingOrder : Qt::AscendingOrder);
    });
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, m_frozen->horizontalHeader(), &QHeaderView::setSortIndicator);
}

void FrozenNameTable::setModel(QAbstractItemModel* model)
{
    QTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    m_frozen->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_frozen->horizontalHeader()->setSortIndicatorShown(true);
    connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenNameTable::placeFrozen);
    connect(model, &QAbstractItemModel::modelReset, this, &FrozenNameTable::showOnlyFirstColumn);
    showOnlyFirstColumn();
}

void FrozenNameTable::showOnlyFirstColumn()
{
    if (model() == nullptr) return;
    for (int c = 1; c < model()->columnCount(); ++c) m_frozen->setColumnHidden(c, true);
    m_frozen->setColumnWidth(0, columnWidth(0));
    placeFrozen();
}

void FrozenNameTable::placeFrozen()
{
    // Over the first column's place, at most most of the width (a narrow window keeps figures in view).
    m_frozen->setAlternatingRowColors(alternatingRowColors());
    m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    const int width = std::min(columnWidth(0), viewport()->width() * 3 / 5);
    m_frozen->setGeometry(verticalHeader()->width() + frameWidth(), frameWidth(), width, viewport()->height() + horizontalHeader()->height());
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

void FrozenNameTable::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    placeFrozen();
}

void FrozenNameTable::changeEvent(QEvent* event)
{
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange) QTimer::singleShot(0, this, &FrozenNameTable::placeFrozen); // row heights follow
}

} // namespace accelscope::gui
