// SPDX-License-Identifier: MIT
#include "app/gui/training-step/run_budget_panel.hpp"

#include "models/common/number_text.hpp"
#include "models/serving/serving_plan.hpp"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace accelscope::gui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString layoutName(const models::system::TrainingStepEstimate& e)
{
    const auto& l = e.spec.parallel;
    return QObject::tr("TP %1 CP %2 PP %3 x %4 DP %5").arg(l.tp).arg(l.cp).arg(l.pp).arg(e.spec.virtualStages).arg(l.dp);
}

} // namespace

RunBudgetPanel::RunBudgetPanel(QWidget* parent) : QWidget(parent)
{
    qRegisterMetaType<models::system::DeadlineResult>();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    m_tokens = new QDoubleSpinBox(this);
    m_tokens->setRange(0.001, 1e7);
    m_tokens->setDecimals(3);
    m_tokens->setValue(1000);
    m_tokens->setSuffix(tr(" B"));
    m_tokens->setGroupSeparatorShown(true);
    m_tokens->setToolTip(tr("Tokens to train, in billions (1,000 B = 1T)"));
    m_days = new QDoubleSpinBox(this);
    m_days->setRange(0.1, 3650);
    m_days->setDecimals(1);
    m_days->setValue(30);
    m_days->setToolTip(tr("The deadline the fewest-devices search aims for"));
    form->addRow(tr("Tokens"), m_tokens);
    form->addRow(tr("Deadline, days"), m_days);
    row->addLayout(form);
    m_search = new QPushButton(tr("Fewest devices for the deadline"), this);
    m_search->setToolTip(tr("The fewest devices (whole nodes) whose best layout trains these tokens by the deadline (train plan --tokens --days); "
                            "runs in the background, click again to stop"));
    row->addWidget(m_search);
    row->addStretch();
    layout->addLayout(row);
    for (QLabel** label : {&m_run, &m_deadline}) {
        *label = new QLabel(this);
        (*label)->setWordWrap(true);
        (*label)->setTextFormat(Qt::PlainText);
        (*label)->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(*label);
    }
    connect(m_tokens, &QDoubleSpinBox::valueChanged, this, [this] { setEstimate(m_estimate, m_device); });
    connect(m_search, &QPushButton::clicked, this, &RunBudgetPanel::startOrStop);
}

RunBudgetPanel::~RunBudgetPanel()
{
    if (m_cancel) m_cancel->store(true);
    join();
}

void RunBudgetPanel::join()
{
    if (m_thread.joinable()) m_thread.join();
}

double RunBudgetPanel::tokens() const { return m_tokens->value() * 1e9; }
double RunBudgetPanel::days() const { return m_days->value(); }
void RunBudgetPanel::setTokens(double tokens) { m_tokens->setValue(tokens / 1e9); }
void RunBudgetPanel::setDays(double days) { m_days->setValue(days); }

void RunBudgetPanel::setEstimate(const std::optional<models::system::TrainingStepEstimate>& estimate, const models::catalog::Device* device)
{
    m_estimate = estimate;
    m_device = device;
    if (!estimate || device == nullptr || !estimate->fits) {
        m_run->setText(tr("The run: no layout that fits is shown"));
        return;
    }
    m_run->setText(tr("This layout trains %1").arg(q(models::system::runCostText(trainingRunCost(*estimate, *device, tokens())))));
}

std::optional<models::system::DeadlineResult> RunBudgetPanel::searchNow()
{
    const auto in = inputs ? inputs() : std::nullopt;
    if (!in) return std::nullopt;
    auto r = devicesForDeadline(in->model, in->device, in->catalog, in->search, tokens(), days(), models::serving::constants::maxDevices);
    if (!r) {
        finished({}, q(r.error().message));
        return std::nullopt;
    }
    finished(*r, {});
    return *r;
}

void RunBudgetPanel::startOrStop()
{
    if (m_cancel) { // running: stop
        m_cancel->store(true);
        m_search->setEnabled(false);
        return;
    }
    join();
    auto in = inputs ? inputs() : std::nullopt;
    if (!in) return;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_search->setText(tr("Stop the search"));
    m_deadline->setText(tr("Searching device counts for %1 within %2 days…").arg(q(models::system::tokensText(tokens())), q(models::readableText(days()))));
    QPointer<RunBudgetPanel> self(this);
    m_thread = std::thread([self, in = std::move(*in), cancel = m_cancel, tokens = tokens(), days = days()] {
        auto r = devicesForDeadline(in.model, in.device, in.catalog, in.search, tokens, days, models::serving::constants::maxDevices, cancel.get());
        models::system::DeadlineResult result = r ? *r : models::system::DeadlineResult{};
        const QString error = r ? QString() : QString::fromStdString(r.error().message);
        const bool stopped = cancel->load();
        QMetaObject::invokeMethod(self, [self, result, error, stopped] {
            if (!self) return;
            self->m_cancel.reset();
            self->m_search->setEnabled(true);
            self->m_search->setText(tr("Fewest devices for the deadline"));
            if (stopped) {
                self->m_deadline->setText(tr("Search stopped"));
                return;
            }
            self->finished(result, error);
        }, Qt::QueuedConnection);
    });
}

void RunBudgetPanel::finished(const models::system::DeadlineResult& r, const QString& error)
{
    if (!error.isEmpty()) {
        m_deadline->setText(error);
        emit statusMessage(error);
        return;
    }
    QString tried;
    for (const auto& t : r.tried) {
        tried += (tried.isEmpty() ? "" : ", ") + QString::number(t.devices) + ": " +
                 (t.days ? q(models::readableText(*t.days, 3)) + tr(" days") : tr("no layout fits"));
    }
    if (r.devices == 0 || !r.best || !r.cost) {
        m_deadline->setText(tr("No count up to 65,536 devices meets %1 days (tried %2); a larger global batch leaves more layouts at large counts")
                                .arg(q(models::readableText(days())), tried));
        return;
    }
    m_deadline->setText(tr("Fewest: %1 devices, %2: %3 (tried %4)")
                            .arg(r.devices)
                            .arg(layoutName(*r.best), q(models::system::runCostText(*r.cost)), tried));
    emit deadlineFound(r);
}

} // namespace accelscope::gui
