// SPDX-License-Identifier: MIT
// accelscope-cli roofline, llm and memory: JSON contracts and bad input (one error line, no crash).
#include "tests/cli/cli_checks.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using accelscope::tests::requireOneErrorLine;
using accelscope::tests::runCli;
using accelscope::tests::runJson;
using accelscope::tests::TempDir;
using Catch::Matchers::WithinRel;

TEST_CASE("roofline --json gives the ridge point and each kernel's bound")
{
    const auto doc = runJson({"roofline", "--device", "nvidia-h100-sxm", "--kernel", "gemm:M=4096,N=4096,K=4096",
                              "--kernel", "gemv:M=8192,K=8192"});
    // 989.5 TFLOP/s (1979 sparse / 2) over 3350 GB/s.
    CHECK_THAT(doc["ridge_flop_per_byte"].get<double>(), WithinRel(295.373, 1e-4));
    REQUIRE(doc["kernels"].size() == 2);
    const auto& gemm = doc["kernels"][0];
    CHECK(gemm["flops"] == 137438953472.0);
    CHECK(gemm["bytes"] == 100663296.0);
    CHECK(gemm["bound"] == "compute");
    CHECK_THAT(gemm["time_s"].get<double>(), WithinRel(137438953472.0 / 989.5e12, 1e-9));
    CHECK(doc["kernels"][1]["bound"] == "memory");
    CHECK(doc["kernels"][1].contains("intensity_flop_per_byte"));
    CHECK(doc["kernels"][1].contains("attainable_tflops"));
    CHECK(doc["ceilings"]["bandwidth"][0]["level"] == "device_memory");
}

TEST_CASE("roofline --json, lesson eval ridge() and selectRoof give one ridge point per device and precision")
{
    struct Row {
        const char* device;
        const char* precision;
        const char* unit;
        double ridgeFlopPerByte;
    };
    // The roof rule: tensor units where the device has a tensor figure for the precision, else vector.
    // The Roofline page's chart uses the same rule (tests/app/hardware_views_test.cpp checks its tips).
    const auto row = GENERATE(
        Row{"nvidia-h100-sxm", "fp32", "vector", 67.0 * 1000 / 3350},   // no FP32 tensor figure: 20 FLOP/byte
        Row{"nvidia-h100-sxm", "bf16", "tensor", 989.5 * 1000 / 3350},  // 295.4 FLOP/byte
        Row{"nvidia-h100-sxm", "fp8", "tensor", 1979.0 * 1000 / 3350},
        Row{"amd-instinct-mi300x", "bf16", "tensor", 1307.4 * 1000 / 5300},
        Row{"nvidia-rtx-pro-6000-blackwell-workstation", "fp32", "vector", 125.0 * 1000 / 1792}); // no tensor figure at all
    INFO(row.device << " " << row.precision);
    const auto roofline = runJson({"roofline", "--device", row.device, "--precision", row.precision});
    CHECK(roofline["unit"] == row.unit);
    CHECK_THAT(roofline["ridge_flop_per_byte"].get<double>(), WithinRel(row.ridgeFlopPerByte, 1e-3));
    const auto lesson = runJson({"lesson", "eval", std::string("ridge(\"") + row.device + "\", \"" + row.precision + "\")"});
    CHECK(lesson["value"].get<double>() == roofline["ridge_flop_per_byte"].get<double>());
    const auto chartKernel = runJson({"roofline", "--device", row.device, "--precision", row.precision, "--chart-kernel",
                                      std::string("gemm:4096:4096:") + row.precision});
    REQUIRE(chartKernel["placements"].size() == 1);
    CHECK(chartKernel["placements"][0]["ridge_flop_per_byte"].get<double>() == roofline["ridge_flop_per_byte"].get<double>());
}

