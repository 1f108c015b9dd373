// SPDX-License-Identifier: MIT
// Every page on a 1024x768 and a 1280x800 screen at text sizes 1.0 and 2.5, in presenter mode and
// out (under Xvfb): the window can be as small as the screen and nothing on the page is cut off.
#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/catalog/catalog_table_model.hpp"
#include "app/gui/figure_dialog.hpp"
#include "app/gui/figure_export.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "tests/app/layout_audit.hpp"
#include "tests/app/window_fixture.hpp"

#include <QApplication>
#include <QGuiApplication>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string_view>

using namespace accelscope::gui;

namespace {


// Roofline chart texts, measured with the canvas font, stay within the chart (the first check of
// this kind, kept for the page whose chart exposes its scene).
std::vector<std::string> chartTextsOutside(MainWindow& window)
{
    std::vector<std::string> out;
    auto* page = qobject_cast<RooflinePage*>(window.page(window.pageIndex("roofline")));
    if (page == nullptr || !page->isVisible()) return out;
    const auto& chart = page->visualizer().lastChart();
    if (!chart) return {"the roofline chart was never drawn"};
    for (const auto& t : chart->drawing.texts) {
        const float w = page->visualizer().chartTextWidth(t.text, static_cast<float>(t.size));
        const double left = t.anchor == accelscope::models::figure::Anchor::Start ? t.x : t.anchor == accelscope::models::figure::Anchor::Middle ? t.x - w / 2 : t.x - w;
        if (left < -0.5f || left + w > chart->drawing.width + 0.5f) out.push_back("chart text '" + t.text + "' leaves the chart");
    }
    return out;
}

// The lesson's text, where the step is read, keeps at least six lines of height.
std::vector<std::string> lessonTextTooShort(MainWindow& window)
{
    auto* page = qobject_cast<LessonsPage*>(window.page(window.pageIndex("lessons")));
    if (page == nullptr || !page->isVisible()) return {};
    const LessonProse* prose = page->prose();
    if (!prose->isVisible()) return {"the lesson text is not shown"};
    const int lines = prose->viewport()->height() / prose->fontMetrics().lineSpacing();
    if (lines >= 6) return {};
    return {"the lesson text shows " + std::to_string(lines) + " lines (" + std::to_string(prose->viewport()->height()) + " px), fewer than 6"};
}

} // namespace

TEST_CASE("every page fits a 1024x768 and a 1280x800 screen at text sizes 1.0 and 2.5, presenter mode or not", "[slow]")
{
    const QSize screen = GENERATE(QSize(1024, 768), QSize(1280, 800));
    const bool presenter = GENERATE(false, true);
    accelscope::tests::WindowFixture fixture(screen);
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    // Pages with content as in class: three devices compared (their names head the table's columns).
    REQUIRE(window.openPage("compare", {{"devices", "nvidia-h100-sxm,amd-instinct-mi300x,google-tpu-v5p"}}).isEmpty());
    if (presenter) QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.presenter()->active() == presenter);
    std::ostringstream figures;
    figures << "minimum window width on " << screen.width() << "x" << screen.height() << (presenter ? ", presenter" : "") << ":";
    for (const double scale : {1.0, 2.5}) {
        window.setFontScale(scale);
        figures << "\n  text size " << scale << ":";
        for (int i = 0; i < window.pageCount(); ++i) {
            window.showPage(i);
            window.resize(screen); // Xvfb has no window manager to make full screen the screen's size
            accelscope::tests::settleCanvases(window.page(i));
            const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
            figures << " " << window.pageId(i) << " " << least.width();
            INFO(window.pageId(i) << " at text size " << scale << " on " << screen.width() << "x" << screen.height()
                                  << (presenter ? " in presenter mode" : ""));
            INFO("minimum window size " << least.width() << "x" << least.height());
            CHECK(least.width() <= screen.width());
            CHECK(least.height() <= screen.height());
            CHECK(window.size() == screen);
            auto problems = accelscope::tests::layoutProblems(window);
            for (auto& p : chartTextsOutside(window)) problems.push_back(std::move(p));
            for (auto& p : lessonTextTooShort(window)) problems.push_back(std::move(p));
            std::string all;
            for (const auto& p : problems) all += "\n  " + p;
            if (!problems.empty()) figures << "\n    cut off on " << window.pageId(i) << " at " << scale << ":" << all;
            INFO("cut off:" << all);
            CHECK(problems.empty());
            // Every Precision tab, and the bit editor with its widest format (32 bits), fits too.
            if (window.pageId(i) == "precision") {
                for (const char* view : {"number-line", "table", "block", "quantization", "bits"}) {
                    PageSettings settings{{"view", view}};
                    if (std::string_view(view) == "bits") settings["format"] = "fp32";
                    REQUIRE(window.openPage("precision", settings).isEmpty());
                    accelscope::tests::settleCanvases(window.page(i));
                    std::string tabAll;
                    for (const auto& p : accelscope::tests::layoutProblems(window)) tabAll += "\n  " + p;
                    INFO("precision view " << view << " cut off:" << tabAll);
                    CHECK(tabAll.empty());
                }
                REQUIRE(window.openPage("precision", {{"format", "fp8-e4m3"}}).isEmpty());
            }
        }
    }
    std::cout << figures.str() << "\n";
}

