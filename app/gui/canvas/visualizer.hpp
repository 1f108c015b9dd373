// SPDX-License-Identifier: MIT
// The interface every ImGui visualizer implements, and what the canvas host offers it.
#pragma once

#include <string>

namespace accelscope::gui {

/// What a visualizer may ask of the canvas host while it draws one frame.
class DrawContext {
public:
    virtual ~DrawContext() = default;
    /// Ask for another frame soon (animations). Without it the host repaints only on input.
    virtual void requestAnimationFrame() = 0;
    /// The user's font scale (1.0 = normal; 1.5–2.5 for projectors).
    virtual float fontScale() const = 0;
    /// Whether the dark theme is active (for colours that must contrast).
    virtual bool darkTheme() const = 0;
    /// Seconds since the host started, for animations (monotonic).
    virtual double timeSeconds() const = 0;
};

/// A view drawn with ImGui inside the canvas host. It draws the output of a model in models/ and
/// turns input into model parameters; it never touches OpenGL or timers.
class Visualizer {
public:
    virtual ~Visualizer() = default;
    virtual std::string id() const = 0;
    virtual std::string title() const = 0;
    /// Draws one frame into the current ImGui window (which fills the canvas).
    virtual void draw(DrawContext& context) = 0;
};

} // namespace accelscope::gui
