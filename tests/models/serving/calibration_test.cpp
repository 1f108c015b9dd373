// SPDX-License-Identifier: MIT
// MLPerf rows and the calibration fit: parsing, refusing held-out rounds, recovering known efficiencies,
// and the committed data/serving/fit.json equal to a refit of the committed data.
#include "models/catalog/catalog_store.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/serving/calibration.hpp"
#include "models/serving/serving_model.hpp"

#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <sstream>

using namespace accelscope::models;
using namespace accelscope::models::serving;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

using accelscope::tests::bundledDevices;

const std::string header = "round,division,submitter,system,catalog_id,accelerator_count,benchmark,scenario,tokens_per_s,"
                           "weights_precision,kv_precision,input_tokens_mean,output_tokens_mean,ttft_limit_ms,tpot_limit_ms,source\n";

} // namespace

TEST_CASE("MLPerf rows are read by column name, closed division only, rows without a device or preset skipped")
{
    const auto rows = loadMlperfRows(std::string(ACCELSCOPE_TEST_DATA_DIR) + "/models/serving/data/mlperf_fixture.csv");
    REQUIRE(rows.has_value());
    REQUIRE(rows->size() == 2); // open division, GPT-J (no preset) and the row without a catalog id are skipped
    const auto& r = rows->front();
    CHECK(r.line == 2);
    CHECK(r.system == "DGX H100 (8x H100-SXM-80GB, TensorRT)");
    CHECK(r.deviceId == "nvidia-h100-sxm");
    CHECK(r.modelId == "llama2-70b");
    CHECK(r.count == 8);
    CHECK(r.tokensPerS == 24525.0);
    CHECK(r.weights == "fp8");
    CHECK_FALSE(r.ttftLimitMs.has_value());
    CHECK(rows->back().scenario == "Server");
    CHECK(rows->back().tpotLimitMs == 200.0);
}

TEST_CASE("bandwidth measurements: memory_bandwidth rows as fractions, a bad percentage names its line")
{
    const std::string head = "device,catalog_id,kind,efficiency_pct,source_url\n";
    const auto ok = parseBandwidthMeasurements(head + "H100,nvidia-h100-sxm,memory_bandwidth,86.57,u\nH100,nvidia-h100-sxm,gemm,61,u\n", "e.csv");
    REQUIRE(ok.has_value());
    REQUIRE(ok->size() == 1);
    CHECK_THAT(ok->front().efficiency, WithinRel(0.8657, 1e-12));
    const auto bad = parseBandwidthMeasurements(head + "H100,nvidia-h100-sxm,memory_bandwidth,186,u\n", "e.csv");
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message, Catch::StartsWith("e.csv:2: efficiency_pct"));
}

TEST_CASE("a bad MLPerf row names its file, line and column")
{
    auto r = parseMlperfRows(header + "v4.0,closed,X,S,nvidia-h100-sxm,eight,llama2-70b-99,Offline,100,fp8,fp8,294,294,,,s\n", "m.csv");
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::StartsWith("m.csv:2: accelerator_count"));
    r = parseMlperfRows("round,catalog_id\n", "m.csv");
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::Contains("m.csv:1: no 'accelerator_count' column"));
}

TEST_CASE("calibration refuses rows of later rounds: they are the test set")
{
    const auto rows = parseMlperfRows(header + "v5.0,closed,X,S,nvidia-h100-sxm,8,llama2-70b-99,Offline,100,fp8,fp8,294,294,,,s\n", "m.csv");
    REQUIRE(rows.has_value());
    const auto fit = calibrate(*rows, {}, bundledDevices(), {{1, "nvidia-h100-sxm", 0.85, "s"}});
    REQUIRE_FALSE(fit.has_value());
    CHECK_THAT(fit.error().message, Catch::Contains("held out"));
}