TEST_CASE("roofline with several devices places the page's kernels on each, and llm analyze compares devices")
{
    const auto doc = runJson({"roofline", "--device", "nvidia-h100-sxm", "--device", "amd-instinct-mi300x", "--chart-kernel",
                              "gemm:4096:4096:bf16", "--chart-kernel", "decode-gemv:4096:1:bf16", "--chart-kernel", "gemm:64:64:fp4"});
    REQUIRE(doc["devices"].size() == 2);
    CHECK(doc["devices"][1]["device"] == "amd-instinct-mi300x");
    REQUIRE(doc["placements"].size() == 6); // kernel-major: every kernel on every device
    CHECK(doc["placements"][0]["kernel"] == "GEMM 4096^3 bf16");
    CHECK(doc["placements"][0]["device"] == "nvidia-h100-sxm");
    CHECK(doc["placements"][0]["bound"] == "compute");
    CHECK_THAT(doc["placements"][0]["intensity_flop_per_byte"].get<double>(), WithinRel(4096.0 / 3, 1e-12));
    CHECK(doc["placements"][2]["bound"] == "memory");
    CHECK_THAT(doc["placements"][4]["problem"].get<std::string>(), Catch::Contains("no fp4"));

    const auto llm = runJson({"llm", "analyze", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--device",
                              "amd-instinct-mi300x", "--act", "fp32", "--weights", "bf16"});
    REQUIRE(llm["analyses"].size() == 2);
    CHECK(llm["analyses"][0]["compute_unit"] == "vector"); // FP32 activations: H100's vector roof, as on the chart
    const auto one = runJson({"llm", "analyze", "--model", "llama2-70b", "--device", "amd-instinct-mi300x", "--act", "fp32",
                              "--weights", "bf16"});
    CHECK(llm["analyses"][1] == one);
}

TEST_CASE("roofline errors exit non-zero with one line")
{
    TempDir dir;
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--json", "roofline", "--device", "nvidia-h100-sxm", "--precision", "fp4"},
          std::vector<std::string>{"roofline", "--device", "nvidia-h100-sxm", "--precision", "fp32", "--unit", "tensor"},
          std::vector<std::string>{"roofline", "--device", "nvidia-h100-sxm", "--chart-kernel", "gemm:0:1"}}) {
        const auto run = runCli(dir.path() / "user.db", args);
        INFO(run.err);
        CHECK(run.status == 1);
        CHECK(run.out.empty());
        CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
    }
}

TEST_CASE("llm analyze --json reports the KV cache, TTFT, per-token time and per-op tables")
{
    const auto doc = runJson({"llm", "analyze", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--tp", "4",
                              "--batch", "2", "--prompt", "1000", "--gen", "24", "--weights", "fp16", "--kv", "fp16"});
    CHECK(doc["kv_bytes_per_token"] == 327680.0);
    CHECK(doc["kv_cache_bytes"] == 2 * 1024 * 327680.0);
    CHECK(doc["ttft_s"].get<double>() > 0.0);
    CHECK_THAT(doc["tokens_per_s"].get<double>(), WithinRel(2.0 / doc["tpot_s"].get<double>(), 1e-12));
    CHECK(doc["decode"]["ops"].size() > 10);
    CHECK(doc["prefill"]["comm_time_s"].get<double>() > 0.0);
}

TEST_CASE("llm analyze takes a user model from flags or a JSON file")
{
    const auto flags = runJson({"llm", "analyze", "--layers", "2", "--hidden", "256", "--heads", "4", "--ffn", "512",
                                "--vocab", "1000", "--device", "nvidia-h100-sxm"});
    CHECK(flags["model"]["id"] == "user");
    TempDir dir;
    const auto file = dir.write("tiny.json", R"({"id": "tiny", "layers": 2, "hidden": 256, "heads": 4, "kv_heads": 1,
 "ffn": 512, "vocab": 1000, "source": {"url": "https://example.org/tiny"}})");
    const auto fromFile = runJson({"llm", "analyze", "--config", file.string(), "--device", "nvidia-h100-sxm"});
    CHECK(fromFile["model"]["kv_heads"] == 1);
    CHECK(fromFile["kv_bytes_per_token"] == 2 * 2 * 1 * 64 * 2.0);
}

