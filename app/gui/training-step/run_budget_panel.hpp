// SPDX-License-Identifier: MIT
// The Training step page's run: tokens to train and a deadline in; the shown layout's days, device-hours, cost and
// energy, and (on request, in the background, cancellable) the fewest devices that meet the deadline — the numbers of
// `accelscope-cli train plan --tokens N [--days D]`.
#pragma once

#include "models/system/step/training_budget.hpp"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace accelscope::gui {

/// What the deadline search needs from the page, copied for the worker.
struct DeadlineInputs {
    models::roofline::TransformerConfig model;
    models::catalog::Device device;
    std::vector<models::catalog::Device> catalog;
    models::system::TrainingSearch search;
};

class RunBudgetPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunBudgetPanel(QWidget* parent = nullptr);
    ~RunBudgetPanel() override;
    /// The layout shown (nothing: none runs): its run's figures.
    void setEstimate(const std::optional<models::system::TrainingStepEstimate>& estimate, const models::catalog::Device* device);
    /// Where the deadline search takes its inputs when asked.
    std::function<std::optional<DeadlineInputs>()> inputs;
    double tokens() const;
    double days() const;
    void setTokens(double tokens);
    void setDays(double days);
    /// Runs the deadline search now, on this thread (tests; the button runs it in the background).
    std::optional<models::system::DeadlineResult> searchNow();
    QLabel* runLabel() const { return m_run; }
    QLabel* deadlineLabel() const { return m_deadline; }
    QPushButton* searchButton() const { return m_search; }

signals:
    /// The deadline search found a count: the page shows that many devices in the found layout.
    void deadlineFound(const models::system::DeadlineResult& result);
    void statusMessage(const QString& message);

private:
    void startOrStop();
    void finished(const models::system::DeadlineResult& result, const QString& error);
    void join();
    QDoubleSpinBox* m_tokens = nullptr; ///< billions
    QDoubleSpinBox* m_days = nullptr;
    QPushButton* m_search = nullptr;
    QLabel* m_run = nullptr;
    QLabel* m_deadline = nullptr;
    std::optional<models::system::TrainingStepEstimate> m_estimate;
    const models::catalog::Device* m_device = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::thread m_thread;
};

} // namespace accelscope::gui

Q_DECLARE_METATYPE(accelscope::models::system::DeadlineResult)
