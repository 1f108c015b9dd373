// SPDX-License-Identifier: MIT
// Figures for slides: PNG at 2x, SVG with legend, statistics and step, no controls, light vs dark,
// bad output paths refused with nothing half-written.
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/figure_dialog.hpp"
#include "app/gui/figure_export.hpp"
#include "app/gui/labs/lab_figure.hpp"
#include "app/gui/llm-calculator/llm_calculator.hpp"
#include "app/gui/memory-pyramid/pyramid_figure.hpp"
#include "app/gui/page_capture.hpp"
#include "app/gui/roofline/roofline_figure.hpp"
#include "app/gui/pipeline-bubbles/pipeline_visualizer.hpp"
#include "app/gui/warp-divergence/warp_visualizer.hpp"
#include "models/catalog/figure_parser.hpp"
#include "models/simt/warp_figure.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QImage>

#include <algorithm>
#include <cmath>

using namespace accelscope;

namespace {

QString pathIn(const tests::TempDir& dir, const char* name) { return QString::fromStdString((dir.path() / name).string()); }

QString readAll(const QString& file)
{
    QFile in(file);
    REQUIRE(in.open(QIODevice::ReadOnly));
    return QString::fromUtf8(in.readAll());
}

models::figure::Figure warpFigureAtStep(int step, bool dark)
{
    gui::warp::WarpVisualizer view; // nested-ifs, 32 lanes
    view.setStep(step);
    auto figure = view.figure(dark);
    REQUIRE(figure.has_value());
    return *figure;
}

} // namespace

TEST_CASE("warp figure PNG is twice the figure's logical size and its SVG has legend, statistics and step")
{
    tests::TempDir dir;
    const auto figure = warpFigureAtStep(3, false);
    const auto size = models::figure::figureSize(figure);
    const QString png = pathIn(dir, "warp.png");
    const QString svg = pathIn(dir, "warp.svg");
    REQUIRE(gui::saveFigure(figure, png).has_value());
    REQUIRE(gui::saveFigure(figure, svg).has_value());
    const QImage image(png);
    CHECK(image.width() == static_cast<int>(std::ceil(size.width * 2)));
    CHECK(image.height() == static_cast<int>(std::ceil(size.height * 2)));
    CHECK(gui::distinctColours(image) > 8); // something was drawn, not a blank image
    const QString text = readAll(svg);
    CHECK(text.contains("step 3 of"));
    CHECK(text.contains("Step 3, pre-Volta: line"));
    CHECK(text.contains("lanes active"));
    CHECK(text.contains("SIMD efficiency: pre-Volta"));
    CHECK(text.contains("idle lane"));
    CHECK(text.contains("Program"));
    // No control of the page is drawn: the canvas's sliders, buttons and inputs are not in it.
    for (const char* control : {"issues/s", "seed", "Pause", "Program (edit it)", "Data (comma-separated"}) {
        INFO(control);
        CHECK_FALSE(text.contains(control));
    }
    CHECK(QDir(QString::fromStdString(dir.path().string())).entryList(QDir::Files).size() == 2); // no temporary left
}

TEST_CASE("figure light and dark differ in background")
{
    const QImage light = gui::renderFigure(warpFigureAtStep(-1, false), 1.0);
    const QImage dark = gui::renderFigure(warpFigureAtStep(-1, true), 1.0);
    CHECK(light.pixelColor(2, 2) == QColor(255, 255, 255));
    CHECK(dark.pixelColor(2, 2) == QColor(30, 30, 30));
}

TEST_CASE("pipeline figure follows the playback step")
{
    gui::pipeline::PipelineVisualizer view;
    view.setStep(-1);
    const auto whole = view.figure(false);
    REQUIRE(whole.has_value());
    view.setStep(4);
    const auto stepped = view.figure(false);
    REQUIRE(stepped.has_value());
    CHECK_THAT(stepped->subtitle, Catch::StartsWith("step 4 of " + std::to_string(view.stepCount())));
    CHECK_THAT(whole->subtitle, Catch::StartsWith("whole schedule"));
    CHECK(models::figure::figureSvg(*stepped) != models::figure::figureSvg(*whole));
    CHECK_THAT(models::figure::figureSvg(*stepped), Catch::Contains("bubble fraction"));
}

TEST_CASE("roofline figure names the devices, the ridge points and the catalog sources")
{
    tests::GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setDevices({});
    const auto none = gui::roofline::rooflineFigure(view, false);
    REQUIRE_FALSE(none.has_value());
    CHECK(none.error().contains("Choose a device"));
    view.setDevices({"nvidia-h100-sxm"});
    const auto figure = gui::roofline::rooflineFigure(view, false);
    REQUIRE(figure.has_value());
    CHECK_THAT(figure->title, Catch::Contains("H100"));
    REQUIRE_FALSE(figure->statistics.empty());
    CHECK_THAT(figure->statistics[0], Catch::Contains("ridge") && Catch::Contains("FLOP/B"));
    CHECK_THAT(models::figure::figureCaption(*figure), Catch::Contains("https://"));
}

