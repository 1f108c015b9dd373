// SPDX-License-Identifier: MIT
// ParetoChart and the calibration table of the Serving planner page.
#include "app/gui/serving-planner/serving_chart.hpp"

#include "models/common/number_text.hpp"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTableWidget>
#include <QValueAxis>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <set>

namespace accelscope::gui::serving {

using namespace models::serving;

ParetoChart::ParetoChart(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new QChartView(new QChart(), this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setToolTip(tr("Tokens/s per device against tokens/s per user (1 / TPOT) at p99 TPOT limits from 10 to 1000 ms; "
                          "the shaded band is the calibration residuals' 5th to 95th percentile"));
    layout->addWidget(m_view);
}

void ParetoChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeLegend();
}

void ParetoChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) placeLegend();
}

void ParetoChart::placeLegend()
{
    // Narrow for its text (projector sizes): the legend goes below the plot and the chart's text
    // is drawn at 70 %, which keeps axis numbers and device names from being cut to "...".
    const bool narrow = width() < fontMetrics().averageCharWidth() * 90;
    QChart* chart = m_view->chart();
    QFont text = font();
    if (narrow) text.setPointSizeF(text.pointSizeF() * 0.7);
    QFont bold = text;
    bold.setBold(true);
    chart->setTitleFont(text);
    chart->legend()->setFont(text);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(text);
        axis->setTitleFont(bold);
    }
    // A short chart cuts the rotated y title to "tokens/s ...": then it says only "per device".
    const QString yTitle = tr("tokens/s per device");
    const bool shortY = height() < QFontMetrics(bold).horizontalAdvance(yTitle) * 2;
    for (QAbstractAxis* axis : chart->axes(Qt::Vertical)) axis->setTitleText(shortY ? tr("per device") : yTitle);
    const Qt::Alignment side = narrow ? Qt::AlignBottom : Qt::AlignRight;
    if (chart->legend()->alignment() != side) chart->legend()->setAlignment(side);
}

int ParetoChart::seriesCount() const { return static_cast<int>(m_view->chart()->series().size()); }

void ParetoChart::setCurves(const std::vector<FrontierCurve>& curves)
{
    m_curves = curves;
    auto* chart = new QChart();
    chart->setTitle(tr("Throughput per device vs speed per user"));
    auto* x = new QValueAxis();
    x->setTitleText(tr("tokens/s per user"));
    x->setLabelFormat("%.0f");
    auto* y = new QValueAxis();
    y->setTitleText(tr("tokens/s per device"));
    y->setLabelFormat("%.0f");
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double maxX = 1.0, maxY = 1.0;
    const QList<QColor> colours{QColor(31, 119, 180), QColor(214, 39, 40), QColor(44, 160, 44), QColor(148, 103, 189)};
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const QColor colour = colours[static_cast<qsizetype>(i % 4)];
        auto* upper = new QLineSeries();
        auto* lower = new QLineSeries();
        auto* line = new QLineSeries();
        auto* dots = new QScatterSeries();
        for (const auto& p : curves[i].points) {
            upper->append(p.tokensPerSPerUser, p.tokensPerSPerDeviceHigh);
            lower->append(p.tokensPerSPerUser, p.tokensPerSPerDeviceLow);
            line->append(p.tokensPerSPerUser, p.tokensPerSPerDevice);
            dots->append(p.tokensPerSPerUser, p.tokensPerSPerDevice);
            maxX = std::max(maxX, p.tokensPerSPerUser);
            maxY = std::max(maxY, p.tokensPerSPerDeviceHigh);
        }
        auto* band = new QAreaSeries(upper, lower);
        QColor fill = colour;
        fill.setAlpha(50);
        band->setBrush(fill);
        band->setPen(QPen(Qt::NoPen));
        band->setName(QString::fromStdString(curves[i].label) + tr(" band"));
        line->setName(QString::fromStdString(curves[i].label));
        line->setPen(QPen(colour, 2));
        dots->setColor(colour);
        dots->setMarkerSize(7);
        for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{band, line, dots}) {
            chart->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        chart->legend()->markers(dots).first()->setVisible(false);
        chart->legend()->markers(band).first()->setVisible(false);
    }
    for (const auto& [axis, top] : {std::pair{x, maxX * 1.05}, std::pair{y, maxY * 1.05}}) {
        const NiceAxis nice = niceAxis(top);
        axis->setRange(0, nice.top);
        axis->setTickCount(nice.ticks);
    }
    chart->setMargins(QMargins(4, 4, 4, 4));
    QChart* old = m_view->chart();
    m_view->setChart(chart);
    delete old;
    placeLegend();
}

NiceAxis niceAxis(double maxValue)
{
    if (!(maxValue > 0.0) || !std::isfinite(maxValue)) return {};
    const double decade = std::pow(10.0, std::floor(std::log10(maxValue)));
    for (const double unit : {0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 2.5, 5.0}) {
        const double step = unit * decade;
        const double intervals = std::ceil(maxValue / step - 1e-9);
        if (intervals <= 6.0) return {intervals * step, static_cast<int>(intervals) + 1};
    }
    return {10.0 * decade, 3};
}

void fillCalibrationTable(QTableWidget& table, const std::vector<PlanRow>& rows, const EfficiencyTable& efficiencies)
{
    std::set<std::string> families;
    for (const auto& r : rows) {
        if (r.estimate && r.estimate->fits) families.insert(deviceFamily(*r.device));
        if (families.size() >= 4) break;
    }
    table.clear();
    table.setColumnCount(8);
    table.setHorizontalHeaderLabels({QObject::tr("family"), QObject::tr("system"), QObject::tr("n"), QObject::tr("scenario"),
                                     QObject::tr("measured tok/s"), QObject::tr("predicted tok/s"), QObject::tr("error %"),
                                     QObject::tr("source")});
    int row = 0;
    table.setRowCount(0);
    for (const auto& p : efficiencies.points) {
        if (!families.contains(p.family)) continue;
        table.insertRow(row);
        const QStringList cells{QString::fromStdString(p.family), QString::fromStdString(p.round + " " + p.submitter + ": " + p.system),
                                QString::number(p.count), QString::fromStdString(p.scenario),
                                QString::fromStdString(models::readableText(p.measuredTokensPerS)),
                                QString::fromStdString(models::readableText(p.predictedTokensPerS)),
                                QString::fromStdString(models::decimalText(p.errorPct, 1)), QString::fromStdString(p.source)};
        for (int c = 0; c < cells.size(); ++c) table.setItem(row, c, new QTableWidgetItem(cells[c]));
        ++row;
    }
    table.horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

} // namespace accelscope::gui::serving
