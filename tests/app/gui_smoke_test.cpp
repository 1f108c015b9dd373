// SPDX-License-Identifier: MIT
// Starts the main window under Xvfb, visits every page, fails on blank pages (scripts/screenshots.sh saves them).
#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/catalog/catalog_page.hpp"
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/labs/labs_page.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/lessons/lesson_state_watch.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/llm-calculator/llm_calculator_page.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/precision/precision_page.hpp"
#include "app/gui/warp-divergence/warp_page.hpp"
#include "labs/guided/page_predicates.hpp"
#include "labs/lab_registry.hpp"
#include "app/gui/pipeline-bubbles/pipeline_page.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/page_capture.hpp"
#include "tests/app/window_fixture.hpp"

#include "accelscope/config.hpp"

#include <QApplication>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QLineEdit>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>

using namespace accelscope::gui;

TEST_CASE("every page of the main window paints something, light and dark", "[slow]")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY")); // run under xvfb-run (test.sh does)
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    window.pageOf<ComparePage>()->setDeviceIds({"nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v5p"});
    window.resize(1400, 860);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        window.setTheme(theme);
        const auto captures = capturePages(window, nullptr);
        REQUIRE(static_cast<int>(captures.size()) == window.pageCount() + 4); // Precision has 5 views
        for (const auto& capture : captures) {
            INFO(capture.name.toStdString() << " " << themeName(theme).toStdString());
            CHECK(capture.file.isEmpty()); // nothing written without a folder
            CHECK_FALSE(capture.blank);
            CHECK(capture.distinctColours > 50);
        }
    }
    CHECK(window.pageOf<ComparePage>()->canvas()->framesRendered() > 0);
    CHECK(window.pageOf<ComparePage>()->table()->columnCount() == 3);
    CHECK(window.pageCount() == static_cast<int>(accelscope::gui::pageList().size()));
    CHECK(window.pageCount() >= 10);
}

TEST_CASE("catalog search, compare hand-off and exports work from the UI")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    CatalogPage* catalog = window.pageOf<CatalogPage>();
    QTest::keyClicks(catalog->searchField(), "H100");
    CHECK(catalog->proxy().rowCount() >= 3);
    REQUIRE(catalog->selectDevice("nvidia-h100-sxm"));
    catalog->table()->selectionModel()->select(
        catalog->proxy().index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QStringList ids = catalog->selectedIds();
    REQUIRE(ids.size() == 2);
    QTest::mouseClick(catalog->compareButton(), Qt::LeftButton); // the page asks the window for Compare
    CHECK(window.pageOf<ComparePage>()->isVisible());
    CHECK(window.pageOf<ComparePage>()->deviceIds() == ids);

    const QString csv = QString::fromStdString((fixture.dir.path() / "cmp.csv").string());
    const QString png = QString::fromStdString((fixture.dir.path() / "cmp.png").string());
    CHECK(window.pageOf<ComparePage>()->exportCsv(csv));
    CHECK(window.pageOf<ComparePage>()->exportPng(png));
    CHECK(QFile(csv).size() > 100);
    CHECK(QImage(png).width() > 100);
    catalog->resetFilters();
    CHECK(catalog->proxy().rowCount() == static_cast<int>(fixture.context->catalog().devices.size()));
}

TEST_CASE("theme and font scale persist in settings")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    accelscope::tests::GuiFixture fixture;
    {
        MainWindow window(*fixture.context);
        window.setTheme(Theme::Dark);
        window.setFontScale(1.75);
        CHECK(window.fontScale() == 1.8); // rounded to the 0.1 step
        window.setFontScale(9.0);
        CHECK(window.fontScale() == maxFontScale);
        window.close();
    }
    MainWindow again(*fixture.context);
    CHECK(again.theme() == Theme::Dark);
    CHECK(again.fontScale() == maxFontScale);
    again.close();
    // Issue #29: a NaN scale in the settings file aborted every start (ImGui's font atlas); it now reads as 1.
    fixture.context->settings().setValue("fontScale", "nan");
    fixture.context->settings().setValue("presenter/fontScale", "inf");
    MainWindow damaged(*fixture.context);
    CHECK(damaged.fontScale() == 1.0);
    damaged.setFontScale(std::numeric_limits<double>::quiet_NaN());
    CHECK(damaged.fontScale() == 1.0);
}

