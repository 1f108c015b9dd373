// SPDX-License-Identifier: MIT
// accelscope-cli fabric: the JSON the issue names, the sweep, the topology, the published check, nccl-tests
// import, and one clear error line for each kind of bad input.
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

TEST_CASE("fabric collective --json prints time_us, algbw_gbs, busbw_gbs, algorithm and the terms")
{
    const auto doc = runJson({"fabric", "collective", "--device", "nvidia-h100-sxm", "--op", "all-reduce", "--bytes", "1GiB"});
    for (const char* key : {"time_us", "algbw_gbs", "busbw_gbs", "algorithm", "protocol", "latency_us", "bandwidth_us", "bus_factor", "wire_gbs", "terms", "fabric", "parameters"}) {
        INFO(key);
        CHECK(doc.contains(key));
    }
    CHECK(doc["algorithm"] == "nvls");
    CHECK(doc["bus_factor"] == 1.75);
    CHECK(doc["fabric"]["scale_up_gbs_per_direction"] == 450);
    CHECK(doc["busbw_gbs"].get<double>() > 400);
    CHECK_FALSE(doc["fabric"]["assumptions"].empty());
    const auto ring = runJson({"fabric", "collective", "--device", "nvidia-h100-sxm", "--bytes", "1GiB", "--algorithm", "ring"});
    CHECK(ring["busbw_gbs"].get<double>() < 450 * 20.6 / 25);
}

TEST_CASE("fabric sweep, topology and check: one point per size, the graph's links, the published rows summarised")
{
    const auto sweep = runJson({"fabric", "sweep", "--device", "amd-instinct-mi300x", "--from", "1KiB", "--to", "1GiB", "--points", "11"});
    REQUIRE(sweep["points"].size() == 11);
    CHECK(sweep["points"].front()["bytes"] == 1024);
    const auto topology = runJson({"fabric", "topology", "--device", "nvidia-h100-sxm", "--nodes", "2"});
    CHECK(topology["links"].size() == 2 * (8 + 16));
    const auto check = runJson({"fabric", "check", "--rows", "0"});
    CHECK(check["check_rows_ge_64mib"] == 53);
    CHECK(check["rows"].empty());
    CHECK_FALSE(check["skipped"].empty());
}

TEST_CASE("fabric import reads nccl-tests output and refuses a truncated file naming the line")
{
    TempDir dir;
    const auto good = dir.path() / "run.txt";
    std::ofstream(good) << "# Collective test starting: all_gather_perf\n"
                           "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n"
                           "  1048576  32768  float  none  -1  30.0  34.95  30.58  0  29.0  36.16  31.64  0\n";
    const auto doc = runJson({"fabric", "import", good.string(), "--no-save"});
    CHECK(doc["collective"] == "all-gather");
    REQUIRE(doc["rows"].size() == 1);
    CHECK(doc["rows"][0]["busbw_gbs"] == 30.58);
    CHECK(doc["stored_as"].is_null());
    // With --device the model sits beside every row, and the run is kept in the user database as a result.
    const auto db = dir.path() / "user.db";
    const auto kept = runCli(db, {"--json", "fabric", "import", good.string(), "--device", "nvidia-h100-sxm"});
    INFO(kept.err);
    REQUIRE(kept.status == 0);
    const auto keptDoc = nlohmann::json::parse(kept.out);
    CHECK(keptDoc["stored_as"].is_number());
    CHECK(keptDoc["rows"][0]["model_busbw_gbs"].get<double>() > 0);
    CHECK(keptDoc["rows"][0]["ratio"].get<double>() > 0);
    const auto history = runCli(db, {"--json", "lab", "history"});
    REQUIRE(history.status == 0);
    CHECK_THAT(history.out, Catch::Contains("nccl-tests"));
    const auto bad = dir.path() / "cut.txt";
    std::ofstream(bad) << "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n  1048576  32768  float\n";
    requireOneErrorLine({"fabric", "import", bad.string()}, "cut.txt: line 2: 3 columns where the header has 13");
    requireOneErrorLine({"fabric", "import", (dir.path() / "missing.txt").string()}, "missing.txt: cannot open file (no such file)");
}

TEST_CASE("bad fabric input gets one error line naming the argument")
{
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-h100-sxm", "--bytes", "lots"}, "--bytes 'lots' is not a size");
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-h100-sxm", "--bytes", "0"}, "--bytes '0' is not above 0");
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-h100-sxm", "--op", "gossip"}, "--op 'gossip'");
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-h100-sxm", "--gpus", "16"}, "--gpus 16 is more than one scale-up domain");
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-a100-sxm4-80gb", "--algorithm", "nvls"}, "no in-switch reduction");
    requireOneErrorLine({"fabric", "collective", "--device", "no-such-device"}, "no-such-device");
    requireOneErrorLine({"fabric", "sweep", "--device", "nvidia-h100-sxm", "--points", "1"}, "--points");
    requireOneErrorLine({"fabric", "collective", "--device", "nvidia-h100-sxm", "--gpus", "1"}, "at least 2 devices");
}

