// SPDX-License-Identifier: MIT
// The ImGui canvas host: renders, forwards input, paces frames and survives re-parenting.
#include "app/gui/canvas/imgui_canvas.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLineEdit>
#include <QTest>
#include <QVBoxLayout>

#include <imgui.h>
#include <imgui_internal.h> // GetItemID: the IDs keyboard navigation focuses

#include <cmath>

using namespace accelscope::gui;

namespace {

// Counts frames, records the last mouse position ImGui saw, and animates on request.
class ProbeVisualizer : public Visualizer {
public:
    std::string id() const override { return "probe"; }
    std::string title() const override { return "Probe"; }
    void draw(DrawContext& context) override
    {
        ++frames;
        mouse = ImGui::GetIO().MousePos;
        ImGui::Text("frame %d", frames);
        clicked |= ImGui::Button("Press me", ImVec2(120, 40));
        if (animate) context.requestAnimationFrame();
    }
    int frames = 0;
    bool animate = false;
    bool clicked = false;
    ImVec2 mouse;
};

bool waitFrames(const ImGuiCanvas& canvas, int atLeast, int timeoutMs = 10000)
{
    return QTest::qWaitFor([&] { return canvas.framesRendered() >= atLeast; }, timeoutMs);
}

// Waits until no frame is drawn for 100 ms (at most 3 s) and returns the frame count then.
// A host that repaints in a loop draws every 16 ms and never goes quiet. The waits here and in
// pressKey are on a clock on purpose: what they check is that nothing happens for a while.
int waitQuiet(const ImGuiCanvas& canvas)
{
    int last = -1;
    for (int i = 0; i < 30 && last != canvas.framesRendered(); ++i) {
        last = canvas.framesRendered();
        QTest::qWait(100);
    }
    REQUIRE(last == canvas.framesRendered());
    return last;
}

// Shows a 400×300 canvas drawing `probe` and waits for its first frame.
void showCanvas(ImGuiCanvas& canvas, ProbeVisualizer& probe)
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY")); // run under xvfb-run (test.sh does)
    canvas.setVisualizer(&probe);
    canvas.resize(400, 300);
    canvas.show();
    REQUIRE(QTest::qWaitForWindowExposed(&canvas));
    waitFrames(canvas, 1);
}

} // namespace

TEST_CASE("the canvas renders the visualizer, and stops repainting when idle")
{
    ProbeVisualizer probe;
    ImGuiCanvas canvas;
    showCanvas(canvas, probe);
    REQUIRE(canvas.framesRendered() >= 1);
    const int idle = waitQuiet(canvas); // the frames that settle input are drawn, then none
    QTest::qWait(300);
    // An idle-spinning host draws ~18 frames in 300 ms. A stray X event (focus, expose) is
    // answered with at most 3 frames (the repaint and two that let ImGui settle).
    CHECK(canvas.framesRendered() <= idle + 3);

    probe.animate = true;
    canvas.update();
    CHECK(waitFrames(canvas, idle + 10)); // keeps drawing while the visualizer asks for frames
    probe.animate = false;
    const int last = waitQuiet(canvas); // a frame already scheduled may still be drawn
    QTest::qWait(300);
    CHECK(canvas.framesRendered() <= last + 3);
}

TEST_CASE("mouse input reaches ImGui and clicks its buttons")
{
    ProbeVisualizer probe;
    ImGuiCanvas canvas;
    showCanvas(canvas, probe);
    // The button is below one line of text at the window padding (8 px); 40 px tall.
    const QPoint button(60, 45);
    // ImGui samples input once per frame, so each step waits (with fresh frames) until ImGui has
    // seen it; a timeout makes the check fail instead of hanging.
    const auto waitUntil = [&canvas](const auto& condition) {
        return QTest::qWaitFor([&] {
            canvas.update();
            return condition();
        }, 10000);
    };
    QTest::mouseMove(&canvas, button);
    CHECK(waitUntil([&] { return probe.mouse.x == 60 && probe.mouse.y == 45; }));
    QTest::mousePress(&canvas, Qt::LeftButton, {}, button);
    waitFrames(canvas, canvas.framesRendered() + 2);
    QTest::mouseRelease(&canvas, Qt::LeftButton, {}, button);
    CHECK(waitUntil([&] { return probe.clicked; }));
}

TEST_CASE("the canvas survives being re-parented into another window")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    ProbeVisualizer probe;
    QWidget first;
    QWidget second;
    auto* canvas = new ImGuiCanvas(&first);
    canvas->setVisualizer(&probe);
    first.resize(400, 300);
    second.resize(500, 350);
    canvas->resize(400, 300);
    first.show();
    REQUIRE(QTest::qWaitForWindowExposed(&first));
    waitFrames(*canvas, 1);
    const int before = canvas->framesRendered();
    const int inits = canvas->backendInitializations();
    canvas->setParent(&second);
    canvas->show();
    second.show();
    REQUIRE(QTest::qWaitForWindowExposed(&second));
    canvas->update();
    waitFrames(*canvas, before + 1);
    CHECK(canvas->framesRendered() > before);
    CHECK(canvas->backendInitializations() >= inits);
    canvas->setFontScale(2.0f);
    waitFrames(*canvas, canvas->framesRendered() + 1);
    CHECK(probe.frames > 1);
}

