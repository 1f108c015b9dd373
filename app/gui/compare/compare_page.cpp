// SPDX-License-Identifier: MIT
// ComparePage: picker, table, chart and exports.
#include "app/gui/compare/compare_page.hpp"

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/compare/compare_figure.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/plain_message_box.hpp"
#include "app/gui/plain_tool_tip.hpp"
#include "app/gui/theme.hpp"
#include "models/catalog/device_query.hpp"
#include "models/catalog/figure_parser.hpp"

#include <QComboBox>
#include <QCompleter>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace accelscope::gui {

using namespace models::catalog;

namespace {

/// `text` on lines of about `width` characters, broken between words.
QString wrapWords(const QString& text, int width)
{
    QStringList lines;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && lines.last().size() + 1 + word.size() <= width) lines.last() += ' ' + word;
        else lines << word;
    }
    return lines.join('\n');
}

} // namespace

ComparePage::ComparePage(const PageServices& services, QWidget* parent) : QWidget(parent), m_context(services.context)
{
    setObjectName("comparePage");
    auto* layout = new QVBoxLayout(this);
    auto* pickRow = new FlowLayout(nullptr); // wraps at large text
    m_picker = new QComboBox(this);
    m_picker->setEditable(true);
    m_picker->setInsertPolicy(QComboBox::NoInsert);
    m_picker->setMinimumContentsLength(20);
    m_picker->lineEdit()->setPlaceholderText(tr("Type a device name…"));
    m_picker->setToolTip(tr("Pick a device to add (type to search)"));
    m_add = new QPushButton(tr("Add"), this);
    m_add->setToolTip(tr("Add the device to the comparison (Enter)"));
    m_chosen = new QListWidget(this);
    m_chosen->setFlow(QListView::LeftToRight);
    m_chosen->setWrapping(true);
    m_chosen->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_chosen->setToolTip(tr("Devices being compared; select and press Delete to remove"));
    auto* remove = new QPushButton(tr("Remove"), this);
    remove->setToolTip(tr("Remove the selected devices from the comparison (Delete)"));
    remove->setShortcut(QKeySequence::Delete);
    auto* clear = new QPushButton(tr("Clear"), this);
    clear->setToolTip(tr("Remove every device from the comparison"));
    // The picker and its buttons on one row, the chosen devices under them: one row of both was
    // wider than a 1024-pixel screen.
    pickRow->addWidget(m_picker);
    pickRow->setStretchItem(m_picker);
    pickRow->addWidget(m_add);
    pickRow->addWidget(remove);
    pickRow->addWidget(clear);
    layout->addLayout(pickRow);
    layout->addWidget(m_chosen);

    m_hint = new QLabel(this);
    m_hint->setObjectName("compareHint");
    // The hint may quote what was typed into the picker: plain text, never rendered markup (#17).
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);

    m_table = new QTableWidget(this);
    m_table->setObjectName("compareTable");
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_canvas = new ImGuiCanvas(this);
    m_canvas->setObjectName("compareCanvas");
    m_canvas->setVisualizer(&m_chart);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_canvas);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);

    auto* exportRow = new QHBoxLayout();
    exportRow->addStretch(1);
    m_exportCsv = new QPushButton(tr("Export CSV…"), this);
    m_exportCsv->setToolTip(tr("Save the comparison table as CSV"));
    m_exportPng = new QPushButton(tr("Export PNG…"), this);
    m_exportPng->setToolTip(tr("Save the table and chart as a PNG image"));
    exportRow->addWidget(m_exportCsv);
    exportRow->addWidget(m_exportPng);
    layout->addLayout(exportRow);

    connect(m_add, &QPushButton::clicked, this, &ComparePage::addFromPicker);
    connect(m_picker->lineEdit(), &QLineEdit::returnPressed, this, &ComparePage::addFromPicker);
    connect(remove, &QPushButton::clicked, this, &ComparePage::removeSelected);
    connect(clear, &QPushButton::clicked, this, [this] { setDeviceIds({}); });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportCsv(); });
    connect(m_exportPng, &QPushButton::clicked, this, [this] { exportPng(); });
    connect(&m_context, &AppContext::catalogChanged, this, [this] {
        fillPicker();
        rebuild();
    });
    fillPicker();
    m_splitter->setChildrenCollapsible(false); // a table dragged to nothing showed no values
    if (!m_splitter->restoreState(m_context.settings().value("compare/splitter").toByteArray())) m_splitter->setSizes({600, 400});
    setDeviceIds(m_context.settings().value("compare/devices").toStringList());
    bindSettings();
}

