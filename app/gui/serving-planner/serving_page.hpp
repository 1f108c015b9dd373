// SPDX-License-Identifier: MIT
// The Serving planner page: a model and formats in, devices × count × layout ranked by $/M tokens,
// devices or power, each row with its bound; the Pareto chart with its band; the calibration rows;
// a purchase memo (Markdown) in which every number carries its source or formula.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/page.hpp"
#include "models/serving/serving_plan.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QTimer;

namespace accelscope::gui {

namespace serving {
class ParetoChart;
class PricesBox;
class SizingView;
}

class ServingPage : public QWidget, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    explicit ServingPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: the keys of its contract (labs/guided/pages/serving-planner.cpp); the state adds
    // top_device and top_count (the first layout of the plan that fits).
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the Pareto chart of the plan shown
    std::expected<models::figure::Figure, QString> figure(bool dark) override;

    /// Runs the planner now on the current settings (the page also runs it shortly after a change).
    void replan();
    const std::vector<models::serving::PlanRow>& rows() const { return m_rows; }
    QTableWidget* table() const { return m_table; }
    QTableWidget* calibrationTable() const { return m_calibration; }
    serving::ParetoChart* chart() const { return m_chart; }
    serving::PricesBox* prices() const { return m_prices; }
    serving::SizingView* sizing() const { return m_sizing; }
    /// The purchase memo of the current plan (models::serving::purchaseMemo).
    std::string memo() const;

public slots:
    /// Writes the memo to `file` (asks for a file when empty). False when nothing was written.
    bool exportMemo(const QString& file = {});

signals:
    void statusMessage(const QString& message);

protected:
    /// The first plan runs when the page is first shown, not when the window builds it in the
    /// background (a plan blocks the GUI thread for a moment; other pages animate meanwhile).
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    void buildControls();
    /// The controls get the height they need, at most two fifths, unless the user dragged the divider.
    void fitControls();
    void fitDeviceColumn();
    void placeRankedTable();
    void scheduleReplan();
    void fillTable();
    models::Result<models::serving::ServingRequest> request() const;

    AppContext& m_context;
    std::vector<models::serving::PlanRow> m_rows;
    models::serving::EfficiencyTable m_efficiencies;
    QComboBox* m_model = nullptr;
    QComboBox* m_weights = nullptr;
    QComboBox* m_kv = nullptr;
    QSpinBox* m_input = nullptr;
    QSpinBox* m_output = nullptr;
    QComboBox* m_scenario = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QComboBox* m_rank = nullptr;
    QCheckBox* m_allKinds = nullptr;
    QPushButton* m_export = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QTableWidget* m_calibration = nullptr;
    serving::ParetoChart* m_chart = nullptr;
    serving::SizingView* m_sizing = nullptr; ///< the step model sized to a load (serve size)
    serving::PricesBox* m_prices = nullptr; ///< your $/device-hour and $/kWh (user database)
    QTimer* m_timer = nullptr;
    QScrollArea* m_controlsArea = nullptr;
    QSplitter* m_split = nullptr;
    QTabWidget* m_tabs = nullptr; ///< the chart and calibration rows; at projector sizes the plan table too
    bool m_splitDragged = false;
    bool m_planned = false;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("serving-planner")};
};

} // namespace accelscope::gui
