// SPDX-License-Identifier: MIT
// The Precision page in the window: the bit editor's field decoding, overflow note and formats
// side by side, and the number line's landmarks, drawn at 1280 × 800.
#include "app/gui/precision/precision_page.hpp"
#include "tests/app/window_fixture.hpp"

#include <QTest>

using accelscope::gui::PrecisionPage;
using namespace accelscope::models::precision;

TEST_CASE("the bit editor shows E4M3's overflow to NaN with its fields decoded, and the number line its landmarks")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    auto& window = fixture.window;
    CHECK(window.openPage("precision", {{"view", "bits"}, {"format", "fp8-e4m3"}, {"value", "1000"}}).isEmpty());
    auto& precision = window.pageOf<PrecisionPage>()->visualizer();
    CHECK(accelscope::tests::settleCanvases(window.pageOf<PrecisionPage>()));
    auto& bits = precision.bits();
    CHECK(bits.code() == 0x7Fu); // NaN: E4M3 fn has no infinity
    CHECK(bits.storageNote().find("Tick Saturate to clamp to 448") != std::string::npos);
    CHECK(bits.decoding().formula == "NaN");
    // A normal value: the fields under the bits and the formula.
    CHECK(window.openPage("precision", {{"format", "fp16"}, {"value", "0.333"}}).isEmpty());
    CHECK(accelscope::tests::settleCanvases(window.pageOf<PrecisionPage>()));
    // FP16 stores 0.333 as 2^-2 × 1.33203125 (fraction 0101010100).
    CHECK(bits.decoding().formula == "+1 × 2^-2 × 1.33203125 = 0.3330078125");
    CHECK(window.openPage("precision", {{"view", "number-line"}, {"format", "fp8-e4m3"}, {"log", "true"}}).isEmpty());
    // The landmarks are counted as the canvas draws them.
    CHECK(QTest::qWaitFor([&] { return precision.numberLine().markersDrawn() == 3; }, 10000));
}
