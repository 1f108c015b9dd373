// SPDX-License-Identifier: MIT
// The Labs page: a quick run fills the chart, is stored and shown in the history; cancel stores
// nothing; bad imports are refused with the file's problem; export, compare and delete work.
#include "app/gui/labs/lab_chart.hpp"
#include "app/gui/labs/lab_measurements.hpp"
#include "app/gui/labs/labs_page.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace accelscope::gui;

namespace {

// Processes events until the page's run is over (at most 60 s).
bool waitForRun(const LabsPage& page)
{
    QElapsedTimer timer;
    timer.start();
    while (page.running() && timer.elapsed() < 60000) QTest::qWait(20);
    return !page.running();
}

} // namespace

TEST_CASE("a quick lab run on the Labs page is drawn, stored and listed")
{
    accelscope::tests::GuiFixture fixture;
    LabsPage page(*fixture.context);
    page.resize(1200, 800);
    CHECK(page.history()->rowCount() == 0);
    REQUIRE(page.selectLab("cpu-roofline"));
    CHECK_FALSE(page.setParameter("no_such_parameter", 1));
    page.setQuick(true);
    std::optional<std::int64_t> stored;
    QObject::connect(&page, &LabsPage::runFinished, [&](std::optional<std::int64_t> id) { stored = id; });
    page.runSelected();
    CHECK(page.running());
    CHECK_FALSE(page.runButton()->isEnabled());
    CHECK(page.cancelButton()->isEnabled());
    REQUIRE(waitForRun(page));
    REQUIRE(stored.has_value());
    CHECK(page.progressBar()->value() == 1000);
    CHECK_THAT(page.statusLabel()->text().toStdString(), Catch::Contains("stored as result #1"));
    REQUIRE(page.history()->rowCount() == 1);
    CHECK(page.selectedResultIds() == std::vector<std::int64_t>{*stored});
    CHECK(page.chart()->seriesCount() == 2);
    CHECK(page.chart()->logX()); // intensities 0.25 … 16.25 FLOP/byte
    CHECK(page.summary()->rowCount() >= 5);
    CHECK(page.runButton()->isEnabled());
    CHECK_FALSE(page.cancelButton()->isEnabled());

    // A second result: selecting both compares them (curves of both, one column each).
    page.runSelected();
    REQUIRE(waitForRun(page));
    REQUIRE(page.history()->rowCount() == 2);
    page.selectResults({1, 2});
    CHECK(page.chart()->seriesCount() == 4);
    CHECK(page.summary()->columnCount() == 5); // figure, unit, #1, #2, note

    // Export one, delete both, import the export back.
    page.selectResults({1});
    const auto file = fixture.dir.path() / "exported.json";
    REQUIRE(page.exportSelected(QString::fromStdString(file.string())));
    const auto record = nlohmann::json::parse(accelscope::tests::readText(file));
    CHECK(record["lab"] == "cpu-roofline");
    const auto png = fixture.dir.path() / "chart.png";
    CHECK(page.exportChartPng(QString::fromStdString(png.string())));
    CHECK(std::filesystem::file_size(png) > 1000);
    page.selectResults({1, 2});
    CHECK(page.deleteSelected(false) == 2);
    CHECK(page.history()->rowCount() == 0);
    CHECK(page.importResult(QString::fromStdString(file.string())));
    REQUIRE(page.history()->rowCount() == 1);
    CHECK(page.history()->item(0, 4)->text().contains("exported.json"));
    // The same file again is refused, naming the stored copy.
    CHECK_FALSE(page.importResult(QString::fromStdString(file.string())));
    CHECK_THAT(page.statusLabel()->text().toStdString(), Catch::Contains("already stored as #3"));
}

TEST_CASE("a cancelled run stores nothing, bad files are refused with their problem")
{
    accelscope::tests::GuiFixture fixture;
    LabsPage page(*fixture.context);
    REQUIRE(page.selectLab("cpu-compute-peak"));
    page.setQuick(false);
    std::optional<std::int64_t> stored{-1};
    QObject::connect(&page, &LabsPage::runFinished, [&](std::optional<std::int64_t> id) { stored = id; });
    page.runSelected();
    page.cancelRun();
    REQUIRE(waitForRun(page));
    CHECK_FALSE(stored.has_value());
    CHECK_THAT(page.statusLabel()->text().toStdString(), Catch::Contains("Cancelled: nothing was stored"));
    CHECK(page.history()->rowCount() == 0);

    const auto broken = fixture.dir.write("broken.json", "{\"schema_version\": 1,");
    CHECK_FALSE(page.importResult(QString::fromStdString(broken.string())));
    CHECK_THAT(page.statusLabel()->text().toStdString(), Catch::Contains("broken.json: not JSON"));
    const auto newer = fixture.dir.write("newer.json", R"({"schema_version": 7})");
    CHECK_FALSE(page.importResult(QString::fromStdString(newer.string())));
    CHECK_THAT(page.statusLabel()->text().toStdString(), Catch::Contains("made by a newer Accelscope"));
    CHECK(page.history()->rowCount() == 0);
    CHECK_FALSE(page.exportSelected(QString::fromStdString((fixture.dir.path() / "x.json").string())));
}

