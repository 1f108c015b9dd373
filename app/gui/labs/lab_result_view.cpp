// SPDX-License-Identifier: MIT
// LabResultView: chart, figures and notes of the selected lab results.
#include "app/gui/labs/lab_result_view.hpp"

#include "app/gui/labs/lab_chart.hpp"
#include "labs/lab_result_json.hpp"

#include <QHeaderView>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QTabWidget>
#include <QTableWidget>

#include <algorithm>
#include <string>

namespace accelscope::gui {
namespace {

QString number(double value) { return QString::number(value, 'g', 4); }

} // namespace

LabResultView::LabResultView(QWidget* parent) : QSplitter(Qt::Vertical, parent)
{
    m_chart = new LabChart;
    m_summary = new QTableWidget(0, 0);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->verticalHeader()->hide();
    m_notes = new QPlainTextEdit;
    m_notes->setReadOnly(true);
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_summary, tr("Figures"));
    m_tabs->addTab(m_notes, tr("How it was measured"));
    addWidget(m_chart);
    addWidget(m_tabs);
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

void LabResultView::clear(const QString& message)
{
    m_chart->clear(message);
    m_summary->setRowCount(0);
    m_notes->clear();
}

void LabResultView::showResults(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids)
{
    if (results.empty()) return;
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
    if (!series.empty() && series.front().xUnit == "KiB") markCaches(results[0]);
    showFigures(results, ids);
    showNotes(results, ids);
}

// On a working-set axis, marks the data caches of the machine that made the (first) result.
void LabResultView::markCaches(const labs::LabResult& result)
{
    if (!result.machine.is_object() || !result.machine.contains("caches")) return;
    std::vector<std::pair<double, QString>> markers;
    for (const auto& c : result.machine["caches"]) {
        if (c.value("type", std::string()) == "instruction") continue;
        const double kib = c.value("size_bytes", 0.0) / 1024.0;
        if (kib <= 0) continue;
        markers.emplace_back(kib, QStringLiteral("L%1 %2 KiB").arg(c.value("level", 0)).arg(kib));
    }
    m_chart->setMarkers(std::move(markers));
}

// One column per result; rows are the union of their figures.
void LabResultView::showFigures(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids)
{
    std::vector<std::string> keys;
    for (const auto& r : results) {
        for (const auto& f : r.summary) {
            if (std::ranges::find(keys, f.key) == keys.end()) keys.push_back(f.key);
        }
    }
    QStringList headers{tr("Figure"), tr("Unit")};
    for (const auto id : ids) headers << QStringLiteral("#%1").arg(id);
    headers << tr("Note");
    const int noteColumn = static_cast<int>(headers.size()) - 1;
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
            if (!m_summary->item(r, noteColumn)) m_summary->setItem(r, noteColumn, new QTableWidgetItem(QString::fromStdString(it->note)));
        }
    }
    m_summary->resizeColumnsToContents();
}

// Machine, parameters and notes of each result.
void LabResultView::showNotes(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids)
{
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

bool LabResultView::saveChartPng(const QString& path, const QColor& background) const
{
    QPixmap pixmap(m_chart->size() * 2);
    pixmap.setDevicePixelRatio(2.0);
    pixmap.fill(background);
    static_cast<QWidget*>(m_chart)->render(&pixmap); // QWidget::render, not QGraphicsView::render
    QSaveFile out(path); // the file appears whole or not at all
    return out.open(QIODevice::WriteOnly) && pixmap.save(&out, "PNG") && out.commit();
}

} // namespace accelscope::gui
