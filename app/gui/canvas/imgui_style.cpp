// SPDX-License-Identifier: MIT
// applyPaletteStyle: ImGui colours from QPalette roles, Fusion-like rounding.
#include "app/gui/canvas/imgui_style.hpp"

#include <imgui.h>

namespace accelscope::gui {
namespace {

ImVec4 colour(const QColor& c, float alpha = 1.0f)
{
    return ImVec4(static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF()), alpha);
}

// `c` moved towards `towards` by `amount` (0..1): hover and pressed shades of a role's colour.
QColor mix(const QColor& c, const QColor& towards, double amount)
{
    return QColor::fromRgbF(static_cast<float>(c.redF() + (towards.redF() - c.redF()) * amount),
                            static_cast<float>(c.greenF() + (towards.greenF() - c.greenF()) * amount),
                            static_cast<float>(c.blueF() + (towards.blueF() - c.blueF()) * amount));
}

} // namespace

void applyPaletteStyle(ImGuiStyle& style, const QPalette& palette)
{
    style = ImGuiStyle();
    const QColor window = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor button = palette.color(QPalette::Button);
    const QColor field = palette.color(QPalette::AlternateBase);
    const QColor accent = palette.color(QPalette::Highlight);
    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = colour(text);
    // Hints and captions: halfway to the background keeps them readable (Fusion's disabled grey
    // is too faint for sentences on white).
    c[ImGuiCol_TextDisabled] = colour(mix(text, window, 0.45));
    c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = colour(window);
    c[ImGuiCol_PopupBg] = colour(palette.color(QPalette::ToolTipBase));
    c[ImGuiCol_Border] = colour(mix(window, text, 0.3));
    c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_FrameBg] = colour(field);
    c[ImGuiCol_FrameBgHovered] = colour(mix(field, accent, 0.2));
    c[ImGuiCol_FrameBgActive] = colour(mix(field, accent, 0.35));
    c[ImGuiCol_Button] = colour(mix(button, text, 0.08));
    c[ImGuiCol_ButtonHovered] = colour(mix(button, accent, 0.25));
    c[ImGuiCol_ButtonActive] = colour(mix(button, accent, 0.5));
    c[ImGuiCol_Header] = colour(accent, 0.35f);
    c[ImGuiCol_HeaderHovered] = colour(accent, 0.55f);
    c[ImGuiCol_HeaderActive] = colour(accent, 0.8f);
    c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrabActive] = colour(accent);
    c[ImGuiCol_SliderGrab] = colour(mix(accent, window, 0.2));
    c[ImGuiCol_Separator] = colour(mix(window, text, 0.25));
    c[ImGuiCol_ScrollbarBg] = colour(window);
    c[ImGuiCol_ScrollbarGrab] = colour(mix(window, text, 0.3));
    c[ImGuiCol_TextSelectedBg] = colour(accent, 0.4f);
    c[ImGuiCol_NavHighlight] = colour(accent);
    c[ImGuiCol_PlotLines] = c[ImGuiCol_PlotHistogram] = colour(accent);
    c[ImGuiCol_TableHeaderBg] = colour(field);
    c[ImGuiCol_TableBorderStrong] = c[ImGuiCol_TableBorderLight] = colour(mix(window, text, 0.2));
    c[ImGuiCol_TableRowBgAlt] = colour(field, 0.5f);
    // Fusion's 2 px corners; ImGui's default padding and spacing (8 px, like Qt's layouts) stay, as
    // the pages' layouts (and their fit tests at projector sizes) are measured with them.
    style.WindowRounding = 0.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameRounding = 2.0f;
    style.GrabRounding = 2.0f;
    style.FrameBorderSize = 1.0f; // fields and buttons framed like Qt's (drawn inside: no layout change)
}

} // namespace accelscope::gui
