// SPDX-License-Identifier: MIT
// Presenter mode on the animated pages, and the chart pages at presenter text sizes (under Xvfb).
#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/figure_dialog.hpp"
#include "app/gui/lessons/lesson_question.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/pipeline-bubbles/pipeline_page.hpp"
#include "app/gui/warp-divergence/warp_page.hpp"
#include "tests/app/window_fixture.hpp"

#include <QApplication>
#include <QLineEdit>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>

#include <catch2/catch.hpp>

#include <string_view>

using namespace accelscope::gui;

TEST_CASE("presenter mode: Space and the arrows step the pipeline animation, P plays and pauses Warp and Pipeline")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    MainWindow& window = fixture.window;
    window.setTheme(Theme::Light);
    window.setFontScale(1.0);
    QApplication::setActiveWindow(&window);
    window.showPage(window.pageIndex("pipeline-bubbles"));
    auto& pipeline = window.pageOf<PipelinePage>()->visualizer();
    auto& warp = window.pageOf<WarpPage>()->visualizer();
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
    // About two steps take 800 ms at the default speed (the canvas keeps asking for frames); a
    // loaded machine may draw fewer frames, so wait for the step with a generous deadline.
    CHECK(QTest::qWaitFor([&] { return pipeline.step() > 2; }, 10000));
    QTest::keyClick(&window, Qt::Key_P);
    CHECK_FALSE(pipeline.playing());
    QTest::keyClick(&window, Qt::Key_P);
    QTest::keyClick(&window, Qt::Key_Right); // a manual step pauses
    CHECK_FALSE(pipeline.playing());

    window.showPage(window.pageIndex("warp-divergence"));
    CHECK_FALSE(warp.playing());
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(warp.playing());
    QTest::keyClick(&window, Qt::Key_P);
    CHECK_FALSE(warp.playing());

    window.showPage(window.pageIndex("roofline")); // nothing plays there: P only says so
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(window.statusBar()->currentMessage() == "Nothing plays on this page");
    CHECK(window.currentPageName() == "Roofline");

    QTest::keyClick(&window, Qt::Key_Escape);
    REQUIRE_FALSE(window.presenter()->active());
    window.showPage(window.pageIndex("pipeline-bubbles"));
    const int step = pipeline.step();
    QTest::keyClick(&window, Qt::Key_Left);
    QTest::keyClick(&window, Qt::Key_P);
    CHECK(pipeline.step() == step);
    CHECK_FALSE(pipeline.playing());
}

TEST_CASE("large text: the chart pages at text scale 2 and 2.5 in a 1280x800 window, in presenter mode and out", "[slow]")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    for (const bool presenter : {false, true}) {
        if (presenter) QTest::keyClick(&window, Qt::Key_F5);
        REQUIRE(window.presenter()->active() == presenter);
        window.setTheme(Theme::HighContrast);
        for (const double scale : {2.0, 2.5}) {
            window.setFontScale(scale);
            window.resize(1280, 800); // Xvfb has no window manager to make full screen the screen's size
            for (const char* name : {"roofline", "memory-pyramid", "llm-calculator", "pipeline-bubbles"}) {
                window.showPage(window.pageIndex(name));
                INFO(name << " at " << scale << (presenter ? " in presenter mode" : ""));
                CHECK(accelscope::tests::settleCanvases(window.page(window.pageIndex(name))));
                // Hidden pages that are wider at this text size (Catalog, Labs) do not widen the window.
                CHECK(window.width() <= 1280);
                if (std::string_view(name) == "Roofline") { // with the real font: every text of the chart within its width
                    const auto& chart = window.pageOf<RooflinePage>()->visualizer().lastChart();
                    REQUIRE(chart.has_value());
                    for (const auto& t : chart->drawing.texts) {
                        const float w = window.pageOf<RooflinePage>()->visualizer().chartTextWidth(t.text, static_cast<float>(t.size));
                        const double left = t.anchor == accelscope::models::figure::Anchor::Start ? t.x : t.anchor == accelscope::models::figure::Anchor::Middle ? t.x - w / 2 : t.x - w;
                        INFO("'" << t.text << "' from " << left << " to " << left + w << " of " << chart->drawing.width);
                        CHECK((left >= -0.5f && left + w <= chart->drawing.width + 0.5f));
                    }
                }
            }
        }
    }
}

TEST_CASE("presenter mode: the next step goes back to the page that opened this one, until the user leaves it by hand")
{
    accelscope::tests::WindowFixture fixture(QSize(1200, 800));
    MainWindow& window = fixture.window;
    window.showPage(window.pageIndex("lessons"));
    QApplication::setActiveWindow(&window);
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    // The lesson's "Show me" (or any page) opens the Roofline page through the navigator.
    REQUIRE(window.openPage("roofline", {{"precision", "bf16"}}).isEmpty());
    QTest::keyClick(&window, Qt::Key_Space);
    CHECK(window.currentPageId() == "lessons"); // back to the opener
    REQUIRE(window.openPage("roofline", {}).isEmpty());
    window.showPage(window.pageIndex("catalog")); // the presenter walks away by hand…
    window.showPage(window.pageIndex("roofline")); // …and comes back: no way back any more
    QTest::keyClick(&window, Qt::Key_Space);
    CHECK(window.currentPageId() == "memory-pyramid"); // the next page, as on any page without animation
    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.presenter()->active());
}

