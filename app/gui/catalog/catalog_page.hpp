// SPDX-License-Identifier: MIT
// The Catalog page: searchable, filterable, sortable table with a detail pane.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/catalog/catalog_filter_proxy.hpp"
#include "app/gui/catalog/catalog_table_model.hpp"
#include "app/gui/theme.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace accelscope::gui {

class CatalogPage : public QWidget {
    Q_OBJECT
public:
    explicit CatalogPage(AppContext& context, QWidget* parent = nullptr);

    /// Ids of the selected rows, in view order.
    QStringList selectedIds() const;
    /// Selects the device with this id (and shows its details); false when not visible.
    bool selectDevice(const QString& id);
    CatalogTableModel& model() { return m_model; }
    CatalogFilterProxy& proxy() { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* searchField() const { return m_search; }
    void saveState();
    /// Re-renders colours that depend on the palette (links in the detail pane, user rows).
    void applyTheme(Theme theme);

public slots:
    /// Imports devices; without a file, asks for one. Problems are shown in a dialog.
    void importDevices(const QString& file = {});
    void exportDevices();
    void focusSearch();
    void resetFilters();

signals:
    void compareRequested(const QStringList& ids);
    void statusMessage(const QString& message);

private:
    void buildFilters(QWidget* bar);
    void buildColumnMenu(QToolButton* button);
    void reloadFacets();
    void applyFilter();
    void showSelected();
    void removeSelected();
    void updateActions();
    void restoreState();

    AppContext& m_context;
    CatalogTableModel m_model;
    CatalogFilterProxy m_proxy;
    QLineEdit* m_search = nullptr;
    QComboBox* m_vendor = nullptr;
    QComboBox* m_kind = nullptr;
    QSpinBox* m_yearMin = nullptr;
    QSpinBox* m_yearMax = nullptr;
    QDoubleSpinBox* m_memoryMin = nullptr;
    QCheckBox* m_fp8 = nullptr;
    QCheckBox* m_fp4 = nullptr;
    QLabel* m_count = nullptr;
    QTableView* m_table = nullptr;
    QTextBrowser* m_detail = nullptr;
    QSplitter* m_splitter = nullptr;
    QPushButton* m_compare = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace accelscope::gui
