// SPDX-License-Identifier: MIT
// PageHost: pages made on first use, the rest after the first frame.
#include "app/gui/page_host.hpp"

#include <QApplication>
#include <QEvent>
#include <QStackedWidget>
#include <QTimer>

#include <algorithm>

namespace accelscope::gui {

PageHost::PageHost(QStackedWidget& stack, std::vector<PageModule> entries, PageServices services, MadeHandler made,
                   QObject* parent)
    : QObject(parent), m_stack(stack), m_entries(std::move(entries)), m_services(services), m_onMade(std::move(made))
{
    m_made.assign(m_entries.size(), nullptr);
    for (std::size_t i = 0; i < m_entries.size(); ++i) m_stack.addWidget(new QWidget(&m_stack)); // stand-ins
}

std::vector<QWidget*> PageHost::madePages() const
{
    std::vector<QWidget*> pages;
    std::ranges::copy_if(m_made, std::back_inserter(pages), [](const QWidget* p) { return p != nullptr; });
    return pages;
}

QWidget* PageHost::ensure(int index)
{
    QWidget*& made = m_made.at(static_cast<std::size_t>(index));
    if (made != nullptr) return made;
    const PageModule& page = entry(index);
    made = page.make(m_services, &m_stack);
    if (made->objectName().isEmpty()) made->setObjectName(QString::fromStdString(page.id));
    // Swap the stand-in for the page at the same index, keeping it current if it was.
    QWidget* standIn = m_stack.widget(index);
    const bool current = m_stack.currentIndex() == index;
    m_restacking = true;
    m_stack.insertWidget(index, made);
    if (current) m_stack.setCurrentIndex(index);
    m_stack.removeWidget(standIn);
    m_restacking = false;
    delete standIn;
    if (m_onMade) m_onMade(index, made);
    return made;
}

void PageHost::makeRestAfterFirstPaint(QWidget* window)
{
    m_window = window;
    qApp->installEventFilter(this);
}

bool PageHost::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Paint && watched->isWidgetType() && static_cast<QWidget*>(watched)->window() == m_window) {
        qApp->removeEventFilter(this);
        // Not at once: the first frame is flushed and the first input handled before the rest are
        // made (a zero timer posted here could run before the start-up probe's and be counted).
        QTimer::singleShot(backgroundDelay, this, &PageHost::makeNext);
    }
    return false;
}

void PageHost::makeNext()
{
    const auto next = std::ranges::find(m_made, nullptr);
    if (next == m_made.end()) return;
    ensure(static_cast<int>(next - m_made.begin()));
    QTimer::singleShot(0, this, &PageHost::makeNext);
}

} // namespace accelscope::gui
