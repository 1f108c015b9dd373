// SPDX-License-Identifier: MIT
// The projector panel of a classroom session.
#include "app/gui/classroom/classroom_panel.hpp"

#include "app/gui/classroom/classroom_server.hpp"
#include "app/gui/classroom/qr_code.hpp"
#include "app/gui/figure_export.hpp"
#include "labs/classroom/classroom_export.hpp"
#include "labs/guided/lesson_engine.hpp"
#include "models/catalog/catalog_set.hpp"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace accelscope::gui {

ClassroomPanel::ClassroomPanel(ClassroomServer& server, QuestionSource currentQuestion, std::function<bool()> nextStep,
                               QWidget* parent)
    : QWidget(parent), m_server(server), m_currentQuestion(std::move(currentQuestion)), m_nextStep(std::move(nextStep))
{
    setObjectName(QStringLiteral("classroomPanel"));
    setWindowTitle(tr("Classroom"));
    auto* layout = new QVBoxLayout(this);
    auto* setup = new QHBoxLayout;
    m_addresses = new QComboBox;
    m_addresses->setToolTip(tr("The network address students reach this computer at; loopback (127.0.0.1) only this computer"));
    for (const auto& address : ClassroomServer::candidateAddresses()) m_addresses->addItem(address.toString());
    m_nicknames = new QCheckBox(tr("Nicknames"));
    m_nicknames->setToolTip(tr("Ask students for a nickname and keep it in the export; off: no name is asked or stored"));
    m_startStop = new QPushButton(tr("Start"));
    m_startStop->setShortcut(QKeySequence(tr("Ctrl+Return")));
    m_startStop->setToolTip(tr("Start a session (a new code) or stop it: the page closes and the port with it (Ctrl+Return)"));
    connect(m_startStop, &QPushButton::clicked, this, [this] { m_server.running() ? stopSession() : (void)startSession(); });
    setup->addWidget(m_addresses, 1);
    setup->addWidget(m_nicknames);
    setup->addWidget(m_startStop);
    layout->addLayout(setup);
    auto* middle = new QHBoxLayout;
    middle->addWidget(buildJoinColumn());
    auto* right = new QVBoxLayout;
    m_question = new QLabel;
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::PlainText);
    m_chart = new QLabel;
    m_chart->setAlignment(Qt::AlignCenter);
    m_chart->setMinimumSize(200, 120);
    m_chart->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    right->addWidget(m_question);
    right->addWidget(m_chart, 1);
    middle->addLayout(right, 1);
    layout->addLayout(middle, 1);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    layout->addWidget(m_message);
    layout->addWidget(buildButtons());
    m_redraw = new QTimer(this);
    m_redraw->setSingleShot(true);
    m_redraw->setInterval(100);
    connect(m_redraw, &QTimer::timeout, this, &ClassroomPanel::refresh);
    connect(&m_server, &ClassroomServer::changed, this, [this] {
        if (!m_redraw->isActive()) m_redraw->start();
    });
    refresh();
}

QWidget* ClassroomPanel::buildJoinColumn()
{
    auto* column = new QWidget;
    auto* v = new QVBoxLayout(column);
    v->setContentsMargins(0, 0, 0, 0);
    m_url = new QLabel;
    m_url->setTextFormat(Qt::PlainText);
    m_url->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_url->setWordWrap(true);
    m_code = new QLabel;
    m_code->setTextFormat(Qt::PlainText);
    QFont big = m_code->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_code->setFont(big);
    m_qr = new QLabel;
    m_qr->setAlignment(Qt::AlignCenter);
    m_qr->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_qr->setMinimumSize(120, 120);
    m_qr->setToolTip(tr("Scan to open the page with the code filled in"));
    m_counts = new QLabel;
    m_counts->setWordWrap(true);
    v->addWidget(m_url);
    v->addWidget(m_code);
    v->addWidget(m_qr, 1);
    v->addWidget(m_counts);
    column->setMaximumWidth(420);
    return column;
}

