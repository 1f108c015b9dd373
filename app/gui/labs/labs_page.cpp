// SPDX-License-Identifier: MIT
// LabsPage: runs, stored results and their actions; the form, the history model and the result
// view are their own classes.
#include "app/gui/labs/labs_page.hpp"

#include "app/gui/app_context.hpp"
#include "app/gui/labs/lab_chart.hpp"
#include "app/gui/labs/lab_figure.hpp"
#include "app/gui/labs/lab_form.hpp"
#include "app/gui/labs/lab_history_model.hpp"
#include "app/gui/labs/lab_panels.hpp"
#include "app/gui/labs/lab_result_view.hpp"
#include "app/gui/labs/lab_runner.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/layout/table_font.hpp"
#include "labs/lab_result_json.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "labs/measured/stored_results.hpp"

#include <QFileDialog>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {
namespace {

QString number(double value) { return QString::number(value, 'g', 4); }
QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

LabsPage::LabsPage(const PageServices& services, QWidget* parent)
    : QWidget(parent), m_context(services.context), m_navigator(services.navigator), m_runner(std::make_unique<LabRunner>())
{
    m_form = new LabForm(m_context.labRegistry());
    m_view = new LabResultView;
    m_view->tabs()->insertTab(0, buildHistoryTab(), tr("History"));
    m_view->tabs()->setCurrentIndex(0);

    // The form scrolls: at projector text sizes its description and parameters are taller than
    // a 768-pixel screen.
    auto* formScroll = new QScrollArea;
    formScroll->setObjectName("labFormScroll");
    formScroll->setWidget(m_form);
    formScroll->setWidgetResizable(true);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setFrameShape(QFrame::NoFrame);
    // It scrolls up and down only: as wide as the form's least width, at every text size.
    m_formScroll = formScroll;
    m_form->installEventFilter(this);
    auto* split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(formScroll);
    split->addWidget(m_view);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({fontMetrics().horizontalAdvance(QLatin1Char('x')) * 55, fontMetrics().horizontalAdvance(QLatin1Char('x')) * 150});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split, 1); // the toggles above it keep their height
    m_panels = new LabPanels(formScroll, m_view->tabs());
    layout->insertWidget(0, m_panels);

    connect(m_form, &LabForm::runRequested, this, &LabsPage::runSelected);
    connect(m_form, &LabForm::cancelRequested, this, &LabsPage::cancelRun);
    connect(m_runner.get(), &LabRunner::progress, this, [this](double fraction, const QString& what) {
        m_form->setProgress(fraction);
        setStatus(what);
    });
    m_runner->onSeriesUpdated = [this](const labs::Series& s) {
        m_view->chart()->updateSeries(s);
        m_savePng->setEnabled(true);
    };
    m_runner->onFinished = [this](const models::Result<labs::LabResult>& result) { finishRun(result); };

    refreshHistory();
    if (m_history->rowCount() > 0) selectResults({m_history->idAt(0)}); // the latest result
    bindSettings();
}

LabsPage::~LabsPage() = default;

bool LabsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_form && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Show)) {
        m_formScroll->setMinimumWidth(m_form->minimumSizeHint().width() + m_formScroll->verticalScrollBar()->sizeHint().width());
        fitToText();
    }
    return QWidget::eventFilter(watched, event);
}

void LabsPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitToText();
}

void LabsPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitToText();
}

// A chart needs about 70 characters of width to show its axis titles and bar names whole: beside
// the form at projector text sizes it got a third of that, and the tabs under it left it a few
// lines; both panels then step aside (the toggles above the chart bring them back).
void LabsPage::fitToText()
{
    if (m_panels == nullptr) return; // events before the constructor's end
    // Height: the chart's title, a few bars, the value axis and the legend (about 16 lines) over
    // the tabs' bar, a few history rows and their buttons (about 12).
    m_panels->setCompact(width() - m_formScroll->minimumWidth() < fontMetrics().averageCharWidth() * 70 ||
                         height() < fontMetrics().lineSpacing() * 28);
}

