// SPDX-License-Identifier: MIT
// ServingPage: controls, the ranked plan table, the Pareto chart, calibration rows and the memo export.
#include "app/gui/serving-planner/serving_page.hpp"

#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/layout/table_font.hpp"
#include "app/gui/plain_message_box.hpp"
#include "models/serving/pareto_figure.hpp"
#include "app/gui/serving-planner/prices_box.hpp"
#include "app/gui/serving-planner/serving_chart.hpp"
#include "app/gui/serving-planner/sizing_view.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_memo.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QShowEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {

using namespace models::serving;
using labs::guided::contractOf;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString num(double v) { return q(models::readableText(v)); }

/// Where a row's $/M tokens comes from: the price basis, $/hour, the energy part and tokens/s per kW.
QString priceTip(const ServingEstimate& e)
{
    QString tip = QObject::tr("%1 price: %2 per hour").arg(q(e.priceBasis), q(models::usdText(e.usdPerHour.value_or(0.0))));
    if (e.energyUsdPerMillionTokens) tip += QObject::tr(", energy %1 per million tokens").arg(q(models::usdText(*e.energyUsdPerMillionTokens)));
    if (e.tokensPerSPerKw) tip += QObject::tr("; %1 tokens/s per kW").arg(num(*e.tokensPerSPerKw));
    return tip;
}

/// Selects `value` in a combo box, adding it when the box does not list it (a valid name the list lacks).
void selectText(QComboBox* box, const std::string& value)
{
    int i = box->findText(q(value));
    if (i < 0) {
        box->addItem(q(value));
        i = box->count() - 1;
    }
    box->setCurrentIndex(i);
}

} // namespace

ServingPage::ServingPage(const PageServices& services, QWidget* parent) : QWidget(parent), m_context(services.context)
{
    setObjectName("serving-planner");
    if (auto t = bundledEfficiencies()) m_efficiencies = std::move(*t);
    buildControls();
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &ServingPage::replan);
    connect(&m_context, &AppContext::catalogChanged, this, &ServingPage::scheduleReplan);
    connect(&m_context, &AppContext::catalogChanged, m_prices, &serving::PricesBox::reloadDevices);
    connect(m_prices, &serving::PricesBox::pricesChanged, this, &ServingPage::scheduleReplan);
    bindSettings();
}

void ServingPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_planned) replan();
}

