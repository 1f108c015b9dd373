// SPDX-License-Identifier: MIT
// labs/measured: lab results → measured roofline and pyramid; stored result ids.
#include "labs/lab_result_json.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "labs/measured/stored_results.hpp"
#include "tests/support/kernels_result.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace accelscope::labs;

namespace {

LabResult rooflineResult()
{
    LabResult roof;
    roof.labId = "cpu-roofline";
    roof.machine = nlohmann::json{{"cpu_model", "Test CPU"}};
    roof.summary = {{"compute_ceiling_gflops", 100, "GFLOP/s", ""}, {"memory_ceiling_gbs", 40, "GB/s", ""}};
    roof.series = {{"measured", "arithmetic intensity", "FLOP/byte", "performance", "GFLOP/s", {{0.25, 10}, {64, 99}}},
                   {"model", "arithmetic intensity", "FLOP/byte", "performance", "GFLOP/s", {{0.25, 10}, {64, 100}}}};
    return roof;
}

} // namespace

TEST_CASE("roofline and latency/bandwidth results become measured roofs and pyramid levels")
{
    LabResult roof = rooflineResult();
    const auto measured = measuredRoofline(roof);
    REQUIRE(measured.has_value());
    CHECK(measured->computeGflops == 100);
    CHECK(measured->memoryGbs == 40);
    CHECK(measured->points == std::vector<std::pair<double, double>>{{0.25, 10}, {64, 99}}); // the measured series only
    CHECK(measured->name == "Test CPU");
    // ridge = 100 GFLOP/s / 40 GB/s = 2.5 FLOP/byte; 99 of 100 GFLOP/s is 0.99 of the ceiling
    CHECK_THAT(measured->ridgeFlopsPerByte(), Catch::WithinRel(2.5, 1e-12));
    CHECK_THAT(measured->computeCeilingShare(99), Catch::WithinRel(0.99, 1e-12));
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
    CHECK(pyramid->levels[0].workingSetBytes == 16384);
    CHECK(pyramid->levels[1].level == "L2");
    CHECK(pyramid->levels[1].bandwidthGbs == 80);  // 512 KiB, half the 1 MiB L2
    CHECK(pyramid->levels[2].level == "DRAM");
    CHECK(pyramid->levels[2].latencyNs == 90);
    CHECK(pyramid->levels[2].bandwidthGbs == 45);
    CHECK_THAT(pyramid->levels[2].moveSeconds(1e9), Catch::WithinRel(1.0 / 45, 1e-12)); // 1 GB at 45 GB/s
    CHECK(pyramid->levels[0].moveSeconds(1e9) == 1e9 / 200e9);
    CHECK_FALSE(measuredPyramid({roof}).has_value());
}

TEST_CASE("the first result with a measured roofline is the one drawn")
{
    LabResult latency;
    latency.labId = "cpu-latency";
    LabResult second = rooflineResult();
    second.summary[0].value = 200;
    CHECK_FALSE(firstMeasuredRoofline({latency}).has_value());
    const auto first = firstMeasuredRoofline({latency, rooflineResult(), second});
    REQUIRE(first.has_value());
    CHECK(first->computeGflops == 100);
}

TEST_CASE("stored result ids are written and read as comma-separated lists")
{
    CHECK(joinResultIds({3, 4, 17}) == "3,4,17");
    CHECK(joinResultIds({}).empty());
    CHECK(parseResultIds("3,4,17") == std::vector<std::int64_t>{3, 4, 17});
    CHECK(parseResultIds(" 5 , 6") == std::vector<std::int64_t>{5, 6});
    CHECK_FALSE(parseResultIds("").has_value());
    CHECK_FALSE(parseResultIds("3,,4").has_value());
    CHECK_FALSE(parseResultIds("3,").has_value());
    CHECK_FALSE(parseResultIds("0").has_value());
    CHECK_FALSE(parseResultIds("-2").has_value());
    CHECK_FALSE(parseResultIds("x").has_value());
}