TEST_CASE("chip occupancy: NVIDIA's guide example gives 4 blocks limited by registers, AMD and bad input too")
{
    // CUDA C++ Best Practices Guide, "Calculating Occupancy" (compute capability 7.0): 320 threads at 37 registers.
    const auto doc = runJson({"chip", "occupancy", "--cc", "7.0", "--threads", "320", "--registers", "37"});
    CHECK(doc["active_blocks_per_sm"] == 4);
    CHECK(doc["active_warps_per_sm"] == 40);
    CHECK(doc["limiter"] == "registers");
    CHECK(doc["cliff"]["registers_fewer_for_one_more_block"] == 5);
    CHECK(doc["cliff"]["registers_more_to_lose_one_block"] == 12);
    const auto amd = runJson({"chip", "occupancy", "--target", "gfx942", "--threads", "256", "--registers", "128"});
    CHECK(amd["waves_per_workgroup"] == 4);
    CHECK(amd["limiter"] == "VGPRs");
    requireOneErrorLine({"chip", "occupancy", "--cc", "9.9"}, "--cc 9.9 is not one the occupancy model knows");
    requireOneErrorLine({"chip", "occupancy", "--cc", "nine"}, "--cc 'nine' is not a compute capability");
    requireOneErrorLine({"chip", "occupancy", "--cc", "9.0", "--threads", "2048"}, "--threads must be from 1 to 1024");
    requireOneErrorLine({"chip", "occupancy", "--target", "gfx1100"}, "--target 'gfx1100'");
    requireOneErrorLine({"chip", "occupancy"}, "needs --cc (NVIDIA) or --target (AMD)");
}

TEST_CASE("fabric step lists the step's collectives with sizes, links and flags, and a wrong layout is one error line")
{
    const auto doc = runJson({"fabric", "step", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--nodes", "2", "--tp", "16", "--seq", "4096"});
    REQUIRE(doc["collectives"].size() == 1);
    const auto& tp = doc["collectives"][0];
    CHECK(tp["parallelism"] == "TP");
    CHECK(tp["crosses_nodes"] == true);
    CHECK(tp["calls_per_step"] == 2 * 2 * 80);
    CHECK_FALSE(tp["flags"].empty());
    CHECK(doc["total_us_before_overlap"].get<double>() > 0);
    const auto decode = runJson({"fabric", "step", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm", "--tp", "8", "--decode-batch", "32"});
    CHECK(decode["step"] == "decode");
    requireOneErrorLine({"fabric", "step", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--tp", "4"}, "tp x cp x dp x pp = 4 devices");
}

TEST_CASE("fabric sweep --svg writes the page's figure with every algorithm, and --measured sets an imported run beside the model")
{
    TempDir dir;
    const auto db = dir.path() / "user.db";
    const auto output = dir.path() / "run.txt";
    std::ofstream(output) << "# Collective test starting: all_reduce_perf\n"
                             "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n"
                             "  1048576  262144  float  sum  -1  40.0  26.21  45.87  0  39.0  26.89  47.05  0\n"
                             "  1073741824  268435456  float  sum  -1  2800.0  383.5  671.1  0  2790.0  384.8  673.5  0\n";
    const auto imported = runCli(db, {"--json", "fabric", "import", output.string()});
    INFO(imported.err);
    REQUIRE(imported.status == 0);
    const auto id = std::to_string(nlohmann::json::parse(imported.out)["stored_as"].get<std::int64_t>());
    const auto svg = dir.path() / "sweep.svg";
    const auto run = runCli(db, {"--json", "fabric", "sweep", "--device", "nvidia-h100-sxm", "--measured", id, "--svg", svg.string()});
    INFO(run.err);
    REQUIRE(run.status == 0);
    const auto doc = nlohmann::json::parse(run.out);
    CHECK(doc["algorithms"] == nlohmann::json::array({"ring", "tree", "nvls"}));
    CHECK(doc["measured"]["rows"] == 2);
    CHECK(doc["measured"]["median_ratio"].get<double>() > 0);
    CHECK(doc["summary"]["largest_busbw_gbs"].get<double>() > 0);
    std::ifstream in(svg);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Catch::Contains("<svg"));
    CHECK_THAT(text, Catch::Contains("NVLink"));
    CHECK_THAT(text, Catch::Contains("result #" + id));
    // The text output ends with the figure's statistics.
    const auto plain = runCli(db, {"fabric", "sweep", "--device", "nvidia-h100-sxm", "--svg", svg.string(), "--dark"});
    REQUIRE(plain.status == 0);
    CHECK_THAT(plain.out, Catch::Contains("wrote " + svg.string()));
    CHECK_THAT(plain.out, Catch::Contains("latency floor"));
    requireOneErrorLine({"fabric", "sweep", "--device", "nvidia-h100-sxm", "--measured", "999"}, "--measured 999: no stored result");
}

TEST_CASE("fabric ring prints whose data each chunk holds after a step, the sends, and writes the step's figure")
{
    // After the 3 reduce-scatter steps of 4 ranks, rank 0 holds chunk 1 summed over all 4 ranks.
    const auto doc = runJson({"fabric", "ring", "--ranks", "4", "--step", "3"});
    CHECK(doc["phase"] == "reduce-scatter");
    CHECK(doc["steps"] == 6);
    CHECK(doc["contributions"][0][1] == 4);
    CHECK(doc["sends"].size() == 4);
    CHECK(doc["bus_factor"] == 1.5);
    CHECK(doc["total_bytes_per_rank"] == 1.5 * 1024 * 1024 * 1024);
    TempDir dir;
    const auto svg = dir.path() / "ring.svg";
    const auto text = runCli(dir.path() / "user.db", {"fabric", "ring", "--ranks", "3", "--step", "4", "--svg", svg.string()});
    INFO(text.err);
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("all-gather step 2 of 2"));
    CHECK_THAT(text.out, Catch::Contains("3 (all)"));
    CHECK(std::filesystem::file_size(svg) > 1000);
    requireOneErrorLine({"fabric", "ring", "--ranks", "13"}, "--ranks must be from 2 to 12");
    requireOneErrorLine({"fabric", "ring", "--ranks", "4", "--step", "7"}, "--step must be from 0 to 2(N-1) = 6");
}
