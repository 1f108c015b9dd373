// SPDX-License-Identifier: MIT
// A headless ImGui context (fonts built, no GL) and a fake draw context for visualizer tests.
#pragma once

#include "app/gui/canvas/visualizer.hpp"

#include <imgui.h>

namespace accelscope::tests {

class FakeDrawContext : public gui::DrawContext {
public:
    void requestAnimationFrame() override { ++animationRequests; }
    float fontScale() const override { return 1.0f; }
    bool darkTheme() const override { return dark; }
    double timeSeconds() const override { return time; }
    int animationRequests = 0;
    double time = 0.0; ///< what timeSeconds() says; tests move it on to drive playback
    bool dark = false;
};

// Runs one ImGui frame with the chart in a full-size window; the mouse is at `mouse`.
inline void frame(accelscope::gui::Visualizer& chart, FakeDrawContext& context, ImVec2 mouse)
{
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("##canvas", nullptr, ImGuiWindowFlags_NoDecoration);
    chart.draw(context);
    ImGui::End();
    ImGui::Render();
}

struct HeadlessImGui {
    ImGuiContext* context = ImGui::CreateContext();
    HeadlessImGui()
    {
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(900, 700);
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ~HeadlessImGui() { ImGui::DestroyContext(context); }
};

} // namespace accelscope::tests
