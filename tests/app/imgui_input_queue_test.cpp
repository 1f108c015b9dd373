// SPDX-License-Identifier: MIT
// The ImGui 1.86 input adapter: queued presses and releases reach ImGui one transition per frame.
#include "app/gui/canvas/imgui_input_queue.hpp"

#include <catch2/catch.hpp>

#include <array>

using accelscope::gui::ImGuiInputQueue;

namespace {

struct Polled {
    std::array<bool, 16> keys{};
    std::array<bool, 5> buttons{};
    float x = 0;
    float y = 0;
    bool frame(ImGuiInputQueue& queue) { return queue.applyFrame(keys, buttons, x, y); }
};

} // namespace

TEST_CASE("a press and release queued between two frames reach ImGui as two frames")
{
    ImGuiInputQueue queue;
    Polled polled;
    queue.pushMouseButton(0, true);
    queue.pushMouseButton(0, false);
    CHECK(polled.frame(queue)); // the release waits
    CHECK(polled.buttons[0]);
    CHECK_FALSE(polled.frame(queue));
    CHECK_FALSE(polled.buttons[0]);
    CHECK(queue.empty());
}

TEST_CASE("two quick clicks take four frames and none is lost")
{
    ImGuiInputQueue queue;
    Polled polled;
    for (int i = 0; i < 2; ++i) {
        queue.pushKey(3, true);
        queue.pushKey(3, false);
    }
    int presses = 0;
    bool previous = false;
    int frames = 0;
    while (!queue.empty() && frames < 10) {
        polled.frame(queue);
        presses += polled.keys[3] && !previous ? 1 : 0;
        previous = polled.keys[3];
        ++frames;
    }
    CHECK(presses == 2);
    CHECK(frames == 4);
}

TEST_CASE("different keys and buttons change in the same frame")
{
    ImGuiInputQueue queue;
    Polled polled;
    queue.pushKey(1, true);
    queue.pushKey(2, true);
    queue.pushMouseButton(1, true);
    CHECK_FALSE(polled.frame(queue));
    CHECK(polled.keys[1]);
    CHECK(polled.keys[2]);
    CHECK(polled.buttons[1]);
}

TEST_CASE("a click lands where it was made, a move after it waits for the next frame")
{
    ImGuiInputQueue queue;
    Polled polled;
    queue.pushMousePosition(10, 20);
    queue.pushMouseButton(0, true);
    queue.pushMousePosition(300, 400);
    CHECK(polled.frame(queue));
    CHECK(polled.buttons[0]);
    CHECK(polled.x == 10);
    CHECK(polled.y == 20);
    CHECK_FALSE(polled.frame(queue));
    CHECK(polled.x == 300);
}

TEST_CASE("events that change nothing or name no key are dropped without costing a frame")
{
    ImGuiInputQueue queue;
    Polled polled;
    queue.pushKey(4, false);   // already up
    queue.pushKey(99, true);   // outside the key array
    queue.pushMouseButton(-1, true);
    queue.pushKey(4, true);
    CHECK_FALSE(polled.frame(queue));
    CHECK(polled.keys[4]);
    CHECK(queue.empty());
}