void ServingPage::buildControls()
{
    const auto contract = contractOf("serving-planner");
    auto* layout = new QVBoxLayout(this);
    // The two forms and the export button flow side by side and wrap when the page is narrow for
    // its text; they scroll in the splitter's top pane, above the table and the chart.
    auto* controls = new QWidget;
    auto* flow = new FlowLayout(nullptr);
    auto* leftBox = new QWidget;
    auto* rightBox = new QWidget;
    auto* left = new QFormLayout(leftBox);
    auto* right = new QFormLayout(rightBox);
    for (QFormLayout* f : {left, right}) f->setContentsMargins(0, 0, 0, 0);
    m_model = new QComboBox(this);
    if (const auto presets = models::roofline::modelPresets()) {
        for (const auto& p : *presets) m_model->addItem(q(p.id));
    }
    selectText(m_model, "llama3.1-70b");
    m_model->setToolTip(q(contract.setting("model").meaning));
    m_weights = new QComboBox(this);
    m_kv = new QComboBox(this);
    for (QComboBox* box : {m_weights, m_kv}) {
        for (const std::string_view f : models::roofline::llmStorageFormats()) box->addItem(q(std::string(f)));
        selectText(box, std::string(models::system::workloadDefaults.servingFormat));
    }
    m_weights->setToolTip(q(contract.setting("weights").meaning));
    m_kv->setToolTip(q(contract.setting("kv").meaning));
    m_input = new QSpinBox(this);
    m_input->setRange(contract.setting("input").minInt(), contract.setting("input").maxInt());
    m_input->setValue(models::system::workloadDefaults.promptTokens);
    m_output = new QSpinBox(this);
    m_output->setRange(contract.setting("output").minInt(), contract.setting("output").maxInt());
    m_output->setValue(models::system::workloadDefaults.outputTokens);
    m_scenario = new QComboBox(this);
    m_scenario->addItems({"offline", "server"});
    m_ttft = new QDoubleSpinBox(this);
    // One step below the contract's range is "none" (no limit), which a lesson leaves by not setting the key.
    m_ttft->setRange(contract.setting("ttft_ms").min - 1, contract.setting("ttft_ms").max);
    m_ttft->setDecimals(0);
    m_ttft->setSpecialValueText(tr("none"));
    m_tpot = new QDoubleSpinBox(this);
    m_tpot->setRange(contract.setting("tpot_ms").min - 1, contract.setting("tpot_ms").max);
    m_tpot->setDecimals(1);
    m_tpot->setSpecialValueText(tr("none"));
    for (const auto& [box, key] : {std::pair<QWidget*, const char*>{m_input, "input"}, {m_output, "output"}, {m_scenario, "scenario"}}) {
        box->setToolTip(q(contract.setting(key).meaning));
    }
    m_ttft->setToolTip(q(contract.setting("ttft_ms").meaning));
    m_tpot->setToolTip(q(contract.setting("tpot_ms").meaning));
    m_rank = new QComboBox(this);
    m_rank->addItems({"cost", "devices", "power"});
    m_rank->setToolTip(tr("cost: $ per million tokens (rows without a price last); devices: fewest; power: W per token/s"));
    m_allKinds = new QCheckBox(tr("CPUs, SoCs and boards too"), this);
    m_allKinds->setToolTip(q(contract.setting("all_kinds").meaning));
    left->addRow(tr("Model"), m_model);
    left->addRow(tr("Weights"), m_weights);
    left->addRow(tr("KV cache"), m_kv);
    left->addRow(tr("Prompt tokens"), m_input);
    left->addRow(tr("Output tokens"), m_output);
    right->addRow(tr("Scenario"), m_scenario);
    right->addRow(tr("p99 TTFT ms"), m_ttft);
    right->addRow(tr("p99 TPOT ms"), m_tpot);
    right->addRow(tr("Rank by"), m_rank);
    right->addRow(QString(), m_allKinds);
    m_export = new QPushButton(tr("Export purchase memo…"), this);
    m_export->setToolTip(tr("Markdown: the ranked options, every catalog figure with its source, the efficiencies with "
                            "their calibration residuals, and the model's assumptions"));
    m_prices = new serving::PricesBox(m_context, this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    flow->addWidget(leftBox);
    flow->addWidget(rightBox);
    flow->addWidget(m_prices);
    flow->addWidget(m_export);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controlsLayout->addLayout(flow);
    controlsLayout->addWidget(m_summary);
    controlsLayout->addStretch();
    m_controlsArea = new QScrollArea(this);
    m_controlsArea->setObjectName(QStringLiteral("servingControls"));
    m_controlsArea->setWidget(controls);
    m_controlsArea->setWidgetResizable(true);
    m_controlsArea->setFrameShape(QFrame::NoFrame);
    m_controlsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* split = new QSplitter(Qt::Vertical, this);
    m_split = split;
    split->setChildrenCollapsible(false);
    split->installEventFilter(this);
    connect(split, &QSplitter::splitterMoved, this, [this] { m_splitDragged = true; });
    split->addWidget(m_controlsArea);
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    auto* tabs = new QTabWidget(this);
    m_tabs = tabs;
    m_chart = new serving::ParetoChart(this);
    m_calibration = new QTableWidget(this);
    m_calibration->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_calibration->verticalHeader()->setVisible(false);
    m_sizing = new serving::SizingView(m_context, this);
    connect(m_sizing, &serving::SizingView::statusMessage, this, &ServingPage::statusMessage);
    connect(m_prices, &serving::PricesBox::pricesChanged, m_sizing, &serving::SizingView::refresh);
    tabs->addTab(m_sizing, tr("Size to a load"));
    tabs->addTab(m_chart, tr("Pareto: per device vs per user"));
    tabs->addTab(m_calibration, tr("Calibration rows (MLPerf v4.x)"));
    // Sizing has its own table and chart: while it is shown, the ranked table steps aside to give it the height.
    connect(tabs, &QTabWidget::currentChanged, this, &ServingPage::placeRankedTable);
    split->addWidget(m_table);
    split->addWidget(tabs);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
    layout->addWidget(split, 1);
    followFontInTable(m_table, false);
    followFontInTable(m_calibration, false);

    for (QComboBox* box : {m_model, m_weights, m_kv, m_scenario, m_rank}) {
        connect(box, &QComboBox::currentIndexChanged, this, &ServingPage::scheduleReplan);
    }
    for (QSpinBox* box : {m_input, m_output}) connect(box, &QSpinBox::valueChanged, this, &ServingPage::scheduleReplan);
    for (QDoubleSpinBox* box : {m_ttft, m_tpot}) connect(box, &QDoubleSpinBox::valueChanged, this, &ServingPage::scheduleReplan);
    connect(m_allKinds, &QCheckBox::toggled, this, &ServingPage::scheduleReplan);
    connect(m_export, &QPushButton::clicked, this, [this] { exportMemo(); });
}

void ServingPage::fitControls()
{
    // Under 24 lines of height (projector text) the plan table becomes the first tab beside the
    // chart, so each gets the height below the controls; otherwise it sits above them.
    const bool tabbed = m_split->height() < fontMetrics().lineSpacing() * 24;
    if (tabbed && m_tabs->indexOf(m_table) < 0) {
        m_tabs->insertTab(0, m_table, tr("Ranked plan"));
        m_tabs->setCurrentIndex(0);
        fitDeviceColumn();
    } else if (!tabbed && m_split->indexOf(m_table) < 0) {
        m_split->insertWidget(1, m_table);
        m_split->setStretchFactor(1, 1);
        fitDeviceColumn();
    }
    placeRankedTable();
    // Short tab names when the text is large, so that the three tabs show without scrolling.
    m_tabs->setTabText(m_tabs->indexOf(m_chart), tabbed ? tr("Pareto") : tr("Pareto: per device vs per user"));
    m_tabs->setTabText(m_tabs->indexOf(m_calibration), tabbed ? tr("Calibration") : tr("Calibration rows (MLPerf v4.x)"));
    const int panes = m_split->count();
    const int total = m_split->height() - (panes - 1) * m_split->handleWidth();
    if (m_splitDragged || total <= 0) return;
    QWidget* controls = m_controlsArea->widget();
    const int width = m_controlsArea->viewport()->width();
    const int wanted = controls->hasHeightForWidth() ? controls->heightForWidth(width) : controls->sizeHint().height();
    // The rest goes to the table and the chart (a third when they share one tab widget's height).
    const int top = std::min(wanted, panes == 2 ? total / 3 : total * 2 / 5);
    if (panes == 2) m_split->setSizes({top, total - top});
    else m_split->setSizes({top, (total - top) / 2, total - top - (total - top) / 2});
}

void ServingPage::placeRankedTable()
{
    // Sizing has its own table and chart: while it is shown, the ranked table steps aside to give it the height.
    if (m_split->indexOf(m_table) >= 0) m_table->setVisible(m_tabs->currentWidget() != m_sizing);
}

void ServingPage::fitDeviceColumn()
{
    // 30 characters at the desk; at most a third of the view at projector sizes (the name's start
    // tells the devices apart), and tokens/s narrower, so that the throughput is in view without
    // scrolling sideways.
    const int chars = fontMetrics().averageCharWidth();
    m_table->setColumnWidth(1, std::clamp(m_split->width() / 3, chars * 16, chars * 30));
    m_table->setColumnWidth(5, chars * (m_split->width() < chars * 100 ? 9 : 14));
}

bool ServingPage::eventFilter(QObject* watched, QEvent* event)
{
    // Once the splitter has its new size (its own handler runs after this one).
    if (watched == m_split && event->type() == QEvent::Resize) QMetaObject::invokeMethod(this, &ServingPage::fitControls, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void ServingPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_splitDragged = false; // a new text size starts from the fitted split
        QMetaObject::invokeMethod(this, &ServingPage::fitControls, Qt::QueuedConnection);
        QMetaObject::invokeMethod(this, &ServingPage::fitDeviceColumn, Qt::QueuedConnection);
    }
}

void ServingPage::scheduleReplan()
{
    if (m_planned) m_timer->start(); // before the first showing, showEvent plans with the settings then
}

models::Result<ServingRequest> ServingPage::request() const
{
    ServingRequest r;
    r.weights = m_weights->currentText().toStdString();
    r.kvCache = m_kv->currentText().toStdString();
    r.inputTokens = m_input->value();
    r.outputTokens = m_output->value();
    r.scenario = m_scenario->currentText() == "server" ? Scenario::Server : Scenario::Offline;
    m_prices->apply(r);
    if (r.scenario == Scenario::Server) {
        if (m_ttft->value() > m_ttft->minimum()) r.ttftLimitMs = m_ttft->value();
        if (m_tpot->value() > m_tpot->minimum()) r.tpotLimitMs = m_tpot->value();
    }
    return r;
}

void ServingPage::replan()
{
    m_timer->stop();
    m_planned = true;
    m_rows.clear();
    const auto config = models::roofline::findModelPreset(m_model->currentText().toStdString());
    const auto r = request();
    if (!config || !r) {
        m_summary->setText(q(!config ? config.error().message : r.error().message));
        fillTable();
        return;
    }
    m_sizing->setInputs({m_model->currentText().toStdString(), r->weights, r->kvCache, double(r->inputTokens), double(r->outputTokens)});
    PlanOptions options;
    options.allKinds = m_allKinds->isChecked();
    options.order = planOrderFromName(m_rank->currentText().toStdString()).value_or(PlanOrder::Cost);
    m_rows = planServing(*config, m_context.catalog().devices, *r, m_efficiencies, options);
    fillTable();
    m_chart->setCurves(serving::frontierCurves(*config, *r, m_rows, m_efficiencies));
    serving::fillCalibrationTable(*m_calibration, m_rows, m_efficiencies);
}

void ServingPage::fillTable()
{
    m_table->clear();
    m_table->setColumnCount(13);
    m_table->setHorizontalHeaderLabels({tr("#"), tr("device"), tr("n"), tr("TP/PP/EP x R"), tr("batch"), tr("tokens/s"),
                                        tr("band"), tr("per device"), tr("p99 TTFT ms"), tr("p99 TPOT ms"), tr("W"),
                                        tr("$/M tokens"), tr("bound")});
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    int fitting = 0;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const auto& row = m_rows[static_cast<std::size_t>(i)];
        QStringList cells{QString::number(i + 1), q(row.device->name)};
        if (!row.estimate) {
            cells << "" << "" << "" << q(row.problem);
        } else if (const auto& e = *row.estimate; !e.fits) {
            cells << QString::number(e.devices) << "" << ""
                  << q(models::memory::doesNotFitText(e.needBytesPerDevice - e.headroomBytesPerDevice, e.capacityBytesPerDevice))
                  << "" << "" << "" << "" << "" << "" << tr("memory");
        } else {
            ++fitting;
            cells << QString::number(e.devices)
                  << QString("%1/%2/%3 x %4").arg(e.layout.tp).arg(e.layout.pp).arg(e.layout.ep).arg(e.layout.replicas)
                  << QString::number(e.batch) << num(e.tokensPerS) << num(e.tokensPerSLow) + QString::fromUtf8(" – ") + num(e.tokensPerSHigh)
                  << num(e.tokensPerSPerDevice) << num(e.ttftP99Ms) << num(e.tpotP99Ms) << (e.watts ? num(*e.watts) : tr("no TDP"))
                  << (e.usdPerMillionTokens ? q(models::usdText(*e.usdPerMillionTokens)) : tr("no price")) << q(std::string(boundName(e.bound)));
        }
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (row.estimate && c == 1) item->setToolTip(q(row.estimate->efficiency.provenance));
            if (c == 5) item->setToolTip(cells[c]); // a problem or "does not fit" sentence may be wider than the column
            if (c == 11 && row.estimate && row.estimate->usdPerMillionTokens) item->setToolTip(priceTip(*row.estimate));
            m_table->setItem(i, c, item);
        }
    }
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    fitDeviceColumn();
    m_table->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Interactive);
    m_summary->setText(tr("%1 of %2 devices fit (each at the count that ranks best). Efficiencies: %3. Every fit keeps %4 % of memory free.")
                           .arg(fitting)
                           .arg(m_rows.size())
                           .arg(q(m_efficiencies.calibratedOn))
                           .arg(models::memory::runtimeHeadroom * 100.0));
}

