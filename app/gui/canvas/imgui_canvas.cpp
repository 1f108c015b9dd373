// SPDX-License-Identifier: MIT
// ImGuiCanvas: event forwarding (ImGui 1.86 IO API), frame pacing and GL lifetime.
#include "app/gui/canvas/imgui_canvas.hpp"

#include "app/gui/canvas/imgui_style.hpp"
#include "app/gui/canvas/ui_font_file.hpp"
#include "app/gui/theme.hpp"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QLoggingCategory>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QWheelEvent>

#include <imgui.h>
#include <imgui_internal.h> // the canvas window's CursorMaxPos: how far its content reached
#include <backends/imgui_impl_opengl3.h>
#include <imgui_freetype.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

Q_LOGGING_CATEGORY(lcCanvas, "accelscope.canvas")

namespace accelscope::gui {
namespace {

// ImGui 1.86 reads keys through io.KeyMap[ImGuiKey_*] → index into io.KeysDown; we use the
// ImGuiKey value itself as the index.
constexpr std::array<std::pair<int, ImGuiKey>, 21> keyTable{{
    {Qt::Key_Tab, ImGuiKey_Tab}, {Qt::Key_Left, ImGuiKey_LeftArrow}, {Qt::Key_Right, ImGuiKey_RightArrow},
    {Qt::Key_Up, ImGuiKey_UpArrow}, {Qt::Key_Down, ImGuiKey_DownArrow}, {Qt::Key_PageUp, ImGuiKey_PageUp},
    {Qt::Key_PageDown, ImGuiKey_PageDown}, {Qt::Key_Home, ImGuiKey_Home}, {Qt::Key_End, ImGuiKey_End},
    {Qt::Key_Insert, ImGuiKey_Insert}, {Qt::Key_Delete, ImGuiKey_Delete}, {Qt::Key_Backspace, ImGuiKey_Backspace},
    {Qt::Key_Space, ImGuiKey_Space}, {Qt::Key_Return, ImGuiKey_Enter}, {Qt::Key_Escape, ImGuiKey_Escape},
    {Qt::Key_Enter, ImGuiKey_KeyPadEnter}, {Qt::Key_A, ImGuiKey_A}, {Qt::Key_C, ImGuiKey_C},
    {Qt::Key_V, ImGuiKey_V}, {Qt::Key_X, ImGuiKey_X}, {Qt::Key_Z, ImGuiKey_Z},
}};

int mouseButtonIndex(Qt::MouseButton button)
{
    switch (button) {
    case Qt::LeftButton: return 0;
    case Qt::RightButton: return 1;
    case Qt::MiddleButton: return 2;
    default: return -1;
    }
}

} // namespace

ImGuiCanvas::ImGuiCanvas(QWidget* parent) : QOpenGLWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);
    m_clock.start();
    // A canvas made while another is in use (pages are made one by one after the first paint)
    // leaves that one's context current: a fresh context has no font to measure text with.
    ImGuiContext* previous = ImGui::GetCurrentContext();
    m_context = ImGui::CreateContext();
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // layout lives in the app's settings, not in imgui.ini files
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    for (const auto& [qtKey, imguiKey] : keyTable) io.KeyMap[imguiKey] = imguiKey;
    m_animationTimer.setSingleShot(true);
    m_animationTimer.setInterval(16);
    connect(&m_animationTimer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    if (previous != nullptr) ImGui::SetCurrentContext(previous);
}

ImGuiCanvas::~ImGuiCanvas()
{
    // ~QOpenGLWidget destroys the context after this object is gone; its aboutToBeDestroyed
    // must not call back into us then (UBSan caught that call on a half-destroyed object).
    disconnect(m_contextConnection);
    if (isValid()) {
        makeCurrent();
        shutdownBackend();
        doneCurrent();
    }
    ImGui::DestroyContext(m_context);
}

void ImGuiCanvas::setVisualizer(Visualizer* visualizer)
{
    m_visualizer = visualizer;
    inputArrived();
}

void ImGuiCanvas::setFontScale(float scale)
{
    m_fontScale = std::clamp(scale, 0.5f, 3.0f);
    m_fontsDirty = true;
    inputArrived();
}

void ImGuiCanvas::setDarkTheme(bool dark)
{
    m_dark = dark;
    m_styleDirty = true;
    inputArrived();
}