TEST_CASE("memory train --params alone counts model states only (ZeRO Figure 1 numbers)")
{
    const auto doc = runJson({"memory", "train", "--params", "7.5e9", "--dp", "64", "--zero", "1"});
    const auto& b = doc["per_device_bytes"];
    CHECK(b["weights"] == 15e9);
    CHECK(b["gradients"] == 15e9);
    CHECK(b["optimizer"] == 12 * 7.5e9 / 64);
    CHECK(b["activations"] == 0.0);
    CHECK_THAT(b["total"].get<double>() / 1e9, Catch::Matchers::WithinAbs(31.4, 0.05));
}

TEST_CASE("memory train with a model counts activations and says whether it fits")
{
    const auto doc = runJson({"memory", "train", "--model", "llama2-7b", "--dp", "8", "--zero", "3", "--recompute",
                              "full", "--seq", "4096", "--device", "nvidia-h100-sxm"});
    // Full recomputation keeps 2·s·b·h bytes per layer: 2 · 4096 · 4096 · 32 layers.
    CHECK(doc["per_device_bytes"]["activations"] == 2.0 * 4096 * 4096 * 32);
    CHECK(doc["fit"]["fits"] == true);
}

TEST_CASE("memory infer and pyramid --json")
{
    const auto infer = runJson({"memory", "infer", "--model", "llama2-70b", "--prompt", "4096", "--gen", "0", "--tp", "2",
                                "--weights", "fp16", "--kv", "fp16", "--fit"});
    CHECK(infer["per_device_bytes"]["kv_cache"] == 4096 * 327680.0 / 2);
    CHECK(infer["fewest_devices"].size() > 10);
    const auto pyramid = runJson({"memory", "pyramid", "--device", "nvidia-h100-sxm"});
    CHECK(pyramid["levels"][0]["capacity_bytes"]["value"] == 262144.0);
    CHECK(pyramid["levels"][0]["latency_ns"]["basis"] == "unknown");
}

TEST_CASE("memory pyramid shows device memory as catalog show does (80 GiB, not 85.9 GB)")
{
    // One display rule (data/catalog/SCHEMA.md): H100's "80GB" of HBM3 is 80 GiB in the catalog, so the pyramid
    // and the fit table say 80 GiB too; 80 GiB read as decimal bytes would be 85.9 GB.
    const auto shown = runJson({"catalog", "show", "nvidia-h100-sxm"});
    CHECK(shown["memory_gib"] == 80.0);
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"memory", "pyramid", "--device", "nvidia-h100-sxm"});
    REQUIRE(run.status == 0);
    const auto hbm = run.out.find("HBM3");
    REQUIRE(hbm != std::string::npos);
    const std::string row = run.out.substr(hbm, run.out.find('\n', hbm) - hbm);
    CHECK_THAT(row, Catch::Contains(" 80 GiB "));
    CHECK_THAT(run.out, !Catch::Contains("85.9"));
}

