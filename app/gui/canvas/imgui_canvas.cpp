// SPDX-License-Identifier: MIT
// ImGuiCanvas: event forwarding (ImGui 1.86 IO API), frame pacing and GL lifetime.
#include "app/gui/canvas/imgui_canvas.hpp"

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

#include <algorithm>
#include <array>
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
    // Rasterise at the physical pixel size so text stays sharp on HiDPI, then scale back.
    const auto ratio = static_cast<float>(devicePixelRatioF());
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = 13.0f * m_fontScale * ratio;
    config.OversampleH = 2;
    io.Fonts->AddFontDefault(&config);
    io.FontGlobalScale = 1.0f / ratio;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    m_fontPixelRatio = ratio;
    m_fontsDirty = false;
}

void ImGuiCanvas::applyStyle()
{
    ImGuiStyle& style = ImGui::GetStyle();
    if (m_dark) {
        ImGui::StyleColorsDark(&style);
    } else {
        ImGui::StyleColorsLight(&style);
    }
    style.WindowRounding = 0.0f;
    style.WindowBorderSize = 0.0f;
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

    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
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
    if (const int index = mouseButtonIndex(event->button()); index >= 0) ImGui::GetIO().MouseDown[index] = true;
    updateModifiers(event->modifiers());
    inputArrived();
}

void ImGuiCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    makeImGuiCurrent();
    if (const int index = mouseButtonIndex(event->button()); index >= 0) ImGui::GetIO().MouseDown[index] = false;
    inputArrived();
}

void ImGuiCanvas::mouseMoveEvent(QMouseEvent* event)
{
    makeImGuiCurrent();
    const QPointF position = event->position();
    ImGui::GetIO().MousePos = ImVec2(static_cast<float>(position.x()), static_cast<float>(position.y()));
    inputArrived();
}

void ImGuiCanvas::leaveEvent(QEvent* event)
{
    makeImGuiCurrent();
    ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
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
            io.KeysDown[imguiKey] = down;
            known = true;
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
    inputArrived();
    QOpenGLWidget::focusInEvent(event);
}

void ImGuiCanvas::focusOutEvent(QFocusEvent* event)
{
    makeImGuiCurrent();
    ImGuiIO& io = ImGui::GetIO();
    io.AddFocusEvent(false);
    std::fill(std::begin(io.MouseDown), std::end(io.MouseDown), false);
    inputArrived();
    QOpenGLWidget::focusOutEvent(event);
}

bool ImGuiCanvas::event(QEvent* event)
{
    // Let Tab reach ImGui when it is editing text instead of moving Qt's focus chain.
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Tab) {
        makeImGuiCurrent();
        if (ImGui::GetIO().WantTextInput) {
            keyPressEvent(static_cast<QKeyEvent*>(event));
            return true;
        }
    }
    return QOpenGLWidget::event(event);
}

} // namespace accelscope::gui
