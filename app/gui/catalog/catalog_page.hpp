// SPDX-License-Identifier: MIT
// The Catalog page: searchable, filterable, sortable table with a detail pane.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/catalog/catalog_filter_bar.hpp"
#include "app/gui/catalog/catalog_filter_proxy.hpp"
#include "app/gui/catalog/catalog_table_model.hpp"
#include "app/gui/page.hpp"
#include "app/gui/theme.hpp"

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace accelscope::gui {

class CatalogPage : public QWidget, public LessonTarget, public StyledPage, public PageCommands, public PersistentPage {
    Q_OBJECT
public:
    CatalogPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: `search` (the search text), `device` (the selected device's id)
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    void setAppearance(Theme theme, double fontScale) override;
    /// File: import and export devices; View: find a device.
    QList<QAction*> menuCommands() override;

    /// Ids of the selected rows, in view order.
    QStringList selectedIds() const;
    /// Selects the device with this id (and shows its details); false when not visible.
    bool selectDevice(const QString& id);
    CatalogTableModel& model() { return m_model; }
    CatalogFilterProxy& proxy() { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* searchField() const { return m_filters->searchField(); }
    QPushButton* compareButton() const { return m_compare; }
    void saveState() override;
    /// Re-renders colours that depend on the palette (links in the detail pane, user rows).
    void applyTheme(Theme theme);

public slots:
    /// Imports devices; without a file, asks for one. Problems are shown in a dialog.
    void importDevices(const QString& file = {});
    void exportDevices();
    void focusSearch();
    void resetFilters();

signals:
    void statusMessage(const QString& message);

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    void buildColumnMenu(QToolButton* button);
    void showSelected();
    void removeSelected();
    void updateActions();
    void restoreState();

    AppContext& m_context;
    PageNavigator& m_navigator;
    CatalogTableModel m_model;
    CatalogFilterProxy m_proxy;
    CatalogFilterBar* m_filters = nullptr;
    QTableView* m_table = nullptr;
    QTextBrowser* m_detail = nullptr;
    QSplitter* m_splitter = nullptr;
    QPushButton* m_compare = nullptr;
    QPushButton* m_remove = nullptr;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("catalog")};
};

} // namespace accelscope::gui