#include "app/gui/precision/precision_page.hpp"

TEST_CASE("the precision page loads tensors, refuses bad ones and exports")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    window.show();
    window.showPage(window.pageIndex("precision"));
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    PrecisionPage* page = window.pageOf<PrecisionPage>();
    const auto good = fixture.dir.write("tensor.txt", "1.5 -2 0.25\n3e-3 100\n");
    const auto bad = fixture.dir.write("bad.npy", std::string("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'", 24));
    CHECK_FALSE(page->loadTensor(QString::fromStdString(bad.string())));
    CHECK(page->visualizer().quantization().tensorSize() == 65536); // unchanged
    REQUIRE(page->loadTensor(QString::fromStdString(good.string())));
    CHECK(page->visualizer().quantization().tensorSize() == 5);
    const QString csv = QString::fromStdString((fixture.dir.path() / "q.csv").string());
    const QString png = QString::fromStdString((fixture.dir.path() / "q.png").string());
    CHECK(accelscope::tests::settleCanvases(page)); // the quantization tab draws
    CHECK(page->exportCsv(csv));
    CHECK(page->exportPng(png));
    CHECK(QFile(csv).size() > 50);
    CHECK(QImage(png).width() > 100);
}

#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>

namespace {

// Triggers `action`, which opens a message box; returns its text and closes it (empty when none opened).
QString modalText(QAction* action)
{
    QString text;
    const bool shown = accelscope::tests::handleModalDialog([action] { action->trigger(); }, [&text](QWidget* dialog) {
        if (auto* box = qobject_cast<QMessageBox*>(dialog)) text = box->text() + "\n" + box->informativeText();
        dialog->close();
    });
    CHECK(shown);
    return text;
}

QAction* findAction(QMenuBar* bar, const QString& text)
{
    for (QAction* menu : bar->actions()) {
        for (QAction* action : menu->menu()->actions()) {
            if (action->text() == text) return action;
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("the About dialog names the versions of Qt, ImGui, SQLite and the catalog")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    QAction* about = findAction(window.menuBar(), "&About Accelscope");
    REQUIRE(about != nullptr);
    const QString text = modalText(about);
    CHECK(text.contains("Dear ImGui"));
    CHECK(text.contains(qVersion()));
    CHECK(text.contains("SQLite"));
    CHECK(text.contains(QString::number(fixture.context->catalog().info.deviceCount) + " devices"));
}

TEST_CASE("a rejected import shows the first problem and leaves the catalog unchanged")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    const auto bad = fixture.dir.write("mine.csv",
        "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,source_url,memory_gb\n"
        "acme-z1,Acme Z1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/z.pdf,16 TFLOPS\n");
    const auto before = fixture.context->catalog().devices.size();
    QAction trigger;
    QObject::connect(&trigger, &QAction::triggered, [&] { window.pageOf<CatalogPage>()->importDevices(QString::fromStdString(bad.string())); });
    const QString text = modalText(&trigger);
    CHECK(text.contains("nothing was imported"));
    CHECK(text.contains("mine.csv:2: memory_gb: unit 'TFLOPS' does not fit memory_gb"));
    CHECK(fixture.context->catalog().devices.size() == before);
}

#include "app/gui/pipeline-bubbles/pipeline_page.hpp"
#include "app/gui/warp-divergence/warp_page.hpp"

TEST_CASE("warp and pipeline pages export PNG, SVG and an animation's frames")
{
    REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY"));
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    window.show();
    window.showPage(window.pageIndex("warp-divergence"));
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    const auto path = [&](const char* name) { return QString::fromStdString((fixture.dir.path() / name).string()); };
    WarpPage* warp = window.pageOf<WarpPage>();
    CHECK(accelscope::tests::settleCanvases(warp));
    CHECK(warp->exportPng(path("warp.png")));
    CHECK(warp->exportSvg(path("warp.svg")));
    const int frames = warp->exportFrames(path("frames"));
    CHECK(frames == warp->visualizer().stepCount() + 1);
    CHECK(QImage(path("frames") + "/frame-0001.png").width() > 100);
    window.showPage(window.pageIndex("pipeline-bubbles"));
    CHECK(accelscope::tests::settleCanvases(window.pageOf<PipelinePage>()));
    CHECK(window.pageOf<PipelinePage>()->exportSvg(path("pipeline.svg")));
    CHECK(QFile(path("pipeline.svg")).size() > 1000);
    CHECK(QImage(path("warp.png")).width() > 200);
}

#include "app/gui/llm-calculator/llm_calculator_page.hpp"
#include "app/gui/memory-pyramid/memory_pyramid_page.hpp"
#include "app/gui/roofline/roofline_page.hpp"

TEST_CASE("roofline, memory pyramid and LLM calculator pages export PNG and SVG and take measurements")
{
    accelscope::tests::WindowFixture fixture(QSize(1400, 860));
    MainWindow& window = fixture.window;
    const auto path = [&](const char* name) { return QString::fromStdString((fixture.dir.path() / name).string()); };
    CHECK(window.pageIndex("roofline") == window.pageIndex("pipeline-bubbles") + 1);
    CHECK(window.pageIndex("memory-pyramid") == window.pageIndex("roofline") + 1);
    CHECK(window.pageIndex("llm-calculator") == window.pageIndex("memory-pyramid") + 1);

    window.showPage(window.pageIndex("roofline"));
    RooflinePage* roofline = window.pageOf<RooflinePage>();
    roofline->showMeasured({"this machine", 1500.0, 80.0, {{0.25, 19.0}, {8.0, 600.0}}, "test"});
    CHECK(accelscope::tests::settleCanvases(roofline));
    CHECK(roofline->exportPng(path("roofline.png")));
    CHECK(roofline->exportSvg(path("roofline.svg")));
    CHECK(QImage(path("roofline.png")).width() > 1000); // 2x
    QFile svg(path("roofline.svg"));
    REQUIRE(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    CHECK(text.contains("stroke-dasharray")); // the measured roofs
    CHECK(text.contains("NVIDIA H100"));
    roofline->visualizer().setMode(roofline::ChartMode::Llm);
    window.setTheme(Theme::Dark);
    CHECK(accelscope::tests::settleCanvases(roofline)); // the LLM mode draws in the dark theme
    window.setTheme(Theme::Light);
    roofline->clearMeasured();
    CHECK_FALSE(roofline->visualizer().measured().has_value());

    window.showPage(window.pageIndex("memory-pyramid"));
    MemoryPyramidPage* pyramid = window.pageOf<MemoryPyramidPage>();
    pyramid->showMeasured({"labs", {{"L1", 32768, 1.1, 500.0}}});
    CHECK(accelscope::tests::settleCanvases(pyramid));
    CHECK(pyramid->exportPng(path("pyramid.png")));
    CHECK(pyramid->exportSvg(path("pyramid.svg")));
    CHECK(QImage(path("pyramid.png")).width() > 1000);
    CHECK(QFile(path("pyramid.svg")).size() > 2000);
    pyramid->clearMeasured();

    window.showPage(window.pageIndex("llm-calculator"));
    LlmCalculatorPage* llm = window.pageOf<LlmCalculatorPage>();
    CHECK(accelscope::tests::settleCanvases(llm));
    CHECK(llm->exportPng(path("llm.png")));
    CHECK(llm->exportSvg(path("llm.svg")));
    {   // the exported SVG is the page's figure: title, the per-device statistics line, a verdict
        QFile llmSvg(path("llm.svg"));
        REQUIRE(llmSvg.open(QIODevice::ReadOnly));
        const QString llmText = QString::fromUtf8(llmSvg.readAll());
        CHECK(llmText.contains("LLM memory per device: inference"));
        CHECK(llmText.contains("Per device:"));
        CHECK((llmText.contains("fits") || llmText.contains("does not fit")));
    }
    CHECK(llm->canvas()->framesRendered() > 0);
    llm->calculator().settings().mode = llm::CalcMode::Training;
    llm->calculator().settings().tensorParallel = 3;
    window.setFontScale(1.5);
    const int frames = llm->canvas()->framesRendered();
    CHECK(accelscope::tests::settleCanvases(llm)); // a layout that does not divide draws, not crashes
    CHECK(llm->canvas()->framesRendered() > frames);
}

TEST_CASE("the Labs page places a measured roofline and pyramid on their pages")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    LabsPage* labs = window.pageOf<LabsPage>();
    const auto run = [&](const char* id) {
        REQUIRE(labs->selectLab(id));
        labs->setQuick(true);
        labs->runSelected();
        REQUIRE(QTest::qWaitFor([&] { return !labs->running(); }, 60000));
    };
    run("cpu-roofline");
    CHECK(labs->pyramidButton()->isEnabled() == false);
    REQUIRE(labs->rooflineButton()->isEnabled());
    QTest::mouseClick(labs->rooflineButton(), Qt::LeftButton);
    CHECK(window.currentPageName() == "Roofline");
    REQUIRE(window.pageOf<RooflinePage>()->visualizer().measured().has_value());
    CHECK(window.pageOf<RooflinePage>()->visualizer().measured()->computeGflops > 0);

    run("cpu-latency");
    run("cpu-memory-bandwidth");
    labs->selectResults({2, 3});
    CHECK_FALSE(labs->rooflineButton()->isEnabled());
    REQUIRE(labs->pyramidButton()->isEnabled());
    QTest::mouseClick(labs->pyramidButton(), Qt::LeftButton);
    CHECK(window.currentPageName() == "Memory pyramid");
    REQUIRE(window.pageOf<MemoryPyramidPage>()->visualizer().measured().has_value());
    const auto& levels = window.pageOf<MemoryPyramidPage>()->visualizer().measured()->levels;
    REQUIRE_FALSE(levels.empty());
    CHECK(levels.front().level == "L1");
    CHECK(levels.front().latencyNs > 0);    // quick sizes reach L1 and L2, not DRAM latency
    CHECK(levels.back().level == "DRAM");
    CHECK(levels.back().bandwidthGbs > 0);  // the all-threads read kernel
}

TEST_CASE("presenter mode: high contrast, large text, keys step, blank, laser, and Esc restores")
{
    accelscope::tests::WindowFixture fixture(QSize(1200, 800));
    MainWindow& window = fixture.window;
    window.setTheme(Theme::Light);
    window.setFontScale(1.0);
    window.showPage(window.pageIndex("warp-divergence"));
    QApplication::setActiveWindow(&window);
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    CHECK(window.theme() == Theme::HighContrast);
    CHECK(window.fontScale() >= 1.5);
    CHECK(window.isFullScreen());
    CHECK_FALSE(window.menuBar()->isVisible());

    auto& warp = window.pageOf<WarpPage>()->visualizer();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_Right);
    CHECK(warp.step() == 1);
    QTest::keyClick(&window, Qt::Key_Space);
    CHECK(warp.step() == 2);
    QTest::keyClick(&window, Qt::Key_Left);
    CHECK(warp.step() == 1);
    QTest::keyClick(&window, Qt::Key_B);
    CHECK(window.presenter()->blanked());
    QTest::keyClick(&window, Qt::Key_Right); // any key brings the screen back, and does nothing else
    CHECK_FALSE(window.presenter()->blanked());
    CHECK(warp.step() == 1);
    QTest::keyClick(&window, Qt::Key_L);
    CHECK(window.presenter()->laser());
    window.showPage(window.pageIndex("roofline"));
    QTest::keyClick(&window, Qt::Key_Right); // not an animated page: the arrows walk the pages
    CHECK(window.currentPageName() == "Memory pyramid");

    const auto png = fixture.dir.path() / "view.png";
    CHECK(window.exportViewPng(QString::fromStdString(png.string())));
    CHECK(QImage(QString::fromStdString(png.string())).width() >= 2 * 600);

    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.presenter()->active());
    CHECK_FALSE(window.presenter()->laser());
    CHECK(window.theme() == Theme::Light);
    CHECK(window.fontScale() == 1.0);
    CHECK(window.menuBar()->isVisible());
}

