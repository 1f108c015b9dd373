// SPDX-License-Identifier: MIT
// ImGuiInputQueue: one transition per key or button per frame, in the order Qt delivered them.
#include "app/gui/canvas/imgui_input_queue.hpp"

#include <algorithm>
#include <vector>

namespace accelscope::gui {

bool ImGuiInputQueue::applyFrame(std::span<bool> keysDown, std::span<bool> mouseDown, float& mouseX, float& mouseY)
{
    std::vector<bool> keyChanged(keysDown.size(), false);
    std::vector<bool> buttonChanged(mouseDown.size(), false);
    bool anyButtonChanged = false;
    while (!m_events.empty()) {
        const Event& e = m_events.front();
        if (e.kind == Kind::MousePosition) {
            if (anyButtonChanged) break; // the move happened after the click: next frame
            mouseX = e.x;
            mouseY = e.y;
        } else {
            const bool key = e.kind == Kind::Key;
            const std::span<bool> state = key ? keysDown : mouseDown;
            std::vector<bool>& changed = key ? keyChanged : buttonChanged;
            if (e.index >= 0 && static_cast<std::size_t>(e.index) < state.size()) {
                const auto i = static_cast<std::size_t>(e.index);
                if (state[i] != e.down) {
                    if (changed[i]) break; // its second transition this frame: next frame
                    state[i] = e.down;
                    changed[i] = true;
                    anyButtonChanged = anyButtonChanged || !key;
                }
            }
        }
        m_events.pop_front();
    }
    return !m_events.empty();
}

} // namespace accelscope::gui
