// SPDX-License-Identifier: MIT
#include "app/gui/presenter/presenter_mode.hpp"

#include <QApplication>
#include <QCursor>
#include <QKeyEvent>
#include <QMainWindow>
#include <QPainter>
#include <QRadialGradient>
#include <QTimer>

namespace accelscope::gui {
namespace {

// A black sheet over the whole window ("B": the room looks at the teacher, not the screen).
class BlankOverlay : public QWidget {
public:
    explicit BlankOverlay(QWidget* parent) : QWidget(parent)
    {
        setAttribute(Qt::WA_OpaquePaintEvent);
        setAttribute(Qt::WA_TransparentForMouseEvents);
        hide();
    }

protected:
    void paintEvent(QPaintEvent*) override { QPainter(this).fillRect(rect(), Qt::black); }
};

// A red dot that follows the mouse over every page, drawn above them and ignoring clicks. The
// cursor position is polled: pages do not all track the mouse.
class LaserOverlay : public QWidget {
public:
    explicit LaserOverlay(QWidget* parent) : QWidget(parent), m_timer(new QTimer(this))
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        hide();
        m_timer->setInterval(16);
        connect(m_timer, &QTimer::timeout, this, [this] {
            const QPoint p = mapFromGlobal(QCursor::pos());
            if (p != m_point) {
                const int r = radius() + 2;
                update(QRect(m_point, m_point).adjusted(-r, -r, r, r));
                m_point = p;
                update(QRect(m_point, m_point).adjusted(-r, -r, r, r));
            }
        });
    }
    void setOn(bool on)
    {
        setVisible(on);
        if (on) {
            raise();
            m_timer->start();
        } else {
            m_timer->stop();
        }
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        QRadialGradient glow(m_point, radius());
        glow.setColorAt(0.0, QColor(255, 40, 40, 255));
        glow.setColorAt(0.35, QColor(255, 0, 0, 200));
        glow.setColorAt(1.0, QColor(255, 0, 0, 0));
        painter.setPen(Qt::NoPen);
        painter.setBrush(glow);
        painter.drawEllipse(m_point, radius(), radius());
    }

private:
    int radius() const { return fontMetrics().height(); }
    QTimer* m_timer;
    QPoint m_point{-100, -100};
};

} // namespace

PresenterMode::PresenterMode(QMainWindow& window, Hooks hooks)
    : QObject(&window), m_window(window), m_hooks(std::move(hooks)), m_blank(new BlankOverlay(&window)),
      m_laser(new LaserOverlay(&window))
{
}

PresenterMode::~PresenterMode()
{
    if (qApp) qApp->removeEventFilter(this);
}

void PresenterMode::setActive(bool active)
{
    if (active == m_active) return;
    m_active = active;
    if (active) {
        m_wasFullScreen = m_window.isFullScreen();
        if (m_hooks.enter) m_hooks.enter();
        m_window.showFullScreen();
        qApp->installEventFilter(this);
        // Short enough for the status line at text size 2.5 on a 1280-pixel projector (F is in the docs).
        emit message(tr("Presenter: Space/→ next, ← back, P play, B blank, L laser, Esc leave"));
    } else {
        qApp->removeEventFilter(this);
        setBlanked(false);
        setLaser(false);
        if (m_hooks.leave) m_hooks.leave();
        if (!m_wasFullScreen) m_window.showNormal();
        emit message(tr("Presenter mode off"));
    }
    emit activeChanged(active);
}

void PresenterMode::setBlanked(bool blanked)
{
    if (!m_blank) return;
    m_blank->setGeometry(m_window.rect());
    m_blank->setVisible(blanked);
    if (blanked) m_blank->raise();
}

bool PresenterMode::blanked() const { return m_blank && m_blank->isVisible(); }

void PresenterMode::setLaser(bool on)
{
    if (!m_laser) return;
    m_laser->setGeometry(m_window.rect());
    static_cast<LaserOverlay*>(m_laser.data())->setOn(on);
    if (on) m_laser->setCursor(Qt::BlankCursor);
}

bool PresenterMode::laser() const { return m_laser && m_laser->isVisible(); }

bool PresenterMode::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && watched == &m_window) {
        if (m_blank) m_blank->setGeometry(m_window.rect());
        if (m_laser) m_laser->setGeometry(m_window.rect());
    }
    // Esc belongs to presenter mode: a page's own Esc shortcut (the Labs form's) would take it
    // before the key press arrives, and the room would be stuck in presenter mode.
    if (event->type() == QEvent::ShortcutOverride && m_window.isActiveWindow() && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape &&
        (static_cast<QKeyEvent*>(event)->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) == 0) {
        event->accept();
        return false;
    }
    if (event->type() != QEvent::KeyPress || !m_window.isActiveWindow()) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false; // shortcuts still work
    // Typing into a field is typing, not presenting (except Esc, which leaves).
    const QWidget* focus = QApplication::focusWidget();
    const bool typing = focus && focus->inherits("QLineEdit") && !focus->property(answeredFieldProperty).toBool();
    if (blanked()) { // any key brings the screen back
        setBlanked(false);
        return true;
    }
    switch (key->key()) {
    case Qt::Key_Escape: setActive(false); return true;
    case Qt::Key_B:
        if (typing) return false;
        setBlanked(true);
        return true;
    case Qt::Key_F:
        if (typing) return false;
        m_window.isFullScreen() ? m_window.showNormal() : m_window.showFullScreen();
        return true;
    case Qt::Key_L:
        if (typing) return false;
        setLaser(!laser());
        return true;
    case Qt::Key_P: {
        if (typing) return false;
        const QString what = m_hooks.togglePlay ? m_hooks.togglePlay() : QString();
        emit message(what.isEmpty() ? tr("Nothing plays on this page") : what);
        return true;
    }
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Left:
    case Qt::Key_PageUp: {
        if (typing) return false;
        const int direction = key->key() == Qt::Key_Left || key->key() == Qt::Key_PageUp ? -1 : 1;
        const QString what = m_hooks.step ? m_hooks.step(direction) : QString();
        emit message(what.isEmpty() ? tr("Nothing steps on this page") : what);
        return true;
    }
    default: return false;
    }
}

} // namespace accelscope::gui
