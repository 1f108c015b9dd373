// SPDX-License-Identifier: MIT
// The Serving planner's Pareto chart (tokens/s per device vs per user, with the calibration band) and
// the table of calibration points the shown estimates rest on.
#pragma once

#include "models/serving/pareto_figure.hpp"
#include "models/serving/serving_plan.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QChartView;
class QTableWidget;

namespace accelscope::gui::serving {

// The frontiers are the model's (models/serving/pareto_figure), as the page's figure draws them.
using models::serving::FrontierCurve;
using models::serving::frontierCurves;

/// Draws frontier curves with their bands into a Qt chart view.
class ParetoChart : public QWidget {
    Q_OBJECT
public:
    explicit ParetoChart(QWidget* parent = nullptr);
    void setCurves(const std::vector<FrontierCurve>& curves);
    /// The curves last set (the figure export draws them again).
    const std::vector<FrontierCurve>& curves() const { return m_curves; }
    QChartView* view() const { return m_view; }
    int seriesCount() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// The legend beside the plot, or below it when the chart is narrow for its text (projectors).
    void placeLegend();
    QChartView* m_view = nullptr;
    std::vector<FrontierCurve> m_curves;
};

/// Fills `table` with the calibration rows of the families of `rows`' devices: device, count,
/// scenario, measured and predicted tokens/s, error %, source.
/// An axis from 0 that ends on a round number: the top is the smallest 1, 2, 2.5 or 5 × 10^k step
/// multiple ≥ `maxValue` with at most 6 intervals; {top, tick count including 0}.
struct NiceAxis {
    double top = 1.0;
    int ticks = 2;
};
NiceAxis niceAxis(double maxValue);

void fillCalibrationTable(QTableWidget& table, const std::vector<models::serving::PlanRow>& rows,
                          const models::serving::EfficiencyTable& efficiencies);

} // namespace accelscope::gui::serving
