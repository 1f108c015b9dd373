// SPDX-License-Identifier: MIT
// The Lessons page's Classroom action.
#include "app/gui/lessons/lesson_classroom.hpp"

#include "app/gui/classroom/classroom_server.hpp"
#include "app/gui/lessons/lessons_page.hpp"

#include <QAction>

namespace accelscope::gui {

LessonClassroom::LessonClassroom(LessonsPage& page)
    : QObject(&page), m_page(page), m_server(new ClassroomServer(page.lessonContext(), this)),
      m_action(new QAction(tr("&Classroom…"), this))
{
    m_action->setShortcut(QKeySequence(Qt::Key_F6));
    m_action->setToolTip(tr("Ask the room this step's question: students answer on their phones, the projector shows the bars (F6)"));
    m_action->setProperty("menu", "view");
    m_action->setProperty("showsPage", true);
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, [this] { open(); });
    connect(m_server, &ClassroomServer::changed, this, [this] { setStepAskable(m_askable); });
}

LessonClassroom::~LessonClassroom() { m_server->stop(); }

void LessonClassroom::setStepAskable(bool askable)
{
    m_askable = askable;
    m_action->setEnabled(askable || m_server->running());
}

ClassroomPanel* LessonClassroom::open()
{
    if (m_panel == nullptr) {
        // A window of its own over the app's window (the projector shows it), closed with the page.
        m_panel = new ClassroomPanel(*m_server, [this] { return currentQuestion(); }, [this] { return nextStep(); }, &m_page);
        m_panel->setWindowFlag(Qt::Window);
    }
    QWidget* window = m_page.window();
    m_panel->resize(window->size());
    if (window->isFullScreen()) m_panel->showFullScreen();
    else m_panel->show();
    m_panel->raise();
    m_panel->activateWindow();
    return m_panel;
}

models::Result<labs::classroom::Question> LessonClassroom::currentQuestion() const
{
    const auto* lesson = m_page.lesson();
    if (lesson == nullptr) return models::fail(models::ErrorCode::NotFound, tr("Open a lesson first.").toStdString());
    return labs::classroom::questionFromStep(*lesson, static_cast<std::size_t>(m_page.currentStep()), m_page.lessonContext());
}

bool LessonClassroom::nextStep()
{
    while (m_page.stepBy(1)) {
        if (labs::classroom::askable(m_page.lesson()->steps[static_cast<std::size_t>(m_page.currentStep())])) return true;
    }
    return false;
}

} // namespace accelscope::gui
