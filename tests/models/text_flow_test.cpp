// SPDX-License-Identifier: MIT
// TextFlow: wrapping, fitting and flowing text within a width on a chart canvas. Widths come from a
// measure of 0.55 em per character (as a sans-serif font about), so at 10 px every character is 5.5 px wide.
#include "models/figure/text_flow.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using accelscope::models::figure::ChartCanvas;
using accelscope::models::figure::Colour;
using accelscope::models::figure::TextFlow;

namespace {

// 0.55 em per character (UTF-8 continuation bytes start none).
float narrow(const std::string& text, float size)
{
    const auto chars = std::ranges::count_if(text, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    return static_cast<float>(chars) * size * 0.55f;
}

} // namespace

TEST_CASE("text flow wraps between phrases and inside a phrase only when it alone is too long")
{
    const ChartCanvas scene(200, 200, 10, narrow);
    // "abc: de fg" is 10 characters (55 px) > 50: break after "abc:"; "de fg hij" is 9 (49.5 px).
    CHECK(TextFlow::wrap(scene, {"abc:", "de fg", "hij"}, 50, 10) == std::vector<std::string>{"abc:", "de fg hij"});
    // One 14-character phrase (77 px) breaks at its spaces: "aaaa bbbb" is 49.5 px.
    CHECK(TextFlow::wrap(scene, {"aaaa bbbb cccc"}, 50, 10) == std::vector<std::string>{"aaaa bbbb", "cccc"});
    CHECK(TextFlow::wrap(scene, {"fits"}, 50, 10) == std::vector<std::string>{"fits"});
}

TEST_CASE("text flow fits a label by shrinking it, then cuts whole characters with dots")
{
    const ChartCanvas scene(200, 200, 10, narrow);
    // 10 characters, 55 px, into 50 px: drawn at 10 × 50 / 55 = 9.09 px, whole.
    auto [text, size] = TextFlow::fit(scene, "abcdefghij", 50, 10);
    CHECK(text == "abcdefghij");
    CHECK(size == Approx(10.0 * 50 / 55));
    // 20 characters would need 4.5 px; the floor is 7 px (3.85 px a character), where
    // n + 3 characters fit while (n + 3) × 3.85 <= 50: n = 9.
    std::tie(text, size) = TextFlow::fit(scene, "abcdefghijklmnopqrst", 50, 10);
    CHECK(text == "abcdefghi...");
    CHECK(size == Approx(7.0));
    // Multi-byte characters are cut whole.
    std::string arrows;
    for (int i = 0; i < 20; ++i) arrows += "\u2192";
    std::tie(text, size) = TextFlow::fit(scene, arrows, 50, 10);
    CHECK(text == arrows.substr(0, 9 * 3) + "...");
}

TEST_CASE("text flow puts items on a row until the next does not fit, and paragraphs below")
{
    ChartCanvas scene(100, 200, 10, narrow);
    TextFlow flow(scene, 0, 0, 100, 10);
    // Each item: a 10 px marker and 8 characters (44 px) = 54 px; with the 10 px gap two need 118 px.
    CHECK(flow.item(10, "abcdefgh", Colour{}) == 0.0f);
    CHECK(flow.rowTop() == 0.0f);
    CHECK(flow.item(10, "abcdefgh", Colour{}) == 0.0f); // a new row
    CHECK(flow.rowTop() == Approx(13.5));
    CHECK(flow.bottom() == Approx(27.0));
    const float top = flow.paragraph({"first phrase,", "second phrase"}, Colour{}, 0, "the whole line");
    CHECK(top == Approx(27.0));
    CHECK(flow.bottom() == Approx(27.0 + 2 * 13.5)); // 13 + 13 characters do not fit 100 px together
    const auto& texts = scene.chart().drawing.texts;
    REQUIRE(texts.size() == 4);
    for (const auto& t : texts) CHECK(t.x + scene.textWidth(t.text, static_cast<float>(t.size)) <= 100.0f);
    CHECK(tipAt(scene.chart(), 50, 30) == "the whole line");
}
