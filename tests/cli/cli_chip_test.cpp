// SPDX-License-Identifier: MIT
// `accelscope-cli chip gemm` and the figures `chip gemm --svg` and `chip occupancy --svg` write
// (the Inside-the-chip page's figures).
#include "tests/cli/cli_checks.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>

using accelscope::tests::requireOneErrorLine;
using accelscope::tests::runCli;
using accelscope::tests::runJson;
using accelscope::tests::TempDir;

namespace {

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("chip gemm on the H100 SXM: 4096 cubed is 512 tiles in 4 waves, one more column of N makes 5")
{
    // 132 SMs, 128 x 256 tiles: 32 x 16 = 512 tiles, ⌈512 / 132⌉ = 4 waves, 116 in the last (16 SMs idle).
    const auto doc = runJson({"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "4096", "--n", "4096", "--k", "4096"});
    CHECK(doc["cores"] == 132);
    CHECK(doc["output_tiles"] == 512);
    CHECK(doc["split_k"] == 1);
    CHECK(doc["waves"] == 4.0);
    CHECK(doc["last_wave_tiles"] == 116);
    CHECK(doc["idle_cores_last_wave"] == 16);
    CHECK(doc["wave_efficiency"].get<double>() == Approx(512.0 / 528.0));
    CHECK(doc["achieved_tflops"].get<double>() < doc["peak_tflops"].get<double>());
    CHECK(doc["sweep_n"].size() == 25);
    // 4097: 17 tile columns, 544 tiles > 528: a fifth wave, and fewer TFLOP/s for more work.
    const auto next = runJson({"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "4096", "--n", "4097", "--k", "4096"});
    CHECK(next["waves"] == 5.0);
    CHECK(next["achieved_tflops"].get<double>() < doc["achieved_tflops"].get<double>());
    // FP8 halves the input bytes and uses the FP8 peak.
    const auto fp8 = runJson({"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "4096", "--n", "4096", "--k", "4096", "--dtype", "fp8"});
    CHECK(fp8["peak_tflops"].get<double>() == Approx(2 * doc["peak_tflops"].get<double>()).epsilon(0.01));
}

TEST_CASE("chip gemm prints its figures as text and writes the page's figure with --svg")
{
    TempDir dir;
    const auto svg = dir.path() / "gemm.svg";
    const auto run = runCli(dir.path() / "u.db", {"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "4096", "--n", "4096", "--k", "4096",
                                                  "--svg", svg.string(), "--sweep"});
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::Contains("4 waves on 132 cores: wave efficiency 97.0 % (last wave 116 tiles, 16 cores idle)"));
    CHECK_THAT(run.out, Catch::Contains("achieved TFLOP/s"));
    const std::string text = readFile(svg);
    CHECK_THAT(text, Catch::StartsWith("<svg"));
    CHECK_THAT(text, Catch::Contains("wave efficiency 97.0 %"));
}

TEST_CASE("chip occupancy --svg writes the figure with the binding resource")
{
    TempDir dir;
    const auto svg = dir.path() / "occupancy.svg";
    const auto run = runCli(dir.path() / "u.db", {"chip", "occupancy", "--cc", "7.0", "--threads", "320", "--registers", "37", "--svg", svg.string(), "--dark"});
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string text = readFile(svg);
    CHECK_THAT(text, Catch::Contains("limited by registers"));
    CHECK_THAT(text, Catch::Contains("4 (binds)"));
    const auto amd = dir.path() / "cdna.svg";
    REQUIRE(runCli(dir.path() / "u.db", {"chip", "occupancy", "--target", "gfx942", "--threads", "256", "--registers", "128", "--svg", amd.string()}).status == 0);
    CHECK_THAT(readFile(amd), Catch::Contains("limited by VGPRs"));
}

TEST_CASE("chip gemm bad input: an unknown device, a device with no FP8 figure, a bad precision, a zero size")
{
    requireOneErrorLine({"chip", "gemm", "--device", "no-such-device", "--m", "1", "--n", "1", "--k", "1"}, "no-such-device");
    requireOneErrorLine({"chip", "gemm", "--device", "nvidia-v100-sxm2-32gb", "--m", "64", "--n", "64", "--k", "64", "--dtype", "fp8"}, "fp8");
    TempDir dir;
    CHECK(runCli(dir.path() / "u.db", {"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "1", "--n", "1", "--k", "1", "--dtype", "fp4"}).status == 2);
    CHECK(runCli(dir.path() / "u.db", {"chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "0", "--n", "1", "--k", "1"}).status == 2);
    requireOneErrorLine({"chip", "occupancy", "--cc", "9.0", "--svg", (dir.path() / "no" / "such" / "dir.svg").string()}, "--svg");
}