TEST_CASE("stored results are read back by id, and an unknown id is named")
{
    accelscope::tests::TempDir dir;
    auto store = accelscope::models::catalog::UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    LabResult roof = rooflineResult();
    roof.startedAt = "2026-11-24T03:00:00Z";
    roof.title = "CPU roofline";
    const auto id = store->addLabResult(storedLabResult(roof, "local"));
    REQUIRE(id.has_value());
    const auto loaded = loadStoredResults(*store, {*id});
    REQUIRE(loaded.has_value());
    REQUIRE(loaded->size() == 1);
    CHECK(measuredRoofline(loaded->front())->computeGflops == 100);
    const auto missing = loadStoredResults(*store, {*id, 99});
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().code == accelscope::models::ErrorCode::NotFound);
    CHECK_THAT(missing.error().message, Catch::Contains("#99"));
}

TEST_CASE("a cpu-kernels result gives its one-core ceilings and each kernel predicted and measured")
{
    const auto m = measuredRoofline(accelscope::tests::kernelsResult());
    REQUIRE(m.has_value());
    CHECK(m->computeGflops == 100.0);
    CHECK(m->memoryGbs == 20.0);
    REQUIRE(m->kernels.size() == 2);
    const auto& sgemm = m->kernels[0];
    CHECK(sgemm.key == "sgemm_simd");
    CHECK(sgemm.title == "SGEMM 256x256x256");
    CHECK(sgemm.computeBound);
    // 2·256^3 = 33,554,432 FLOP over 100 GFLOP/s = 0.33554 ms predicted; measured 0.5 ms.
    CHECK_THAT(sgemm.predictedS, Catch::Matchers::WithinRel(2.0 * 256 * 256 * 256 / 100e9, 1e-9));
    CHECK_THAT(sgemm.measuredOverPredicted(), Catch::Matchers::WithinRel(5e-4 / (2.0 * 256 * 256 * 256 / 100e9), 1e-9));
    const auto& gemv = m->kernels[1];
    CHECK_FALSE(gemv.computeBound);
    // (1024·1024 + 1024)·4 + 1024·4 bytes at 20 GB/s.
    CHECK_THAT(gemv.predictedS, Catch::Matchers::WithinRel(((1024.0 * 1024 + 1024) * 4 + 1024 * 4) / 20e9, 1e-9));
    CHECK_THAT(gemv.intensityFlopPerByte(), Catch::Matchers::WithinRel(2.0 * 1024 * 1024 / ((1024.0 * 1024 + 1024) * 4 + 1024 * 4), 1e-9));
}

TEST_CASE("a cpu-kernels run stored before kernels kept their FLOPs gives the ceilings and no kernels")
{
    LabResult old = accelscope::tests::kernelsResult();
    std::erase_if(old.summary, [](const SummaryFigure& f) { return f.key.ends_with("_bytes"); });
    const auto m = measuredRoofline(old);
    REQUIRE(m.has_value());
    CHECK(m->kernels.empty());
}

TEST_CASE("the latest stored cpu-kernels run is this machine's, none stored gives nothing")
{
    accelscope::tests::TempDir dir;
    auto store = accelscope::models::catalog::UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    const auto none = latestKernelsRoofline(*store);
    REQUIRE(none.has_value());
    CHECK_FALSE(none->has_value());
    LabResult older = accelscope::tests::kernelsResult("2026-11-23T09:00:00Z");
    older.summary[0].value = 50.0;
    REQUIRE(store->addLabResult(storedLabResult(older, "local")).has_value());
    REQUIRE(store->addLabResult(storedLabResult(rooflineResult(), "local")).has_value());
    REQUIRE(store->addLabResult(storedLabResult(accelscope::tests::kernelsResult(), "local")).has_value());
    const auto latest = latestKernelsRoofline(*store);
    REQUIRE(latest.has_value());
    REQUIRE(latest->has_value());
    CHECK((*latest)->computeGflops == 100.0);
    CHECK((*latest)->kernels.size() == 2);
}