TEST_CASE("saving a figure to a bad path says which file and writes nothing")
{
    tests::TempDir dir;
    const auto figure = warpFigureAtStep(1, false);
    const QString missingFolder = pathIn(dir, "no-such-folder/warp.png");
    const auto failed = gui::saveFigure(figure, missingFolder);
    REQUIRE_FALSE(failed.has_value());
    CHECK(failed.error().startsWith(missingFolder + ": cannot write"));
    const auto wrongSuffix = gui::saveFigure(figure, pathIn(dir, "warp.jpg"));
    REQUIRE_FALSE(wrongSuffix.has_value());
    CHECK(wrongSuffix.error().contains("must end in .png or .svg"));
    CHECK(QDir(QString::fromStdString(dir.path().string())).entryList(QDir::Files | QDir::NoDotAndDotDot).isEmpty());
}

TEST_CASE("a page without a chart says why there is no figure")
{
    QWidget plain;
    const auto figure = gui::figureOfPage(&plain, false);
    REQUIRE_FALSE(figure.has_value());
    CHECK(figure.error().contains("no figure to export"));
}

TEST_CASE("the export dialog switches theme, saves and copies a caption with the sources")
{
    tests::TempDir dir;
    gui::warp::WarpVisualizer view;
    view.setStep(2);
    gui::FigureDialog dialog([&view](bool dark) -> std::expected<models::figure::Figure, QString> {
        auto f = view.figure(dark);
        if (!f) return std::unexpected(QString::fromStdString(f.error()));
        return *f;
    }, "warp");
    CHECK_FALSE(dialog.dark()); // light by default, for slides
    dialog.setDark(true);
    CHECK(dialog.figure().dark);
    const QString svg = pathIn(dir, "dark.svg");
    CHECK(dialog.save(svg));
    CHECK(readAll(svg).contains("fill='#1e1e1e'"));
    const QString caption = dialog.copyCaption();
    CHECK(caption.contains("step 2 of"));
    CHECK(caption.contains("Sources:"));
    CHECK(QApplication::clipboard()->text() == caption);
}

TEST_CASE("the chart pages' figures render to pixels, light and dark")
{
    // Not a pixel comparison: a drawn figure has axes, text and series (hundreds of colours); a blank
    // one has its background alone. Each is rendered as Export figure's PNG is (2x).
    tests::GuiFixture fixture;
    const auto drawn = [](const models::figure::Figure& figure) { return gui::distinctColours(gui::renderFigure(figure)) > 16; };
    gui::pipeline::PipelineVisualizer pipeline;
    pipeline.setStep(9);
    gui::roofline::RooflineVisualizer roofline(fixture.context->catalog().devices);
    roofline.setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
    gui::memory::PyramidVisualizer pyramid(fixture.context->catalog().devices, std::nullopt, "no hwloc in this test");
    for (const bool dark : {false, true}) {
        const QString theme = dark ? "dark" : "light";
        const auto pipe = pipeline.figure(dark);
        const auto roof = gui::roofline::rooflineFigure(roofline, dark);
        REQUIRE(pipe.has_value());
        REQUIRE(roof.has_value());
        INFO(theme.toStdString());
        CHECK(drawn(warpFigureAtStep(3, dark)));
        CHECK(drawn(*pipe));
        CHECK(drawn(*roof));
        const auto pyr = gui::memory::pyramidFigure(pyramid, dark);
        REQUIRE(pyr.has_value());
        CHECK(drawn(*pyr));
    }
    gui::llm::LlmCalculator llm(fixture.context->catalog().devices);
    llm.setBarDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
    const auto bars = llm.figure(false);
    REQUIRE(bars.has_value());
    CHECK_THAT(bars->statistics.at(0), Catch::StartsWith("Per device: "));
    CHECK(drawn(*bars));
}

TEST_CASE("the Warp page's figure is the one accelscope-cli warp run --svg writes")
{
    // Both faces call models::simt::warpFigure; the page passes its preset, lanes, warps and step.
    gui::warp::WarpVisualizer view;
    REQUIRE(view.loadPreset("tid-lt-16"));
    view.setStep(1);
    const auto* preset = models::simt::findWarpPreset("tid-lt-16");
    auto program = models::simt::parseWarpProgram(preset->source);
    REQUIRE(program);
    models::simt::WarpConfig config;
    config.data = preset->data;
    auto a = models::simt::runWarps(*program, config);
    config.model = models::simt::ExecutionModel::Its;
    auto b = models::simt::runWarps(*program, config);
    REQUIRE(a);
    REQUIRE(b);
    models::simt::WarpFigureInput input{&*program, &*a, &*b, 32, 1, "tid-lt-16", 1, false};
    CHECK(view.svg() == models::figure::figureSvg(models::simt::warpFigure(input)));
}