TEST_CASE("memory pyramid --json: each figure has value, basis, source and formula, an unknown one says why")
{
    const auto doc = runJson({"memory", "pyramid", "--device", "nvidia-a100-sxm4-80gb"});
    CHECK_THAT(doc["measured_by"].get<std::string>(), Catch::Contains("cuda-latency"));
    const auto& levels = doc["levels"];
    REQUIRE(levels.size() >= 4);
    for (const auto& l : levels) {
        for (const char* key : {"level", "label", "scope", "capacity_bytes", "bandwidth_gbs", "latency_ns"}) CHECK(l.contains(key));
        for (const char* figure : {"capacity_bytes", "bandwidth_gbs", "latency_ns"}) {
            const auto& f = l[figure];
            for (const char* key : {"value", "basis", "source", "formula"}) CHECK(f.contains(key));
            CHECK(f.contains("why") == f["value"].is_null());
        }
    }
    // Shared memory: derived (32 banks x 4 B x 108 SMs x 1.41 GHz), latency 23 cycles measured in a paper.
    CHECK(levels[1]["bandwidth_gbs"]["basis"] == "derived");
    CHECK(levels[1]["bandwidth_gbs"]["formula"] == "smem_banks * smem_bank_bytes_per_clk * sms * boost_clock_ghz");
    CHECK(levels[1]["latency_ns"]["basis"] == "measured-in-paper");
    CHECK_THAT(levels[1]["latency_ns"]["value"].get<double>(), Catch::Matchers::WithinRel(23 / 1.41, 1e-12));
    // L2: the Ampere whitepaper's 5120 B per clock at 1.41 GHz; an unknown figure (the host link's latency) says why.
    CHECK(levels[2]["bandwidth_gbs"]["formula"] == "l2_read_bytes_per_clk * boost_clock_ghz");
    CHECK_THAT(levels[2]["bandwidth_gbs"]["value"].get<double>(), Catch::Matchers::WithinRel(5120 * 1.41, 1e-12));
    CHECK(levels[4]["latency_ns"]["value"].is_null());
    CHECK_THAT(levels[4]["latency_ns"]["why"].get<std::string>(), Catch::Contains("no citable measurement recorded"));
    CHECK_THAT(runJson({"memory", "pyramid", "--device", "amd-instinct-mi300x"})["measured_by"].get<std::string>(), Catch::StartsWith("no lab"));
}

TEST_CASE("memory pyramid --json for a TPU and a Trainium: the on-chip levels from hierarchy.json, unknowns with why")
{
    // TPU v4: VMEM 16 MiB per TensorCore and CMEM 134,000,000 B per chip from JAX's TPU table, no bandwidth published.
    const auto tpu = runJson({"memory", "pyramid", "--device", "google-tpu-v4"});
    const auto& t = tpu["levels"];
    REQUIRE(t.size() >= 3);
    CHECK(t[0]["label"] == "VMEM (vector memory)");
    CHECK(t[0]["capacity_bytes"]["value"] == 16.0 * 1048576);
    CHECK(t[1]["label"] == "CMEM (common memory)");
    CHECK(t[1]["capacity_bytes"]["value"] == 134000000.0);
    CHECK(t[0]["bandwidth_gbs"]["value"].is_null());
    CHECK_THAT(t[0]["bandwidth_gbs"]["why"].get<std::string>(), Catch::StartsWith("no citable TPU v4 VMEM bandwidth"));
    // Trainium: SBUF bandwidth derived from the Neuron guide, with its formula.
    const auto trn = runJson({"memory", "pyramid", "--device", "aws-trainium"});
    const auto& sbuf = trn["levels"][1];
    CHECK(sbuf["label"] == "SBUF (state buffer)");
    CHECK(sbuf["bandwidth_gbs"]["basis"] == "derived");
    CHECK(sbuf["bandwidth_gbs"]["formula"] == "sbuf_partitions * sbuf_bytes_per_element * sbuf_clock_ghz * compute_units");
    CHECK_THAT(sbuf["bandwidth_gbs"]["value"].get<double>(), Catch::Matchers::WithinRel(128 * 4 * 1.4 * 2, 1e-12));
}