QWidget* LabsPage::buildHistoryTab()
{
    m_history = new LabHistoryModel(this);
    m_historyView = new QTableView;
    m_historyView->setModel(m_history);
    m_historyView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_historyView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_historyView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_historyView->verticalHeader()->hide();
    followFontInTable(m_historyView, false);
    m_historyView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_historyView->horizontalHeader()->setStretchLastSection(true);
    m_historyView->setToolTip(tr("Stored results, newest first. Select one to show it, several to compare them."));
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
    connect(m_toRoofline, &QPushButton::clicked, this, [this] { openMeasured("roofline", m_rooflineIds); });
    connect(m_toPyramid, &QPushButton::clicked, this, [this] { openMeasured("memory-pyramid", m_pyramidIds); });
    auto* deleteKey = new QShortcut(QKeySequence::Delete, m_historyView);
    deleteKey->setContext(Qt::WidgetShortcut);
    connect(deleteKey, &QShortcut::activated, this, [this] { deleteSelected(); });
    connect(importButton, &QPushButton::clicked, this, [this] { importResult(); });
    connect(m_export, &QPushButton::clicked, this, [this] { exportSelected(); });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteSelected(); });
    connect(m_savePng, &QPushButton::clicked, this, [this] { exportChartPng(); });
    connect(m_historyView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LabsPage::showSelection);

    auto* tab = new QWidget;
    auto* layout = new QVBoxLayout(tab);
    auto* buttons = new FlowLayout; // wraps on a narrow window or at large text
    buttons->addWidget(importButton);
    buttons->addWidget(m_export);
    buttons->addWidget(m_delete);
    buttons->addWidget(m_toRoofline);
    buttons->addWidget(m_toPyramid);
    buttons->addWidget(m_savePng);
    layout->addWidget(m_historyView);
    layout->addLayout(buttons);
    return tab;
}

LabChart* LabsPage::chart() const { return m_view->chart(); }
std::expected<models::figure::Figure, QString> LabsPage::figure(bool dark) { return labFigure(*chart(), dark); }
QTableWidget* LabsPage::summary() const { return m_view->summary(); }
QProgressBar* LabsPage::progressBar() const { return m_form->progressBar(); }
QPushButton* LabsPage::runButton() const { return m_form->runButton(); }
QPushButton* LabsPage::cancelButton() const { return m_form->cancelButton(); }
QLabel* LabsPage::statusLabel() const { return m_form->statusLabel(); }
QListWidget* LabsPage::labList() const { return m_form->labList(); }
bool LabsPage::selectLab(const QString& id) { return m_form->selectLab(id); }
QString LabsPage::currentLabId() const { return m_form->currentLabId(); }
bool LabsPage::setParameter(const QString& name, double value) { return m_form->setParameter(name, value); }
void LabsPage::setQuick(bool quick) { m_form->setQuick(quick); }
bool LabsPage::running() const { return m_runner->running(); }
void LabsPage::setStatus(const QString& message, bool error) { m_form->setStatus(message, error); }

void LabsPage::bindSettings()
{
    m_binding.bindText("lab", [this] { return currentLabId().toStdString(); },
                       [this](const std::string& id) { return selectLab(QString::fromStdString(id)); });
    m_binding.bindText("parameters", [this] { return labs::labParametersText(m_form->parameters()); },
                       [this](const std::string& text) {
                           if (text.empty()) return true; // nothing to set
                           auto pairs = labs::parseLabParameters(text);
                           return pairs && std::ranges::all_of(*pairs, [this](const auto& p) {
                                      return setParameter(QString::fromStdString(p.first), p.second);
                                  });
                       });
}

void LabsPage::openMeasured(const std::string& page, const std::vector<std::int64_t>& ids)
{
    if (ids.empty()) return;
    const QStringList unapplied = m_navigator.openPage(page, {{"measured", labs::joinResultIds(ids)}});
    if (!unapplied.isEmpty()) setStatus(tr("The %1 page did not take the results.").arg(text(page)), true);
}