TEST_CASE("a press and release delivered between two frames still click an ImGui button")
{
    ProbeVisualizer probe;
    ImGuiCanvas canvas;
    showCanvas(canvas, probe);
    const QPoint button(60, 45);
    QTest::mouseMove(&canvas, button);
    waitQuiet(canvas);
    // Both events arrive before the canvas draws again: ImGui 1.86 polls "is the button down",
    // so without the queue it would see "up" in both frames and the click would be lost.
    const int before = canvas.framesRendered();
    QTest::mousePress(&canvas, Qt::LeftButton, {}, button);
    QTest::mouseRelease(&canvas, Qt::LeftButton, {}, button);
    REQUIRE(canvas.framesRendered() == before); // really no frame in between
    waitQuiet(canvas);
    CHECK(probe.clicked);
}

TEST_CASE("the canvas draws with Qt's UI font found by fontconfig, at Qt's size times the text scale")
{
    ProbeVisualizer probe;
    ImGuiCanvas canvas;
    showCanvas(canvas, probe);
    waitQuiet(canvas);
    const QString file = canvas.fontFile();
    CHECK(file.endsWith(QStringLiteral(".ttf"), Qt::CaseInsensitive));
    const float ratio = static_cast<float>(canvas.devicePixelRatioF());
    const float normal = canvas.fontPixelSize();
    // 10 pt at the screen's dpi: 13.3 px at 96 dpi (Xvfb's default).
    CHECK(normal == Approx(std::round(10.0 * canvas.logicalDpiY() / 72.0 * ratio)).margin(0.5));
    canvas.setFontScale(2.5f);
    waitQuiet(canvas);
    CHECK(canvas.fontPixelSize() == Approx(std::round(25.0 * canvas.logicalDpiY() / 72.0 * ratio)).margin(0.5));
}

namespace {

// Two buttons, one under the other, recording their ImGui IDs and presses.
class TwoButtons : public Visualizer {
public:
    std::string id() const override { return "two-buttons"; }
    std::string title() const override { return "Two buttons"; }
    void draw(DrawContext&) override
    {
        if (ImGui::Button("First")) ++firstPresses;
        firstId = ImGui::GetItemID();
        if (ImGui::Button("Second")) ++secondPresses;
        secondId = ImGui::GetItemID();
    }
    unsigned int firstId = 0;
    unsigned int secondId = 0;
    int firstPresses = 0;
    int secondPresses = 0;
};

// Sends a key to whichever widget has focus, then lets the canvas settle.
void pressKey(const ImGuiCanvas& canvas, Qt::Key key, Qt::KeyboardModifiers modifiers = {})
{
    QWidget* target = QApplication::focusWidget();
    REQUIRE(target != nullptr);
    QTest::keyClick(target, key, modifiers);
    int last = -1;
    for (int i = 0; i < 40 && last != canvas.framesRendered(); ++i) {
        last = canvas.framesRendered();
        QTest::qWait(60);
    }
}

} // namespace

TEST_CASE("Tab walks into the canvas, between its controls and out again, and Space presses")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    TwoButtons buttons;
    QWidget window;
    auto* layout = new QVBoxLayout(&window);
    auto* before = new QLineEdit;
    auto* canvas = new ImGuiCanvas;
    auto* after = new QLineEdit;
    canvas->setVisualizer(&buttons);
    canvas->setMinimumSize(300, 200);
    layout->addWidget(before);
    layout->addWidget(canvas);
    layout->addWidget(after);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QApplication::setActiveWindow(&window); // Xvfb has no window manager to activate it
    before->setFocus();
    waitFrames(*canvas, 1);
    REQUIRE(QApplication::focusWidget() == before);

    pressKey(*canvas, Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == canvas);
    CHECK(canvas->focusedControl() == buttons.firstId);
    pressKey(*canvas, Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == canvas);
    CHECK(canvas->focusedControl() == buttons.secondId);
    pressKey(*canvas, Qt::Key_Space);
    CHECK(buttons.secondPresses == 1);
    CHECK(buttons.firstPresses == 0);
    pressKey(*canvas, Qt::Key_Backtab, Qt::ShiftModifier);
    CHECK(canvas->focusedControl() == buttons.firstId);
    pressKey(*canvas, Qt::Key_Return);
    CHECK(buttons.firstPresses == 1);
    pressKey(*canvas, Qt::Key_Down);
    CHECK(canvas->focusedControl() == buttons.secondId);
    pressKey(*canvas, Qt::Key_Tab); // past the last control
    CHECK(QApplication::focusWidget() == after);
}