void ComparePage::fillPicker()
{
    m_picker->clear();
    for (const Device& d : m_context.catalog().devices) {
        m_picker->addItem(QString::fromStdString(d.name), QString::fromStdString(d.id));
    }
    m_picker->setCurrentIndex(-1);
    m_picker->completer()->setFilterMode(Qt::MatchContains);
    m_picker->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_picker->completer()->setCompletionMode(QCompleter::PopupCompletion);
}

void ComparePage::setDeviceIds(const QStringList& ids)
{
    m_ids.clear();
    for (const QString& id : ids) {
        if (m_ids.size() >= maxDevices) break;
        const auto& devices = m_context.catalog().devices;
        const bool known = std::ranges::any_of(devices, [&](const Device& d) { return d.id == id.toStdString(); });
        if (known && !m_ids.contains(id)) m_ids << id;
    }
    rebuild();
}

void ComparePage::addFromPicker()
{
    QString id = m_picker->currentData().toString();
    const QString typed = m_picker->currentText();
    if (id.isEmpty() || m_picker->itemText(m_picker->currentIndex()) != typed) {
        auto found = findDevice(m_context.catalog().devices, typed.toStdString());
        if (!found) {
            emit statusMessage(QString::fromStdString(found.error().message));
            m_hint->setText(QString::fromStdString(found.error().message));
            return;
        }
        id = QString::fromStdString((*found)->id);
    }
    if (m_ids.size() >= maxDevices) {
        m_hint->setText(tr("At most %1 devices can be compared; remove one first.").arg(maxDevices));
        return;
    }
    if (!m_ids.contains(id)) m_ids << id;
    m_picker->setCurrentIndex(-1);
    m_picker->clearEditText();
    rebuild();
}

void ComparePage::removeSelected()
{
    for (QListWidgetItem* item : m_chosen->selectedItems()) m_ids.removeAll(item->data(Qt::UserRole).toString());
    rebuild();
}

void ComparePage::rebuild()
{
    std::vector<const Device*> devices;
    for (const QString& id : m_ids) {
        for (const Device& d : m_context.catalog().devices) {
            if (d.id == id.toStdString()) devices.push_back(&d);
        }
    }
    m_chosen->clear();
    for (const Device* d : devices) {
        auto* item = new QListWidgetItem(QString::fromStdString(d->name), m_chosen);
        item->setData(Qt::UserRole, QString::fromStdString(d->id));
        item->setToolTip(plainToolTip(QString::fromStdString(std::string(models::catalog::scopeName(d->scope)) + ": " + d->scopeNote)));
    }
    const Comparison comparison = compareDevices(devices);
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(devices.size()));
    m_table->setRowCount(static_cast<int>(comparison.rows.size()));
    QStringList header;
    for (const Device* d : devices) {
        // "AMD Instinct MI300X (OAM, 192 GB HBM3)" on short lines keeps the columns narrow: three
        // devices and their values fit beside the row names without dragging the splitter.
        header << wrapWords(QString::fromStdString(d->name), 14);
    }
    m_table->setHorizontalHeaderLabels(header);
    const QColor best = bestValueColour(m_dark ? Theme::Dark : Theme::Light);
    m_chart.setComparison(comparison);
    for (int r = 0; r < static_cast<int>(comparison.rows.size()); ++r) {
        const ComparisonRow& row = comparison.rows[static_cast<std::size_t>(r)];
        // Row names on short lines, the unit on its own: the values keep most of the table's width.
        const QString unit = row.unit.empty() ? QString() : QStringLiteral("\n[%1]").arg(QString::fromStdString(row.unit));
        auto* label = new QTableWidgetItem(wrapWords(QString::fromStdString(row.label), 18) + unit);
        label->setToolTip(plainToolTip(row.isDerivedMetric ? tr("derived: %1").arg(QString::fromStdString(row.formula))
                                                           : QString::fromStdString(row.key)));
        m_table->setVerticalHeaderItem(r, label);
        for (int c = 0; c < static_cast<int>(devices.size()); ++c) {
            const auto& value = row.values[static_cast<std::size_t>(c)];
            auto* cell = new QTableWidgetItem(value ? QString::fromStdString(formatFigureValue(*value)) : tr("—"));
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (std::ranges::find(row.best, static_cast<std::size_t>(c)) != row.best.end()) {
                cell->setBackground(best);
                QFont bold = cell->font();
                bold.setBold(true);
                cell->setFont(bold);
            }
            if (row.derivedFigure[static_cast<std::size_t>(c)] && !row.isDerivedMetric) {
                QFont italic = cell->font();
                italic.setItalic(true);
                cell->setFont(italic);
            }
            cell->setToolTip(plainToolTip(QString::fromStdString(m_chart.tooltipText(static_cast<std::size_t>(r), static_cast<std::size_t>(c)))));
            m_table->setItem(r, c, cell);
        }
    }
    m_chart.setComparison(comparison);
    m_canvas->setVisualizer(&m_chart);
    for (int c = 0; c < m_table->columnCount(); ++c) {
        m_table->horizontalHeaderItem(c)->setToolTip(plainToolTip(QString::fromStdString(devices[static_cast<std::size_t>(c)]->scopeNote)));
    }
    QTimer::singleShot(0, this, &ComparePage::fitToFont); // with the font the table has by then
    const bool enough = devices.size() >= 2;
    m_exportCsv->setEnabled(enough);
    m_exportPng->setEnabled(enough);
    m_hint->setText(enough ? tr("Green: best value in the row. Italic: derived from other figures. Hover any value "
                                "for its source or formula.")
                           : tr("Pick at least two devices (up to six) above, or select them on the Catalog page and "
                                "press \"Compare selected\"."));
    m_context.settings().setValue("compare/devices", m_ids);
}

