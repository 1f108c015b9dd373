// SPDX-License-Identifier: MIT
// Classroom presenter mode for the main window: full screen, large text, the high-contrast
// theme, the section list and menus hidden, and keyboard control:
//   Space / → / Page Down  next step      ← / Page Up  previous step
//   P  play/pause the page's animation (Warp divergence, Pipeline bubbles)
//   B  blank the screen (any key brings it back)    F  full screen on/off
//   L  laser pointer on/off                         Esc  leave presenter mode
// What a "step" is belongs to the window (a lesson step, an animation step: one issue on the Warp
// page, one moment an op starts on the Pipeline page; elsewhere the next page); it is a callback,
// and so is play/pause. Outside presenter mode none of these keys is taken.
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QMainWindow;
class QTimer;
class QWidget;

namespace accelscope::gui {

/// A text field whose dynamic property of this name is true holds an answer already checked, not
/// text being typed: presenter mode's Space and arrows step on from it (the Lessons page sets it).
inline constexpr char answeredFieldProperty[] = "accelscopeAnswered";

class PresenterMode : public QObject {
    Q_OBJECT
public:
    /// What entering and leaving change, done by the window (theme, text size, side bar).
    struct Hooks {
        std::function<void()> enter;
        std::function<void()> leave;
        /// +1 or −1; returns a line for the status bar ("step 3 of 12"), empty when nothing steps.
        std::function<QString(int direction)> step;
        /// P: plays or pauses the current page's animation; returns a line for the status bar
        /// ("Pipeline bubbles: playing"), empty when nothing plays on the page.
        std::function<QString()> togglePlay;
    };

    PresenterMode(QMainWindow& window, Hooks hooks);
    ~PresenterMode() override;

    void setActive(bool active);
    bool active() const { return m_active; }
    void setBlanked(bool blanked);
    bool blanked() const;
    void setLaser(bool on);
    bool laser() const;

signals:
    void activeChanged(bool active);
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QMainWindow& m_window;
    Hooks m_hooks;
    bool m_active = false;
    bool m_wasFullScreen = false;
    QPointer<QWidget> m_blank;
    QPointer<QWidget> m_laser;
};

} // namespace accelscope::gui
