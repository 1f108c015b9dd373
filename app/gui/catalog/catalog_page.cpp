// SPDX-License-Identifier: MIT
// CatalogPage: filters, table, details, import/export.
#include "app/gui/catalog/catalog_page.hpp"

#include "app/gui/catalog/device_detail_html.hpp"
#include "app/gui/catalog/frozen_name_table.hpp"
#include "app/gui/catalog/import_messages.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/layout/table_font.hpp"
#include "app/gui/plain_message_box.hpp"
#include "app/gui/theme.hpp"
#include "models/catalog/device_csv.hpp"
#include "models/catalog/device_json.hpp"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QLoggingCategory>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcCatalog, "accelscope.catalog")

namespace accelscope::gui {
namespace {

using namespace models::catalog;

// Columns shown on first start; the column chooser changes them and settings remember it.
// The figures a buyer reads first: dense BF16 and FP8 throughput, memory bandwidth and size, power.
constexpr std::array defaultFigureColumns{FigureKey::Bf16TflopsDense, FigureKey::Fp8TflopsDense, FigureKey::MemoryBwGbs,
                                          FigureKey::MemoryGb, FigureKey::TdpW};

} // namespace

CatalogPage::CatalogPage(const PageServices& services, QWidget* parent)
    : QWidget(parent), m_context(services.context), m_navigator(services.navigator)
{
    setObjectName("catalogPage");
    auto* layout = new QVBoxLayout(this);
    m_filters = new CatalogFilterBar(m_proxy, this);
    layout->addWidget(m_filters);

    m_table = new FrozenNameTable(this); // the Name column stays put when the figures scroll sideways
    m_proxy.setSourceModel(&m_model);
    m_table->setModel(&m_proxy);
    m_table->setSortingEnabled(true);
    // Accelerators first (GPUs, TPUs, other ASICs and NPUs, then SoCs and CPUs), by vendor and name.
    m_table->sortByColumn(CatalogTableModel::Kind, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setWordWrap(false);
    m_table->setToolTip(tr("Italic values are derived from other figures; hover a value for its source."));

    m_detail = new QTextBrowser(this);
    m_detail->setOpenExternalLinks(true);
    m_detail->setObjectName("deviceDetail");
    m_detail->setPlaceholderText(tr("Select a device to see every figure with its source."));

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);

    auto* actions = new FlowLayout(nullptr); // wraps on a narrow window or at large text
    m_compare = new QPushButton(tr("Compare selected"), this);
    m_compare->setToolTip(tr("Open the selected 2–6 devices on the Compare page (Ctrl+Shift+C)"));
    m_compare->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    auto* columns = new QToolButton(this);
    columns->setText(tr("Columns"));
    columns->setToolTip(tr("Choose which figures the table shows (also: right-click the header)"));
    columns->setPopupMode(QToolButton::InstantPopup);
    buildColumnMenu(columns);
    auto* importButton = new QPushButton(tr("Import…"), this);
    importButton->setToolTip(tr("Add your own devices from a .json or .csv file (Ctrl+I)"));
    auto* exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setToolTip(tr("Write the selected (or all shown) devices as JSON or CSV (Ctrl+E)"));
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setToolTip(tr("Delete the selected devices of your own (bundled devices cannot be removed)"));
    actions->addWidget(m_compare);
    actions->addWidget(columns);
    actions->addWidget(importButton);
    actions->addWidget(exportButton);
    actions->addWidget(m_remove);
    layout->addLayout(actions);

    connect(m_compare, &QPushButton::clicked, this, [this] { m_navigator.openPage("compare", {{"devices", selectedIds().join(',').toStdString()}}); });
    connect(importButton, &QPushButton::clicked, this, [this] { importDevices(); });
    connect(exportButton, &QPushButton::clicked, this, &CatalogPage::exportDevices);
    connect(m_remove, &QPushButton::clicked, this, &CatalogPage::removeSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showSelected();
        updateActions();
    });
    connect(m_table->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            [this, columns](const QPoint& at) { columns->menu()->popup(m_table->horizontalHeader()->mapToGlobal(at)); });
    connect(&m_context, &AppContext::catalogChanged, this, [this] {
        m_model.setDevices(&m_context.catalog().devices);
        m_filters->reloadFacets(m_context.catalog().devices);
        m_filters->applyFilter();
    });
    m_model.setUserRowColour(userDeviceColour(themeFromName(m_context.settings().value("theme").toString())));
    m_model.setDevices(&m_context.catalog().devices);
    m_filters->reloadFacets(m_context.catalog().devices);
    restoreState();
    m_filters->applyFilter();
    updateActions();
    if (m_proxy.rowCount() > 0) m_table->selectRow(0); // the detail pane shows something from the start
    bindSettings();
}