TEST_CASE("the Labs chart's figure has its series, markers, best points and log axes")
{
    gui::LabChart chart;
    REQUIRE_FALSE(gui::labFigure(chart, false).has_value()); // nothing shown: the reason instead
    labs::Series triad{"triad", "working set", "B", "bandwidth", "GB/s", {{1e4, 80}, {1e6, 60}, {1e8, 20}}};
    chart.setSeries({triad}, "Memory bandwidth");
    chart.setMarkers({{3.2e7, "L3 32 MiB"}});
    const auto figure = gui::labFigure(chart, false);
    REQUIRE(figure.has_value());
    CHECK(figure->title == "Memory bandwidth");
    REQUIRE(figure->statistics.size() == 1);
    CHECK(figure->statistics[0] == "triad: highest 80 GB/s at 10,000 B"); // the first point is the highest
    const std::string svg = models::figure::figureSvg(*figure);
    CHECK_THAT(svg, Catch::Contains("L3 32 MiB") && Catch::Contains("working set [B], log scale"));
    CHECK(gui::distinctColours(gui::renderFigure(*figure)) > 16); // drawn, not a blank background
}

TEST_CASE("the Compare page's figure has the devices as legend, units, dense and sparse rows and the catalog sources")
{
    tests::GuiFixture fixture;
    gui::ComparePage page(fixture.services());
    page.setDeviceIds({"nvidia-h100-sxm"});
    const auto one = page.figure(false);
    REQUIRE_FALSE(one.has_value()); // one device is no comparison: the reason instead
    CHECK(one.error().contains("at least two devices"));
    page.setDeviceIds({"nvidia-h100-sxm", "amd-instinct-mi300x"});
    const auto figure = page.figure(false);
    REQUIRE(figure.has_value());
    const auto& comparison = page.chart().comparison();
    REQUIRE(comparison.devices.size() == 2);
    REQUIRE(figure->legend.size() == 2);
    CHECK_THAT(figure->legend[0].label, Catch::StartsWith(comparison.devices[0]->name));
    // The same colours as the chart's bars (ImGui packs them 0xAABBGGRR).
    const unsigned int packed = gui::CompareChart::deviceColour(1, false);
    CHECK(figure->legend[1].colour == models::figure::Colour{static_cast<std::uint8_t>(packed & 0xff),
                                                              static_cast<std::uint8_t>((packed >> 8) & 0xff),
                                                              static_cast<std::uint8_t>((packed >> 16) & 0xff), 255});
    // Every compared figure is drawn with its unit; dense and sparse are separate rows.
    const std::string svg = models::figure::figureSvg(*figure);
    for (const auto& row : comparison.rows) {
        INFO(row.label);
        CHECK_THAT(svg, Catch::Contains(row.unit.empty() ? row.label : "[" + row.unit + "]"));
    }
    CHECK_THAT(svg, Catch::Contains("BF16 tensor dense [TFLOP/s]") && Catch::Contains("BF16 tensor sparse [TFLOP/s]"));
    CHECK_THAT(svg, Catch::Contains(comparison.devices[0]->name) && Catch::Contains(comparison.devices[1]->name));
    CHECK_THAT(figure->units, Catch::Contains("GB/s") && Catch::Contains("dense"));
    // The best memory bandwidth is a statistic, with the catalog's value.
    const auto bandwidth = std::ranges::find(comparison.rows, std::string("memory_bw_gbs"), &models::catalog::ComparisonRow::key);
    REQUIRE(bandwidth != comparison.rows.end());
    REQUIRE(bandwidth->best.size() == 1);
    const auto* best = comparison.devices[bandwidth->best.front()];
    CHECK(std::ranges::count_if(figure->statistics, [&](const std::string& s) {
              return s.starts_with("Memory bandwidth: best " + best->name + " at " +
                                   models::catalog::formatFigureValue(*best->value(models::catalog::FigureKey::MemoryBwGbs)) + " GB/s");
          }) == 1);
    // Each device's primary sources, by key and URL.
    for (const auto* device : comparison.devices) {
        REQUIRE_FALSE(device->primarySources.empty());
        const auto& key = device->primarySources.front();
        const std::string cited = device->name + " [" + key + "] " + device->sources.at(key).url;
        CHECK(std::ranges::count(figure->sources, cited) == 1);
    }
    // PNG at 2x; light and dark differ.
    tests::TempDir dir;
    const QString png = pathIn(dir, "compare.png");
    REQUIRE(gui::saveFigure(*figure, png).has_value());
    const QImage image(png);
    const auto size = models::figure::figureSize(*figure);
    CHECK(image.width() == static_cast<int>(std::ceil(size.width * 2)));
    CHECK(image.height() == static_cast<int>(std::ceil(size.height * 2)));
    CHECK(gui::distinctColours(image) > 8);
    const auto dark = page.figure(true);
    REQUIRE(dark.has_value());
    CHECK(dark->dark);
    CHECK(models::figure::figureSvg(*dark) != svg);
    CHECK(gui::distinctColours(gui::renderFigure(*dark)) > 8);
}
