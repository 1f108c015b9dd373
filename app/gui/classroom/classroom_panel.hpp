// SPDX-License-Identifier: MIT
// The projector panel of a classroom session: where to join (address, code, QR code), how many
// joined and answered, the bars of the open question (counts only until Reveal), the measured value
// marked, exports (CSV, figure) and Stop.
#pragma once

#include "labs/classroom/classroom_question.hpp"
#include "models/figure/figure.hpp"

#include <QWidget>

#include <QString>

#include <expected>
#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;

namespace accelscope::gui {

class ClassroomServer;

class ClassroomPanel : public QWidget {
    Q_OBJECT
public:
    /// `currentQuestion`: the question of the step the Lessons page shows, or why there is none;
    /// `nextStep`: moves the Lessons page to its next step with a number or choice check (false at the end).
    using QuestionSource = std::function<models::Result<labs::classroom::Question>()>;
    ClassroomPanel(ClassroomServer& server, QuestionSource currentQuestion, std::function<bool()> nextStep,
                   QWidget* parent = nullptr);

    /// Starts a session on the address chosen in the list; the error is also shown in the panel.
    bool startSession();
    void stopSession();
    /// Asks the Lessons page's step; false (and why, in the panel) when it has no question to ask.
    bool askCurrent();
    bool askNext();
    void reveal();
    /// Reads the measured-value field (a number, optionally with the question's unit) and marks it.
    bool markMeasured();
    /// The bars as the projector shows them (also what Export figure writes).
    std::expected<models::figure::Figure, QString> figure() const;
    QString message() const;
    QComboBox* addresses() const { return m_addresses; }
    QCheckBox* nicknames() const { return m_nicknames; }
    QLineEdit* measuredField() const { return m_measured; }

protected:
    void changeEvent(QEvent* event) override;
    /// Closing the panel stops the session: nothing listens unseen.
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* buildJoinColumn();
    QWidget* buildButtons();
    void refresh();
    void refreshChart();
    void showMessage(const QString& text, bool error);
    void exportCsv();
    void exportFigure();
    bool dark() const;

    ClassroomServer& m_server;
    QuestionSource m_currentQuestion;
    std::function<bool()> m_nextStep;
    QTimer* m_redraw = nullptr; ///< coalesces the server's changes into one repaint per 100 ms
    QComboBox* m_addresses = nullptr;
    QCheckBox* m_nicknames = nullptr;
    QPushButton* m_startStop = nullptr;
    QLabel* m_url = nullptr;
    QLabel* m_code = nullptr;
    QLabel* m_qr = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_question = nullptr;
    QLabel* m_chart = nullptr;
    QLabel* m_message = nullptr;
    QLineEdit* m_measured = nullptr;
    QList<QPushButton*> m_sessionButtons; ///< enabled only while a session runs
    QPushButton* m_reveal = nullptr;
    QPushButton* m_mark = nullptr;
};

} // namespace accelscope::gui