void CatalogPage::buildColumnMenu(QToolButton* button)
{
    auto* menu = new QMenu(button);
    for (int column = CatalogTableModel::Vendor; column < m_model.columnCount(); ++column) {
        QAction* action = menu->addAction(m_model.headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(true);
        action->setData(column);
        connect(action, &QAction::toggled, this, [this, column](bool on) { m_table->setColumnHidden(column, !on); });
    }
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        for (QAction* action : menu->actions()) {
            const QSignalBlocker block(action);
            action->setChecked(!m_table->isColumnHidden(action->data().toInt()));
        }
    });
    button->setMenu(menu);
}

void CatalogPage::resetFilters() { m_filters->resetFilters(); }

QStringList CatalogPage::selectedIds() const
{
    QStringList ids;
    auto rows = m_table->selectionModel()->selectedRows();
    std::ranges::sort(rows, [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    for (const QModelIndex& index : rows) ids << index.data(CatalogTableModel::DeviceIdRole).toString();
    return ids;
}

bool CatalogPage::selectDevice(const QString& id)
{
    for (int row = 0; row < m_proxy.rowCount(); ++row) {
        const QModelIndex index = m_proxy.index(row, 0);
        if (index.data(CatalogTableModel::DeviceIdRole).toString() == id) {
            m_table->selectRow(row);
            m_table->scrollTo(index);
            return true;
        }
    }
    return false;
}

void CatalogPage::showSelected()
{
    const auto rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_detail->clear();
        return;
    }
    const Device* device = m_model.deviceAt(m_proxy.mapToSource(rows.last()).row());
    if (device != nullptr) m_detail->setHtml(deviceDetailHtml(*device));
}

void CatalogPage::updateActions()
{
    const QStringList ids = selectedIds();
    m_compare->setEnabled(ids.size() >= 2 && ids.size() <= 6);
    m_compare->setText(ids.size() >= 2 ? tr("Compare %1 selected").arg(ids.size()) : tr("Compare selected"));
    bool allUser = !ids.isEmpty();
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        const Device* device = m_model.deviceAt(m_proxy.mapToSource(index).row());
        allUser &= device != nullptr && device->origin == Origin::User;
    }
    m_remove->setEnabled(allUser);
}

void CatalogPage::removeSelected()
{
    const QStringList ids = selectedIds();
    if (QMessageBox::question(this, tr("Remove devices"), tr("Delete %1 of your devices from the user database?").arg(ids.size())) !=
        QMessageBox::Yes) {
        return;
    }
    std::vector<std::string> list;
    for (const QString& id : ids) list.push_back(id.toStdString());
    auto removed = m_context.removeUserDevices(list);
    if (!removed) {
        plainWarningBox(tr("Remove failed"), QString::fromStdString(removed.error().message), this)->exec();
        return;
    }
    emit statusMessage(tr("Removed %1 device(s)").arg(*removed));
}

void CatalogPage::importDevices(const QString& requested)
{
    const QString file = !requested.isEmpty() ? requested
                                              : QFileDialog::getOpenFileName(this, tr("Import devices"), QString(),
                                                                             tr("Device files (*.json *.csv);;All files (*)"));
    if (file.isEmpty()) return;
    auto report = m_context.importDevices(file.toStdString());
    if (!report) {
        qCWarning(lcCatalog) << "import failed:" << QString::fromStdString(report.error().message);
        plainWarningBox(tr("Import failed"), QString::fromStdString(report.error().message), this)->exec();
        return;
    }
    if (!report->issues.empty()) {
        importRejectedBox(file, report->issues, this)->exec();
        return;
    }
    emit statusMessage(tr("Imported %1 device(s) from %2").arg(report->addedIds.size()).arg(file));
    if (!report->addedIds.empty()) selectDevice(QString::fromStdString(report->addedIds.front()));
}

void CatalogPage::exportDevices()
{
    std::vector<const Device*> chosen;
    QStringList ids = selectedIds();
    for (int row = 0; row < m_proxy.rowCount(); ++row) {
        const Device* d = m_model.deviceAt(m_proxy.mapToSource(m_proxy.index(row, 0)).row());
        if (ids.isEmpty() || ids.contains(QString::fromStdString(d->id))) chosen.push_back(d);
    }
    QString filter;
    const QString file = QFileDialog::getSaveFileName(this, tr("Export %1 devices").arg(chosen.size()), "devices.json",
                                                      tr("JSON, lossless (*.json);;CSV for spreadsheets (*.csv)"), &filter);
    if (file.isEmpty()) return;
    const bool csv = file.endsWith(".csv", Qt::CaseInsensitive) || filter.contains("csv");
    const std::string text = csv ? devicesCsv(chosen) : catalogDocumentJson(chosen).dump(2) + "\n";
    if (auto ok = writeFileAtomically(file.toStdString(), text); !ok) {
        plainWarningBox(tr("Export failed"), QString::fromStdString(ok.error().message), this)->exec();
        return;
    }
    emit statusMessage(tr("Exported %1 devices to %2").arg(chosen.size()).arg(file));
}