TEST_CASE("memory prints the LLM calculator page's numbers: bar verdict, fit matrix cells and move times")
{
    // The page in training mode: Llama 2 70B, dp 64, ZeRO-3, selective recomputation, 4096 tokens.
    // Activations 4096·8192·34·80 bytes push it over an A100's 80 GB (the page's bar: "does not fit").
    const auto train = runJson({"memory", "train", "--model", "llama2-70b", "--dp", "64", "--zero", "3", "--recompute", "selective",
                                "--seq", "4096", "--device", "nvidia-a100-sxm4-80gb", "--fit"});
    CHECK(train["per_device_bytes"]["activations"] == 4096.0 * 8192 * 34 * 80);
    CHECK(train["fit"]["fits"] == false);
    CHECK_THAT(train["fit"]["verdict"].get<std::string>(), Catch::StartsWith("does not fit (needs "));
    CHECK_THAT(train["summary"].get<std::string>(), Catch::Contains("dp 64 x tp 1 x pp 1 = 64 devices, ZeRO-3"));
    const auto& row = train["fewest_devices"][0];
    REQUIRE(row["cells"].size() == 7);
    CHECK(row["cells"][6]["degree"] == 64);
    CHECK(row["cells"][6]["per_device_bytes"] == train["per_device_bytes"]["total"]);
    CHECK(train["fit_summary"]["devices"] == train["fewest_devices"].size());
    CHECK(train["fit_summary"]["no_valid_layout"].is_null());
    // 3.35 GB through H100 HBM3 at 3350 GB/s: 1 ms plus Luo et al.'s 478.8-cycle global latency at 1755 MHz.
    const auto pyramid = runJson({"memory", "pyramid", "--device", "nvidia-h100-sxm", "--move-bytes", "3.35e9"});
    const auto& levels = pyramid["levels"];
    const auto hbm = std::find_if(levels.begin(), levels.end(), [](const auto& l) { return l["label"] == "HBM3"; });
    REQUIRE(hbm != levels.end());
    CHECK_THAT((*hbm)["move"]["seconds"].get<double>(), Catch::Matchers::WithinRel(1e-3 + 478.8 / 1.755 * 1e-9, 1e-12));
    CHECK((*hbm)["move"]["latency_included"] == true);
    CHECK(levels[2]["move"]["seconds"].is_number()); // L2: Luo et al.'s measured H800 throughput
    CHECK(levels[0]["move"]["latency_included"] == false); // the register file has no latency figure
}

TEST_CASE("roofline, llm and memory bad input is one error line naming the input")
{
    struct Bad {
        std::vector<std::string> args;
        const char* says;
    };
    const auto bad = GENERATE(
        Bad{{"roofline", "--device", "Voodoo5"}, "no device matches 'Voodoo5'"},
        Bad{{"llm", "analyze", "--model", "llama9", "--device", "nvidia-h100-sxm"}, "unknown model 'llama9' (presets: llama2-7b"},
        Bad{{"roofline", "--device", "nvidia-h100-sxm", "--kernel", "gemm:M=0,N=1,K=1"}, "M must be positive, got 0"},
        Bad{{"roofline", "--device", "nvidia-h100-sxm", "--kernel", "gemm:M=nan,N=1,K=1"}, "M must be a finite number, got 'nan'"},
        Bad{{"llm", "analyze", "--model", "llama2-7b", "--device", "nvidia-h100-sxm", "--batch", "0"}, "batch must be positive, got 0"},
        Bad{{"llm", "analyze", "--model", "llama2-7b", "--device", "nvidia-h100-sxm", "--prompt", "-5"}, "prompt must be positive, got -5"},
        Bad{{"memory", "train", "--params", "nan"}, "--params must be a positive number of parameters, got nan"},
        Bad{{"memory", "train", "--params", "-5"}, "--params must be a positive number of parameters, got -5"},
        Bad{{"memory", "train"}, "no model: give --params N or --model PRESET"},
        Bad{{"llm", "analyze", "--model", "llama2-70b", "--device", "nvidia-h100-sxm", "--tp", "3"}, "heads 64 not divisible by tp 3"},
        Bad{{"memory", "infer", "--model", "llama2-70b", "--tp", "3"}, "heads 64 not divisible by tp 3"},
        Bad{{"memory", "train", "--model", "llama2-70b", "--pp", "3"}, "layers 80 not divisible by pp 3"},
        Bad{{"memory", "train", "--model", "llama2-7b", "--zero", "4"}, "zero must be 0, 1, 2 or 3, got 4"},
        Bad{{"roofline", "--device", "apple-m1", "--precision", "fp8"}, "device 'apple-m1' has no fp8 tensor dense figure (fp8_tflops_dense)"},
        Bad{{"llm", "analyze", "--model", "llama2-7b", "--device", "apple-m1"}, "device 'apple-m1' has no bf16 tensor dense figure"},
        Bad{{"llm", "analyze", "--model", "llama2-7b", "--device", "nvidia-l4", "--tp", "2"}, "device 'nvidia-l4' has no interconnect_gbs figure"},
        Bad{{"llm", "analyze", "--layers", "2", "--hidden", "0", "--heads", "4", "--ffn", "8", "--vocab", "10", "--device", "nvidia-h100-sxm"},
            "model flags: hidden must be positive, got 0"},
        Bad{{"memory", "infer", "--model", "llama2-7b", "--weights", "fp12"}, "weights: unknown data type 'fp12'"},
        Bad{{"memory", "pyramid"}, "give exactly one of --device D and --local"},
        Bad{{"memory", "pyramid", "--device", "nvidia-h100-sxm", "--move-bytes", "0"}, "--move-bytes must be a positive number of bytes, got 0"});
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", bad.args);
    INFO(run.err);
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::StartsWith("accelscope-cli: error: "));
    CHECK_THAT(run.err, Catch::Contains(bad.says));
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
}