bool ComparePage::exportCsv(const QString& requested)
{
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Export comparison"), "comparison.csv", tr("CSV (*.csv)"));
        if (file.isEmpty()) return false;
    }
    std::vector<const Device*> devices;
    for (const auto* d : m_chart.comparison().devices) devices.push_back(d);
    if (auto ok = writeFileAtomically(file.toStdString(), comparisonCsv(compareDevices(devices))); !ok) {
        plainWarningBox(tr("Export failed"), QString::fromStdString(ok.error().message), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

bool ComparePage::exportPng(const QString& requested)
{
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Export comparison image"), "comparison.png", tr("PNG (*.png)"));
        if (file.isEmpty()) return false;
    }
    const QPixmap image = m_splitter->grab();
    const QString partial = file + ".partial";
    bool saved = image.save(partial, "PNG");
    if (saved && QFile::exists(file)) saved = QFile::remove(file);
    if (saved) saved = QFile::rename(partial, file);
    if (!saved) {
        QFile::remove(partial);
        plainWarningBox(tr("Export failed"), tr("Could not write %1").arg(file), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

void ComparePage::setFontScale(float scale) { m_canvas->setFontScale(scale); }

void ComparePage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Table above chart when the page is narrow for its text (a projector at large text): side by
    // side, the table showed its row names and hardly a value.
    const bool narrow = width() < fontMetrics().averageCharWidth() * 110;
    const Qt::Orientation wanted = narrow ? Qt::Vertical : Qt::Horizontal;
    if (m_splitter->orientation() != wanted) {
        m_splitter->setOrientation(wanted);
        m_splitter->setSizes(narrow ? QList<int>{750, 250} : QList<int>{600, 400}); // stacked: the table's values first
    }
}

void ComparePage::fitToFont()
{
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    // The chosen devices: two rows of names at any text size (more scroll).
    m_chosen->setMaximumHeight(m_chosen->fontMetrics().height() * 2 + 2 * m_chosen->frameWidth() + 4);
    m_chosen->setMinimumHeight(m_chosen->maximumHeight());
}

void ComparePage::setDarkTheme(bool dark)
{
    m_dark = dark;
    m_canvas->setDarkTheme(dark);
    rebuild();
}

void ComparePage::setAppearance(Theme theme, double fontScale)
{
    m_canvas->setFontScale(static_cast<float>(fontScale));
    setDarkTheme(isDark(theme));
}

void ComparePage::bindSettings()
{
    m_binding.bindDevices(
        "devices",
        [this] {
            std::vector<std::string> ids;
            for (const QString& id : m_ids) ids.push_back(id.toStdString());
            return ids;
        },
        [this](const std::vector<std::string>& ids) {
            QStringList list;
            for (const auto& id : ids) list << QString::fromStdString(id);
            setDeviceIds(list);
        });
}

std::expected<models::figure::Figure, QString> ComparePage::figure(bool dark) { return compareFigure(m_chart.comparison(), dark); }

void ComparePage::saveState()
{
    m_context.settings().setValue("compare/splitter", m_splitter->saveState());
    m_context.settings().setValue("compare/devices", m_ids);
}

} // namespace accelscope::gui
