// SPDX-License-Identifier: MIT
#include "app/gui/labs/labs_page.hpp"

#include "app/gui/labs/lab_chart.hpp"
#include "app/gui/labs/lab_measurements.hpp"
#include "app/gui/labs/lab_runner.hpp"
#include "labs/gpu/cuda_module.hpp"
#include "labs/lab_result_json.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace accelscope::gui {
namespace {

using models::catalog::UserStore;

constexpr int idRole = Qt::UserRole + 1;

QString number(double value) { return QString::number(value, 'g', 4); }

} // namespace

LabsPage::LabsPage(AppContext& context, QWidget* parent)
    : QWidget(parent), m_context(context), m_registry(labs::LabRegistry::withAllLabs()), m_runner(std::make_unique<LabRunner>())
{
    // GPU labs: find out once why they cannot run here, if they cannot.
    const auto probe = labs::gpu::probeCuda(labs::gpu::cudaModuleSearchDirs(QApplication::applicationDirPath().toStdString()));
    if (probe.availability != labs::gpu::CudaAvailability::Ready) m_cudaReason = QString::fromStdString(probe.message);

    // Left: the labs, what the chosen one teaches, its parameters, Run / Cancel, progress.
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    m_labs = new QListWidget;
    m_labs->setMaximumHeight(m_labs->fontMetrics().height() * 22);
    m_labs->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_labs->setTextElideMode(Qt::ElideRight);
    m_labs->setToolTip(tr("The labs of this build. A lab that cannot run on this machine says why."));
    bool gpuHeading = false;
    auto* cpuHeading = new QListWidgetItem(tr("This machine's CPU and memory"), m_labs);
    cpuHeading->setFlags(Qt::NoItemFlags);
    QFont headingFont = font();
    headingFont.setBold(true);
    cpuHeading->setFont(headingFont);
    for (const auto& lab : m_registry.labs()) {
        const auto d = lab->describe();
        if (d.needsCuda && !gpuHeading) {
            gpuHeading = true;
            auto* heading = new QListWidgetItem(m_cudaReason.isEmpty() ? tr("NVIDIA GPU (CUDA)") : tr("NVIDIA GPU (CUDA): not available here"), m_labs);
            heading->setFlags(Qt::NoItemFlags);
            heading->setFont(headingFont);
            heading->setToolTip(m_cudaReason);
        }
        auto* item = new QListWidgetItem(QString::fromStdString(d.title), m_labs);
        item->setData(idRole, QString::fromStdString(d.id));
        const QString reason = unavailableReason(d);
        item->setToolTip(QString::fromStdString(d.teaches) + (reason.isEmpty() ? QString() : "\n\n" + reason));
        if (!reason.isEmpty()) { // italic reads as "not here" in both themes
            QFont italic = font();
            italic.setItalic(true);
            item->setFont(italic);
        }
    }
    m_teaches = new QLabel;
    m_teaches->setWordWrap(true);
    m_formHost = new QWidget;
    m_form = new QFormLayout(m_formHost);
    m_quick = new QCheckBox(tr("&Quick (tiny sizes: checks that it works, not speed)"));
    m_quick->setToolTip(tr("Runs with the smallest sizes, in a second or two. The figures are not meaningful."));
    m_defaults = new QPushButton(tr("Defaults"));
    m_defaults->setToolTip(tr("Puts every parameter back to its default"));
    m_run = new QPushButton(tr("&Run"));
    m_run->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_run->setToolTip(tr("Run the lab on this machine (Ctrl+R); the result is kept in your database"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the run (Esc); nothing is stored"));
    m_cancel->setEnabled(false);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &LabsPage::cancelRun);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_defaults);
    buttons->addStretch();
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    leftLayout->addWidget(m_labs, 2);
    leftLayout->addWidget(m_teaches);
    leftLayout->addWidget(m_formHost);
    leftLayout->addWidget(m_quick);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_progress);
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);

    // Right: the chart above; summary, notes and history below.
    m_chart = new LabChart;
    m_summary = new QTableWidget(0, 0);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->verticalHeader()->hide();
    m_notes = new QPlainTextEdit;
    m_notes->setReadOnly(true);
    m_history = new QTableWidget(0, 6);
    m_history->setHorizontalHeaderLabels({tr("#"), tr("Lab"), tr("Started (UTC)"), tr("Machine"), tr("Origin"), tr("Headline")});
    m_history->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_history->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_history->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_history->verticalHeader()->hide();
    m_history->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_history->horizontalHeader()->setStretchLastSection(true);
    m_history->setToolTip(tr("Stored results, newest first. Select one to show it, several to compare them."));
    auto* importButton = new QPushButton(tr("&Import…"));
    importButton->setToolTip(tr("Add a result file made by `accelscope-cli lab run --out` (for example on a GPU server)"));
    m_export = new QPushButton(tr("&Export…"));
    m_export->setToolTip(tr("Save the selected result as a JSON record"));
    m_delete = new QPushButton(tr("&Delete"));
    m_delete->setToolTip(tr("Delete the selected results from your database (Del)"));
    m_savePng = new QPushButton(tr("Save chart PNG…"));
    m_savePng->setToolTip(tr("The chart at twice the screen resolution, for slides"));
    m_toRoofline = new QPushButton(tr("Show on &roofline"));
    m_toRoofline->setToolTip(tr("Draw the selected roofline result's ceilings and points on the Roofline page, beside the datasheets"));
    m_toPyramid = new QPushButton(tr("Show on &pyramid"));
    m_toPyramid->setToolTip(tr("Put the selected latency and bandwidth results on the Memory pyramid page, beside this machine's caches"));
    m_toRoofline->setEnabled(false);
    m_toPyramid->setEnabled(false);
    connect(m_toRoofline, &QPushButton::clicked, this, [this] {
        if (m_measuredRoofline && showOnRoofline) showOnRoofline(*m_measuredRoofline);
    });
    connect(m_toPyramid, &QPushButton::clicked, this, [this] {
        if (m_measuredPyramid && showOnPyramid) showOnPyramid(*m_measuredPyramid);
    });
    auto* deleteKey = new QShortcut(QKeySequence::Delete, m_history);
    deleteKey->setContext(Qt::WidgetShortcut);
    connect(deleteKey, &QShortcut::activated, this, [this] { deleteSelected(); });
    auto* historyTab = new QWidget;
    auto* historyLayout = new QVBoxLayout(historyTab);
    auto* historyButtons = new QHBoxLayout;
    historyButtons->addWidget(importButton);
    historyButtons->addWidget(m_export);
    historyButtons->addWidget(m_delete);
    historyButtons->addStretch();
    historyButtons->addWidget(m_toRoofline);
    historyButtons->addWidget(m_toPyramid);
    historyButtons->addWidget(m_savePng);
    historyLayout->addWidget(m_history);
    historyLayout->addLayout(historyButtons);
    auto* tabs = new QTabWidget;
    tabs->addTab(historyTab, tr("History"));
    tabs->addTab(m_summary, tr("Figures"));
    tabs->addTab(m_notes, tr("How it was measured"));
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_chart);
    right->addWidget(tabs);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({fontMetrics().horizontalAdvance(QLatin1Char('x')) * 55, fontMetrics().horizontalAdvance(QLatin1Char('x')) * 150});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_labs, &QListWidget::currentRowChanged, this, [this] { buildForm(); });
    connect(m_defaults, &QPushButton::clicked, this, [this] { buildForm(); });
    connect(m_run, &QPushButton::clicked, this, &LabsPage::runSelected);
    connect(m_cancel, &QPushButton::clicked, this, &LabsPage::cancelRun);
    connect(importButton, &QPushButton::clicked, this, [this] { importResult(); });
    connect(m_export, &QPushButton::clicked, this, [this] { exportSelected(); });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteSelected(); });
    connect(m_savePng, &QPushButton::clicked, this, [this] { exportChartPng(); });
    connect(m_history, &QTableWidget::itemSelectionChanged, this, &LabsPage::showSelection);
    connect(m_runner.get(), &LabRunner::progress, this, [this](double fraction, const QString& what) {
        m_progress->setValue(static_cast<int>(fraction * 1000));
        setStatus(what);
    });
    m_runner->onSeriesUpdated = [this](const labs::Series& s) {
        m_chart->updateSeries(s);
        m_savePng->setEnabled(true);
    };
    m_runner->onFinished = [this](const models::Result<labs::LabResult>& result) { finishRun(result); };

    m_labs->setCurrentRow(1); // the first lab, below its heading
    refreshHistory();
    if (m_history->rowCount() > 0) selectResults({m_history->item(0, 0)->data(idRole).toLongLong()}); // the latest result
}