TEST_CASE("a saved window larger than the screen is restored clamped to the screen")
{
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QByteArray saved;
    {
        accelscope::tests::WindowFixture fixture(QSize(800, 600));
        fixture.window.setGeometry(QRect(available.topLeft() + QPoint(40, 30), available.size() + QSize(80, 20)));
        QApplication::processEvents();
        saved = fixture.window.saveGeometry();
        REQUIRE_FALSE(available.contains(fixture.window.frameGeometry()));
    }
    accelscope::tests::GuiFixture base;
    base.context->settings().setValue("window/geometry", saved);
    MainWindow window(*base.context);
    INFO("available " << available.width() << "x" << available.height() << ", restored " << window.width() << "x" << window.height() << " at "
                      << window.x() << "," << window.y());
    CHECK(window.width() <= available.width());
    CHECK(window.height() <= available.height());
    CHECK(available.contains(window.geometry()));
}

TEST_CASE("the status bar's catalog count steps aside for a message, and a long message wraps rather than being cut")
{
    accelscope::tests::WindowFixture fixture(QSize(1024, 768));
    MainWindow& window = fixture.window;
    window.setFontScale(2.5);
    window.resize(1024, 768);
    auto* count = window.findChild<QLabel*>("catalogStatus");
    REQUIRE(count != nullptr);
    QApplication::processEvents();
    CHECK(count->isVisible());
    const QString message = QString("Saved /home/teacher/slides/figures/roofline-h100-mi300x-bf16-fp8-%1.png").arg(QString(30, 'x'));
    window.showStatusMessage(message);
    CHECK(QTest::qWaitFor([&] { return !count->isVisible(); }, 5000));
    QApplication::sendPostedEvents(); // the status bar lays the message out
    CHECK(window.statusBar()->currentMessage() == message);
    CHECK_FALSE(count->isVisible()); // nothing permanent takes part of the message's width
    auto* shown = window.findChild<QLabel*>("statusMessage");
    REQUIRE(shown != nullptr);
    CHECK(shown->isVisible());
    CHECK(shown->text() == message);
    CHECK(shown->fontMetrics().horizontalAdvance(message) > shown->width()); // too long for one line at 2.5 …
    const auto problems = accelscope::tests::layoutProblems(window);
    std::string all;
    for (const auto& p : problems) all += "\n  " + p;
    INFO("cut off:" << all);
    CHECK(problems.empty()); // … so it wraps, and the window makes room for its lines
    window.statusBar()->clearMessage();
    QApplication::processEvents();
    CHECK(count->isVisible());
    CHECK_FALSE(shown->isVisible());
}