unsigned int ImGuiCanvas::focusedControl() const
{
    makeImGuiCurrent();
    return ImGui::GetFocusID();
}

void ImGuiCanvas::makeImGuiCurrent() const { ImGui::SetCurrentContext(m_context); }

void ImGuiCanvas::initializeGL()
{
    makeImGuiCurrent();
    if (m_backendReady) shutdownBackend();
    if (!ImGui_ImplOpenGL3_Init(nullptr)) {
        qCWarning(lcCanvas) << "ImGui OpenGL3 backend failed to initialise";
        return;
    }
    m_backendReady = true;
    m_fontsDirty = true;
    ++m_backendInits;
    // Re-parenting to another window destroys this GL context; free our GL objects first and
    // create them again in the next initializeGL.
    disconnect(m_contextConnection);
    m_contextConnection = connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] {
        makeCurrent();
        shutdownBackend();
        doneCurrent();
    });
}

void ImGuiCanvas::shutdownBackend()
{
    if (!m_backendReady) return;
    makeImGuiCurrent();
    ImGui_ImplOpenGL3_Shutdown();
    m_backendReady = false;
}

void ImGuiCanvas::rebuildFonts()
{
    // Qt's UI face at Qt's UI size × text scale, rasterised at the physical pixel size (hinted by
    // FreeType, as Qt draws it) so text stays sharp on HiDPI, then scaled back to logical pixels.
    const auto ratio = static_cast<float>(devicePixelRatioF());
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
    io.Fonts->FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;
    const float pixels = uiFontPixelSize(baseFontPointSize, m_fontScale, logicalDpiY()) * ratio;
    ImFontConfig config;
    config.SizePixels = std::round(pixels);
    config.OversampleH = 1; // FreeType renders at the exact size: no oversampling needed
    config.OversampleV = 1;
    const QString file = uiFontFile(font());
    ImFont* loaded = nullptr;
    if (!file.isEmpty()) loaded = io.Fonts->AddFontFromFileTTF(file.toLocal8Bit().constData(), config.SizePixels, &config);
    if (loaded == nullptr) {
        if (!m_fontFallbackLogged) {
            qCWarning(lcCanvas) << "no scalable file for the UI font" << font().family() << "(fontconfig); canvases use ImGui's built-in font";
            m_fontFallbackLogged = true;
        }
        io.Fonts->AddFontDefault(&config);
    }
    m_fontFile = loaded != nullptr ? file : QString();
    m_fontPixels = config.SizePixels;
    io.FontGlobalScale = 1.0f / ratio;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    m_fontPixelRatio = ratio;
    m_fontsDirty = false;
}

void ImGuiCanvas::applyStyle()
{
    applyPaletteStyle(ImGui::GetStyle(), palette());
    m_styleDirty = false;
}

void ImGuiCanvas::paintGL()
{
    makeImGuiCurrent();
    QOpenGLFunctions* gl = context()->functions();
    const QColor clear = palette().color(QPalette::Base);
    gl->glClearColor(clear.redF(), clear.greenF(), clear.blueF(), 1.0f);
    gl->glClear(GL_COLOR_BUFFER_BIT);
    if (!m_backendReady) return;
    if (m_fontsDirty || m_fontPixelRatio != static_cast<float>(devicePixelRatioF())) rebuildFonts();
    if (m_styleDirty) applyStyle();

    ImGuiIO& io = ImGui::GetIO();
    const auto ratio = static_cast<float>(devicePixelRatioF());
    io.DisplaySize = ImVec2(static_cast<float>(width()), static_cast<float>(height()));
    io.DisplayFramebufferScale = ImVec2(ratio, ratio);
    const double now = timeSeconds();
    io.DeltaTime = static_cast<float>(std::max(now - m_lastFrameSeconds, 1e-4));
    m_lastFrameSeconds = now;
    const bool inputLeft = m_input.applyFrame(io.KeysDown, io.MouseDown, io.MousePos.x, io.MousePos.y);

    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    if (m_focusWindow) ImGui::SetNextWindowFocus();
    m_focusWindow = false;
    m_animationRequested = false;
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("##canvas", nullptr, flags) && m_visualizer != nullptr) {
        m_visualizer->draw(*this);
    }
    // The farthest any item reached this frame, against the window's edges.
    const ImVec2 reached = ImGui::GetCurrentWindow()->DC.CursorMaxPos;
    m_overflow = QSizeF(std::max(0.0f, reached.x - io.DisplaySize.x), std::max(0.0f, reached.y - io.DisplaySize.y));
    ImGui::End();
    ImGui::Render();
    gl->glViewport(0, 0, qRound(static_cast<float>(width()) * ratio), qRound(static_cast<float>(height()) * ratio));
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++m_frames;
    emit frameRendered();
    if (inputLeft) m_settleFrames = std::max(m_settleFrames, 1); // the rest of the queue, a frame each
    stepTabNavigation();

    // Frame pacing: animations at ~60 Hz; after input, two more frames let hover and
    // widget state settle; otherwise nothing until the next event.
    if (m_animationRequested) {
        m_animationTimer.start();
    } else if (m_settleFrames > 0) {
        --m_settleFrames;
        m_animationTimer.start(0);
    }
}

