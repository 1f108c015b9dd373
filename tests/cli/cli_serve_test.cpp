// SPDX-License-Identifier: MIT
// accelscope-cli serve estimate/plan/calibrate: the JSON keys checks rely on, "does not fit", bad input.
#include "tests/cli/cli_checks.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

using accelscope::tests::requireOneErrorLine;
using accelscope::tests::runCli;
using accelscope::tests::runJson;
using accelscope::tests::TempDir;
using Catch::Matchers::WithinRel;

namespace {


std::vector<std::string> estimateArgs(std::string model, std::string device, std::string count, std::string weights)
{
    return {"serve", "estimate", "--model", model, "--device", device, "--count", count, "--weights", weights,
            "--kv", weights, "--input", "1024", "--output", "256", "--scenario", "offline"};
}


} // namespace

TEST_CASE("serve estimate --json has every key of the issue's contract")
{
    const auto doc = runJson(estimateArgs("llama2-70b", "nvidia-h100-sxm", "8", "fp8"));
    for (const char* key : {"tokens_per_s", "tokens_per_s_per_device", "tokens_per_s_low", "tokens_per_s_high", "ttft_ms",
                            "tpot_ms", "batch", "tp", "pp", "replicas", "fits", "memory_gb_per_device", "watts",
                            "usd_per_million_tokens", "bound"}) {
        INFO(key);
        CHECK(doc.contains(key));
    }
    CHECK(doc["fits"] == true);
    CHECK(doc["tp"].get<int>() * doc["pp"].get<int>() * doc["replicas"].get<int>() == 8);
    CHECK_THAT(doc["tokens_per_s_per_device"].get<double>(), WithinRel(doc["tokens_per_s"].get<double>() / 8, 1e-12));
    CHECK(doc["tokens_per_s_low"].get<double>() <= doc["tokens_per_s"].get<double>());
    CHECK(doc["tokens_per_s_high"].get<double>() >= doc["tokens_per_s"].get<double>());
    // Within the device's memory (80 GiB = 85.9 GB): weights, the KV of every sequence in flight, headroom.
    CHECK(doc["memory_gb_per_device"].get<double>() <= doc["capacity_gb_per_device"].get<double>());
    CHECK(std::string(doc["bound"]).size() > 0);
}

TEST_CASE("serve estimate: Llama 3.1 70B BF16 on one H100 does not fit and gets no tokens/s")
{
    const auto doc = runJson(estimateArgs("llama3.1-70b", "nvidia-h100-sxm", "1", "bf16"));
    CHECK(doc["fits"] == false);
    CHECK(doc["tokens_per_s"].is_null());
    CHECK(doc["ttft_ms"].is_null());
    CHECK(doc["usd_per_million_tokens"].is_null());
    CHECK_THAT(doc["problem"].get<std::string>(), Catch::StartsWith("does not fit (needs "));
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", estimateArgs("llama3.1-70b", "nvidia-h100-sxm", "1", "bf16"));
    CHECK(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("does not fit (needs"));
    CHECK_THAT(text.out, !Catch::Contains("tokens/s"));
}

TEST_CASE("serve estimate: bad input is one line on stderr and exit 1")
{
    requireOneErrorLine({"serve", "estimate", "--model", "no-such-model", "--device", "nvidia-h100-sxm"}, "no-such-model");
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "no-such-device"}, "no-such-device");
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--weights", "fp7"}, "fp7");
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "google-tpu-v5e", "--weights", "fp8"},
                        "no fp8 compute figure");
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--count", "8",
                         "--scenario", "server", "--ttft-ms", "1", "--tpot-ms", "1"}, "latency limits");
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--scenario", "batch"},
                        "--scenario");
}

TEST_CASE("serve plan --json is a ranked array, accelerators only, each row with its bound")
{
    const auto doc = runJson({"serve", "plan", "--model", "llama3.1-70b", "--weights", "fp8", "--kv", "fp8", "--input",
                              "1024", "--output", "256", "--counts", "1,2,4,8", "--rank", "devices"});
    REQUIRE(doc.is_array());
    REQUIRE_FALSE(doc.empty());
    int rank = 0;
    int lastDevices = 0;
    for (const auto& row : doc) {
        CHECK(row["rank"] == ++rank);
        CHECK(row.contains("bound"));
        if (!row.value("fits", false)) continue;
        CHECK(row["count"].get<int>() >= lastDevices);
        lastDevices = row["count"].get<int>();
        CHECK(row["tokens_per_s"].get<double>() > 0.0);
        const std::string id = row["device"];
        CHECK(id.find("epyc") == std::string::npos);
        CHECK(id.find("apple") == std::string::npos);
    }
}