TEST_CASE("a lesson step opens its page in the asked state and a state check reads the view")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    LessonsPage* lessons = window.pageOf<LessonsPage>();
    REQUIRE(lessons->openLesson("pipeline-bubbles"));
    while (lessons->currentStep() > 0) lessons->stepBy(-1);
    // Step 1: "Show me" opens GPipe with p = 4, m = 8.
    REQUIRE(lessons->showMeButton()->isEnabled());
    QTest::mouseClick(lessons->showMeButton(), Qt::LeftButton);
    CHECK(window.currentPageName() == "Pipeline bubbles");
    auto& pipeline = window.pageOf<PipelinePage>()->visualizer();
    CHECK(pipeline.topSchedule() == accelscope::models::pipeline::Schedule::GPipe);
    CHECK(pipeline.config().stages == 4);
    CHECK(pipeline.config().microbatches == 8);
    // Step 2 asks for a bubble of at most 10% at p = 4: GPipe with m = 8 has 3/11 = 27%.
    REQUIRE(lessons->stepBy(1));
    CHECK(lessons->answer() == std::optional<bool>(false));
    pipeline.config().microbatches = 32; // (p − 1) / (m + p − 1) = 3/35 = 8.6%
    CHECK(lessons->answer() == std::optional<bool>(true));
}

