// SPDX-License-Identifier: MIT
// RingView: the ring all-reduce step controls and figure.
#include "app/gui/interconnects/ring_view.hpp"

#include "app/gui/layout/figure_view.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "models/system/fabric/ring_allreduce.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cassert>

namespace accelscope::gui {

namespace {
/// The buffer the figure's byte counts are of: `fabric ring`'s default --bytes.
constexpr double ringBufferBytes = 1024.0 * 1024 * 1024;
} // namespace

RingView::RingView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QWidget(this);
    auto* flow = new FlowLayout(controls);
    auto labelled = [&](const QString& text, QWidget* widget) {
        auto* box = new QWidget(controls);
        auto* row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 12, 0);
        auto* label = new QLabel(text, box);
        label->setBuddy(widget);
        row->addWidget(label);
        row->addWidget(widget);
        flow->addWidget(box);
    };
    m_ranks = new QSpinBox(this);
    m_ranks->setObjectName("ringRanks");
    m_ranks->setRange(2, models::system::ringFigureMaxRanks);
    m_ranks->setValue(4);
    m_ranks->setToolTip(tr("Ranks on the ring (2 to %1): the buffer is cut into as many chunks").arg(models::system::ringFigureMaxRanks));
    m_step = new QSpinBox(this);
    m_step->setObjectName("ringStep");
    m_step->setRange(0, 6);
    m_step->setToolTip(tr("0: before the first step; 1 to N-1: reduce-scatter; N to 2(N-1): all-gather"));
    labelled(tr("&Ranks"), m_ranks);
    labelled(tr("S&tep"), m_step);
    m_back = new QPushButton(tr("◀ Back"), this);
    m_back->setToolTip(tr("One step back (Left arrow in presenter mode)"));
    m_play = new QPushButton(tr("Play"), this);
    m_play->setObjectName("ringPlay");
    m_play->setToolTip(tr("Play the steps one a second, or pause (Space in presenter mode)"));
    m_forward = new QPushButton(tr("Step ▶"), this);
    m_forward->setToolTip(tr("One step forward (Right arrow in presenter mode)"));
    for (QPushButton* b : {m_back, m_play, m_forward}) flow->addWidget(b);
    layout->addWidget(controls);
    m_view = new FigureView(this);
    m_view->setObjectName("ringFigure");
    layout->addWidget(m_view);
    layout->addStretch();

    m_timer = new QTimer(this);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &RingView::advance);
    connect(m_ranks, &QSpinBox::valueChanged, this, [this](int n) {
        m_step->setMaximum(2 * (n - 1));
        redraw();
    });
    connect(m_step, &QSpinBox::valueChanged, this, &RingView::redraw);
    connect(m_back, &QPushButton::clicked, this, [this] { stepBy(-1); });
    connect(m_forward, &QPushButton::clicked, this, [this] { stepBy(1); });
    connect(m_play, &QPushButton::clicked, this, &RingView::togglePlay);
    redraw();
}

int RingView::step() const { return m_step->value(); }
int RingView::steps() const { return 2 * (m_ranks->value() - 1); }
int RingView::ranks() const { return m_ranks->value(); }
bool RingView::playing() const { return m_timer->isActive(); }

void RingView::stepBy(int direction)
{
    m_timer->stop();
    m_play->setText(tr("Play"));
    m_step->setValue(std::clamp(step() + (direction > 0 ? 1 : -1), 0, steps()));
}

bool RingView::togglePlay()
{
    if (playing()) {
        m_timer->stop();
        m_play->setText(tr("Play"));
        return false;
    }
    if (step() == steps()) m_step->setValue(0);
    m_timer->start();
    m_play->setText(tr("Pause"));
    return true;
}

void RingView::advance()
{
    if (step() >= steps()) {
        m_timer->stop();
        m_play->setText(tr("Play"));
        return;
    }
    m_step->setValue(step() + 1);
}

models::figure::Figure RingView::figure(bool dark) const
{
    const auto state = models::system::ringAllReduceState(ranks(), step());
    assert(state); // the spin boxes keep ranks and step in range
    return models::system::ringAllReduceFigure(*state, ringBufferBytes, dark);
}

void RingView::setDark(bool dark)
{
    m_dark = dark;
    redraw();
}

QString RingView::command() const
{
    return QStringLiteral("accelscope-cli fabric ring --ranks %1 --step %2 --svg ring.svg").arg(ranks()).arg(step());
}

QString RingView::stepText() const
{
    const int n = ranks();
    const QString phase = step() == 0 ? tr("before the first step") : step() < n ? tr("reduce-scatter") : tr("all-gather");
    return tr("Ring all-reduce of %1 ranks: step %2 of %3 (%4)").arg(n).arg(step()).arg(steps()).arg(phase);
}

void RingView::redraw()
{
    m_back->setEnabled(step() > 0);
    m_forward->setEnabled(step() < steps());
    m_view->setFigure(figure(m_dark));
    emit changed();
}

} // namespace accelscope::gui