QWidget* ClassroomPanel::buildButtons()
{
    auto* row = new QWidget;
    auto* grid = new QGridLayout(row);
    grid->setContentsMargins(0, 0, 0, 0);
    const auto button = [&](const QString& text, const QString& shortcut, const QString& tip, auto slot, int r, int c) {
        auto* b = new QPushButton(text);
        b->setShortcut(QKeySequence(shortcut));
        b->setToolTip(tip + " (" + QKeySequence(shortcut).toString(QKeySequence::NativeText) + ")");
        connect(b, &QPushButton::clicked, this, slot);
        grid->addWidget(b, r, c);
        m_sessionButtons.push_back(b);
        return b;
    };
    button(tr("Ask this step"), tr("Ctrl+Shift+A"), tr("Send the Lessons page's step's question to the students"),
           [this] { askCurrent(); }, 0, 0);
    button(tr("Next question"), tr("Ctrl+Shift+N"), tr("Go to the next step with a question and send it"), [this] { askNext(); }, 0, 1);
    m_reveal = button(tr("Reveal"), tr("Ctrl+Shift+R"), tr("Show the right answer and the declared mistakes; no more answers"),
                      [this] { reveal(); }, 0, 2);
    m_measured = new QLineEdit;
    m_measured->setPlaceholderText(tr("measured"));
    m_measured->setToolTip(tr("Predict, then measure: the value the live view or the lab gave on this machine, in the question's unit"));
    grid->addWidget(m_measured, 1, 0);
    m_mark = button(tr("Mark measured"), tr("Ctrl+Shift+M"), tr("Mark the measured value on the histogram"), [this] { markMeasured(); }, 1, 1);
    connect(m_measured, &QLineEdit::returnPressed, this, [this] { markMeasured(); });
    auto* exports = new QHBoxLayout;
    const auto exportButton = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QPushButton(text);
        b->setToolTip(tip);
        connect(b, &QPushButton::clicked, this, slot);
        m_sessionButtons.push_back(b);
        exports->addWidget(b);
    };
    exportButton(tr("CSV…"), tr("Save every question of this session with its answer distribution (no names unless nicknames are on)"),
                 [this] { exportCsv(); });
    exportButton(tr("Figure…"), tr("Save the bars as PNG or SVG for slides"), [this] { exportFigure(); });
    grid->addLayout(exports, 1, 2);
    return row;
}

bool ClassroomPanel::dark() const { return palette().color(QPalette::Window).lightness() < 128; }

bool ClassroomPanel::startSession()
{
    labs::classroom::SessionOptions options;
    options.nicknames = m_nicknames->isChecked();
    const auto started = m_server.start(QHostAddress(m_addresses->currentText()), 0, options);
    if (!started) {
        showMessage(started.error(), true);
        return false;
    }
    showMessage(tr("Session running. Ask a question from the Lessons page's step."), false);
    refresh();
    return true;
}

void ClassroomPanel::stopSession()
{
    m_server.stop();
    showMessage(tr("Session stopped: the page is closed and the port with it."), false);
    refresh();
}

bool ClassroomPanel::askCurrent()
{
    if (!m_server.running()) return false;
    auto question = m_currentQuestion();
    if (!question) {
        showMessage(QString::fromStdString(question.error().message), true);
        return false;
    }
    m_server.ask(std::move(*question));
    m_measured->clear();
    showMessage(tr("Question sent. The bars show counts only until Reveal."), false);
    refresh();
    return true;
}

bool ClassroomPanel::askNext()
{
    if (!m_server.running()) return false;
    if (!m_nextStep()) {
        showMessage(tr("No further step with a number or choice question in this lesson."), true);
        return false;
    }
    return askCurrent();
}

void ClassroomPanel::reveal()
{
    m_server.reveal();
    showMessage(tr("Revealed: each student's page shows the right answer and whether theirs was; no more answers."), false);
    refresh();
}

bool ClassroomPanel::markMeasured()
{
    const auto* session = m_server.session();
    if (session == nullptr || session->current() == nullptr) return false;
    const auto& question = session->current()->question;
    auto value = labs::guided::parseLearnerNumber(m_measured->text().toStdString(), question.check.unit);
    if (!value) {
        showMessage(QString::fromStdString(value.error().message), true);
        return false;
    }
    m_server.setMeasured(*value, tr("measured on this machine"));
    refresh();
    return true;
}

std::expected<models::figure::Figure, QString> ClassroomPanel::figure() const
{
    const auto* session = m_server.session();
    if (session == nullptr || session->current() == nullptr) return std::unexpected(tr("no question asked yet"));
    return labs::classroom::tallyFigure(session->current()->question, session->tally(), dark());
}

QString ClassroomPanel::message() const { return m_message->text(); }

void ClassroomPanel::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