void LabsPage::runSelected()
{
    labs::Lab* lab = m_form->currentLab();
    if (lab == nullptr || running()) return;
    const auto d = lab->describe();
    if (const QString reason = m_form->unavailableReason(d); !reason.isEmpty()) {
        setStatus(reason, true);
        return;
    }
    labs::RunConfig config;
    config.quick = m_form->quick();
    config.parameters = m_form->parameters();
    config.catalog = std::make_shared<const std::vector<models::catalog::Device>>(m_context.catalog().devices);
    m_historyView->clearSelection();
    m_runTitle = text(d.title);
    m_view->clear(tr("%1 — measuring…").arg(m_runTitle));
    m_savePng->setEnabled(false);
    m_form->setProgress(0);
    setStatus(tr("Starting…"));
    m_form->setRunning(true);
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
    m_form->setRunning(false);
    if (!result) {
        const bool cancelled = result.error().code == models::ErrorCode::Cancelled;
        m_form->setProgress(0);
        // The points measured so far stay; the title says the run is over.
        m_view->chart()->setTitle(cancelled ? tr("%1 — cancelled, nothing stored").arg(m_runTitle)
                                            : tr("%1 — failed").arg(m_runTitle));
        setStatus(cancelled ? tr("Cancelled: nothing was stored.") : text(result.error().message), !cancelled);
        emit statusMessage(cancelled ? tr("Lab cancelled") : tr("Lab failed: %1").arg(text(result.error().message)));
        emit runFinished(std::nullopt);
        return;
    }
    m_form->setProgress(1);
    auto store = m_context.userStore();
    auto id = store ? (*store)->addLabResult(labs::storedLabResult(*result, "local"))
                    : models::Result<std::int64_t>(std::unexpected(store.error()));
    if (!id) {
        setStatus(tr("Measured, but not stored: %1").arg(text(id.error().message)), true);
        m_view->chart()->setSeries(result->series, text(result->title));
        emit runFinished(std::nullopt);
        return;
    }
    setStatus(tr("Done in %1 s; stored as result #%2.").arg(number(result->durationSeconds)).arg(*id));
    emit statusMessage(tr("%1: stored as result #%2").arg(text(result->title)).arg(*id));
    refreshHistory();
    selectResults({*id});
    emit runFinished(*id);
}

void LabsPage::refreshHistory()
{
    const auto keep = selectedResultIds();
    auto store = m_context.userStore();
    auto results = store ? (*store)->labResults() : models::Result<std::vector<models::catalog::StoredLabResult>>(std::unexpected(store.error()));
    if (!results) {
        setStatus(tr("Cannot read the stored results: %1").arg(text(results.error().message)), true);
        return;
    }
    {
        const QSignalBlocker block(m_historyView->selectionModel());
        m_history->setResults(*results);
    }
    selectResults(keep);
    m_export->setEnabled(m_history->rowCount() > 0);
    m_delete->setEnabled(m_history->rowCount() > 0);
}

std::vector<std::int64_t> LabsPage::selectedResultIds() const
{
    std::vector<int> rows;
    for (const auto& index : m_historyView->selectionModel()->selectedRows()) rows.push_back(index.row());
    std::ranges::sort(rows);
    std::vector<std::int64_t> ids;
    for (const int row : rows) ids.push_back(m_history->idAt(row));
    return ids;
}