TEST_CASE("the chart picks logarithmic axes only for wide ranges")
{
    CHECK(wantsLogAxis({16, 32, 64, 1024}));
    CHECK_FALSE(wantsLogAxis({10, 20, 40}));
    CHECK_FALSE(wantsLogAxis({0, 10, 10000})); // zero cannot be drawn on a log axis
    CHECK_FALSE(wantsLogAxis({5}));
}

TEST_CASE("a latency result is drawn with the machine's cache sizes marked")
{
    accelscope::tests::GuiFixture fixture;
    LabsPage page(*fixture.context);
    REQUIRE(page.selectLab("cpu-latency"));
    page.setQuick(true);
    page.runSelected();
    REQUIRE(waitForRun(page));
    REQUIRE(page.history()->rowCount() == 1);
    CHECK(page.chart()->logX());
    // hwloc reports at least an L1 data cache inside the swept range on any machine CI uses
    CHECK(page.chart()->markerCount() >= 1);
}

TEST_CASE("roofline and latency/bandwidth results become measured roofs and pyramid levels")
{
    using accelscope::labs::LabResult;
    LabResult roof;
    roof.labId = "cpu-roofline";
    roof.machine = nlohmann::json{{"cpu_model", "Test CPU"}};
    roof.summary = {{"compute_ceiling_gflops", 100, "GFLOP/s", ""}, {"memory_ceiling_gbs", 40, "GB/s", ""}};
    roof.series = {{"measured", "arithmetic intensity", "FLOP/byte", "performance", "GFLOP/s", {{0.25, 10}, {64, 99}}},
                   {"model", "arithmetic intensity", "FLOP/byte", "performance", "GFLOP/s", {{0.25, 10}, {64, 100}}}};
    const auto measured = measuredRoofline(roof);
    REQUIRE(measured.has_value());
    CHECK(measured->computeGflops == 100);
    CHECK(measured->memoryGbs == 40);
    CHECK(measured->points == std::vector<std::pair<double, double>>{{0.25, 10}, {64, 99}}); // the measured series only
    CHECK(measured->name == "Test CPU");
    roof.summary.pop_back();
    CHECK_FALSE(measuredRoofline(roof).has_value()); // no memory ceiling: nothing to draw

    const auto caches = nlohmann::json::array({{{"level", 1}, {"type", "data"}, {"size_bytes", 32768}},
                                               {{"level", 1}, {"type", "instruction"}, {"size_bytes", 32768}},
                                               {{"level", 2}, {"type", "unified"}, {"size_bytes", 1048576}}});
    LabResult latency;
    latency.labId = "cpu-latency";
    latency.machine = nlohmann::json{{"cpu_model", "Test CPU"}, {"caches", caches}};
    latency.summary = {{"l1_latency_ns", 1.2, "ns", ""}, {"l2_latency_ns", 4.0, "ns", ""}, {"dram_latency_ns", 90, "ns", ""}};
    LabResult bandwidth;
    bandwidth.labId = "cpu-memory-bandwidth";
    bandwidth.machine = latency.machine;
    bandwidth.summary = {{"read_best_gbs", 45, "GB/s", ""}};
    bandwidth.series = {{"per kernel", "kernel", "", "bandwidth", "GB/s", {{0, 40}}},
                        {"sweep", "working set", "KiB", "read bandwidth", "GB/s", {{16, 200}, {32, 190}, {512, 80}, {1024, 70}, {4096, 30}}}};
    const auto pyramid = measuredPyramid({latency, bandwidth});
    REQUIRE(pyramid.has_value());
    REQUIRE(pyramid->levels.size() == 3);
    CHECK(pyramid->levels[0].level == "L1");
    CHECK(pyramid->levels[0].latencyNs == 1.2);
    CHECK(pyramid->levels[0].bandwidthGbs == 200); // the sweep at 16 KiB, half the 32 KiB L1
    CHECK(pyramid->levels[1].level == "L2");
    CHECK(pyramid->levels[1].bandwidthGbs == 80);  // 512 KiB, half the 1 MiB L2
    CHECK(pyramid->levels[2].level == "DRAM");
    CHECK(pyramid->levels[2].latencyNs == 90);
    CHECK(pyramid->levels[2].bandwidthGbs == 45);
    CHECK_FALSE(measuredPyramid({roof}).has_value());
}
