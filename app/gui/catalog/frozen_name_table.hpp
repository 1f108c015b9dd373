// SPDX-License-Identifier: MIT
// The catalog table with its first (Name) column frozen: a second view over the same model and
// selection shows that column on top of the left edge, so scrolling sideways to the figures
// never scrolls the device names away.
#pragma once

#include <QTableView>

namespace accelscope::gui {

class FrozenNameTable : public QTableView {
    Q_OBJECT
public:
    explicit FrozenNameTable(QWidget* parent = nullptr);
    void setModel(QAbstractItemModel* model) override;
    /// The view that shows the frozen column (tests look at it).
    QTableView* frozenView() const { return m_frozen; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void placeFrozen();
    void showOnlyFirstColumn();

    QTableView* m_frozen = nullptr;
};

} // namespace accelscope::gui