LabsPage::~LabsPage() = default;

QString LabsPage::unavailableReason(const labs::LabDescription& description) const
{
    if (!description.needsCuda || m_cudaReason.isEmpty()) return {};
    return tr("Cannot run here: %1").arg(m_cudaReason);
}

QString LabsPage::currentLabId() const
{
    const auto* item = m_labs->currentItem();
    return item ? item->data(idRole).toString() : QString();
}

bool LabsPage::selectLab(const QString& id)
{
    for (int i = 0; i < m_labs->count(); ++i) {
        if (m_labs->item(i)->data(idRole).toString() == id) {
            m_labs->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void LabsPage::buildForm()
{
    while (m_form->rowCount() > 0) m_form->removeRow(0);
    m_fields.clear();
    const labs::Lab* lab = m_registry.find(currentLabId().toStdString());
    if (lab == nullptr) return;
    const auto d = lab->describe();
    const QString reason = unavailableReason(d);
    m_teaches->setText("<b>" + QString::fromStdString(d.title).toHtmlEscaped() + "</b><br>" +
                       QString::fromStdString(d.teaches).toHtmlEscaped() +
                       (reason.isEmpty() ? QString() : "<br><i>" + reason.toHtmlEscaped() + "</i>"));
    for (const auto& p : d.parameters) {
        const QString tip = QString::fromStdString(p.description) +
                            tr("\nRange %1 to %2%3, default %4").arg(number(p.minValue), number(p.maxValue),
                                                                     p.unit.empty() ? QString() : " " + QString::fromStdString(p.unit),
                                                                     number(p.defaultValue));
        QAbstractSpinBox* field = nullptr;
        if (p.integral) {
            auto* spin = new QSpinBox;
            spin->setRange(static_cast<int>(p.minValue), static_cast<int>(p.maxValue));
            spin->setValue(static_cast<int>(p.defaultValue));
            if (!p.unit.empty()) spin->setSuffix(" " + QString::fromStdString(p.unit));
            if (p.minValue == 0 && p.description.find("0 =") != std::string::npos) spin->setSpecialValueText(tr("auto"));
            field = spin;
        } else {
            auto* spin = new QDoubleSpinBox;
            spin->setRange(p.minValue, p.maxValue);
            spin->setValue(p.defaultValue);
            field = spin;
        }
        field->setToolTip(tip);
        field->setObjectName(QString::fromStdString(p.name));
        m_form->addRow(QString::fromStdString(p.name), field);
        m_fields[p.name] = field;
    }
    m_run->setEnabled(reason.isEmpty() && !running());
    m_run->setToolTip(reason.isEmpty() ? tr("Run the lab on this machine (Ctrl+R); the result is kept in your database") : reason);
}

bool LabsPage::setParameter(const QString& name, double value)
{
    const auto it = m_fields.find(name.toStdString());
    if (it == m_fields.end()) return false;
    if (auto* spin = qobject_cast<QSpinBox*>(it->second)) spin->setValue(static_cast<int>(value));
    else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(it->second)) dspin->setValue(value);
    return true;
}

void LabsPage::setQuick(bool quick) { m_quick->setChecked(quick); }

bool LabsPage::running() const { return m_runner->running(); }

void LabsPage::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #d9534f;") : QString());
}

void LabsPage::setRunning(bool running)
{
    m_labs->setEnabled(!running);
    m_formHost->setEnabled(!running);
    m_quick->setEnabled(!running);
    m_defaults->setEnabled(!running);
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void LabsPage::runSelected()
{
    labs::Lab* lab = m_registry.find(currentLabId().toStdString());
    if (lab == nullptr || running()) return;
    const auto d = lab->describe();
    if (const QString reason = unavailableReason(d); !reason.isEmpty()) {
        setStatus(reason, true);
        return;
    }
    labs::RunConfig config;
    config.quick = m_quick->isChecked();
    // With --quick the lab's own tiny sizes apply; the form's values are for real runs.
    if (!config.quick) {
        for (const auto& [name, field] : m_fields) {
            if (auto* spin = qobject_cast<QSpinBox*>(field)) config.parameters[name] = spin->value();
            else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(field)) config.parameters[name] = dspin->value();
        }
    }
    m_history->clearSelection();
    m_chart->clear(tr("%1 — measuring…").arg(QString::fromStdString(d.title)));
    m_savePng->setEnabled(false);
    m_summary->setRowCount(0);
    m_notes->clear();
    m_progress->setValue(0);
    setStatus(tr("Starting…"));
    setRunning(true);
    m_runner->start(*lab, std::move(config));
}

void LabsPage::cancelRun()
{
    if (!running()) return;
    m_runner->cancel();
    setStatus(tr("Cancelling…"));
}

void LabsPage::finishRun(const models::Result<labs::LabResult>& result)
{
    setRunning(false);
    m_run->setEnabled(unavailableReason(m_registry.find(currentLabId().toStdString())->describe()).isEmpty());
    if (!result) {
        const bool cancelled = result.error().code == models::ErrorCode::Cancelled;
        m_progress->setValue(0);
        setStatus(cancelled ? tr("Cancelled: nothing was stored.") : QString::fromStdString(result.error().message), !cancelled);
        emit statusMessage(cancelled ? tr("Lab cancelled") : tr("Lab failed: %1").arg(QString::fromStdString(result.error().message)));
        emit runFinished(std::nullopt);
        return;
    }
    m_progress->setValue(1000);
    auto store = UserStore::open(m_context.userDatabase());
    auto id = store ? store->addLabResult(labs::storedLabResult(*result, "local"))
                    : models::Result<std::int64_t>(std::unexpected(store.error()));
    if (!id) {
        setStatus(tr("Measured, but not stored: %1").arg(QString::fromStdString(id.error().message)), true);
        m_chart->setSeries(result->series, QString::fromStdString(result->title));
        emit runFinished(std::nullopt);
        return;
    }
    setStatus(tr("Done in %1 s; stored as result #%2.").arg(number(result->durationSeconds)).arg(*id));
    emit statusMessage(tr("%1: stored as result #%2").arg(QString::fromStdString(result->title)).arg(*id));
    refreshHistory();
    selectResults({*id});
    emit runFinished(*id);
}

void LabsPage::refreshHistory()
{
    const auto keep = selectedResultIds();
    const QSignalBlocker block(m_history);
    m_history->setRowCount(0);
    auto store = UserStore::open(m_context.userDatabase());
    auto results = store ? store->labResults() : models::Result<std::vector<models::catalog::StoredLabResult>>(std::unexpected(store.error()));
    if (!results) {
        setStatus(tr("Cannot read the stored results: %1").arg(QString::fromStdString(results.error().message)), true);
        return;
    }
    for (const auto& r : *results) {
        const int row = m_history->rowCount();
        m_history->insertRow(row);
        QString headline;
        if (auto parsed = labs::labResultFromStored(r); parsed && !parsed->summary.empty()) {
            const auto& f = parsed->summary.front();
            headline = QString::fromStdString(f.key) + " " + number(f.value) + " " + QString::fromStdString(f.unit);
        }
        const QStringList cells{QString::number(r.id), QString::fromStdString(r.labId), QString::fromStdString(r.startedAt),
                                QString::fromStdString(r.machine),
                                r.origin == "imported" ? tr("imported (%1)").arg(QString::fromStdString(r.sourceFile)) : tr("this machine"),
                                headline};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setData(idRole, static_cast<qlonglong>(r.id));
            m_history->setItem(row, c, item);
        }
    }
    selectResults(keep);
    m_export->setEnabled(m_history->rowCount() > 0);
    m_delete->setEnabled(m_history->rowCount() > 0);
}