TEST_CASE("a bad model file names file, line and field")
{
    TempDir dir;
    const auto file = dir.write("bad.json", "{\n  \"id\": \"bad\",\n  \"layers\": 2,\n  \"hidden\": 64,\n  \"heads\": 6,\n"
                                            "  \"kv_heads\": 4,\n  \"ffn\": 128,\n  \"vocab\": 100\n}\n");
    const auto run = runCli(dir.path() / "user.db", {"llm", "analyze", "--config", file.string(), "--device", "nvidia-h100-sxm"});
    CHECK(run.status == 1);
    CHECK(run.err == "accelscope-cli: error: bad.json:5: heads: heads 6 not divisible by kv_heads 4\n");
    const auto typo = dir.write("typo.json", "{\n  \"id\": \"t\",\n  \"layerz\": 2\n}\n");
    const auto run2 = runCli(dir.path() / "user.db", {"memory", "infer", "--config", typo.string()});
    CHECK(run2.err == "accelscope-cli: error: typo.json:3: layerz: unknown key\n");
}

TEST_CASE("llm analyze prints no throughput for what does not fit: Llama 3.1 70B BF16 on one H100")
{
    const auto one = runJson({"llm", "analyze", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--weights", "bf16"});
    CHECK(one["fits"] == false);
    CHECK(one["tokens_per_s"].is_null());
    CHECK(one["ttft_s"].is_null());
    CHECK_FALSE(one.contains("decode"));
    CHECK_THAT(one["problem"].get<std::string>(), Catch::StartsWith("does not fit (needs 132.0 GiB, has 80.0 GiB"));
    const auto four = runJson({"llm", "analyze", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--weights", "bf16", "--tp", "4"});
    CHECK(four["fits"] == true);
    CHECK(four["tokens_per_s"].get<double>() > 0.0);
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"llm", "analyze", "--model", "llama3.1-70b", "--device", "nvidia-h100-sxm", "--weights", "bf16"});
    CHECK(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("does not fit (needs"));
    CHECK_THAT(text.out, !Catch::Contains("tokens/s"));
}

TEST_CASE("roofline --hierarchical gives one roof per level with a bandwidth and names each kernel's level")
{
    const auto doc = runJson({"roofline", "--device", "nvidia-h100-sxm", "--hierarchical", "--kernel", "gemv:M=8192,K=8192",
                              "--kernel", "gemv:M=262144,K=262144"});
    REQUIRE(doc.contains("hierarchy"));
    const auto& h = doc["hierarchy"];
    CHECK_THAT(h["compute_tflops"].get<double>(), WithinRel(989.5, 1e-4));
    REQUIRE(h["roofs"].size() >= 2);
    // Every roof's ridge is the compute roof over its bandwidth, and the device-memory roof is the old one.
    bool sawHbm = false;
    bool sawLink = false;
    for (const auto& r : h["roofs"]) {
        CHECK_THAT(r["ridge_flop_per_byte"].get<double>(), WithinRel(989.5 * 1000 / r["bandwidth_gbs"].get<double>(), 1e-9));
        CHECK_FALSE(r["source"].get<std::string>().empty());
        sawHbm = sawHbm || r["level"] == "device_memory";
        sawLink = sawLink || r["level"] == "host_link";
        if (r["level"] == "device_memory") CHECK(r["ridge_flop_per_byte"] == doc["ridge_flop_per_byte"]);
    }
    CHECK(sawHbm);
    CHECK(sawLink);
    for (const auto& s : h["skipped"]) CHECK_FALSE(s["reason"].get<std::string>().empty());
    REQUIRE(h["kernels"].size() == 2);
    // 8192^2 bf16 = 134 MB of weights: past the 50 MB L2, inside the 80 GB HBM.
    CHECK(h["kernels"][0]["resident_level"] == "device_memory");
    CHECK(h["kernels"][0]["roof_level"] == "device_memory");
    CHECK_THAT(h["kernels"][0]["working_set_bytes"].get<double>(), WithinRel((8192.0 * 8192 + 8192) * 2 + 8192 * 2, 1e-12));
    // 262144^2 bf16 = 137 GB: more than the 80 GB of HBM, so it streams from host memory over PCIe.
    CHECK(h["kernels"][1]["resident_level"] == "host_memory");
    CHECK(h["kernels"][1]["roof_level"] == "host_link");
    CHECK(h["kernels"][1]["bound"] == "memory");
}

TEST_CASE("roofline --hierarchical places a 256 cubed GEMM in L2 under the launch floor, not at the compute roof in L1")
{
    const auto doc = runJson({"roofline", "--device", "nvidia-h100-sxm", "--precision", "bf16", "--hierarchical", "--kernel",
                              "gemm:M=256,N=256,K=256", "--kernel", "gemm:M=8192,N=8192,K=8192"});
    REQUIRE(doc.contains("hierarchy"));
    const auto& h = doc["hierarchy"];
    REQUIRE(h["kernels"].size() == 2);
    const auto& small = h["kernels"][0];
    // 393 kB: more than one SM's 228 KiB of shared memory, so the shared L2 (it was "Shared memory /
    // L1" against 132 SMs' sum, drawn at 989.5 TFLOP/s with 33.9 ns, issue #30).
    CHECK(small["resident_level"] == "l2");
    CHECK(small["launch_bound"] == true);
    CHECK_THAT(small["time_s"].get<double>(), WithinRel(4e-6, 1e-12));
    CHECK_THAT(small["attainable_tflops"].get<double>(), WithinRel(2.0 * 256 * 256 * 256 / 4e-6 / 1e12, 1e-9));
    CHECK_THAT(small["note"].get<std::string>(), Catch::Matchers::Contains("launch"));
    const auto& big = h["kernels"][1];
    CHECK(big["launch_bound"] == false);
    CHECK_THAT(big["attainable_tflops"].get<double>(), WithinRel(989.5, 1e-9));
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"roofline", "--device", "nvidia-h100-sxm", "--hierarchical", "--kernel", "gemm:M=256,N=256,K=256"});
    CHECK_THAT(text.out, Catch::Matchers::Contains("launch floor"));
}

