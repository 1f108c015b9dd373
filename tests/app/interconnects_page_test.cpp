// SPDX-License-Identifier: MIT
// The Interconnects page: a control changes the sweep figure (the one `fabric sweep --svg` writes), the measured
// run lists what `fabric import` stored, and the ring animation steps to its end and back as presenter mode steps it.
#include "app/gui/interconnects/interconnects_page.hpp"
#include "app/gui/interconnects/ring_view.hpp"
#include "app/gui/layout/figure_view.hpp"
#include "labs/lab_result_json.hpp"
#include "labs/measured/nccl_tests_runs.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>

using namespace accelscope::gui;

namespace {

std::string statisticsOf(const accelscope::models::figure::Figure& f)
{
    std::string all;
    for (const auto& s : f.statistics) all += s + "\n";
    return all;
}

} // namespace

TEST_CASE("the interconnects page redraws the sweep figure when a control changes, and its hint gives the same command")
{
    accelscope::tests::GuiFixture fixture;
    InterconnectsPage page(fixture.services());
    auto* device = page.findChild<QComboBox*>("device");
    auto* gpus = page.findChild<QSpinBox*>("gpus");
    auto* algorithm = page.findChild<QComboBox*>("algorithm");
    REQUIRE(device);
    REQUIRE(gpus);
    REQUIRE(algorithm);
    REQUIRE(device->currentData().toString() == "nvidia-h100-sxm");
    CHECK(gpus->value() == 8);
    CHECK(algorithm->count() == 4); // auto, ring, tree, nvls
    REQUIRE(page.sweepView()->figure());
    const auto before = *page.sweepView()->figure();
    CHECK(before.title.find("8 x") != std::string::npos);
    gpus->setValue(4);
    page.evaluate();
    REQUIRE(page.sweepView()->figure());
    const auto after = *page.sweepView()->figure();
    CHECK(after.title.find("4 x") != std::string::npos);
    CHECK(statisticsOf(after) != statisticsOf(before));
    // The exported figure is the one shown; the hint names the command that writes it.
    const auto exported = page.figure(false);
    REQUIRE(exported);
    CHECK(exported->title == after.title);
    auto* hint = page.findChild<QLabel*>(pageHintName);
    REQUIRE(hint);
    CHECK(hint->text().contains("accelscope-cli fabric sweep --device nvidia-h100-sxm --gpus 4 --nodes 1 --op all-reduce --algorithm auto"));
    CHECK(hint->text().contains("accelscope-cli fabric ring --ranks 4 --step 0"));
    // Every control says what it is for.
    for (QWidget* w : page.findChildren<QWidget*>()) {
        if (qobject_cast<QComboBox*>(w) || qobject_cast<QSpinBox*>(w)) {
            INFO(w->objectName().toStdString());
            CHECK_FALSE(w->toolTip().isEmpty());
        }
    }
}

TEST_CASE("an imported nccl-tests run is offered as the measured run and drawn beside the model")
{
    accelscope::tests::GuiFixture fixture;
    accelscope::labs::LabResult result;
    result.labId = accelscope::labs::ncclTestsLabId;
    result.title = "nccl-tests all-reduce (imported run.txt)";
    result.series = {{"measured bus bandwidth", "size", "B", "busbw", "GB/s", {{1 << 20, 40}, {1 << 30, 480}}},
                     {"measured algorithm bandwidth", "size", "B", "algbw", "GB/s", {{1 << 20, 22.9}, {1 << 30, 274}}}};
    auto store = fixture.context->userStore();
    REQUIRE(store);
    const auto id = (*store)->addLabResult(accelscope::labs::storedLabResult(result, "imported", "run.txt"));
    REQUIRE(id);
    InterconnectsPage page(fixture.services());
    auto* measured = page.findChild<QComboBox*>("measured");
    REQUIRE(measured);
    REQUIRE(measured->count() == 2); // none and the run
    CHECK(page.sweepView()->figure()->chart.markers.empty());
    measured->setCurrentIndex(1);
    page.evaluate();
    REQUIRE(page.sweepView()->figure());
    CHECK(page.sweepView()->figure()->chart.markers.size() == 4); // two sizes, busbw and time
    CHECK(statisticsOf(*page.sweepView()->figure()).find("measured / model busbw") != std::string::npos);
}

TEST_CASE("the ring all-reduce steps to its end and back as presenter mode steps it, and the figure shown is the step's")
{
    accelscope::tests::GuiFixture fixture;
    InterconnectsPage page(fixture.services());
    RingView* ring = page.ring();
    auto* ranks = page.findChild<QSpinBox*>("ringRanks");
    REQUIRE(ranks);
    ranks->setValue(5);
    CHECK_FALSE(page.animationAtEnd());
    int steps = 0;
    while (!page.animationAtEnd() && steps < 100) {
        page.stepAnimation(1);
        ++steps;
    }
    CHECK(steps == 2 * (5 - 1));
    CHECK(page.tabs()->currentIndex() == 1); // stepping shows the ring
    REQUIRE(ring->view()->figure());
    CHECK(ring->view()->figure()->subtitle.find("all-gather step 4 of 4") != std::string::npos);
    CHECK(page.figure(false)->subtitle == ring->view()->figure()->subtitle);
    page.stepAnimation(1); // past the end: stays
    CHECK(ring->step() == 8);
    page.stepAnimation(-1);
    CHECK(ring->step() == 7);
    CHECK_FALSE(page.animationAtEnd());
    // Play, then pause.
    CHECK(page.togglePlay().contains("playing"));
    CHECK(ring->playing());
    CHECK(page.togglePlay().contains("paused"));
    CHECK_FALSE(ring->playing());
}
