// SPDX-License-Identifier: MIT
// Presenter mode on the animated pages (under Xvfb).
#include "app/gui/main_window.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"
#include "app/gui/visualizers/warp/warp_page.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QApplication>
#include <QStatusBar>
#include <QTest>

#include <catch2/catch.hpp>

using namespace accelscope::gui;

TEST_CASE("presenter mode: Space and the arrows step the pipeline animation, P plays and pauses Warp and Pipeline")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    window.resize(1280, 800);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.setTheme(Theme::Light);
    window.setFontScale(1.0);
    QApplication::setActiveWindow(&window);
    window.showPage(window.pageIndex("Pipeline bubbles"));
    auto& pipeline = window.pipelinePage()->visualizer();
    auto& warp = window.warpPage()->visualizer();
    pipeline.setSchedules(accelscope::models::pipeline::Schedule::OneFOneB, accelscope::models::pipeline::Schedule::ZbH1);

    // Outside presenter mode the keys are the page's own: nothing steps and P does not play.
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(pipeline.step() == -1);
    CHECK_FALSE(pipeline.playing());
    CHECK(window.currentPageName() == "Pipeline bubbles");

    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    QTest::keyClick(&window, Qt::Key_Right);
    CHECK(pipeline.step() == 1);
    QTest::keyClick(&window, Qt::Key_Space);
    CHECK(pipeline.step() == 2);
    QTest::keyClick(&window, Qt::Key_Right);
    CHECK(pipeline.step() == 3);
    QTest::keyClick(&window, Qt::Key_Left);
    CHECK(pipeline.step() == 2);
    CHECK(window.currentPageName() == "Pipeline bubbles"); // the arrows stepped the animation, not the pages

    QTest::keyClick(&window, Qt::Key_P);
    CHECK(pipeline.playing());
    CHECK(window.statusBar()->currentMessage() == "Pipeline bubbles: playing");
    QTest::qWait(800); // about two steps at the default speed: the canvas keeps asking for frames
    CHECK(pipeline.step() > 2);
    QTest::keyClick(&window, Qt::Key_P);
    CHECK_FALSE(pipeline.playing());
    QTest::keyClick(&window, Qt::Key_P);
    QTest::keyClick(&window, Qt::Key_Right); // a manual step pauses
    CHECK_FALSE(pipeline.playing());

    window.showPage(window.pageIndex("Warp divergence"));
    CHECK_FALSE(warp.playing());
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(warp.playing());
    QTest::keyClick(&window, Qt::Key_P);
    CHECK_FALSE(warp.playing());

    window.showPage(window.pageIndex("Roofline")); // nothing plays there: P only says so
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(window.statusBar()->currentMessage() == "Nothing plays on this page");
    CHECK(window.currentPageName() == "Roofline");

    QTest::keyClick(&window, Qt::Key_Escape);
    REQUIRE_FALSE(window.presenter()->active());
    window.showPage(window.pageIndex("Pipeline bubbles"));
    const int step = pipeline.step();
    QTest::keyClick(&window, Qt::Key_Left);
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(pipeline.step() == step);
    CHECK_FALSE(pipeline.playing());
}
