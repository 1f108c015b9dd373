// SPDX-License-Identifier: MIT
// The ImGui canvas host: a QOpenGLWidget that owns one ImGui context and draws a Visualizer.
#pragma once

#include "app/gui/canvas/imgui_input_queue.hpp"
#include "app/gui/canvas/visualizer.hpp"

#include <QElapsedTimer>
#include <QSizeF>
#include <QOpenGLWidget>
#include <QTimer>

struct ImGuiContext;

namespace accelscope::gui {

/// Hosts one Visualizer. Forwards Qt mouse, wheel, key, text and focus events to its own ImGui
/// context, renders with ImGui's OpenGL3 backend at the widget's devicePixelRatio, repaints on
/// input and while the visualizer asks for animation frames (never idles in a loop), and
/// rebuilds its GL resources when re-parenting gives it a new GL context.
class ImGuiCanvas : public QOpenGLWidget, private DrawContext {
    Q_OBJECT
public:
    explicit ImGuiCanvas(QWidget* parent = nullptr);
    ~ImGuiCanvas() override;

    /// The visualizer to draw (not owned; may be null for an empty canvas).
    void setVisualizer(Visualizer* visualizer);
    Visualizer* visualizer() const { return m_visualizer; }
    void setFontScale(float scale);
    void setDarkTheme(bool dark);

    /// Frames drawn since construction (tests and the startup probe use it).
    int framesRendered() const { return m_frames; }
    /// True while the visualizer asked for another frame in its last draw.
    bool isAnimating() const { return m_animationRequested; }
    /// How many times GL resources were (re)created: 1 normally, +1 per context change.
    int backendInitializations() const { return m_backendInits; }
    /// How far, in pixels, the last frame's controls and text ran past the canvas's right and
    /// bottom edges (0 × 0: everything fit). The canvas window has no scroll bars, so anything past
    /// an edge is cut off; layout tests read this at projector sizes.
    QSizeF contentOverflow() const { return m_overflow; }
    /// The font file the canvas draws text with (Qt's UI face, found by fontconfig), empty when
    /// it fell back to ImGui's built-in font; and its size in physical pixels.
    QString fontFile() const { return m_fontFile; }
    float fontPixelSize() const { return m_fontPixels; }
    /// The ImGui ID of the control keyboard navigation has focused (0: none).
    unsigned int focusedControl() const;

signals:
    void frameRendered();

protected:
    void initializeGL() override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void requestAnimationFrame() override { m_animationRequested = true; }
    float fontScale() const override { return m_fontScale; }
    bool darkTheme() const override { return m_dark; }
    double timeSeconds() const override { return static_cast<double>(m_clock.nsecsElapsed()) * 1e-9; }

    void makeImGuiCurrent() const;
    void shutdownBackend();
    void rebuildFonts();
    void applyStyle();
    void inputArrived();
    void updateModifiers(Qt::KeyboardModifiers modifiers);
    bool forwardKey(QKeyEvent* event, bool down);
    void queueMousePosition(const QPointF& position);
    void startTabStep(bool forward);
    void stepTabNavigation();

    /// A Tab or Shift+Tab in progress: phase 0 tries the next control on the row, 1 the next row,
    /// 2 the first control; unchanged focus after the last try leaves the canvas.
    struct TabStep {
        int direction = 0; // +1 Tab, -1 Shift+Tab, 0 none
        int phase = 0;
        unsigned int startId = 0;
        int framesWaited = 0;
    };

    ImGuiContext* m_context = nullptr;
    Visualizer* m_visualizer = nullptr;
    bool m_backendReady = false;
    bool m_fontsDirty = true;
    bool m_styleDirty = true;
    bool m_animationRequested = false;
    bool m_dark = false;
    bool m_focusWindow = false;
    bool m_fontFallbackLogged = false;
    ImGuiInputQueue m_input;
    TabStep m_tab;
    QString m_fontFile;
    float m_fontPixels = 0.0f;
    float m_fontScale = 1.0f;
    float m_fontPixelRatio = 0.0f;
    int m_settleFrames = 0;
    int m_frames = 0;
    int m_backendInits = 0;
    double m_lastFrameSeconds = 0.0;
    QSizeF m_overflow;
    QElapsedTimer m_clock;
    QTimer m_animationTimer;
    QMetaObject::Connection m_contextConnection;
};

} // namespace accelscope::gui