TEST_CASE("calibration recovers the efficiencies that generated its rows")
{
    const auto devices = bundledDevices();
    EfficiencyTable truth;
    truth.pooled.compute = 0.4;
    truth.pooled.memory = 0.85; // what the bandwidth measurement below says
    truth.pooled.kv = 0.3;
    std::ostringstream csv;
    csv << header;
    struct Case { const char* device; int count; const char* model; int in; int out; const char* scenario; };
    const Case cases[] = {{"nvidia-h100-sxm", 8, "llama2-70b", 294, 294, "Offline"},
                          {"nvidia-h100-sxm", 1, "llama2-70b", 1024, 256, "Offline"},
                          {"nvidia-h100-sxm", 8, "llama2-70b", 294, 294, "Server"},
                          {"nvidia-h100-sxm", 2, "mixtral-8x7b", 145, 145, "Offline"}};
    for (const auto& k : cases) {
        const auto dev = std::ranges::find(devices, std::string(k.device), &catalog::Device::id);
        REQUIRE(dev != devices.end());
        ServingRequest q;
        q.inputTokens = k.in;
        q.outputTokens = k.out;
        q.scenario = std::string(k.scenario) == "Server" ? Scenario::Server : Scenario::Offline;
        if (q.scenario == Scenario::Server) { q.ttftLimitMs = 2000; q.tpotLimitMs = 100; }
        const auto d = servingDevice(*dev, q, truth);
        REQUIRE(d.has_value());
        const auto e = estimateServing(*roofline::findModelPreset(k.model), *d, q, k.count);
        REQUIRE(e.has_value());
        REQUIRE(e->fits);
        csv << "v4.1,closed,X,S," << k.device << "," << k.count << "," << k.model << "-99," << k.scenario << ","
            << std::setprecision(17) << e->tokensPerS << ",fp8,fp8," << k.in << "," << k.out << ","
            << (q.ttftLimitMs ? "2000" : "") << "," << (q.tpotLimitMs ? "100" : "") << ",generated\n";
    }
    const auto rows = parseMlperfRows(csv.str(), "generated.csv");
    REQUIRE(rows.has_value());
    REQUIRE(rows->size() == 4);
    const auto fit = calibrate(*rows, {}, devices, {{1, "nvidia-h100-sxm", 0.85, "measured"}}, {});
    REQUIRE(fit.has_value());
    REQUIRE(fit->table.families.size() == 1);
    const auto& f = fit->table.families.front();
    CHECK(f.family == "nvidia-hopper");
    CHECK_THAT(f.compute, WithinAbs(0.4, 0.011));
    CHECK_THAT(f.memory, WithinAbs(0.85, 1e-12));
    CHECK_THAT(f.kv, WithinAbs(0.3, 0.011));
    CHECK(f.worstAbsPct < 2.0);
    CHECK(f.points == 4);
}

TEST_CASE("the committed fit equals a refit of the committed calibration data", "[slow]")
{
    const std::filesystem::path data = std::filesystem::path(ACCELSCOPE_TEST_DATA_DIR) / "../data/serving/mlperf-inference-v4.csv";
    REQUIRE(std::filesystem::exists(data));
    const auto rows = loadMlperfRows(data.string());
    REQUIRE(rows.has_value());
    const auto bandwidth = loadBandwidthMeasurements((data.parent_path() / "efficiency-sources.csv").string());
    REQUIRE(bandwidth.has_value());
    const auto fit = calibrate(*rows, {}, bundledDevices(), *bandwidth);
    REQUIRE(fit.has_value());
    const auto committed = bundledEfficiencies();
    REQUIRE(committed.has_value());
    REQUIRE(committed->families.size() == fit->table.families.size());
    for (std::size_t i = 0; i < fit->table.families.size(); ++i) {
        const auto& a = fit->table.families[i];
        const auto& b = committed->families[i];
        INFO(a.family);
        CHECK(a.family == b.family);
        CHECK(a.points == b.points);
        CHECK(a.compute == b.compute);
        CHECK_THAT(a.memory, WithinAbs(b.memory, 1e-6));
        CHECK(a.kv == b.kv);
        CHECK_THAT(a.medianAbsPct, WithinAbs(b.medianAbsPct, 1e-5));
        CHECK_THAT(a.worstAbsPct, WithinAbs(b.worstAbsPct, 1e-5));
    }
    CHECK(fit->table.pooled.compute == committed->pooled.compute);
    CHECK(fit->table.pooled.kv == committed->pooled.kv);
}