TEST_CASE("serve plan: a latency limit no layout meets is one line and exit 1")
{
    requireOneErrorLine({"serve", "plan", "--model", "llama2-70b", "--scenario", "server", "--tpot-ms", "0.001", "--counts", "1,8"},
                        "latency limits");
}

TEST_CASE("serve estimate --frontier gives per-device and per-user tokens/s at rising TPOT limits")
{
    const auto doc = runJson({"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--count", "8",
                              "--frontier"});
    const auto& f = doc["frontier"];
    REQUIRE(f.size() >= 3);
    for (std::size_t i = 1; i < f.size(); ++i) {
        CHECK(f[i]["tpot_limit_ms"].get<double>() > f[i - 1]["tpot_limit_ms"].get<double>());
        // A looser TPOT limit never serves fewer tokens per device.
        CHECK(f[i]["tokens_per_s_per_device"].get<double>() >= f[i - 1]["tokens_per_s_per_device"].get<double>() * 0.999);
        CHECK(f[i]["tokens_per_s_per_device_low"].get<double>() <= f[i]["tokens_per_s_per_device"].get<double>());
    }
}

TEST_CASE("serve plan --memo prints Markdown whose figures name their sources")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"serve", "plan", "--model", "llama3.1-70b", "--counts", "1,2,4,8", "--memo", "--limit", "3"});
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::StartsWith("# Serving purchase memo: Llama 3.1 70B"));
    CHECK_THAT(run.out, Catch::Contains("memory_bw_gbs = "));
    CHECK_THAT(run.out, Catch::Contains("https://"));
    CHECK_THAT(run.out, Catch::Contains("## Assumptions"));
}

TEST_CASE("serve calibrate refuses a later round in the calibration data, naming its line")
{
    TempDir dir;
    const auto csv = dir.path() / "late.csv";
    {
        std::ofstream out(csv);
        out << "round,division,catalog_id,accelerator_count,benchmark,scenario,tokens_per_s,output_tokens_per_sample\n"
               "v5.0,closed,nvidia-h100-sxm,8,llama2-70b-99,Offline,25000,290\n";
    }
    requireOneErrorLine({"serve", "calibrate", "--data", csv.string(), "--sources",
                         std::string(ACCELSCOPE_TEST_DATA_DIR) + "/../data/serving/efficiency-sources.csv"}, "line 2: round 'v5.0' is held out");
}

TEST_CASE("serve prices set keeps your price and $/kWh in the user database, and serve estimate uses them")
{
    TempDir dir;
    const auto db = dir.path() / "user.db";
    const auto json = [&](const std::vector<std::string>& args) {
        std::vector<std::string> all{"--json"};
        all.insert(all.end(), args.begin(), args.end());
        const auto run = runCli(db, all);
        INFO(run.err);
        REQUIRE(run.status == 0);
        return nlohmann::json::parse(run.out);
    };
    auto args = estimateArgs("llama2-70b", "nvidia-h100-sxm", "8", "fp8");
    const auto catalog = json(args);
    CHECK(catalog["price_basis"] == "cloud");
    CHECK(catalog["energy_usd_per_hour"].is_null());
    json({"serve", "prices", "set", "--device", "nvidia-h100-sxm", "--usd-per-hour", "1.25", "--usd-per-kwh", "0.2"});
    const auto listed = json({"serve", "prices", "list"});
    REQUIRE(listed["prices"].size() == 1);
    CHECK(listed["prices"][0]["usd_per_hour"] == 1.25);
    CHECK(listed["prices"][0]["catalog_cloud_usd_per_hour"].is_number());
    CHECK(listed["usd_per_kwh"] == 0.2);
    const auto mine = json(args);
    CHECK(mine["price_basis"] == "your $/h");
    // (1.25 x 8 + W / 1000 x 0.2) per hour.
    const double perHour = 1.25 * 8 + mine["watts"].get<double>() / 1000.0 * 0.2;
    CHECK_THAT(mine["usd_per_hour"].get<double>(), WithinRel(perHour, 1e-12));
    CHECK_THAT(mine["usd_per_million_tokens"].get<double>(),
               WithinRel(perHour / (mine["tokens_per_s"].get<double>() * 3600) * 1e6, 1e-12));
    CHECK_THAT(mine["tokens_per_s_per_kw"].get<double>(),
               WithinRel(mine["tokens_per_s"].get<double>() / (mine["watts"].get<double>() / 1000.0), 1e-12));
    // One run's flags win over the stored ones.
    args.insert(args.end(), {"--usd-per-hour", "3", "--usd-per-kwh", "0"});
    const auto once = json(args);
    CHECK_THAT(once["usd_per_hour"].get<double>(), WithinRel(24.0, 1e-12));
    CHECK(json({"serve", "prices", "clear", "--all"})["cleared"] == 2);
    CHECK(json(estimateArgs("llama2-70b", "nvidia-h100-sxm", "8", "fp8"))["price_basis"] == "cloud");
}

