// SPDX-License-Identifier: MIT
// The Lessons page's Classroom action (F6): opens the projector panel of a classroom session that
// asks the room the open step's question; the server and the panel are made on first use.
#pragma once

#include "app/gui/classroom/classroom_panel.hpp"
#include "labs/guided/lesson_context.hpp"

#include <QObject>

class QAction;

namespace accelscope::gui {

class ClassroomServer;
class LessonsPage;

class LessonClassroom : public QObject {
    Q_OBJECT
public:
    /// Asks `page`'s open step; the panel's window follows the page's window (full screen in presenter mode).
    explicit LessonClassroom(LessonsPage& page);
    ~LessonClassroom() override;

    QAction* action() const { return m_action; }
    /// The step shown changed: the action is enabled on a step with a number or choice check, or
    /// while a session runs.
    void setStepAskable(bool askable);
    /// Shows the panel (made on first use).
    ClassroomPanel* open();
    ClassroomPanel* panel() const { return m_panel; }
    ClassroomServer& server() const { return *m_server; }

private:
    models::Result<labs::classroom::Question> currentQuestion() const;
    bool nextStep();

    LessonsPage& m_page;
    ClassroomServer* m_server;
    QAction* m_action;
    ClassroomPanel* m_panel = nullptr;
    bool m_askable = false;
};

} // namespace accelscope::gui