void CatalogPage::applyTheme(Theme theme)
{
    m_model.setUserRowColour(userDeviceColour(theme));
    // QTextDocument keeps its own link colour; set it from the palette so links stay readable.
    m_detail->document()->setDefaultStyleSheet(
        QStringLiteral("a { color: %1; }").arg(QApplication::palette().color(QPalette::Link).name()));
    showSelected();
}

void CatalogPage::focusSearch() { m_filters->focusSearch(); }

void CatalogPage::saveState()
{
    QSettings& s = m_context.settings();
    s.setValue("catalog/header", m_table->horizontalHeader()->saveState());
    s.setValue("catalog/splitter", m_splitter->saveState());
}

void CatalogPage::restoreState()
{
    QSettings& s = m_context.settings();
    if (!m_table->horizontalHeader()->restoreState(s.value("catalog/header").toByteArray())) {
        for (int column = CatalogTableModel::FirstFigure; column < m_model.columnCount(); ++column) {
            const auto key = CatalogTableModel::figureOf(column);
            m_table->setColumnHidden(column, std::ranges::find(defaultFigureColumns, *key) == defaultFigureColumns.end());
        }
        m_table->setColumnHidden(CatalogTableModel::FormFactor, true);
        m_table->setColumnHidden(CatalogTableModel::Origin, true); // user devices are tinted anyway
        m_table->setColumnHidden(CatalogTableModel::Status, true);  // available from the column menu
        // The buyer's figures right after the name, vendor, kind and year, in the buyer's order.
        QHeaderView* header = m_table->horizontalHeader();
        int to = header->visualIndex(CatalogTableModel::Year);
        for (const FigureKey key : defaultFigureColumns) header->moveSection(header->visualIndex(CatalogTableModel::columnOf(key)), ++to);
        m_table->resizeColumnsToContents();
        m_table->setColumnWidth(CatalogTableModel::Name, m_table->fontMetrics().horizontalAdvance(QString(34, 'x')));
    }
    followFontInTable(m_table, true, 30);
    if (!m_splitter->restoreState(s.value("catalog/splitter").toByteArray())) {
        m_splitter->setSizes({700, 300});
    }
}

void CatalogPage::bindSettings()
{
    m_binding.bindDevice(
        "device",
        [this]() -> std::optional<std::string> {
            const QStringList ids = selectedIds();
            return ids.isEmpty() ? std::nullopt : std::optional(ids.front().toStdString());
        },
        [this](const std::string& id) { return selectDevice(QString::fromStdString(id)); });
    m_binding.bindText("search", [this] { return searchField()->text().toStdString(); },
                       [this](const std::string& text) { searchField()->setText(QString::fromStdString(text)); });
}

void CatalogPage::setAppearance(Theme theme, double /*fontScale*/) { applyTheme(theme); }

QList<QAction*> CatalogPage::menuCommands()
{
    auto* import = new QAction(tr("&Import devices…"), this);
    import->setShortcut(QKeySequence(tr("Ctrl+I")));
    import->setToolTip(tr("Add your own devices from a JSON or CSV file (all or nothing)"));
    import->setProperty("menu", "file");
    connect(import, &QAction::triggered, this, [this] { importDevices(); });
    auto* exportAll = new QAction(tr("&Export devices…"), this);
    exportAll->setShortcut(QKeySequence(tr("Ctrl+E")));
    exportAll->setToolTip(tr("Write the selected devices (or all shown) as JSON or CSV"));
    exportAll->setProperty("menu", "file");
    connect(exportAll, &QAction::triggered, this, &CatalogPage::exportDevices);
    auto* find = new QAction(tr("Find device"), this);
    find->setShortcut(QKeySequence::Find);
    find->setProperty("menu", "view");
    find->setProperty("showsPage", true);
    // The window shows the page after this runs: focus the field once it is visible.
    connect(find, &QAction::triggered, this, [this] { QTimer::singleShot(0, this, &CatalogPage::focusSearch); });
    return {import, exportAll, find};
}

} // namespace accelscope::gui
