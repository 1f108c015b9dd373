// SPDX-License-Identifier: MIT
// The Labs page: the labs of this build (and why a GPU lab cannot run here), a parameter form,
// Run with progress and Cancel, a chart that fills in while the lab measures, and the history of
// stored results (local and imported) to show, compare, import, export and delete.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/memory/measured_pyramid.hpp"
#include "app/gui/roofline/measured_roofline.hpp"
#include "labs/lab_registry.hpp"

#include <QWidget>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace accelscope::gui {

class LabChart;
class LabRunner;

class LabsPage : public QWidget {
    Q_OBJECT
public:
    explicit LabsPage(AppContext& context, QWidget* parent = nullptr);
    ~LabsPage() override;

    /// Selects the lab with this id in the list; false when there is none.
    bool selectLab(const QString& id);
    QString currentLabId() const;
    /// Sets a parameter's field (clamped by the field to its range); false when unknown.
    bool setParameter(const QString& name, double value);
    void setQuick(bool quick);
    bool running() const;
    /// Ids of the stored results selected in the history, in table order.
    std::vector<std::int64_t> selectedResultIds() const;
    /// Selects these stored results (and shows them).
    void selectResults(const std::vector<std::int64_t>& ids);

    /// Set by the main window: place measured results on the Roofline / Memory pyramid pages.
    /// The buttons are enabled only when these are set and the selection has such results.
    std::function<void(const MeasuredRoofline&)> showOnRoofline;
    std::function<void(const MeasuredPyramid&)> showOnPyramid;
    QPushButton* rooflineButton() const { return m_toRoofline; }
    QPushButton* pyramidButton() const { return m_toPyramid; }

    LabChart* chart() const { return m_chart; }
    QTableWidget* history() const { return m_history; }
    QTableWidget* summary() const { return m_summary; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QListWidget* labList() const { return m_labs; }

public slots:
    void runSelected();
    void cancelRun();
    /// Imports a result file into the user database (a dialog when `file` is empty).
    bool importResult(const QString& file = {});
    /// Writes the selected stored result as JSON (a dialog when `file` is empty).
    bool exportSelected(const QString& file = {});
    /// Deletes the selected stored results; asks first unless `confirm` is false.
    int deleteSelected(bool confirm = true);
    /// Saves the chart as PNG at twice the screen resolution (a dialog when `file` is empty).
    bool exportChartPng(const QString& file = {});
    void refreshHistory();

signals:
    void statusMessage(const QString& message);
    /// A run finished and was stored (or failed: id is empty).
    void runFinished(std::optional<std::int64_t> id);

private:
    void buildForm();
    void showSelection();
    void setRunning(bool running);
    void setStatus(const QString& text, bool error = false);
    void finishRun(const models::Result<labs::LabResult>& result);
    QString unavailableReason(const labs::LabDescription& description) const;

    AppContext& m_context;
    labs::LabRegistry m_registry;
    std::unique_ptr<LabRunner> m_runner; ///< after m_registry: destroyed (and joined) first
    QString m_cudaReason;                ///< empty when GPU labs can run
    std::map<std::string, QWidget*> m_fields;

    QListWidget* m_labs = nullptr;
    QLabel* m_teaches = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formHost = nullptr;
    QCheckBox* m_quick = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_defaults = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    LabChart* m_chart = nullptr;
    QTableWidget* m_summary = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QTableWidget* m_history = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_delete = nullptr;
    QPushButton* m_savePng = nullptr;
    QPushButton* m_toRoofline = nullptr;
    QPushButton* m_toPyramid = nullptr;
    std::optional<MeasuredRoofline> m_measuredRoofline; ///< of the selected results
    std::optional<MeasuredPyramid> m_measuredPyramid;
};

} // namespace accelscope::gui