std::vector<std::int64_t> LabsPage::selectedResultIds() const
{
    std::set<int> rows;
    for (const auto* item : m_history->selectedItems()) rows.insert(item->row());
    std::vector<std::int64_t> ids;
    for (const int row : rows) ids.push_back(m_history->item(row, 0)->data(idRole).toLongLong());
    return ids;
}

void LabsPage::selectResults(const std::vector<std::int64_t>& ids)
{
    {
        const QSignalBlocker block(m_history);
        m_history->clearSelection();
        for (int row = 0; row < m_history->rowCount(); ++row) {
            if (std::ranges::find(ids, m_history->item(row, 0)->data(idRole).toLongLong()) != ids.end()) {
                m_history->selectionModel()->select(m_history->model()->index(row, 0),
                                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
            }
        }
    }
    showSelection();
}

void LabsPage::showSelection()
{
    const auto ids = selectedResultIds();
    m_export->setEnabled(ids.size() == 1);
    m_delete->setEnabled(!ids.empty());
    m_measuredRoofline.reset();
    m_measuredPyramid.reset();
    m_toRoofline->setEnabled(false);
    m_toPyramid->setEnabled(false);
    m_savePng->setEnabled(m_chart->seriesCount() > 0);
    if (ids.empty() || running()) return;
    auto store = UserStore::open(m_context.userDatabase());
    if (!store) return setStatus(QString::fromStdString(store.error().message), true);
    std::vector<labs::LabResult> results;
    for (const auto id : ids) {
        auto stored = store->labResult(id);
        if (!stored || !*stored) continue;
        auto parsed = labs::labResultFromStored(**stored);
        if (!parsed) {
            setStatus(QString::fromStdString(parsed.error().message), true);
            continue;
        }
        results.push_back(std::move(*parsed));
    }
    if (results.empty()) return;
    for (const auto& r : results) {
        if (!m_measuredRoofline) m_measuredRoofline = measuredRoofline(r);
    }
    m_measuredPyramid = measuredPyramid(results);
    m_toRoofline->setEnabled(m_measuredRoofline.has_value() && showOnRoofline != nullptr);
    m_toPyramid->setEnabled(m_measuredPyramid.has_value() && showOnPyramid != nullptr);

    // Chart: one result's curves, or every selected result's curves named by id.
    std::vector<labs::Series> series;
    for (std::size_t i = 0; i < results.size(); ++i) {
        for (auto s : results[i].series) {
            if (results.size() > 1) s.name = "#" + std::to_string(ids[i]) + " " + s.name;
            series.push_back(std::move(s));
        }
    }
    const QString title = results.size() == 1
                              ? QStringLiteral("%1 — %2").arg(QString::fromStdString(results[0].title), QString::fromStdString(results[0].startedAt))
                              : tr("%1 results compared").arg(results.size());
    m_chart->setSeries(series, title);
    m_savePng->setEnabled(m_chart->seriesCount() > 0);
    // On a working-set axis, mark the data caches of the machine that made the (first) result.
    if (!series.empty() && series.front().xUnit == "KiB" && results[0].machine.contains("caches")) {
        std::vector<std::pair<double, QString>> markers;
        for (const auto& c : results[0].machine["caches"]) {
            if (c.value("type", std::string()) == "instruction") continue;
            const double kib = c.value("size_bytes", 0.0) / 1024.0;
            if (kib <= 0) continue;
            markers.emplace_back(kib, QStringLiteral("L%1 %2 KiB").arg(c.value("level", 0)).arg(kib));
        }
        m_chart->setMarkers(std::move(markers));
    }

    // Figures: one column per result, rows are the union of their figures.
    std::vector<std::string> keys;
    for (const auto& r : results) {
        for (const auto& f : r.summary) {
            if (std::ranges::find(keys, f.key) == keys.end()) keys.push_back(f.key);
        }
    }
    QStringList headers{tr("Figure"), tr("Unit")};
    for (const auto id : ids) headers << QStringLiteral("#%1").arg(id);
    headers << tr("Note");
    m_summary->clear();
    m_summary->setColumnCount(static_cast<int>(headers.size()));
    m_summary->setHorizontalHeaderLabels(headers);
    m_summary->setRowCount(static_cast<int>(keys.size()));
    for (std::size_t row = 0; row < keys.size(); ++row) {
        const int r = static_cast<int>(row);
        m_summary->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(keys[row])));
        for (std::size_t i = 0; i < results.size(); ++i) {
            const auto it = std::ranges::find(results[i].summary, keys[row], &labs::SummaryFigure::key);
            if (it == results[i].summary.end()) continue;
            m_summary->setItem(r, 1, new QTableWidgetItem(QString::fromStdString(it->unit)));
            auto* value = new QTableWidgetItem(number(it->value));
            value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_summary->setItem(r, static_cast<int>(2 + i), value);
            if (!m_summary->item(r, static_cast<int>(headers.size()) - 1)) {
                m_summary->setItem(r, static_cast<int>(headers.size()) - 1, new QTableWidgetItem(QString::fromStdString(it->note)));
            }
        }
    }
    m_summary->resizeColumnsToContents();

    // How it was measured: machine, parameters and notes of each result.
    QString text;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& r = results[i];
        text += QStringLiteral("#%1 %2 (%3), %4 s\n").arg(ids[i]).arg(QString::fromStdString(r.title), QString::fromStdString(r.startedAt),
                                                           number(r.durationSeconds));
        text += tr("machine: %1\n").arg(QString::fromStdString(labs::machineSummary(r.machine)));
        if (r.machine.is_object() && r.machine.contains("os")) {
            text += tr("os: %1; compiler: %2\n").arg(QString::fromStdString(r.machine.value("os", std::string())),
                                                     QString::fromStdString(r.machine.value("compiler", std::string())));
        }
        QStringList params;
        for (const auto& [k, v] : r.parameters) params << QString::fromStdString(k) + "=" + number(v);
        text += tr("parameters: %1\n").arg(params.join(", "));
        for (const auto& n : r.notes) text += "• " + QString::fromStdString(n) + "\n";
        text += "\n";
    }
    m_notes->setPlainText(text);
}

