// SPDX-License-Identifier: MIT
#include "app/gui/serving-planner/sizing_view.hpp"

#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/layout/table_font.hpp"
#include "app/gui/serving-planner/serving_chart.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/model_presets.hpp"
#include "accelscope/config.hpp"
#include "app/gui/plain_message_box.hpp"
#include "models/system/step/serving_band.hpp"
#include "models/system/step/sizing_memo.hpp"

#include <QComboBox>
#include <QDate>
#include <QFileDialog>
#include <QPdfWriter>
#include <QPushButton>
#include <QSaveFile>
#include <QTextDocument>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui::serving {

using namespace models::system;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString num(double v, int digits = 4) { return q(models::readableText(v, digits)); }

/// A label and its control as one unit of the flow, so they wrap together.
QWidget* labelled(const QString& text, QWidget* control)
{
    auto* box = new QWidget;
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(text);
    label->setBuddy(control);
    row->addWidget(label);
    row->addWidget(control);
    return box;
}

/// Each sized layout's curve as the chart draws curves, the band from the held-out residual spread.
std::vector<FrontierCurve> curvesOf(const std::vector<SizedDeployment>& rows, std::size_t maxCurves = 4)
{
    const ServingBand& band = servingBand();
    std::vector<FrontierCurve> out;
    for (const auto& r : rows) {
        if (out.size() >= maxCurves) break;
        if (r.count == 0 || r.curve.empty()) continue;
        FrontierCurve c{r.device->id, "TP " + std::to_string(r.tp) + " x " + r.device->name, {}};
        for (const auto& p : r.curve) {
            models::serving::FrontierPoint f;
            f.tpotLimitMs = p.tpotS * 1000.0;
            f.tokensPerSPerUser = p.tokensPerSPerUser;
            f.tokensPerSPerDevice = p.tokensPerSPerDevice;
            f.tokensPerSPerDeviceLow = p.tokensPerSPerDevice * band.low;
            f.tokensPerSPerDeviceHigh = p.tokensPerSPerDevice * band.high;
            f.batch = static_cast<int>(p.concurrency);
            c.points.push_back(f);
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

SizingView::SizingView(AppContext& context, QWidget* parent) : QWidget(parent), m_context(context)
{
    setObjectName(QStringLiteral("servingSizing"));
    auto* layout = new QVBoxLayout(this);
    auto* flow = new FlowLayout(nullptr);
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("concurrent users"), QStringLiteral("users"));
    m_kind->addItem(tr("requests/s"), QStringLiteral("requests/s"));
    m_kind->addItem(tr("tokens/day"), QStringLiteral("tokens/day"));
    m_kind->setToolTip(tr("concurrent users: each with one request in flight; requests/s: Poisson arrivals, sized so a replica "
                          "holds the 99th percentile of requests in flight; tokens/day: generated tokens per day as a mean rate"));
    m_value = new QDoubleSpinBox(this);
    m_value->setDecimals(0);
    m_value->setRange(1, 1e8);
    m_value->setValue(1000);
    m_value->setGroupSeparatorShown(true);
    m_value->setToolTip(tr("How much load: users, requests per second or generated tokens per day"));
    m_ttft = new QDoubleSpinBox(this);
    m_ttft->setRange(0.01, 3600);
    m_ttft->setDecimals(2);
    m_ttft->setValue(2.0);
    m_ttft->setSuffix(tr(" s"));
    m_ttft->setToolTip(tr("Worst time to first token in the steady state: one step waiting for a slot, then the prompt's prefill chunks"));
    m_tpot = new QDoubleSpinBox(this);
    m_tpot->setRange(0.1, 60000);
    m_tpot->setDecimals(1);
    m_tpot->setValue(50);
    m_tpot->setSuffix(tr(" ms"));
    m_tpot->setToolTip(tr("Time per output token at the steady step (1,000 / this = tokens/s each user sees)"));
    m_devices = new QLineEdit(this);
    m_devices->setPlaceholderText(tr("every accelerator"));
    m_devices->setToolTip(tr("Catalog ids or names, separated by commas (nvidia-h100-sxm, amd-instinct-mi300x); empty: every accelerator"));
    m_devices->setMinimumWidth(fontMetrics().averageCharWidth() * 24);
    flow->addWidget(labelled(tr("Load"), m_kind));
    flow->addWidget(labelled(tr("Amount"), m_value));
    flow->addWidget(labelled(tr("TTFT at most"), m_ttft));
    flow->addWidget(labelled(tr("TPOT at most"), m_tpot));
    flow->addWidget(labelled(tr("Devices"), m_devices));
    m_export = new QPushButton(tr("Export memo…"), this);
    m_export->setToolTip(tr("The memo a manager forwards, as Markdown or PDF: recommendation first, the sized deployments with monthly "
                            "cost, capex and kW, the accuracy on held-out runs, assumptions, date, version and every figure's source"));
    connect(m_export, &QPushButton::clicked, this, [this] { exportMemo(); });
    flow->addWidget(m_export);
    layout->addLayout(flow);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_split = split;
    split->setChildrenCollapsible(false);
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    followFontInTable(m_table, false);
    m_chart = new ParetoChart(this);
    m_chart->setToolTip(tr("Each sized layout: tokens/s per device against tokens/s per user as concurrency doubles from 1; "
                           "the band is what published runs measured against this model (10th to 90th percentile)"));
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &SizingView::size);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const QString kind = m_kind->currentData().toString();
        m_value->setDecimals(kind == "requests/s" ? 2 : 0);
        m_value->setRange(kind == "requests/s" ? 0.01 : 1, kind == "tokens/day" ? 1e15 : kind == "requests/s" ? 1e7 : 1e8);
        schedule();
    });
    for (QDoubleSpinBox* box : {m_value, m_ttft, m_tpot}) connect(box, &QDoubleSpinBox::valueChanged, this, &SizingView::schedule);
    connect(m_devices, &QLineEdit::editingFinished, this, &SizingView::schedule);
    connect(&m_context, &AppContext::catalogChanged, this, &SizingView::schedule);
}

