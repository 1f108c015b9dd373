// SPDX-License-Identifier: MIT
// The right of the Labs page: the chart of one result (or several compared), the figures table
// and how each was measured, in tabs below the chart.
#pragma once

#include "labs/lab.hpp"

#include <QSplitter>

#include <cstdint>
#include <vector>

class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

namespace accelscope::gui {

class LabChart;

class LabResultView : public QSplitter {
    Q_OBJECT
public:
    explicit LabResultView(QWidget* parent = nullptr);

    /// Shows these stored results (ids in the same order): one result's curves, or every
    /// result's curves named by id; their figures side by side; their machines and notes.
    void showResults(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids);
    /// Empties the chart (showing `message`), the figures and the notes.
    void clear(const QString& message);
    /// Saves the chart as PNG at twice the screen resolution; false when it cannot be written.
    bool saveChartPng(const QString& path, const QColor& background) const;

    LabChart* chart() const { return m_chart; }
    QTableWidget* summary() const { return m_summary; }
    /// The tabs below the chart (Figures, How it was measured); the page adds its History tab.
    QTabWidget* tabs() const { return m_tabs; }

private:
    void showFigures(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids);
    void showNotes(const std::vector<labs::LabResult>& results, const std::vector<std::int64_t>& ids);
    void markCaches(const labs::LabResult& result);

    LabChart* m_chart = nullptr;
    QTableWidget* m_summary = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QTabWidget* m_tabs = nullptr;
};

} // namespace accelscope::gui