bool LabsPage::importResult(const QString& file)
{
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getOpenFileName(this, tr("Import a lab result"), QString(),
                                                                        tr("Lab results (*.json);;All files (*)"));
    if (path.isEmpty()) return false;
    std::ifstream in(path.toStdString(), std::ios::binary);
    if (!in) {
        setStatus(tr("%1: cannot open file").arg(path), true);
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto result = labs::labResultFromJson(text.str(), path.toStdString());
    auto store = UserStore::open(m_context.userDatabase());
    auto id = !result ? models::Result<std::int64_t>(std::unexpected(result.error()))
              : !store ? models::Result<std::int64_t>(std::unexpected(store.error()))
                       : store->addLabResult(labs::storedLabResult(*result, "imported", QFileInfo(path).fileName().toStdString()));
    if (!id) {
        setStatus(tr("Import refused: %1").arg(QString::fromStdString(id.error().message)), true);
        emit statusMessage(tr("Import refused"));
        return false;
    }
    setStatus(tr("Imported %1 as result #%2.").arg(QString::fromStdString(result->title)).arg(*id));
    refreshHistory();
    selectResults({*id});
    return true;
}

bool LabsPage::exportSelected(const QString& file)
{
    const auto ids = selectedResultIds();
    if (ids.size() != 1) {
        setStatus(tr("Select one result to export."), true);
        return false;
    }
    auto store = UserStore::open(m_context.userDatabase());
    if (!store) return setStatus(QString::fromStdString(store.error().message), true), false;
    auto stored = store->labResult(ids.front());
    if (!stored || !*stored) return setStatus(tr("Result #%1 is no longer stored.").arg(ids.front()), true), false;
    auto result = labs::labResultFromStored(**stored);
    if (!result) return setStatus(QString::fromStdString(result.error().message), true), false;
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getSaveFileName(this, tr("Export lab result #%1").arg(ids.front()),
                                                                        QStringLiteral("%1-%2.json").arg(QString::fromStdString(result->labId)).arg(ids.front()),
                                                                        tr("Lab results (*.json)"));
    if (path.isEmpty()) return false;
    if (auto ok = models::catalog::writeFileAtomically(path.toStdString(), labs::labResultJson(*result).dump(2) + "\n"); !ok) {
        setStatus(QString::fromStdString(ok.error().message), true);
        return false;
    }
    setStatus(tr("Wrote result #%1 to %2.").arg(ids.front()).arg(path));
    return true;
}

int LabsPage::deleteSelected(bool confirm)
{
    const auto ids = selectedResultIds();
    if (ids.empty()) return 0;
    if (confirm && QMessageBox::question(this, tr("Delete results"), tr("Delete %1 stored result(s)?").arg(ids.size())) != QMessageBox::Yes) {
        return 0;
    }
    auto store = UserStore::open(m_context.userDatabase());
    auto removed = store ? store->removeLabResults(ids) : models::Result<int>(std::unexpected(store.error()));
    if (!removed) {
        setStatus(QString::fromStdString(removed.error().message), true);
        return 0;
    }
    setStatus(tr("Deleted %1 result(s).").arg(*removed));
    refreshHistory();
    m_chart->clear(tr("Run a lab or pick a stored result to see its curves."));
    m_savePng->setEnabled(false);
    m_summary->setRowCount(0);
    m_notes->clear();
    return *removed;
}

bool LabsPage::exportChartPng(const QString& file)
{
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getSaveFileName(this, tr("Save chart"), QStringLiteral("lab-chart.png"), tr("PNG images (*.png)"));
    if (path.isEmpty()) return false;
    QPixmap pixmap(m_chart->size() * 2);
    pixmap.setDevicePixelRatio(2.0);
    pixmap.fill(palette().color(QPalette::Base));
    static_cast<QWidget*>(m_chart)->render(&pixmap); // QWidget::render, not QGraphicsView::render
    QSaveFile out(path); // the file appears whole or not at all
    if (!out.open(QIODevice::WriteOnly) || !pixmap.save(&out, "PNG") || !out.commit()) {
        setStatus(tr("%1: cannot write the image").arg(path), true);
        return false;
    }
    setStatus(tr("Saved the chart to %1.").arg(path));
    return true;
}

} // namespace accelscope::gui