TEST_CASE("every Show me of every lesson sets all its keys on its page")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    accelscope::labs::guided::LessonContext ctx;
    ctx.devices = fixture.context->catalog().devices;
    const auto registry = accelscope::labs::LabRegistry::withAllLabs();
    for (const auto& lab : registry.labs()) ctx.labs.push_back(lab->describe());
    const auto loaded = accelscope::labs::guided::loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    int actions = 0;
    for (const auto& lesson : loaded.lessons) {
        for (const auto& step : lesson.steps) {
            if (!step.action) continue;
            INFO(lesson.file << ": " << step.title);
            const auto action = accelscope::labs::guided::pageAction(*step.action, ctx, lesson.file);
            REQUIRE(action.has_value());
            CHECK(window.openPage(action->page, action->settings).join(", ").toStdString() == "");
            CHECK(window.currentPageId() == action->page);
            ++actions;
        }
    }
    CHECK(actions >= 25);
    // Spot checks that the keys reached the views (the last actions of each page win).
    CHECK(window.openPage("roofline", {{"kernel", "gemm:M=256,N=256,K=256"}, {"precision", "bf16"}}).isEmpty());
    auto& roof = window.pageOf<RooflinePage>()->visualizer();
    REQUIRE(roof.kernels().size() == 1);
    CHECK(roof.kernels()[0].kind == roofline::KernelKind::Gemm);
    CHECK(roof.kernels()[0].size == 256);
    CHECK(roof.precisionShown("bf16"));
    CHECK_FALSE(roof.precisionShown("fp8"));
    CHECK(window.openPage("roofline", {{"kernel", "gemm:M=8,N=16,K=32"}}) == QStringList{"kernel"}); // N ≠ K: said, not faked
    CHECK(window.openPage("precision", {{"format", "bf16"}, {"format2", "fp16"}, {"view", "number-line"}}).isEmpty());
    auto& precision = window.pageOf<PrecisionPage>()->visualizer();
    CHECK(precision.formatName() == "bf16");
    CHECK(precision.numberLine().overlay() == accelscope::models::precision::ElementFormat::Fp16);
    CHECK(precision.shownTab() == precision::PrecisionVisualizer::Tab::NumberLine);
    CHECK(window.openPage("warp-divergence", {{"preset", "spin-lock"}, {"model", "its"}, {"data", "sorted"}}).isEmpty());
    auto& warp = window.pageOf<WarpPage>()->visualizer();
    CHECK(warp.preset() == "spin-lock");
    CHECK(warp.highlightedModel() == accelscope::models::simt::ExecutionModel::Its);
    CHECK(warp.dataPattern() == accelscope::models::simt::DataPattern::Sorted);
    CHECK(window.openPage("precision", {{"format", "fp8-e5m2"}, {"view", "table"}}).isEmpty());
    CHECK(precision.shownTab() == precision::PrecisionVisualizer::Tab::Table);
    CHECK(window.openPage("llm-calculator", {{"mode", "training"}, {"dp", "64"}, {"zero", "3"}, {"recompute", "full"}}).isEmpty());
    const auto& calc = window.pageOf<LlmCalculatorPage>()->calculator().settings();
    CHECK(calc.mode == llm::CalcMode::Training);
    CHECK(calc.dataParallel == 64);
    CHECK(calc.zeroStage == 3);
    CHECK(calc.recompute == accelscope::models::memory::Recompute::Full);
    CHECK(window.openPage("memory-pyramid", {{"device", "nvidia-h100-sxm"}, {"colour", "red"}}) == QStringList{"colour"});
}