void LabsPage::selectResults(const std::vector<std::int64_t>& ids)
{
    {
        QItemSelectionModel* selection = m_historyView->selectionModel();
        const QSignalBlocker block(selection);
        selection->clearSelection();
        for (const auto id : ids) {
            if (const auto row = m_history->rowOf(id)) {
                selection->select(m_history->index(*row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
            }
        }
    }
    m_historyView->viewport()->update();
    showSelection();
}

void LabsPage::showSelection()
{
    auto ids = selectedResultIds();
    m_export->setEnabled(ids.size() == 1);
    m_delete->setEnabled(!ids.empty());
    m_rooflineIds.clear();
    m_pyramidIds.clear();
    m_toRoofline->setEnabled(false);
    m_toPyramid->setEnabled(false);
    m_savePng->setEnabled(m_view->chart()->seriesCount() > 0);
    if (ids.empty() || running()) return;
    auto store = m_context.userStore();
    if (!store) return setStatus(text(store.error().message), true);
    std::vector<labs::LabResult> results;
    std::vector<std::int64_t> shown; // a result that cannot be read is left out (and said)
    for (const auto id : ids) {
        auto loaded = labs::loadStoredResults(**store, {id});
        if (!loaded) {
            if (loaded.error().code != models::ErrorCode::NotFound) setStatus(text(loaded.error().message), true);
            continue;
        }
        results.push_back(std::move(loaded->front()));
        shown.push_back(id);
    }
    if (results.empty()) return;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (labs::measuredRoofline(results[i])) m_rooflineIds.push_back(shown[i]);
        if (labs::measuredPyramid({results[i]})) m_pyramidIds.push_back(shown[i]);
    }
    m_toRoofline->setEnabled(!m_rooflineIds.empty());
    m_toPyramid->setEnabled(!m_pyramidIds.empty());
    m_view->showResults(results, shown);
    m_savePng->setEnabled(m_view->chart()->seriesCount() > 0);
}

bool LabsPage::importResult(const QString& file)
{
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getOpenFileName(this, tr("Import a lab result"), QString(),
                                                                        tr("Lab results (*.json);;All files (*)"));
    if (path.isEmpty()) return false;
    auto result = labs::labResultFromFile(path.toStdString());
    auto store = m_context.userStore();
    auto id = !result ? models::Result<std::int64_t>(std::unexpected(result.error()))
              : !store ? models::Result<std::int64_t>(std::unexpected(store.error()))
                       : (*store)->addLabResult(labs::storedLabResult(*result, "imported", QFileInfo(path).fileName().toStdString()));
    if (!id) {
        setStatus(tr("Import refused: %1").arg(text(id.error().message)), true);
        emit statusMessage(tr("Import refused"));
        return false;
    }
    setStatus(tr("Imported %1 as result #%2.").arg(text(result->title)).arg(*id));
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
    auto store = m_context.userStore();
    if (!store) return setStatus(text(store.error().message), true), false;
    auto results = labs::loadStoredResults(**store, ids);
    if (!results) return setStatus(text(results.error().message), true), false;
    const labs::LabResult& result = results->front();
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getSaveFileName(this, tr("Export lab result #%1").arg(ids.front()),
                                                                        QStringLiteral("%1-%2.json").arg(text(result.labId)).arg(ids.front()),
                                                                        tr("Lab results (*.json)"));
    if (path.isEmpty()) return false;
    if (auto ok = models::catalog::writeFileAtomically(path.toStdString(), labs::labResultJson(result).dump(2) + "\n"); !ok) {
        setStatus(text(ok.error().message), true);
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
    auto store = m_context.userStore();
    auto removed = store ? (*store)->removeLabResults(ids) : models::Result<int>(std::unexpected(store.error()));
    if (!removed) {
        setStatus(text(removed.error().message), true);
        return 0;
    }
    setStatus(tr("Deleted %1 result(s).").arg(*removed));
    refreshHistory();
    m_view->clear(tr("Run a lab or pick a stored result to see its curves."));
    m_savePng->setEnabled(false);
    return *removed;
}

bool LabsPage::exportChartPng(const QString& file)
{
    const QString path = !file.isEmpty() ? file
                                         : QFileDialog::getSaveFileName(this, tr("Save chart"), QStringLiteral("lab-chart.png"), tr("PNG images (*.png)"));
    if (path.isEmpty()) return false;
    if (!m_view->saveChartPng(path, palette().color(QPalette::Base))) {
        setStatus(tr("%1: cannot write the image").arg(path), true);
        return false;
    }
    setStatus(tr("Saved the chart to %1.").arg(path));
    return true;
}

} // namespace accelscope::gui