TEST_CASE("presenter mode: Ctrl+number, F1 and the text-size keys work with the menu bar hidden")
{
    accelscope::tests::WindowFixture fixture(QSize(1200, 800));
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    REQUIRE_FALSE(window.menuBar()->isVisible());
    QTest::keyClick(&window, Qt::Key_7, Qt::ControlModifier);
    CHECK(window.currentPageId() == "roofline");
    QTest::keyClick(&window, Qt::Key_F1);
    CHECK(window.currentPageId() == "lessons");
    const double scale = window.fontScale();
    QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
    CHECK(window.fontScale() == Approx(scale - 0.1));
    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.presenter()->active());
}

TEST_CASE("presenter mode: Ctrl+= enlarges, Ctrl+0 returns to the presenter's size, F11 toggles full screen, every page has a key")
{
    accelscope::tests::WindowFixture fixture(QSize(1200, 800));
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    const double before = window.fontScale();
    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier); // failed before: only Ctrl++ (with Shift)
    CHECK(window.fontScale() == Approx(before + 0.1));
    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    CHECK(window.fontScale() == Approx(1.0)); // outside presenter mode: 100 %
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    const double presenter = window.fontScale();
    CHECK(presenter >= 1.5);
    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
    CHECK(window.fontScale() == Approx(presenter + 0.2));
    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    CHECK(window.fontScale() == Approx(presenter)); // failed before: back to 100 % on a projector
    // The Serving planner, the eleventh page, had no key: pages after the ninth take Alt+1, Alt+2, …
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
    CHECK(window.currentPageId() == "serving-planner");
    QTest::keyClick(&window, Qt::Key_1, Qt::AltModifier);
    CHECK(window.currentPageId() == "labs");
    // Esc leaves presenter mode on every page, the Labs page too (its form's Esc shortcut took it).
    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.presenter()->active());
    // F11 toggles full screen on every platform (QKeySequence::FullScreen is not F11 on X11).
    const bool full = window.isFullScreen();
    QTest::keyClick(&window, Qt::Key_F11);
    QApplication::processEvents();
    CHECK(window.isFullScreen() != full);
    QTest::keyClick(&window, Qt::Key_F11);
    QApplication::processEvents();
    CHECK(window.isFullScreen() == full);
}

TEST_CASE("presenter mode: Space types into an answer being typed and steps the lesson once the answer is checked")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    MainWindow& window = fixture.window;
    window.showPage(window.pageIndex("lessons"));
    QApplication::setActiveWindow(&window);
    auto* lessons = window.pageOf<LessonsPage>();
    REQUIRE(lessons != nullptr);
    REQUIRE(lessons->openLesson("roofline"));
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    auto* field = lessons->question()->findChild<QLineEdit*>();
    REQUIRE(field != nullptr);
    field->setFocus();
    QTest::keyClicks(field, "1365.33");
    QTest::keyClick(field, Qt::Key_Space); // typing: the space goes into the field ("70 us" has one)
    CHECK(field->text() == "1365.33 ");
    CHECK(lessons->currentStep() == 0);
    QTest::keyClick(field, Qt::Key_Return); // checked: right
    CHECK(lessons->outcomeText().startsWith("Right"));
    QTest::keyClick(field, Qt::Key_Space); // failed before: typed a space instead of stepping
    CHECK(lessons->currentStep() == 1);
    QTest::keyClick(&window, Qt::Key_Escape);
}

TEST_CASE("Export figure (Ctrl+Shift+E) opens at the presenter's step and is disabled with a reason on the Catalog")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    auto* action = window.findChild<QAction*>("exportFigure");
    REQUIRE(action != nullptr);
    CHECK(action->shortcut() == QKeySequence("Ctrl+Shift+E"));
    window.showPage(window.pageIndex("catalog"));
    CHECK_FALSE(action->isEnabled());
    CHECK(action->toolTip().contains("no figure to export"));
    window.showPage(window.pageIndex("pipeline-bubbles"));
    auto& pipeline = window.pageOf<PipelinePage>()->visualizer();
    CHECK(action->isEnabled());

    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::keyClick(&window, Qt::Key_Right);
    REQUIRE(pipeline.step() == 2);
    QString subtitle;
    const bool shown = accelscope::tests::handleModalDialog(
        [&window] { QTest::keyClick(&window, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier); },
        [&subtitle](QWidget* widget) {
            auto* dialog = qobject_cast<FigureDialog*>(widget);
            if (dialog != nullptr) subtitle = QString::fromStdString(dialog->figure().subtitle);
            widget->close();
        });
    CHECK(shown);
    CHECK(subtitle.startsWith("step 2 of"));
    QTest::keyClick(&window, Qt::Key_Escape);
}