TEST_CASE("state checks read the Warp, Precision and LLM calculator pages, and a watched step completes itself")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    LessonsPage* lessons = window.pageOf<LessonsPage>();
    const auto openStateStep = [&](const QString& lesson) {
        REQUIRE(lessons->openLesson(lesson));
        while (lessons->stepBy(-1)) {}
        while (lessons->stepBy(1)) {
            if (lessons->watching()) return; // a state check, and its page reports its state
        }
        FAIL("no state step in " << lesson.toStdString());
    };
    // Warp: random data with 8 warps stays at 50%, sorted data reaches 8/9; a program without the
    // data-dependent branch does not count.
    openStateStep("simt-divergence");
    auto& warp = window.pageOf<WarpPage>()->visualizer();
    warp.loadPreset("data-random");
    warp.setWarps(8);
    CHECK(lessons->answer() == std::optional<bool>(false));
    warp.loadPreset("warp-uniform");
    CHECK(lessons->answer() == std::optional<bool>(false));
    warp.loadPreset("data-sorted");
    CHECK(lessons->answer() == std::optional<bool>(true));
    // Precision: E4M3 cannot hold 1000, E5M2 can.
    openStateStep("number-formats");
    auto& precision = window.pageOf<PrecisionPage>()->visualizer();
    REQUIRE(precision.setFormat("fp8-e4m3"));
    CHECK(lessons->answer() == std::optional<bool>(false));
    REQUIRE(precision.setFormat("fp8-e5m2"));
    CHECK(lessons->answer() == std::optional<bool>(true));
    // LLM calculator, training: Llama 2 70B with full recomputation needs ZeRO-3 over many A100s.
    openStateStep("training-memory-zero");
    auto& calc = window.pageOf<LlmCalculatorPage>()->calculator().settings();
    calc.modelId = "llama2-70b";
    calc.recompute = accelscope::models::memory::Recompute::Full;
    calc.zeroStage = 0;
    calc.dataParallel = 8;
    CHECK(lessons->answer() == std::optional<bool>(false));
    // The watcher: set the view and wait; the step completes without pressing Check.
    REQUIRE(lessons->watching());
    calc.zeroStage = 3;
    calc.dataParallel = 64;
    CHECK(QTest::qWaitFor([&] { return !lessons->watching(); }, 10000));
    CHECK(lessons->outcomeText().contains("Right"));
}

