// SPDX-License-Identifier: MIT
// A layout that puts its widgets in a row and wraps them onto further rows when the row is too
// narrow: button rows and filter bars that fit a 1024-pixel screen at projector text sizes.
#pragma once

#include <QLayout>
#include <QList>
#include <QString>

#include <initializer_list>
#include <utility>

namespace accelscope::gui {

class FlowLayout : public QLayout {
public:
    /// `alignment`: Qt::AlignLeft or Qt::AlignRight, where each row's items gather.
    explicit FlowLayout(QWidget* parent = nullptr, Qt::Alignment alignment = Qt::AlignLeft);
    ~FlowLayout() override;

    /// Puts `widget` at `index` (as QBoxLayout::insertWidget; past the end: last).
    void insertWidget(int index, QWidget* widget);
    /// Gives `widget` the rest of its row, as a stretch factor of 1 would.
    void setStretchItem(QWidget* widget) { m_stretch = widget; }

    void addItem(QLayoutItem* item) override;
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return Qt::Horizontal; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Lays the items out in `rect` (only measures when `apply` is false); returns the height used.
    int arrange(const QRect& rect, bool apply) const;
    int gap() const;

    QList<QLayoutItem*> m_items;
    Qt::Alignment m_alignment;
    QWidget* m_stretch = nullptr;
    int m_width = 0; ///< the width of the last setGeometry: the minimum height is for it
};

/// Adds a column of labelled controls (a form: label, widget per row) to `flow` as one item, so the
/// columns wrap as wholes on a narrow window.
void addFormColumn(FlowLayout& flow, std::initializer_list<std::pair<QString, QWidget*>> rows);

} // namespace accelscope::gui
