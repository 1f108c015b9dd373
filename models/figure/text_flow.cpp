// SPDX-License-Identifier: MIT
// TextFlow.
#include "models/figure/text_flow.hpp"

#include <algorithm>
#include <sstream>

namespace accelscope::models::figure {

TextFlow::TextFlow(ChartCanvas& scene, float left, float top, float width, float size)
    : m_scene(scene), m_left(left), m_width(std::max(width, 1.0f)), m_size(size), m_y(top)
{
}

float TextFlow::bottom() const { return m_rowX > 0 ? m_y + lineHeight() : m_y; }

std::vector<std::string> TextFlow::wrap(const ChartCanvas& scene, const std::vector<std::string>& phrases, float width, float size)
{
    std::vector<std::string> lines;
    std::string current;
    const auto add = [&](const std::string& piece) {
        const std::string joined = current.empty() ? piece : current + " " + piece;
        if (current.empty() || scene.textWidth(joined, size) <= width) {
            current = joined;
        } else {
            lines.push_back(current);
            current = piece;
        }
    };
    for (const auto& phrase : phrases) {
        if (phrase.empty()) continue;
        if (scene.textWidth(phrase, size) <= width) {
            add(phrase);
            continue;
        }
        std::istringstream words(phrase); // too long on its own: break it at its spaces
        std::string word;
        while (words >> word) add(word);
    }
    if (!current.empty()) lines.push_back(current);
    return lines;
}

std::pair<std::string, float> TextFlow::fit(const ChartCanvas& scene, std::string text, float width, float size, float smallest)
{
    const float w = scene.textWidth(text, size);
    if (w <= width) return {std::move(text), size};
    const float shrunk = std::max(size * smallest, size * width / w);
    if (scene.textWidth(text, shrunk) <= width) return {std::move(text), shrunk};
    while (text.size() > 1 && scene.textWidth(text + "...", shrunk) > width) {
        // Drop one whole UTF-8 character: its continuation bytes, then its first byte.
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
        if (!text.empty()) text.pop_back();
    }
    text += "...";
    return {std::move(text), shrunk};
}

void TextFlow::line(float x, float y, const std::string& text, Colour colour, float width)
{
    const float w = m_scene.textWidth(text, m_size);
    const float size = w > width && w > 0 ? m_size * width / w : m_size;
    m_scene.text(x, y + (m_size - size) / 2, text, colour, Anchor::Start, size);
}

float TextFlow::paragraph(const std::vector<std::string>& phrases, Colour colour, float indent, const std::string& tip)
{
    endRow();
    const float top = m_y;
    const float width = m_width - indent;
    for (const auto& text : wrap(m_scene, phrases, width, m_size)) {
        line(m_left + indent, m_y, text, colour, width);
        m_y += lineHeight();
    }
    if (!tip.empty()) m_scene.hit(m_left, top, m_left + m_width, m_y, tip);
    return top;
}

float TextFlow::item(float markerWidth, const std::string& label, Colour colour)
{
    const float gap = m_size;
    const float needed = markerWidth + m_scene.textWidth(label, m_size);
    if (m_rowX > 0 && m_rowX + gap + needed > m_left + m_width) endRow();
    const float x = m_rowX > 0 ? m_rowX + gap : m_left;
    line(x + markerWidth, m_y, label, colour, m_left + m_width - x - markerWidth);
    m_rowX = std::min(x + needed, m_left + m_width);
    return x;
}

void TextFlow::endRow()
{
    if (m_rowX <= 0) return;
    m_rowX = 0;
    m_y += lineHeight();
}

} // namespace accelscope::models::figure
