// SPDX-License-Identifier: MIT
// The Inside-the-chip page: N across a wave boundary changes the waves in the figure, registers change the
// occupancy limiter, the exported figure is the visible tab's, and every control has a tooltip.
#include "app/gui/inside-the-chip/gemm_panel.hpp"
#include "app/gui/inside-the-chip/inside_the_chip_page.hpp"
#include "app/gui/inside-the-chip/occupancy_panel.hpp"
#include "app/gui/layout/figure_view.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>

#include <algorithm>

using namespace accelscope::gui;

namespace {

bool figureSays(const FigureView* view, const std::string& words)
{
    if (!view->figure()) return false;
    const auto& stats = view->figure()->statistics;
    return std::ranges::any_of(stats, [&](const std::string& line) { return line.find(words) != std::string::npos; });
}

} // namespace

TEST_CASE("the GEMM waves tab: N across a wave boundary adds a wave to the figure")
{
    accelscope::tests::GuiFixture fixture;
    InsideTheChipPage page(fixture.services());
    GemmPanel* gemm = page.gemm();
    REQUIRE(gemm->device()->currentData().toString() == "nvidia-h100-sxm");
    gemm->m()->setValue(4096);
    gemm->k()->setValue(4096);
    gemm->n()->setValue(4096);
    // H100 SXM: 132 SMs, 128 x 256 tiles. 32 x 16 = 512 tiles = 4 waves; N = 4097 makes 17 columns, 544 tiles, 5 waves.
    REQUIRE(gemm->waves());
    CHECK(gemm->waves()->time.waves == 4);
    CHECK(figureSays(gemm->view(), "4 waves on 132 cores"));
    const double before = gemm->waves()->achievedTflops;
    gemm->nSlider()->setValue(4096 + 64); // the slider moves N, as a drag would
    CHECK(gemm->n()->value() == 4160);
    REQUIRE(gemm->waves());
    CHECK(gemm->waves()->time.waves == 5);
    CHECK(figureSays(gemm->view(), "5 waves on 132 cores"));
    CHECK(gemm->waves()->achievedTflops < before);
    CHECK(gemm->command() == "accelscope-cli chip gemm --device nvidia-h100-sxm --m 4096 --n 4160 --k 4096 --dtype bf16");
    // The exported figure is the tab shown: here the GEMM's.
    auto f = page.figure(false);
    REQUIRE(f);
    CHECK(f->title.starts_with("GEMM waves: 4,096 x 4,160 x 4,096 BF16"));
}

TEST_CASE("the occupancy tab: more registers per thread make registers the limiter")
{
    accelscope::tests::GuiFixture fixture;
    InsideTheChipPage page(fixture.services());
    OccupancyPanel* occ = page.occupancy();
    page.tabs()->setCurrentWidget(occ);
    occ->architecture()->setCurrentIndex(occ->architecture()->findData("9.0"));
    occ->threads()->setValue(256);
    occ->sharedBytes()->setValue(0);
    // 9.0: 256 threads = 8 warps; 32 registers: 1,024 per warp, 16 warps per sub-partition, 64 per SM = 8 blocks by
    // warps and by registers, 32 block slots: warps bind first.
    occ->registers()->setValue(32);
    REQUIRE(occ->nvidia());
    CHECK(occ->nvidia()->activeBlocksPerSm == 8);
    CHECK(occ->limiter() == "warps");
    // 128 registers: 4,096 per warp, 4 per sub-partition, 16 per SM = 2 blocks; registers bind.
    occ->registerSlider()->setValue(128);
    CHECK(occ->registers()->value() == 128);
    REQUIRE(occ->nvidia());
    CHECK(occ->nvidia()->activeBlocksPerSm == 2);
    CHECK(occ->limiter() == "registers");
    auto f = page.figure(false);
    REQUIRE(f);
    CHECK(f->subtitle == "2 blocks, 16 warps per SM: 25.0 %, limited by registers");
    // An AMD target switches to workgroups per CU and the AGPR box.
    occ->architecture()->setCurrentIndex(occ->architecture()->findData("amd:gfx942"));
    CHECK(occ->agprs()->isEnabled());
    REQUIRE(occ->cdna());
    CHECK(occ->command().startsWith("accelscope-cli chip occupancy --target gfx942 --threads 256 --registers 128"));
}

TEST_CASE("every control of the Inside-the-chip page has a tooltip and each tab has desk help with its command")
{
    accelscope::tests::GuiFixture fixture;
    InsideTheChipPage page(fixture.services());
    for (QWidget* w : page.findChildren<QWidget*>()) {
        // The controls: spin boxes, combo boxes and sliders (not the scroll areas' bars).
        if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QSlider*>(w)) {
            INFO(w->metaObject()->className());
            CHECK_FALSE(w->toolTip().isEmpty());
        }
    }
    const auto hints = page.findChildren<QLabel*>(pageHintName);
    REQUIRE(hints.size() == 2);
    for (QLabel* hint : hints) CHECK(hint->text().contains("accelscope-cli chip "));
}