TEST_CASE("roofline --hierarchical prints the level table as text and refuses a bad precision in one line")
{
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"roofline", "--device", "nvidia-h100-sxm", "--hierarchical", "--kernel", "gemv:M=8192,K=8192"});
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Matchers::Contains("roofs per memory level") && Catch::Matchers::Contains("lives in"));
    const auto bad = runCli(dir.path() / "user.db", {"roofline", "--device", "nvidia-h100-sxm", "--hierarchical", "--precision", "fp99"});
    CHECK(bad.status == 1);
    CHECK(bad.out.empty());
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    CHECK_THAT(bad.err, Catch::Matchers::Contains("fp99"));
}

TEST_CASE("roofline --svg writes the page's figure, and bad chart options write nothing and name the option")
{
    TempDir dir;
    const auto file = dir.path() / "roofline.svg";
    const auto run = runCli(dir.path() / "user.db", {"roofline", "--device", "nvidia-h100-sxm", "--svg", file.string()});
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string svg = accelscope::tests::readText(file);
    // The frame's title and the chart's roofs and labels (the GUI test compares the bytes with the page's export).
    CHECK_THAT(svg, Catch::StartsWith("<svg") && Catch::Contains("<title>Roofline: NVIDIA H100 SXM5 80GB</title>") &&
                        Catch::Contains("bf16 989.5") && Catch::Contains("ridge 295 FLOP/B"));
    CHECK(svg.find("NaN") == std::string::npos);
    std::filesystem::remove(file);
    requireOneErrorLine({"roofline", "--device", "nvidia-h100-sxm", "--chart-precision", "fp7", "--svg", file.string()},
                        "--chart-precision 'fp7'");
    requireOneErrorLine({"roofline", "--device", "nvidia-h100-sxm", "--chart-llm", "no-such-model", "--svg", file.string()},
                        "no-such-model");
    requireOneErrorLine({"roofline", "--device", "nvidia-h100-sxm", "--svg", (dir.path() / "missing" / "r.svg").string()}, "--svg");
    CHECK_FALSE(std::filesystem::exists(file));
}