void SizingView::setInputs(const SizingInputs& inputs)
{
    m_inputs = inputs;
    schedule();
}

void SizingView::setLoad(const QString& kind, double value)
{
    if (const int i = m_kind->findData(kind); i >= 0) m_kind->setCurrentIndex(i);
    m_value->setValue(value);
}

void SizingView::setObjective(double ttftS, double tpotMs)
{
    m_ttft->setValue(ttftS);
    m_tpot->setValue(tpotMs);
}

void SizingView::setDevices(const QString& ids)
{
    m_devices->setText(ids);
    schedule();
}

void SizingView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale) size();
    // Table and chart share the height evenly at first (the table's size hint would take it all).
    if (!m_splitPlaced && m_split->height() > 0) {
        m_splitPlaced = true;
        // The chart tall enough for its axis numbers (they elide below about 12 lines) where the tab has the room; the
        // table scrolls its rows instead. No minimum: at projector text sizes the page must still fit the screen.
        const int chart = std::clamp(fontMetrics().lineSpacing() * 12, m_split->height() / 2, m_split->height() * 2 / 3);
        m_split->setSizes({m_split->height() - chart, chart});
    }
}

void SizingView::refresh() { schedule(); }

void SizingView::schedule()
{
    m_stale = true;
    if (isVisible()) m_timer->start();
}

void SizingView::size()
{
    m_timer->stop();
    m_stale = false;
    m_rows.clear();
    const auto config = models::roofline::findModelPreset(m_inputs.model);
    if (!config) {
        m_summary->setText(q(config.error().message));
        fill();
        return;
    }
    SizingRequest r;
    r.spec.weights = m_inputs.weights;
    r.spec.kvCache = m_inputs.kv;
    r.load.inputTokens = m_inputs.inputTokens;
    r.load.outputTokens = m_inputs.outputTokens;
    r.slo = {m_ttft->value(), m_tpot->value() / 1000.0};
    const QString kind = m_kind->currentData().toString();
    r.demand = {kind == "users" ? DemandKind::Users : kind == "requests/s" ? DemandKind::RequestsPerS : DemandKind::TokensPerDay, m_value->value()};
    const auto& devices = m_context.catalog().devices;
    for (const QString& part : m_devices->text().split(',', Qt::SkipEmptyParts)) {
        auto found = models::catalog::findDevice(devices, part.trimmed().toStdString());
        if (!found) {
            m_summary->setText(tr("Devices: %1").arg(q(found.error().message)));
            fill();
            return;
        }
        r.devices.push_back((*found)->id);
    }
    if (auto store = m_context.userStore()) { // your prices (the page's price box) over the catalog's
        if (const auto mine = (*store)->priceOverrides()) {
            for (const auto& p : *mine) {
                if (p.usdPerHour) r.userUsdPerHour[p.deviceId] = *p.usdPerHour;
            }
        }
    }
    m_rows = sizeServing(*config, devices, r);
    m_request = r;
    const ServingBand& band = servingBand();
    QString text = tr("%1, %2 weights, %3 in / %4 out: %5 within TTFT %6 and TPOT %7, on the step model.")
                       .arg(q(config->name), q(m_inputs.weights), num(m_inputs.inputTokens), num(m_inputs.outputTokens), q(demandText(r.demand)),
                            q(models::quantityText(r.slo.ttftS, "s", 3)), q(models::quantityText(r.slo.tpotS, "s", 3)));
    if (!m_rows.empty() && m_rows.front().count > 0) {
        const auto& best = m_rows.front();
        text += tr(" First: %1 x %2").arg(best.count).arg(q(best.device->name));
        if (best.usdPerMonth) text += tr(" at %1 a month").arg(q(models::usdText(*best.usdPerMonth)));
        text += ".";
    }
    text += tr(" Published runs measured %1x to %2x of the model's throughput: budget up to %3x the devices for the low end.")
                .arg(q(models::decimalText(band.low, 2)), q(models::decimalText(band.high, 2)), num(1.0 / band.low, 2));
    m_summary->setText(text);
    m_summary->setToolTip(command());
    fill();
}

