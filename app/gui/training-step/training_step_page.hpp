// SPDX-License-Identifier: MIT
// The Training step page: one layout of a training run on the step model — where the step's time goes, each operator
// at its kernel efficiency, the collectives' exposed time, MFU and memory — and the best layouts of N devices.
// Everything shown is `accelscope-cli train estimate` / `train plan` (the status line gives the command).
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/page.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/guided/settings_binding.hpp"
#include "models/system/step/training_search.hpp"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QSplitter;
class QTimer;

namespace accelscope::gui {

class FigureView;
class RunBudgetPanel;

class TrainingStepPage : public QWidget, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    explicit TrainingStepPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: the keys of labs/guided/pages/training-step.cpp; the state adds step_s, mfu, bubble_share,
    // tp_share and fits of the layout shown (after the page evaluated it).
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the step figure of the layout shown (the one `train estimate --svg` writes).
    std::expected<models::figure::Figure, QString> figure(bool dark) override;

    /// Evaluates the layout in the controls now (the page also does it shortly after a change).
    void evaluate();
    /// Runs the layout search over the devices and fills the table (best first).
    void findBest();
    /// The estimate shown, if the layout runs.
    const std::optional<models::system::TrainingStepEstimate>& estimate() const { return m_estimate; }
    QTableWidget* table() const { return m_table; }
    FigureView* view() const { return m_view; }
    RunBudgetPanel* budget() const { return m_budget; }
    /// The command line that prints what the page shows.
    QString command() const;

signals:
    void statusMessage(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildControls();
    void bindSettings();
    void scheduleEvaluate();
    void applyRow(int row);
    models::Result<models::system::Fabric> fabric(const models::catalog::Device& device, int devices) const;
    const models::catalog::Device* device() const;

    AppContext& m_context;
    QComboBox* m_model = nullptr;
    QComboBox* m_device = nullptr;
    QSpinBox* m_devices = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QSpinBox* m_sequence = nullptr;
    QComboBox* m_precision = nullptr;
    QSpinBox* m_tp = nullptr;
    QSpinBox* m_pp = nullptr;
    QSpinBox* m_vp = nullptr;
    QSpinBox* m_cp = nullptr;
    QSpinBox* m_ep = nullptr;
    QSpinBox* m_zero = nullptr;
    QComboBox* m_recompute = nullptr;
    QSpinBox* m_microBatch = nullptr;
    QLabel* m_dp = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_command = nullptr;
    QPushButton* m_find = nullptr;
    QTableWidget* m_table = nullptr;
    FigureView* m_view = nullptr;
    QTimer* m_timer = nullptr;
    QSplitter* m_split = nullptr;
    bool m_splitPlaced = false; ///< the user dragged the splitter: keep their sizes
    std::optional<models::system::TrainingStepEstimate> m_estimate;
    std::vector<models::system::TrainingStepEstimate> m_best;
    RunBudgetPanel* m_budget = nullptr; ///< tokens and a deadline: the run's time, cost and energy; the fewest devices
    std::string m_modelName;
    std::string m_deviceName;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("training-step")};
};

} // namespace accelscope::gui