void ImGuiCanvas::inputArrived()
{
    m_settleFrames = 2;
    update();
}

void ImGuiCanvas::updateModifiers(Qt::KeyboardModifiers modifiers)
{
    makeImGuiCurrent();
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = modifiers.testFlag(Qt::ControlModifier);
    io.KeyShift = modifiers.testFlag(Qt::ShiftModifier);
    io.KeyAlt = modifiers.testFlag(Qt::AltModifier);
    io.KeySuper = modifiers.testFlag(Qt::MetaModifier);
}

void ImGuiCanvas::mousePressEvent(QMouseEvent* event)
{
    makeImGuiCurrent();
    queueMousePosition(event->position());
    if (const int index = mouseButtonIndex(event->button()); index >= 0) m_input.pushMouseButton(index, true);
    updateModifiers(event->modifiers());
    inputArrived();
}

void ImGuiCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    makeImGuiCurrent();
    queueMousePosition(event->position());
    if (const int index = mouseButtonIndex(event->button()); index >= 0) m_input.pushMouseButton(index, false);
    inputArrived();
}

void ImGuiCanvas::queueMousePosition(const QPointF& position)
{
    m_input.pushMousePosition(static_cast<float>(position.x()), static_cast<float>(position.y()));
}

void ImGuiCanvas::mouseMoveEvent(QMouseEvent* event)
{
    queueMousePosition(event->position());
    inputArrived();
}

void ImGuiCanvas::leaveEvent(QEvent* event)
{
    m_input.pushMousePosition(-FLT_MAX, -FLT_MAX); // ImGui's "no mouse"
    inputArrived();
    QOpenGLWidget::leaveEvent(event);
}

void ImGuiCanvas::wheelEvent(QWheelEvent* event)
{
    makeImGuiCurrent();
    ImGuiIO& io = ImGui::GetIO();
    // One notch is 120 units of angleDelta (Qt docs, QWheelEvent::angleDelta).
    io.MouseWheel += static_cast<float>(event->angleDelta().y()) / 120.0f;
    io.MouseWheelH += static_cast<float>(event->angleDelta().x()) / 120.0f;
    event->accept();
    inputArrived();
}

bool ImGuiCanvas::forwardKey(QKeyEvent* event, bool down)
{
    makeImGuiCurrent();
    ImGuiIO& io = ImGui::GetIO();
    updateModifiers(event->modifiers());
    bool known = false;
    for (const auto& [qtKey, imguiKey] : keyTable) {
        if (qtKey == event->key()) {
            m_input.pushKey(imguiKey, down);
            known = true;
            // ImGui 1.86 presses a focused button with Space (nav "Activate") only; Enter, its
            // "Input", just starts text input: outside text fields Enter presses too.
            const bool enter = imguiKey == ImGuiKey_Enter || imguiKey == ImGuiKey_KeyPadEnter;
            if (enter && (!down || !io.WantTextInput)) m_input.pushKey(ImGuiKey_Space, down);
        }
    }
    if (down && !event->text().isEmpty() && event->text().at(0).isPrint()) {
        io.AddInputCharactersUTF8(event->text().toUtf8().constData());
        known = true;
    }
    inputArrived();
    return known && io.WantCaptureKeyboard;
}

void ImGuiCanvas::keyPressEvent(QKeyEvent* event)
{
    if (!forwardKey(event, true)) QOpenGLWidget::keyPressEvent(event);
}