namespace {

// Waits until the Lessons page's state watcher has polled the view `polls` more times (its timer's
// ticks), so that "nothing changed" is checked after the watcher looked, not after a guessed delay.
bool watcherPolls(LessonsPage* lessons, int polls)
{
    auto* watch = lessons->findChild<LessonStateWatch*>();
    QTimer* timer = watch != nullptr ? watch->findChild<QTimer*>() : nullptr;
    if (timer == nullptr || !timer->isActive()) return false;
    QSignalSpy ticks(timer, &QTimer::timeout);
    return QTest::qWaitFor([&] { return ticks.count() >= polls; }, 10000);
}

} // namespace

TEST_CASE("a state step already satisfied on arrival waits for the learner's move, and says so in words")
{
    accelscope::tests::WindowFixture fixture;
    MainWindow& window = fixture.window;
    LessonsPage* lessons = window.pageOf<LessonsPage>();
    REQUIRE(lessons->openLesson("roofline"));
    while (lessons->stepBy(-1)) {}
    // An earlier "Show me" left a compute-bound GEMM on the chart: 4096³ is 4096/3 = 1365 FLOP/byte,
    // right of the H100's BF16 ridge.
    REQUIRE(window.openPage("roofline", {{"devices", "nvidia-h100-sxm"}, {"precision", "bf16"}, {"kernel", "gemm:M=4096,N=4096,K=4096"}}).isEmpty());
    // Step 3, a choice: the outcome names the option, not its number.
    REQUIRE(lessons->stepBy(1));
    REQUIRE(lessons->stepBy(1));
    CHECK(lessons->answer("1") == std::optional<bool>(true));
    CHECK(lessons->outcomeText().startsWith("Right: Far left of the ridge: memory bound\n"));
    // Step 4, "drag until compute bound", opened without its own Show me: not done on arrival.
    REQUIRE(lessons->stepBy(1));
    REQUIRE(lessons->watching());
    CHECK(lessons->outcomeText().startsWith("Already there: The kernel's 1,365 FLOP/byte is at or above the "));
    CHECK(watcherPolls(lessons, 2)); // a few ticks of the watcher
    CHECK(lessons->watching());
    CHECK_FALSE(lessons->answer().has_value()); // "Check my view" without a change: the same words, nothing graded
    CHECK(lessons->outcomeText().startsWith("Already there: "));
    // The learner's move: a small GEMM (256³: 85.33 FLOP/byte, memory bound), then a big one again.
    auto& kernel = window.pageOf<RooflinePage>()->visualizer().kernels().at(0);
    kernel.size = kernel.batch = 256;
    CHECK(watcherPolls(lessons, 1)); // the watcher has seen the memory-bound kernel
    CHECK(lessons->watching());
    CHECK(lessons->answer() == std::optional<bool>(false));
    CHECK(lessons->outcomeText().startsWith("Not quite: The kernel's 85.33 FLOP/byte is below the "));
    kernel.size = kernel.batch = 4096;
    CHECK(QTest::qWaitFor([&] { return !lessons->watching(); }, 10000));
    CHECK(lessons->outcomeText().startsWith("Right: The kernel's 1,365 FLOP/byte is at or above the "));
    CHECK(lessons->outcomeText().contains("compute bound"));
    for (const auto& p : accelscope::labs::guided::predicates()) CHECK_FALSE(lessons->outcomeText().contains(QString::fromStdString(p.name)));
}