TEST_CASE("memory pyramid --svg writes the page's figure of two devices, and a bad --compare writes nothing and names it")
{
    TempDir dir;
    const auto file = dir.path() / "pyramid.svg";
    const auto run = runCli(dir.path() / "user.db", {"memory", "pyramid", "--device", "nvidia-h100-sxm", "--compare", "amd-instinct-mi300x",
                                                     "--move-bytes", "1e6", "--svg", file.string()});
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::StartsWith("NVIDIA H100 SXM5 80GB")); // the table is still the --device's
    const std::string svg = accelscope::tests::readText(file);
    CHECK_THAT(svg, Catch::StartsWith("<svg") && Catch::Contains("<title>Memory pyramid: NVIDIA H100 SXM5 80GB vs AMD Instinct MI300X") &&
                        Catch::Contains("moving 1 MB through each level") && Catch::Contains("HBM3"));
    std::filesystem::remove(file);
    requireOneErrorLine({"memory", "pyramid", "--device", "nvidia-h100-sxm", "--compare", "no-such-device", "--svg", file.string()},
                        "no-such-device");
    requireOneErrorLine({"memory", "pyramid", "--device", "nvidia-h100-sxm", "--compare", "amd-instinct-mi300x"}, "--compare");
    CHECK_FALSE(std::filesystem::exists(file));
}

TEST_CASE("memory infer --svg writes the LLM calculator's figure, and a model the page cannot name or a bad --bar write nothing")
{
    TempDir dir;
    const auto file = dir.path() / "llm.svg";
    const auto run = runCli(dir.path() / "user.db", {"memory", "infer", "--model", "llama3.1-8b", "--bar", "nvidia-h100-sxm", "--svg", file.string()});
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string svg = accelscope::tests::readText(file);
    CHECK_THAT(svg, Catch::StartsWith("<svg") && Catch::Contains("<title>LLM memory per device: inference</title>") &&
                        Catch::Contains("NVIDIA H100 SXM5 80GB: ") && Catch::Contains("weights "));
    std::filesystem::remove(file);
    requireOneErrorLine({"memory", "train", "--params", "7e9", "--svg", file.string()}, "--model PRESET");
    requireOneErrorLine({"memory", "train", "--model", "llama3.1-8b", "--bar", "no-such-device", "--svg", file.string()}, "--bar");
    CHECK_FALSE(std::filesystem::exists(file));
}
