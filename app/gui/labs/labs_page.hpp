// SPDX-License-Identifier: MIT
// The Labs page: the labs of this build (LabForm), Run with progress and Cancel, a chart that fills
// in while the lab measures (LabResultView), and the history of stored results (LabHistoryModel)
// to show, compare, import, export, delete and send to the Roofline and Memory pyramid pages.
#pragma once

#include "app/gui/page.hpp"
#include "labs/lab.hpp"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QListWidget;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QTableView;
class QTableWidget;

namespace accelscope::gui {

class LabChart;
class LabForm;
class LabHistoryModel;
class LabPanels;
class LabResultView;
class LabRunner;

class LabsPage : public QWidget, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    /// Uses the context's lab registry and user database; "Show on roofline / pyramid" open those
    /// pages through the navigator with `measured` = the stored result ids.
    LabsPage(const PageServices& services, QWidget* parent = nullptr);
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

    /// LessonTarget: "lab" = a lab id selects that lab, "parameters" = NAME=NUMBER pairs set its fields; the state is
    /// the selected lab's id and its parameters.
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the shown result's chart
    std::expected<models::figure::Figure, QString> figure(bool dark) override;

    QPushButton* rooflineButton() const { return m_toRoofline; }
    QPushButton* pyramidButton() const { return m_toPyramid; }
    LabChart* chart() const;
    LabHistoryModel* history() const { return m_history; }
    QTableView* historyView() const { return m_historyView; }
    QTableWidget* summary() const;
    QProgressBar* progressBar() const;
    QPushButton* runButton() const;
    QPushButton* cancelButton() const;
    QLabel* statusLabel() const;
    QListWidget* labList() const;
    /// The form and details toggles above the chart; both panels step aside by themselves when
    /// the page is too small for them and a readable chart (projector text sizes).
    LabPanels* panels() const { return m_panels; }

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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    QScrollArea* m_formScroll = nullptr;
    LabPanels* m_panels = nullptr;
    void fitToText();
    QWidget* buildHistoryTab();
    void showSelection();
    void setStatus(const QString& text, bool error = false);
    void finishRun(const models::Result<labs::LabResult>& result);
    void openMeasured(const std::string& page, const std::vector<std::int64_t>& ids);

    AppContext& m_context;
    PageNavigator& m_navigator;
    std::unique_ptr<LabRunner> m_runner;
    QString m_runTitle; // the running lab's title, for the chart's title when it ends
    LabForm* m_form = nullptr;
    LabResultView* m_view = nullptr;
    LabHistoryModel* m_history = nullptr;
    QTableView* m_historyView = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_delete = nullptr;
    QPushButton* m_savePng = nullptr;
    QPushButton* m_toRoofline = nullptr;
    QPushButton* m_toPyramid = nullptr;
    std::vector<std::int64_t> m_rooflineIds; ///< selected results that have a measured roofline
    std::vector<std::int64_t> m_pyramidIds;  ///< selected results that measure pyramid levels
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("labs")};
};

} // namespace accelscope::gui