void ClassroomPanel::refresh()
{
    const bool running = m_server.running();
    const auto* session = m_server.session();
    m_startStop->setText(running ? tr("Stop") : tr("Start"));
    m_addresses->setEnabled(!running);
    m_nicknames->setEnabled(!running);
    for (auto* b : m_sessionButtons) b->setEnabled(running);
    const auto* current = running ? session->current() : nullptr;
    m_reveal->setEnabled(current != nullptr && !current->revealed);
    const bool measurable = current != nullptr && (current->question.hasLiveView || !current->question.labId.empty());
    m_mark->setEnabled(measurable);
    m_measured->setEnabled(measurable);
    if (!running) {
        m_url->setText(tr("No session. Pick the address students can reach, then Start."));
        m_code->clear();
        m_qr->clear();
        m_counts->clear();
        m_question->clear();
        m_chart->clear();
        return;
    }
    const QString url = m_server.joinUrl().toString();
    m_url->setText(tr("Open %1").arg(m_server.joinUrl().toString(QUrl::RemoveFragment)));
    m_code->setText(m_server.displayCode());
    if (m_qr->property("url").toString() != url || m_qr->pixmap().isNull()) {
        const int side = std::max(120, std::min(m_qr->width(), m_qr->height()));
        if (auto image = qrCodeImage(url, 1)) {
            m_qr->setPixmap(QPixmap::fromImage(image->scaled(side, side, Qt::KeepAspectRatio, Qt::FastTransformation)));
            m_qr->setProperty("url", url);
        }
    }
    const auto answers = current == nullptr ? 0 : static_cast<int>(current->answers.size());
    m_counts->setText(tr("%1 joined · %2").arg(session->joined()).arg(answers == 1 ? tr("1 answer") : tr("%1 answers").arg(answers)));
    m_question->setText(current == nullptr ? tr("No question yet: open a lesson step with a check and Ask.")
                                           : tr("Question %1%2: %3")
                                                 .arg(current->id)
                                                 .arg(current->question.unit.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(current->question.unit)))
                                                 .arg(QString::fromStdString(current->question.text)));
    refreshChart();
}

void ClassroomPanel::refreshChart()
{
    const auto f = figure();
    if (!f) {
        m_chart->clear();
        return;
    }
    // The projector shows the bars alone, as large as they fit: the question is written above them,
    // the counts beside; the legend, statistics and sources are for the exported figure.
    auto shown = *f;
    shown.title.clear();
    shown.subtitle.clear();
    shown.legend.clear();
    shown.statistics.clear();
    shown.units.clear();
    shown.sources.clear();
    const QImage image = renderFigure(shown, devicePixelRatioF());
    QPixmap pixmap = QPixmap::fromImage(image.scaled(m_chart->size() * devicePixelRatioF(), Qt::KeepAspectRatio, Qt::SmoothTransformation));
    pixmap.setDevicePixelRatio(devicePixelRatioF());
    m_chart->setPixmap(pixmap);
}

void ClassroomPanel::exportCsv()
{
    const auto* session = m_server.session();
    if (session == nullptr) return;
    const QString file = QFileDialog::getSaveFileName(this, tr("Export the session as CSV"), QStringLiteral("classroom.csv"),
                                                      tr("CSV (*.csv)"));
    if (file.isEmpty()) return;
    const auto written = models::catalog::writeFileAtomically(file.toStdString(),
                                                              labs::classroom::sessionCsv(session->questions(), session->options().nicknames));
    showMessage(written ? tr("Saved %1").arg(file) : QString::fromStdString(written.error().message), !written);
}

void ClassroomPanel::exportFigure()
{
    const auto f = figure();
    if (!f) {
        showMessage(f.error(), true);
        return;
    }
    const QString file = QFileDialog::getSaveFileName(this, tr("Export the bars"), QStringLiteral("classroom.png"),
                                                      tr("PNG (*.png);;SVG (*.svg)"));
    if (file.isEmpty()) return;
    const auto saved = saveFigure(*f, file);
    showMessage(saved ? tr("Saved %1").arg(file) : saved.error(), !saved);
}

void ClassroomPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) refresh();
}

void ClassroomPanel::closeEvent(QCloseEvent* event)
{
    if (m_server.running()) stopSession();
    QWidget::closeEvent(event);
}

void ClassroomPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_qr->setProperty("url", QString());
    if (!m_redraw->isActive()) m_redraw->start();
}

} // namespace accelscope::gui
