// SPDX-License-Identifier: MIT
// Runs one lab on a worker thread and reports back on the GUI thread: progress, each series as
// it grows, and the outcome. Cancel stops it at the lab's next check; destroying the runner
// cancels and waits, so no run outlives the page.
#pragma once

#include "labs/lab.hpp"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace accelscope::gui {

class LabRunner : public QObject {
    Q_OBJECT
public:
    explicit LabRunner(QObject* parent = nullptr);
    ~LabRunner() override;

    /// Starts `lab` with `config` (its callbacks and cancel flag are replaced). False when a run is
    /// already going.
    bool start(labs::Lab& lab, labs::RunConfig config);
    void cancel();
    bool running() const { return m_running; }

    /// Called on this object's thread. (Plain callbacks, not signals: Qt's meta-types would ask
    /// for operator== on the result types.)
    std::function<void(const labs::Series& series)> onSeriesUpdated;
    /// Exactly one call per start(): the record, or the error (Cancelled after cancel()).
    std::function<void(const models::Result<labs::LabResult>& result)> onFinished;

signals:
    void progress(double fraction, const QString& what);

private:
    void join();
    std::thread m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace accelscope::gui