TEST_CASE("a negative or non-numeric price is one error line and exit 1")
{
    auto args = estimateArgs("llama2-70b", "nvidia-h100-sxm", "8", "fp8");
    args.insert(args.end(), {"--usd-per-kwh", "-0.1"});
    requireOneErrorLine(args, "--usd-per-kwh must be a number >= 0, got -0.1");
    args = estimateArgs("llama2-70b", "nvidia-h100-sxm", "8", "fp8");
    args.insert(args.end(), {"--usd-per-hour", "cheap"});
    requireOneErrorLine(args, "--usd-per-hour must be a number >= 0, got 'cheap'");
    requireOneErrorLine({"serve", "prices", "set", "--device", "nvidia-h100-sxm", "--list-price-usd", "-5"},
                        "--list-price-usd must be a number >= 0, got -5");
    requireOneErrorLine({"serve", "prices", "set", "--usd-per-kwh", "abc"}, "--usd-per-kwh must be a number >= 0, got 'abc'");
    requireOneErrorLine({"serve", "plan", "--model", "llama2-70b", "--usd-per-hour", "2"}, "--usd-per-hour applies to serve estimate");
}

TEST_CASE("train plan --json: 405B on 128 H100s has fitting layouts ranked by step time on the step model, on 16 none")
{
    const auto doc = runJson({"train", "plan", "--model", "llama3.1-405b", "--device", "nvidia-h100-sxm", "--count", "128"});
    CHECK(doc["model_kind"] == "step");
    CHECK(doc["fitting_layouts"].get<int>() > 0);
    CHECK(doc["layouts_evaluated"].get<int>() >= doc["fitting_layouts"].get<int>());
    const auto& layouts = doc["layouts"];
    REQUIRE(layouts.size() == 10);
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const auto& l = layouts[i];
        CHECK(l["fits"] == true);
        CHECK(l["tp"].get<int>() * l["cp"].get<int>() * l["pp"].get<int>() * l["dp"].get<int>() == 128);
        CHECK(l["tp"].get<int>() <= 8); // inside the HGX node's NVLink domain
        if (i > 0) CHECK(layouts[i - 1]["step_s"].get<double>() <= l["step_s"].get<double>());
        for (const char* key : {"step_s", "mfu", "hfu", "tokens_per_s_per_device", "breakdown_s", "vp", "micro_batch"}) {
            INFO(key);
            CHECK(l.contains(key));
        }
    }
    const auto small = runJson({"train", "plan", "--model", "llama3.1-405b", "--device", "nvidia-h100-sxm", "--count", "16"});
    CHECK(small["fitting_layouts"] == 0);
    REQUIRE_FALSE(small["layouts"].empty());
    CHECK(small["layouts"][0]["fits"] == false);
    const auto fitted = runJson({"train", "plan", "--fitted", "--model", "llama3.1-405b", "--device", "nvidia-h100-sxm", "--count", "128"});
    for (const char* key : {"step_s", "compute_s", "bubble_s", "tp_allreduce_s", "dp_allreduce_s", "mfu", "bound", "verdict"}) {
        INFO(key);
        CHECK(fitted["layouts"][0].contains(key));
    }
}