TEST_CASE("lesson steps with images, in normal and presenter mode")
{
    accelscope::tests::WindowFixture fixture(QSize(1400, 860));
    MainWindow& window = fixture.window;
    window.setTheme(Theme::Light);
    window.showPage(window.pageIndex("lessons"));
    LessonsPage* lessons = window.pageOf<LessonsPage>();
    REQUIRE(lessons->openLesson("roofline"));
    while (lessons->stepBy(-1)) {}
    REQUIRE(lessons->stepBy(1)); // "Two roofs" shows the schematic
    CHECK(lessons->prose()->toMarkdown().contains("images/roofline-shape.svg"));
    // The image is found beside the lesson and decodes (the SVG image plugin is a dependency).
    const QVariant image = lessons->prose()->loadResource(QTextDocument::ImageResource, QUrl("images/roofline-shape.svg"));
    REQUIRE(image.isValid());
    CHECK_FALSE(QImage::fromData(image.toByteArray()).isNull());
    QApplication::setActiveWindow(&window);
    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active());
    QTest::keyClick(&window, Qt::Key_Space); // the next step of the lesson
    CHECK(lessons->currentStep() == 2);
    QTest::mouseClick(lessons->showMeButton(), Qt::LeftButton); // the GEMV on the H100's roofline
    CHECK(window.currentPageName() == "Roofline");
    QTest::keyClick(&window, Qt::Key_Space); // from the page a step opened, the talk goes back to the lesson
    CHECK(window.currentPageName() == "Lessons");
    CHECK(lessons->currentStep() == 2);
    QTest::keyClick(&window, Qt::Key_Space);
    CHECK(lessons->currentStep() == 3);
    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.presenter()->active());
}

