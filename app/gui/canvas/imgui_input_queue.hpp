// SPDX-License-Identifier: MIT
// Queued input for ImGui 1.86, which only reads polled state (io.KeysDown, io.MouseDown) once a frame.
#pragma once

#include <cstddef>
#include <deque>
#include <span>

namespace accelscope::gui {

/// Qt delivers presses and releases as events; ImGui 1.86 samples "is it down now" once per
/// frame, so a press and its release between two frames would never be seen (a lost click).
/// This queue keeps the events in order and hands ImGui at most one transition per key or
/// button per frame: a press and release in one frame become two frames. A mouse move queued
/// after a button change waits for the next frame too, so a click lands where it was made.
/// (ImGui 1.87+ does the same inside io.AddKeyEvent/AddMouseButtonEvent; Debian 12 ships 1.86.)
class ImGuiInputQueue {
public:
    void pushKey(int index, bool down) { m_events.push_back({Kind::Key, index, down, 0, 0}); }
    void pushMouseButton(int index, bool down) { m_events.push_back({Kind::MouseButton, index, down, 0, 0}); }
    void pushMousePosition(float x, float y) { m_events.push_back({Kind::MousePosition, 0, false, x, y}); }
    /// Drops what is queued (focus lost: the caller releases everything itself).
    void clear() { m_events.clear(); }
    bool empty() const { return m_events.empty(); }
    std::size_t size() const { return m_events.size(); }

    /// Applies the events of one frame, oldest first, to ImGui's polled state, stopping before an
    /// event that would change a key or button a second time (or move the mouse after a button
    /// changed). Indices outside the arrays are dropped. Returns true when events are left for
    /// the next frame.
    bool applyFrame(std::span<bool> keysDown, std::span<bool> mouseDown, float& mouseX, float& mouseY);

private:
    enum class Kind { Key, MouseButton, MousePosition };
    struct Event {
        Kind kind;
        int index;
        bool down;
        float x;
        float y;
    };
    std::deque<Event> m_events;
};

} // namespace accelscope::gui