TEST_CASE("device counts beyond 65,536 or below 1 are one error line, not a crash (issue #29: SIGFPE at 2^31 - 1)")
{
    requireOneErrorLine({"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--count", "2147483647",
                         "--weights", "fp8", "--kv", "fp8", "--input", "1024", "--output", "256", "--scenario", "offline"},
                        "--count must be at most 65,536 devices");
    requireOneErrorLine({"serve", "plan", "--model", "llama2-70b", "--counts", "0,-1"}, "--counts: 0 is not a device count");
    requireOneErrorLine({"serve", "plan", "--model", "llama2-70b", "--counts", "8,1073741824"}, "--counts: 1073741824 is not a device count");
    requireOneErrorLine({"train", "plan", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--count", "2147483647"},
                        "--count must be at most 65,536 devices");
}

TEST_CASE("train estimate --json: one layout on the step model, its breakdown adding up and every parameter sourced")
{
    const auto doc = runJson({"train", "estimate", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--tp", "4", "--pp", "8",
                              "--dp", "2", "--vp", "5", "--global-batch", "128", "--seq", "8192", "--precision", "fp8"});
    CHECK(doc["devices"] == 64);
    CHECK(doc["nodes"] == 8);
    double sum = 0;
    for (const auto& [key, value] : doc["breakdown_s"].items()) sum += value.get<double>();
    CHECK_THAT(doc["step_s"].get<double>(), WithinRel(sum, 1e-9));
    CHECK_THAT(doc["tokens_per_s"].get<double>(), WithinRel(128.0 * 8192 / doc["step_s"].get<double>(), 1e-9));
    CHECK(doc["mfu"].get<double>() > 0.2);
    CHECK(doc["mfu"].get<double>() < 0.8);
    for (const auto& p : doc["parameters"]) {
        INFO(p["name"].get<std::string>());
        CHECK_FALSE(p["source"].get<std::string>().empty());
        CHECK(p["value"].get<double>() > 0);
    }
    const auto& ops = doc["operators_per_micro_batch_on_the_slowest_stage"];
    CHECK(std::any_of(ops.begin(), ops.end(), [](const auto& op) { return op["kind"] == "attention" && op["precision"] == "bf16"; }));
}

TEST_CASE("train estimate: a layout that does not multiply out, a bad recompute or zero stage is one error line")
{
    requireOneErrorLine({"train", "estimate", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--tp", "2", "--dp", "3",
                         "--global-batch", "7"},
                        "--global-batch 7 is not divisible by dp x micro-batch = 3");
    requireOneErrorLine({"train", "estimate", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--recompute", "most"},
                        "--recompute must be none, selective or full, not 'most'");
    requireOneErrorLine({"train", "estimate", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--zero", "4"}, "--zero must be 0 to 3");
    requireOneErrorLine({"train", "estimate", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--tp", "70000"},
                        "--tp must be from 1 to 65,536");
}

TEST_CASE("serve step --json: the steady state of one replica, its batch limit and every parameter sourced")
{
    const auto doc = runJson({"serve", "step", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--input", "128", "--output", "2048"});
    CHECK(doc["batch_limit"] == "KV cache");
    CHECK_THAT(doc["output_tokens_per_s_per_replica"].get<double>(),
               WithinRel(doc["batch"].get<double>() / doc["step_s"].get<double>(), 1e-9));
    CHECK(doc["tp_comm_s"].get<double>() == 0);
    for (const auto& p : doc["parameters"]) CHECK_FALSE(p["source"].get<std::string>().empty());
    const auto tp = runJson({"serve", "step", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--tp", "4", "--concurrency", "64"});
    CHECK(tp["batch"] == 64);
    CHECK(tp["batch_limit"] == "concurrency");
    CHECK(tp["tp_comm_s"].get<double>() > 0);
    requireOneErrorLine({"serve", "step", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--weights", "bf16"}, "leave no KV cache");
    requireOneErrorLine({"serve", "step", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--concurrency", "-3"},
                        "--concurrency must be from 1 to 1,000,000");
}

TEST_CASE("serve step-plan --json: every accelerator at its best count and TP, ranked, each row inside its band")
{
    const auto doc = runJson({"serve", "step-plan", "--model", "llama3.1-70b", "--limit", "0"});
    CHECK(doc["model_kind"] == "step");
    const auto& rows = doc["rows"];
    REQUIRE(rows.size() > 10);
    bool priced = true;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        if (!r.contains("tokens_per_s")) continue;
        INFO(r["device"].get<std::string>());
        CHECK(r["count"].get<int>() % r["tp"].get<int>() == 0);
        CHECK(r["tokens_per_s_low"].get<double>() < r["tokens_per_s"].get<double>());
        // Rows with a price come first, cheapest first; the unpriced rows follow.
        const bool hasPrice = !r["usd_per_million_tokens"].is_null();
        if (hasPrice) CHECK(priced);
        priced = priced && hasPrice;
        if (hasPrice && i > 0 && !rows[i - 1]["usd_per_million_tokens"].is_null()) {
            CHECK(rows[i - 1]["usd_per_million_tokens"].get<double>() <= r["usd_per_million_tokens"].get<double>());
        }
    }
    requireOneErrorLine({"serve", "step-plan", "--model", "llama3.1-70b", "--counts", "8,0"}, "--counts: 0 is not a device count");
}

TEST_CASE("serve plan --users sizes each named device on the step model: counts, layout, cost, power, and its flags")
{
    const auto doc = runJson({"serve", "plan", "--model", "llama3.1-70b", "--weights", "fp8", "--users", "1000", "--ttft-ms", "2000",
                              "--tpot-ms", "50", "--devices", "nvidia-h100-sxm,nvidia-b200,aws-trainium2"});
    CHECK(doc["model_kind"] == "step");
    CHECK(doc["demand"] == "1,000 concurrent users");
    const auto& rows = doc["rows"];
    REQUIRE(rows.size() == 3);
    for (const auto& r : rows) {
        INFO(r["device"].get<std::string>());
        REQUIRE(r.contains("count"));
        CHECK(r["count"].get<int>() == r["tp"].get<int>() * r["replicas"].get<int>());
        CHECK(r["tpot_s"].get<double>() <= 0.05);
        CHECK(r["ttft_worst_s"].get<double>() <= 2.0);
        CHECK(r["concurrency_per_replica"].get<double>() * r["replicas"].get<int>() >= 1000);
        CHECK(r["curve"].size() >= 2);
    }
    // Priced rows first, by monthly cost; a device without a TDP says so in its row.
    CHECK(rows[0]["usd_per_month"].is_number());
    const auto trn = std::find_if(rows.begin(), rows.end(), [](const auto& r) { return r["device"] == "aws-trainium2"; });
    REQUIRE(trn != rows.end());
    if ((*trn)["accelerator_kw"].is_null()) {
        const auto flags = (*trn)["flags"].dump();
        CHECK(flags.find("no TDP in the catalog") != std::string::npos);
    }
    // serve size is the same answer.
    const auto size = runJson({"serve", "size", "--model", "llama3.1-70b", "--weights", "fp8", "--users", "1000", "--devices",
                               "nvidia-h100-sxm,nvidia-b200,aws-trainium2"});
    CHECK(size["rows"] == rows);
}

TEST_CASE("serve size: a load given twice, none, or out of range, and an unknown device are one error line")
{
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b"}, "give exactly one load: --users, --requests-per-s or --tokens-per-day");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--users", "5", "--requests-per-s", "3"}, "give exactly one load");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--users", "nan"}, "--users must be from 1 to 100,000,000");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--requests-per-s", "-2"}, "--requests-per-s must be above 0");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--users", "10", "--tpot-ms", "0"}, "--tpot-ms must be above 0");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--users", "10", "--devices", "nope"}, "--devices: no device matches 'nope'");
    requireOneErrorLine({"serve", "size", "--model", "llama3.1-8b", "--users", "10", "--weights", "fp7"}, "--weights:");
}

TEST_CASE("train plan --tokens --days: the fewest devices that train 1T tokens of a 70B in 30 days, and one node fewer does not")
{
    const auto doc = runJson({"train", "plan", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--tokens", "1e12", "--days", "30"});
    const int devices = doc["devices"].get<int>();
    REQUIRE(devices > 0);
    CHECK(devices % 8 == 0); // whole HGX nodes
    CHECK(doc["run"]["days"].get<double>() <= 30.0);
    // Device-hours are devices x time; the cost is device-hours x the catalog's $/device-hour.
    CHECK(doc["run"]["device_hours"].get<double>() == Approx(devices * doc["run"]["days"].get<double>() * 24.0));
    if (doc["run"]["usd"].is_number()) CHECK(doc["run"]["usd"].get<double>() > 0);
    const auto& l = doc["layout"];
    CHECK(l["tp"].get<int>() * l["cp"].get<int>() * l["pp"].get<int>() * l["dp"].get<int>() == devices);
    // Every count tried below the answer misses the deadline or fits no layout.
    for (const auto& t : doc["tried"]) {
        if (t["devices"].get<int>() < devices) CHECK((t["days"].is_null() || t["days"].get<double>() > 30.0));
    }
    // --tokens alone: the run at the given count.
    const auto run = runJson({"train", "plan", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--count", "8", "--tokens", "1e9"});
    REQUIRE(run["run"].is_object());
    const double tokensPerS = run["layouts"][0]["tokens_per_s"].get<double>();
    CHECK(run["run"]["seconds"].get<double>() == Approx(1e9 / tokensPerS));
    requireOneErrorLine({"train", "plan", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--days", "30"}, "--days needs --tokens");
    requireOneErrorLine({"train", "plan", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--tokens", "-5"}, "--tokens must be from 1");
}

TEST_CASE("serve size takes your price (serve prices set) over the catalog's, and says so in the row")
{
    accelscope::tests::TempDir dir;
    const auto user = dir.path() / "user.db";
    REQUIRE(runCli(user, {"serve", "prices", "set", "--device", "nvidia-h100-sxm", "--usd-per-hour", "2"}).status == 0);
    const auto run = runCli(user, {"--json", "serve", "size", "--model", "llama3.1-8b", "--users", "100", "--devices", "nvidia-h100-sxm"});
    REQUIRE(run.status == 0);
    const auto row = nlohmann::json::parse(run.out)["rows"][0];
    CHECK(row["price_basis"] == "your price ($/device-hour, serve prices set)");
    CHECK(row["usd_per_month"].get<double>() == Approx(2.0 * row["count"].get<int>() * 730.0));
    CHECK(row["flags"].dump().find("unverified") == std::string::npos);
}

TEST_CASE("serve step --server: the most requests/s under Poisson arrivals within the limits, below the offline rate")
{
    const auto doc = runJson({"serve", "step", "--model", "llama2-70b", "--device", "nvidia-h200-sxm", "--weights", "fp8", "--kv", "fp8",
                              "--input", "294", "--output", "294", "--server", "--ttft-ms", "2000", "--tpot-ms", "200"});
    REQUIRE(doc["server"].is_object());
    const auto& s = doc["server"];
    CHECK(s["quantile"] == 0.99);
    CHECK(s["tpot_limit_s"] == Approx(0.2));
    CHECK(s["tpot_s"].get<double>() <= 0.2);
    CHECK(s["mean_in_flight"].get<double>() < s["concurrency_limit"].get<double>());
    CHECK(s["output_tokens_per_s_per_replica"].get<double>() < doc["output_tokens_per_s_per_replica"].get<double>());
    CHECK(s["output_tokens_per_s_per_replica"].get<double>() == Approx(s["requests_per_s_per_replica"].get<double>() * 294));
    const auto offline = runJson({"serve", "step", "--model", "llama2-70b", "--device", "nvidia-h200-sxm", "--weights", "fp8"});
    CHECK(offline["server"].is_null());
    requireOneErrorLine({"serve", "step", "--model", "llama2-70b", "--device", "nvidia-h200-sxm", "--weights", "fp8", "--server", "--tpot-ms", "nan"},
                        "--tpot-ms must be a number from 0.001");
    requireOneErrorLine({"serve", "step", "--model", "llama2-70b", "--device", "nvidia-h200-sxm", "--weights", "fp8", "--server", "--pp", "2"},
                        "give no --pp, --ep or --concurrency");
}
