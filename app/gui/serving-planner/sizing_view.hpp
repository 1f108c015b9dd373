// SPDX-License-Identifier: MIT
// The Serving planner's "Size to a load" tab: a load (concurrent users, requests/s or tokens/day) and a latency
// objective in, per accelerator the devices, layout, monthly cost, capex and kW out, on the step model
// (models/system/step/serving_sizing; the same numbers as `accelscope-cli serve size`), with each sized layout's
// throughput-interactivity curve.
#pragma once

#include "app/gui/app_context.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QSplitter;
class QTimer;

namespace accelscope::gui::serving {

class ParetoChart;

/// What the page's controls say: the model and the request shape.
struct SizingInputs {
    std::string model;
    std::string weights{models::system::workloadDefaults.servingFormat};
    std::string kv{models::system::workloadDefaults.servingFormat};
    double inputTokens = models::system::workloadDefaults.promptTokens;
    double outputTokens = models::system::workloadDefaults.outputTokens;
};

class SizingView : public QWidget {
    Q_OBJECT
public:
    SizingView(AppContext& context, QWidget* parent = nullptr);
    /// New page inputs: sized again once shown (debounced).
    void setInputs(const SizingInputs& inputs);
    /// Sizes now with the inputs and controls shown.
    void size();
    /// Sizes again once shown (your prices changed).
    void refresh();
    const std::vector<models::system::SizedDeployment>& rows() const { return m_rows; }
    QTableWidget* table() const { return m_table; }
    ParetoChart* chart() const { return m_chart; }
    /// The `accelscope-cli serve size` command that prints these rows.
    QString command() const;
    /// Sets the load ("users", "requests/s", "tokens/day") and its value; the objective (TTFT s, TPOT ms); devices.
    void setLoad(const QString& kind, double value);
    void setObjective(double ttftS, double tpotMs);
    void setDevices(const QString& ids);
    /// The memo of the rows shown (Markdown), dated today.
    std::string memo() const;
    /// Writes the memo to `file`: PDF when it ends in .pdf, else Markdown; asks for a file when empty. False on failure
    /// (said in the status line, and in a box when the user chose the file).
    bool exportMemo(const QString& file = {});

signals:
    void statusMessage(const QString& message);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void schedule();
    void fill();
    models::system::SizingRequest m_request; ///< what the rows answer
    AppContext& m_context;
    SizingInputs m_inputs;
    std::vector<models::system::SizedDeployment> m_rows;
    QComboBox* m_kind = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QLineEdit* m_devices = nullptr;
    QPushButton* m_export = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    ParetoChart* m_chart = nullptr;
    QTimer* m_timer = nullptr;
    QSplitter* m_split = nullptr;
    bool m_splitPlaced = false;
    bool m_stale = true;
};

} // namespace accelscope::gui::serving