std::string ServingPage::memo() const
{
    const auto config = models::roofline::findModelPreset(m_model->currentText().toStdString());
    const auto r = request();
    if (!config || !r) return {};
    return purchaseMemo(*config, *r, m_rows, m_efficiencies);
}

bool ServingPage::exportMemo(const QString& file)
{
    QString path = file;
    if (path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Export purchase memo"), "serving-memo.md", tr("Markdown (*.md)"));
        if (path.isEmpty()) return false;
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        if (file.isEmpty()) plainWarningBox(tr("Export purchase memo"), tr("Cannot write %1: %2").arg(path, out.errorString()), this)->exec();
        return false;
    }
    const std::string text = memo();
    const bool ok = out.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    emit statusMessage(ok ? tr("Purchase memo written to %1").arg(path) : tr("Writing %1 failed").arg(path));
    return ok;
}

void ServingPage::bindSettings()
{
    const auto combo = [this](const char* key, QComboBox* box) {
        m_binding.bindText(key, [box] { return box->currentText().toStdString(); }, [box](const std::string& value) { selectText(box, value); });
    };
    combo("model", m_model);
    combo("weights", m_weights);
    combo("kv", m_kv);
    m_binding.bindInt("input", [this] { return m_input->value(); }, [this](int n) { m_input->setValue(n); });
    m_binding.bindInt("output", [this] { return m_output->value(); }, [this](int n) { m_output->setValue(n); });
    combo("scenario", m_scenario);
    m_binding.bindNumber("ttft_ms", [this] { return m_ttft->value(); }, [this](double ms) { m_ttft->setValue(ms); });
    m_binding.bindNumber("tpot_ms", [this] { return m_tpot->value(); }, [this](double ms) { m_tpot->setValue(ms); });
    combo("rank", m_rank);
    m_binding.bindBool("all_kinds", [this] { return m_allKinds->isChecked(); }, [this](bool all) { m_allKinds->setChecked(all); });
    // The plan of the settings shown: its first layout that fits.
    const auto topFit = [this]() -> const models::serving::PlanRow* {
        if (!m_planned) replan();
        for (const auto& r : m_rows) {
            if (r.estimate && r.estimate->fits) return &r;
        }
        return nullptr;
    };
    m_binding.report<std::string>("top_device", [topFit]() -> std::optional<std::string> {
        const auto* row = topFit();
        return row ? std::optional(row->device->id) : std::nullopt;
    });
    m_binding.report<int>("top_count", [topFit]() -> std::optional<int> {
        const auto* row = topFit();
        return row ? std::optional(row->estimate->devices) : std::nullopt;
    });
    m_binding.onApplied([this] { scheduleReplan(); });
}

std::expected<models::figure::Figure, QString> ServingPage::figure(bool dark)
{
    if (m_chart->curves().empty()) return std::unexpected(tr("No device fits the request: the Pareto chart is empty"));
    return models::serving::paretoFigure(m_chart->curves(), dark);
}

} // namespace accelscope::gui
