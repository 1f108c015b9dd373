// SPDX-License-Identifier: MIT
// followFontInTable: row heights and column widths that follow the text size.
#include "app/gui/layout/table_font.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>
#include <QTimer>

#include <algorithm>

namespace accelscope::gui {
namespace {

class TableFontFollower : public QObject {
public:
    TableFontFollower(QTableView* table, bool columns, int maxChars) : QObject(table), m_table(table), m_columns(columns), m_maxChars(maxChars)
    {
        table->installEventFilter(this);
        fit(false); // the columns keep the widths they were given (or restored) until the font changes
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_table && (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange)) {
            QTimer::singleShot(0, this, [this] { fit(m_columns); }); // once the new font is the table's
        }
        return false;
    }

private:
    void fit(bool columns)
    {
        const QFontMetrics metrics(m_table->font());
        const int row = metrics.height() + std::max(6, metrics.height() / 3);
        m_table->verticalHeader()->setMinimumSectionSize(row);
        m_table->verticalHeader()->setDefaultSectionSize(row);
        if (!columns) return;
        m_table->resizeColumnsToContents();
        const int widest = metrics.averageCharWidth() * m_maxChars;
        for (int c = 0; c < m_table->horizontalHeader()->count(); ++c) {
            if (m_table->columnWidth(c) > widest) m_table->setColumnWidth(c, widest);
        }
    }

    QTableView* m_table;
    bool m_columns;
    int m_maxChars;
};

} // namespace

void followFontInTable(QTableView* table, bool columns, int maxColumnChars) { new TableFontFollower(table, columns, maxColumnChars); }

} // namespace accelscope::gui
