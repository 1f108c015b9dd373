// SPDX-License-Identifier: MIT
// StatusLine: wrapped status messages.
#include "app/gui/status_line.hpp"

#include <QEvent>
#include <QLabel>
#include <QPainter>
#include <QStyleOption>

namespace accelscope::gui {

StatusLine::StatusLine(QWidget* parent) : QStatusBar(parent)
{
    m_message = new QLabel(this);
    m_message->setObjectName("statusMessage");
    m_message->setTextFormat(Qt::PlainText); // messages quote file names and typed text
    m_message->setWordWrap(true);
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_message->hide();
    addPermanentWidget(m_message, 1);
    setSizeGripEnabled(false);
    connect(this, &QStatusBar::messageChanged, this, &StatusLine::messageChanged);
}

void StatusLine::addInfoWidget(QWidget* widget)
{
    m_info << widget;
    addPermanentWidget(widget);
}

void StatusLine::setInfoHidden(bool hidden)
{
    m_infoHidden = hidden;
    messageChanged(currentMessage());
}

void StatusLine::messageChanged(const QString& message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    for (QWidget* w : m_info) w->setVisible(message.isEmpty() && !m_infoHidden);
}

void StatusLine::changeEvent(QEvent* event)
{
    QStatusBar::changeEvent(event);
    // QStatusBar sizes itself for the font it had when its items last changed: again for a new one.
    if (event->type() == QEvent::FontChange) reformat();
}

void StatusLine::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
}

} // namespace accelscope::gui