void ImGuiCanvas::keyReleaseEvent(QKeyEvent* event)
{
    if (!forwardKey(event, false)) QOpenGLWidget::keyReleaseEvent(event);
}

void ImGuiCanvas::focusInEvent(QFocusEvent* event)
{
    makeImGuiCurrent();
    ImGui::GetIO().AddFocusEvent(true);
    // Keyboard navigation needs ImGui's window focused before the keys queued below arrive.
    if (ImGuiWindow* window = ImGui::FindWindowByName("##canvas")) ImGui::FocusWindow(window);
    else m_focusWindow = true; // no frame drawn yet: focus it in the first one
    // Tabbing in lands on a control: the first one, or the one focused before.
    const Qt::FocusReason reason = event->reason();
    if ((reason == Qt::TabFocusReason || reason == Qt::BacktabFocusReason) && ImGui::GetFocusID() == 0) {
        startTabStep(reason == Qt::TabFocusReason);
    }
    inputArrived();
    QOpenGLWidget::focusInEvent(event);
}

void ImGuiCanvas::focusOutEvent(QFocusEvent* event)
{
    makeImGuiCurrent();
    ImGui::GetIO().AddFocusEvent(false);
    // Whatever is held is released after what is queued (a click that moved focus still clicks):
    // the release itself goes to the widget that has focus now.
    for (int button = 0; button < 3; ++button) m_input.pushMouseButton(button, false);
    for (const auto& [qtKey, imguiKey] : keyTable) m_input.pushKey(imguiKey, false);
    m_tab = {};
    inputArrived();
    QOpenGLWidget::focusOutEvent(event);
}

void ImGuiCanvas::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) m_styleDirty = true; // the theme changed
    if (event->type() == QEvent::FontChange) m_fontsDirty = true;
    QOpenGLWidget::changeEvent(event);
}

// Tab and Shift+Tab walk the canvas's controls with ImGui's keyboard navigation (1.86 has no
// tabbing through buttons): the next control to the right, else the next row; when neither
// exists, focus leaves the canvas for the next Qt widget. Each try takes a few frames, because
// ImGui resolves a move request in the frame after the key press.
void ImGuiCanvas::startTabStep(bool forward)
{
    makeImGuiCurrent();
    const ImGuiID current = ImGui::GetFocusID();
    m_tab = TabStep{forward ? 1 : -1, current == 0 ? 2 : 0, current, 0};
    // No control focused yet: any direction makes ImGui focus the window's first control.
    const ImGuiKey key = current == 0 ? ImGuiKey_DownArrow : forward ? ImGuiKey_RightArrow : ImGuiKey_LeftArrow;
    m_input.pushKey(key, true);
    m_input.pushKey(key, false);
    inputArrived();
}

void ImGuiCanvas::stepTabNavigation()
{
    if (m_tab.direction == 0) return;
    m_settleFrames = std::max(m_settleFrames, 1);
    if (!m_input.empty() || ++m_tab.framesWaited < 2) return;
    const ImGuiID now = ImGui::GetFocusID();
    const bool forward = m_tab.direction > 0;
    if (now != m_tab.startId && now != 0) {
        m_tab = {};
    } else if (m_tab.phase == 0) {
        const ImGuiKey key = forward ? ImGuiKey_DownArrow : ImGuiKey_UpArrow;
        m_tab.phase = 1;
        m_tab.framesWaited = 0;
        m_input.pushKey(key, true);
        m_input.pushKey(key, false);
    } else {
        m_tab = {};
        // Past the last control (or none at all): on to the next widget in Qt's focus chain.
        QTimer::singleShot(0, this, [this, forward] { focusNextPrevChild(forward); });
    }
}

bool ImGuiCanvas::event(QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab) {
            makeImGuiCurrent();
            // Tab reaches ImGui when it is editing text; otherwise it walks the controls.
            if (ImGui::GetIO().WantTextInput && key->key() == Qt::Key_Tab) {
                keyPressEvent(static_cast<QKeyEvent*>(event));
            } else if (m_tab.direction == 0) {
                startTabStep(key->key() == Qt::Key_Tab && !key->modifiers().testFlag(Qt::ShiftModifier));
            }
            return true;
        }
    }
    return QOpenGLWidget::event(event);
}

} // namespace accelscope::gui
