// SPDX-License-Identifier: MIT
// The ImGui canvas host: renders, forwards input, paces frames and survives re-parenting.
#include "app/gui/canvas/imgui_canvas.hpp"

#include <catch2/catch.hpp>

#include <QTest>
#include <QVBoxLayout>

#include <imgui.h>

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

void waitFrames(const ImGuiCanvas& canvas, int atLeast, int timeoutMs = 3000)
{
    QElapsedTimer timer;
    timer.start();
    while (canvas.framesRendered() < atLeast && timer.elapsed() < timeoutMs) QTest::qWait(10);
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
    QTest::qWait(300);
    const int idle = canvas.framesRendered();
    QTest::qWait(300);
    // An idle-spinning host would draw ~18 frames here; allow one stray expose from the X server.
    CHECK(canvas.framesRendered() <= idle + 1);

    probe.animate = true;
    canvas.update();
    waitFrames(canvas, idle + 10); // keeps drawing while the visualizer asks for frames
    CHECK(canvas.framesRendered() >= idle + 10);
    probe.animate = false;
    QTest::qWait(100);
    const int stopped = canvas.framesRendered();
    QTest::qWait(300);
    CHECK(canvas.framesRendered() <= stopped + 1);
}

TEST_CASE("mouse input reaches ImGui and clicks its buttons")
{
    ProbeVisualizer probe;
    ImGuiCanvas canvas;
    showCanvas(canvas, probe);
    // The button is below one line of text at the window padding (8 px); 40 px tall.
    const QPoint button(60, 45);
    QTest::mouseMove(&canvas, button);
    QTest::qWait(50);
    CHECK(probe.mouse.x == 60);
    CHECK(probe.mouse.y == 45);
    QTest::mousePress(&canvas, Qt::LeftButton, {}, button);
    QTest::qWait(50);
    QTest::mouseRelease(&canvas, Qt::LeftButton, {}, button);
    QTest::qWait(100);
    CHECK(probe.clicked);
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