TEST_CASE("the window makes no page before it shows, the current one when it shows, the others after it paints")
{
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    CHECK(window.pagesMade() == 0);
    window.showPage(window.pageIndex("roofline")); // as --page does: chosen, not made yet
    CHECK(window.pagesMade() == 0);
    const auto hasImport = [&window] {
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->text() == "&Import devices…") return true;
        }
        return false;
    };
    window.show();
    CHECK(window.pageMade(window.pageIndex("roofline"))); // the page it shows is made before it paints
    CHECK(window.pagesMade() == 1);
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    // 9 s seen on a loaded machine
    CHECK(QTest::qWaitFor([&] { return window.pagesMade() == window.pageCount(); }, 30000));
    CHECK(hasImport()); // the Catalog's File commands arrive with the page
    // A page asked for by id is made on demand, wherever the background work is.
    MainWindow second(*fixture.context);
    REQUIRE(second.page("lessons") != nullptr);
    CHECK(second.pagesMade() == 1);
}

TEST_CASE("a page not yet shown is not made, and its shortcut makes it, shows it and it works")
{
    accelscope::tests::GuiFixture fixture;
    MainWindow window(*fixture.context);
    const int roofline = window.pageIndex("roofline");
    REQUIRE(roofline >= 0);
    REQUIRE(window.currentPageId() != "roofline");
    CHECK_FALSE(window.pageMade(roofline));
    CHECK(window.findChild<RooflinePage*>() == nullptr); // nothing of it exists yet
    const int before = window.pagesMade();

    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QApplication::setActiveWindow(&window);
    // The user's key for it (Ctrl+1 … Ctrl+9 in list order), whether or not the background got there.
    QTest::keyClick(&window, static_cast<Qt::Key>(Qt::Key_1 + roofline), Qt::ControlModifier);
    CHECK(window.currentPageId() == "roofline");
    auto* page = window.findChild<RooflinePage*>();
    REQUIRE(page != nullptr);
    CHECK(window.pageMade(roofline));
    CHECK(window.pagesMade() > before);
    CHECK(QTest::qWaitFor([&] { return page->isVisible(); }, 5000));
    // It works: a lesson's setting reaches it and its state reports it.
    CHECK(window.openPage("roofline", {{"batch", "64"}}).isEmpty());
    const auto state = window.pageState("roofline");
    REQUIRE(state.has_value());
    CHECK(state->at("batch") == "64");
}

TEST_CASE("the window opens on the saved last page and makes that page alone before its first frame")
{
    accelscope::tests::GuiFixture fixture;
    fixture.context->settings().setValue("window/page", "labs");
    MainWindow window(*fixture.context);
    CHECK(window.currentPageId() == "labs");
    CHECK(window.pagesMade() == 0);
    window.show();
    CHECK(window.pageMade(window.pageIndex("labs")));
    CHECK(window.pagesMade() == 1); // the background starts only after the first paint
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    CHECK(window.findChild<LabsPage*>() != nullptr);
    CHECK(window.findChild<LabsPage*>()->isVisible());
}