TEST_CASE("the catalog opens sorted accelerators first with the columns a buyer reads, and its search box keeps its width")
{
    accelscope::tests::WindowFixture fixture(QSize(1024, 768));
    MainWindow& window = fixture.window;
    window.showPage(window.pageIndex("catalog"));
    auto* table = window.page(window.pageIndex("catalog"))->findChild<QTableView*>();
    REQUIRE(table != nullptr);
    const auto* model = table->model();
    REQUIRE(model->rowCount() > 10);
    const auto kindAt = [&](int row) { return model->index(row, accelscope::gui::CatalogTableModel::Kind).data().toString(); };
    CHECK(kindAt(0) == "gpu");
    bool cpuSeen = false;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString kind = kindAt(row);
        if (kind == "cpu" || kind == "soc") cpuSeen = true;
        else CHECK_FALSE(cpuSeen); // no accelerator after the first CPU or SoC
    }
    CHECK(cpuSeen);
    QStringList shown;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (!table->isColumnHidden(c)) shown << model->headerData(c, Qt::Horizontal).toString();
    }
    INFO(shown.join(" | ").toStdString());
    for (const char* figure : {"BF16 tensor dense", "FP8 tensor dense", "Memory bandwidth", "Memory [", "TDP"}) {
        CHECK(std::ranges::any_of(shown, [&](const QString& h) { return h.startsWith(figure); }));
    }
    CHECK(shown.size() <= 9); // name, vendor, kind, year and those five
    // … and they come first, after the name, vendor, kind and year: BF16 dense is the fifth column shown.
    QStringList visualOrder;
    for (int v = 0; v < model->columnCount(); ++v) {
        const int c = table->horizontalHeader()->logicalIndex(v);
        if (!table->isColumnHidden(c)) visualOrder << model->headerData(c, Qt::Horizontal).toString();
    }
    REQUIRE(visualOrder.size() >= 5);
    CHECK(visualOrder[0].startsWith("Name"));
    CHECK(visualOrder[4].startsWith("BF16 tensor dense"));
    // Scrolled sideways to the last figure, the names are still in view at the left edge.
    table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
    QApplication::processEvents();
    REQUIRE(table->horizontalScrollBar()->maximum() > 0);
    auto* frozen = table->findChild<QTableView*>("frozenName");
    REQUIRE(frozen != nullptr);
    CHECK(frozen->isVisible());
    CHECK(frozen->geometry().left() <= table->verticalHeader()->width() + table->frameWidth());
    CHECK(frozen->width() > table->fontMetrics().averageCharWidth() * 10);
    CHECK(frozen->horizontalHeader()->visualIndex(0) == 0);
    CHECK_FALSE(frozen->isColumnHidden(accelscope::gui::CatalogTableModel::Name));
    CHECK(frozen->isColumnHidden(accelscope::gui::CatalogTableModel::Vendor));
    CHECK(frozen->indexAt(QPoint(5, 5)).data().toString() == model->index(table->rowAt(5), 0).data().toString());
    auto* search = window.findChild<QLineEdit*>("catalogSearch");
    REQUIRE(search != nullptr);
    for (const double scale : {1.0, 2.5}) {
        window.setFontScale(scale);
        window.resize(1024, 768);
        QApplication::sendPostedEvents(); // the layout at the new text size
        QApplication::processEvents();
        CHECK(search->width() >= search->fontMetrics().averageCharWidth() * 30);
    }
}

TEST_CASE("the Export figure dialog fits a 1024x768 and a 1280x800 screen at text size 2.5, Save and Close on screen", "[slow]")
{
    const QSize screen = GENERATE(QSize(1024, 768), QSize(1280, 800));
    accelscope::tests::WindowFixture fixture(screen);
    MainWindow& window = fixture.window;
    QApplication::setActiveWindow(&window);
    QTest::keyClick(&window, Qt::Key_F5);
    window.setFontScale(2.5);
    const int titleBar = window.style()->pixelMetric(QStyle::PM_TitleBarHeight);
    // Pages with content as in class (three devices compared).
    REQUIRE(window.openPage("compare", {{"devices", "nvidia-h100-sxm,amd-instinct-mi300x,google-tpu-v5p"}}).isEmpty());
    for (const char* id : {"roofline", "pipeline-bubbles", "warp-divergence", "compare", "memory-pyramid"}) {
        window.showPage(window.pageIndex(id));
        QWidget* page = window.page(window.pageIndex(id));
        accelscope::tests::settleCanvases(page);
        const auto figure = figureOfPage(page, false);
        INFO(id << ": " << (figure ? std::string("a figure") : figure.error().toStdString()));
        REQUIRE(figure.has_value());
        FigureDialog dialog([page](bool dark) { return figureOfPage(page, dark); }, id, &window);
        dialog.fitTo(screen);
        dialog.show();
        QApplication::processEvents();
        INFO(id << " on " << screen.width() << "x" << screen.height() << ": dialog " << dialog.width() << "x" << dialog.height());
        // Failed before: 963-1032 px tall on an 800-px screen.
        CHECK(dialog.height() + titleBar <= screen.height());
        CHECK(dialog.width() <= screen.width());
        for (auto* button : dialog.findChildren<QPushButton*>()) {
            INFO(button->text().toStdString());
            CHECK(button->isVisible());
            CHECK(dialog.rect().contains(QRect(button->mapTo(&dialog, QPoint(0, 0)), button->size())));
        }
        const auto* preview = dialog.findChild<QLabel*>("figurePreview");
        REQUIRE(preview != nullptr);
        CHECK(preview->pixmap().height() >= 120); // the figure is still there to look at
        dialog.close();
        // As the window opens it (no fitTo): fitted to the screen it is on, the Xvfb screen here.
        FigureDialog opened([page](bool dark) { return figureOfPage(page, dark); }, id, &window);
        opened.show();
        QApplication::processEvents();
        const QSize available = window.screen()->availableGeometry().size();
        CHECK(opened.height() + titleBar <= available.height());
        opened.close();
    }
    QTest::keyClick(&window, Qt::Key_Escape);
}