void SizingView::fill()
{
    m_table->clear();
    m_export->setEnabled(!m_rows.empty());
    const QStringList headers{tr("device"), tr("devices"), tr("TP x replicas"), tr("nodes"), tr("in flight per replica"), tr("TPOT"),
                              tr("TTFT worst"), tr("tokens/s"), tr("$/month"), tr("$/M tokens"), tr("capex"), tr("kW"), tr("notes")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const auto& r = m_rows[static_cast<std::size_t>(i)];
        QStringList cells{q(r.device->name)};
        QString notes = q(r.problem);
        for (const auto& f : r.flags) notes += (notes.isEmpty() ? "" : "; ") + q(f);
        if (r.count == 0) {
            cells << tr("none") << "" << "" << "" << "" << "" << "" << "" << "" << "" << "";
        } else {
            cells << QString::number(r.count) << QString("%1 x %2").arg(r.tp).arg(r.replicas) << QString("%1 x %2").arg(r.nodes).arg(r.devicesPerNode)
                  << num(r.concurrencyPerReplica) << q(models::quantityText(r.state->tpotS, "s", 3)) << q(models::quantityText(r.ttftWorstS, "s", 3))
                  << num(r.outputTokensPerS, 3) << (r.usdPerMonth ? q(models::usdText(*r.usdPerMonth)) : tr("no price"))
                  << (r.usdPerMillionTokens ? q(models::usdText(*r.usdPerMillionTokens)) : "-") << (r.capexUsd ? q(models::usdText(*r.capexUsd)) : "-")
                  << (r.acceleratorKw ? num(*r.acceleratorKw, 3) : tr("no TDP"));
        }
        cells << notes;
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0) item->setToolTip(q(r.device->id));
            if (c == 8 && !r.priceBasis.empty()) item->setToolTip(q(r.priceBasis) + tr(" x 730 h"));
            if (c == cells.size() - 1) item->setToolTip(notes);
            m_table->setItem(i, c, item);
        }
    }
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The device's name, up to 26 characters wide: the counts and costs stay in view (the full name in its tip).
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    int widest = m_table->horizontalHeader()->fontMetrics().horizontalAdvance(headers[0]);
    for (const auto& r : m_rows) widest = std::max(widest, m_table->fontMetrics().horizontalAdvance(q(r.device->name)));
    m_table->setColumnWidth(0, std::min(widest + fontMetrics().averageCharWidth() * 2, fontMetrics().averageCharWidth() * 26));
    for (int i = 0; i < m_table->rowCount(); ++i) {
        if (auto* item = m_table->item(i, 0)) item->setToolTip(item->text() + " (" + item->toolTip() + ")");
    }
    m_chart->setCurves(curvesOf(m_rows));
}

std::string SizingView::memo() const
{
    const auto config = models::roofline::findModelPreset(m_inputs.model);
    if (!config || m_rows.empty()) return {};
    const std::string today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    return sizingMemo(*config, m_request, m_rows, {today, std::string("accelscope ") + ACCELSCOPE_VERSION, (command() + " --memo").toStdString()});
}

bool SizingView::exportMemo(const QString& file)
{
    QString path = file;
    if (path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Export memo"), "serving-memo.pdf", tr("PDF (*.pdf);;Markdown (*.md)"));
        if (path.isEmpty()) return false;
    }
    const std::string text = memo();
    QString error;
    if (text.empty()) {
        error = tr("nothing is sized yet");
    } else if (path.endsWith(".pdf", Qt::CaseInsensitive)) {
        // Written beside the target and renamed over it: a failed run leaves the old file whole.
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly)) {
            error = out.errorString();
        } else {
            {
                QPdfWriter pdf(&out);
                pdf.setPageSize(QPageSize(QPageSize::A4));
                pdf.setTitle(tr("Serving memo"));
                pdf.setCreator(QStringLiteral("Accelscope ") + ACCELSCOPE_VERSION);
                QTextDocument doc;
                doc.setMarkdown(QString::fromStdString(text));
                doc.print(&pdf);
            }
            if (!out.commit()) error = out.errorString();
        }
    } else {
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Text) || out.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
            !out.commit()) {
            error = out.errorString();
        }
    }
    if (!error.isEmpty()) {
        if (file.isEmpty()) plainWarningBox(tr("Export memo"), tr("Cannot write %1: %2").arg(path, error), this)->exec();
        emit statusMessage(tr("Writing %1 failed: %2").arg(path, error));
        return false;
    }
    emit statusMessage(tr("Memo written to %1").arg(path));
    return true;
}

QString SizingView::command() const
{
    return q(sizingCommand(m_inputs.model, m_request));
}

} // namespace accelscope::gui::serving
