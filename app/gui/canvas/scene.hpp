// SPDX-License-Identifier: MIT
// A flat list of 2-D primitives that a visualizer builds once per frame and that is drawn with ImGui or written as SVG.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct ImDrawList;

namespace accelscope::gui {

/// sRGB colour with alpha, 0–255 each.
struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
    /// ImGui's packed form (0xAABBGGRR).
    unsigned int packed() const;
    /// "#rrggbb" for SVG.
    std::string hex() const;
    Rgba withAlpha(std::uint8_t alpha) const { return {r, g, b, alpha}; }
};

/// Marker shapes, so series stay apart for readers who cannot tell the colours apart.
enum class MarkerShape { Circle, Square, Diamond, Triangle };

/// Where a text's anchor point sits on the text.
enum class TextAnchor { Left, Centre, Right };

/// Screen-space primitives (pixels, origin at the top left of the scene). The same scene is
/// drawn on the canvas and exported as SVG, so the export is what the user saw.
class Scene {
public:
    struct Line { float x0, y0, x1, y1; Rgba colour; float thickness; bool dashed; };
    struct Rect { float x0, y0, x1, y1; Rgba fill; Rgba stroke; };
    struct Marker { float x, y, radius; Rgba fill; MarkerShape shape; bool hollow; };
    struct Text { float x, y; std::string text; Rgba colour; float size; TextAnchor anchor; };
    /// An area that shows `tip` when the mouse is over it.
    struct HitArea { float x0, y0, x1, y1; std::string tip; };

    /// Measures text width in pixels at `size`; the ImGui font during a frame, an estimate otherwise.
    using Measure = std::function<float(const std::string& text, float size)>;

    Scene(float width, float height, float fontSize, Measure measure);

    float width() const { return m_width; }
    float height() const { return m_height; }
    float fontSize() const { return m_fontSize; }
    float textWidth(const std::string& text, float size = 0.0f) const;

    void line(float x0, float y0, float x1, float y1, Rgba colour, float thickness = 1.0f, bool dashed = false);
    void rect(float x0, float y0, float x1, float y1, Rgba fill, Rgba stroke = {0, 0, 0, 0});
    void marker(float x, float y, float radius, Rgba fill, MarkerShape shape = MarkerShape::Circle, bool hollow = false);
    void text(float x, float y, std::string text, Rgba colour, TextAnchor anchor = TextAnchor::Left, float size = 0.0f);
    void hit(float x0, float y0, float x1, float y1, std::string tip);
    /// Adds a label where it overlaps no earlier text, trying up to `maxShift` pixels above and
    /// below (x, y); false (and nothing added) when every place is taken.
    bool textFree(float x, float y, std::string text, Rgba colour, TextAnchor anchor = TextAnchor::Left, float size = 0.0f,
                  float maxShift = 40.0f);

    /// The tip of the topmost hit area under (x, y), or empty.
    std::string tipAt(float x, float y) const;
    const std::vector<Rect>& rects() const { return m_rects; }
    const std::vector<Line>& lines() const { return m_lines; }
    const std::vector<Marker>& markers() const { return m_markers; }
    const std::vector<Text>& texts() const { return m_texts; }
    const std::vector<HitArea>& hits() const { return m_hits; }

    /// Draws the scene with its origin at (x, y) of the list's screen space.
    void draw(ImDrawList& list, float x, float y) const;
    /// The scene as a standalone SVG document on `background`.
    std::string svg(Rgba background) const;

    /// Width estimate for a proportional sans-serif font (0.55 em per character), used outside a frame.
    static float estimateWidth(const std::string& text, float size);
    /// ImGui's current font measurement (only inside a frame).
    static Measure imguiMeasure();

private:
    float m_width, m_height, m_fontSize;
    Measure m_measure;
    std::vector<Rect> m_rects;
    std::vector<Line> m_lines;
    std::vector<Marker> m_markers;
    std::vector<Text> m_texts;
    std::vector<HitArea> m_hits;
};

/// Okabe–Ito colours for series (devices), brighter variants on the dark theme; cycles.
Rgba seriesColour(std::size_t index, bool dark);
/// Text, grid and muted colours of the current theme.
Rgba inkColour(bool dark);
Rgba gridColour(bool dark);
Rgba mutedColour(bool dark);
Rgba backgroundColour(bool dark);
/// `value` through a printf format with one double ("%.1f%%"), for fixed-decimal chart labels;
/// significant-digit figures go through models::engineeringText / quantityText instead.
std::string formatText(const char* format, double value);
/// Compact engineering text (models::quantityText): 3 significant digits with a k/M/G/T/P prefix ("1.23 TFLOP").
std::string siText(double value, const char* unit);
/// Bytes with decimal units (kB, MB, GB, TB) or binary (KiB, MiB) when `binary`, 3 significant digits.
std::string bytesText(double bytes, bool binary = false);
/// Seconds as ns/µs/ms/s, 3 significant digits.
std::string secondsText(double seconds);

} // namespace accelscope::gui
