// SPDX-License-Identifier: MIT
#include "app/gui/labs/lab_runner.hpp"

#include <QMetaObject>
#include <QPointer>

namespace accelscope::gui {

LabRunner::LabRunner(QObject* parent) : QObject(parent) {}

LabRunner::~LabRunner()
{
    cancel();
    join();
}

void LabRunner::join()
{
    if (m_thread.joinable()) m_thread.join();
}

bool LabRunner::start(labs::Lab& lab, labs::RunConfig config)
{
    if (m_running) return false;
    join(); // the previous worker has already posted its result
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    config.cancel = m_cancel.get();
    // Callbacks run on the worker; each posts to this object's thread. QPointer drops posts that
    // arrive after the runner is gone (the destructor joins first, so none should).
    QPointer<LabRunner> self(this);
    config.progress = [self](double fraction, const std::string& what) {
        QMetaObject::invokeMethod(self, [self, fraction, text = QString::fromStdString(what)] {
            if (self) emit self->progress(fraction, text);
        }, Qt::QueuedConnection);
    };
    config.seriesUpdated = [self](const labs::Series& series) {
        QMetaObject::invokeMethod(self, [self, series] {
            if (self && self->onSeriesUpdated) self->onSeriesUpdated(series);
        }, Qt::QueuedConnection);
    };
    auto cancelFlag = m_cancel; // kept alive by the worker
    m_thread = std::thread([self, &lab, config = std::move(config), cancelFlag] {
        auto result = lab.run(config);
        QMetaObject::invokeMethod(self, [self, result = std::move(result)] {
            if (!self) return;
            self->m_running = false;
            if (self->onFinished) self->onFinished(result);
        }, Qt::QueuedConnection);
    });
    return true;
}

void LabRunner::cancel()
{
    if (m_cancel) m_cancel->store(true);
}

} // namespace accelscope::gui
