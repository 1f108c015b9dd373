// SPDX-License-Identifier: MIT
// The LLM calculator's settings → memory (models/memory/llm_memory_plan): breakdowns, verdicts, the fit matrix, state keys.
#include "models/memory/inference_memory.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/model_presets.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::memory;
using accelscope::models::catalog::BundledCatalog;
using accelscope::models::catalog::Device;
using accelscope::models::roofline::countParameters;
using accelscope::models::roofline::findModelPreset;
using accelscope::tests::bundledDevice;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

std::vector<Device> bundledDevices()
{
    auto catalog = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
    REQUIRE(catalog.has_value());
    return catalog->loadAll().value();
}

LlmMemorySettings training70b(Recompute recompute)
{
    LlmMemorySettings s;
    s.mode = LlmMode::Training;
    s.modelId = "llama2-70b";
    s.dataParallel = 64;
    s.zeroStage = 3;
    s.recompute = recompute;
    return s; // tp 1, pp 1, seq 4096, mbs 1, bf16
}

} // namespace

TEST_CASE("inference breakdown of Llama 2 70B: weights, KV cache and activations per device")
{
    // Llama 2 70B: 80 layers, 8 KV heads of 128; KV bytes per token in FP16 = 80·2·8·128·2 = 327680.
    // 4096 + 512 cached tokens at batch 1 → 4608·327680 = 1509949440 bytes. Weights 2 bytes/param.
    LlmMemorySettings s;
    s.weights = "fp16";
    s.kvCache = "fp16";
    s.promptTokens = 4096; // Llama 2's whole context, not the workload defaults
    s.generatedTokens = 512;
    const auto b = memoryBreakdown(s);
    REQUIRE(b.has_value());
    REQUIRE(b->parts.size() == 3);
    CHECK(b->parts[0].name == "weights");
    CHECK(b->parts[1].name == "KV cache");
    CHECK(b->parts[2].name == "activations");
    const auto config = findModelPreset("llama2-70b");
    CHECK(b->parts[0].bytes == countParameters(*config).total * 2.0);
    CHECK(b->parts[1].bytes == 1509949440.0);
    CHECK(b->devices == 1);
    // The same input the page always built: {batch, prompt, gen, weights, activations, kv, tp, workspace}.
    const InferenceMemoryInput input{1, 4096, 512, "fp16", "bf16", "fp16", 1, 0.0};
    CHECK(b->totalBytes == inferenceMemory(*config, input)->totalBytes);
    CHECK_THAT(b->summary, Catch::StartsWith("Llama 2 70B") && Catch::Contains("tp 1") && Catch::Contains("KV 327680 bytes per token"));

    s.tensorParallel = 3; // 64 heads do not split over 3 devices
    REQUIRE_FALSE(memoryBreakdown(s).has_value());
    CHECK_THAT(memoryBreakdown(s).error().message, Catch::Contains("not divisible"));
    s.modelId = "no-such-model";
    CHECK_FALSE(memoryBreakdown(s).has_value());
}

TEST_CASE("training breakdown of Llama 2 70B on 64 GPUs with ZeRO-3: activations decide the fit")
{
    // Ψ = countParameters(llama2-70b); ZeRO-3 over 64: (2 + 2 + 12)·Ψ/64 of model states.
    // Selective recomputation (Korthikanti Table 2): sbh(10 + 24) per layer, s = 4096, b = 1,
    // h = 8192, 80 layers, one micro-batch in flight: 4096·8192·34·80 = 91268055040 bytes.
    // Full recomputation: 2sbh per layer → 2·4096·8192·80 = 5368709120 bytes.
    struct Row {
        Recompute recompute;
        double activationBytes;
        bool fitsA100;
    };
    const auto row = GENERATE(Row{Recompute::Selective, 91268055040.0, false}, Row{Recompute::Full, 5368709120.0, true});
    const LlmMemorySettings s = training70b(row.recompute);
    const auto b = memoryBreakdown(s);
    REQUIRE(b.has_value());
    REQUIRE(b->parts.size() == 4);
    const double psi = countParameters(*findModelPreset("llama2-70b")).total;
    CHECK_THAT(b->parts[0].bytes, WithinRel(2.0 * psi / 64, 1e-12));  // weights
    CHECK_THAT(b->parts[1].bytes, WithinRel(2.0 * psi / 64, 1e-12));  // gradients
    CHECK_THAT(b->parts[2].bytes, WithinRel(12.0 * psi / 64, 1e-12)); // optimizer
    CHECK(b->parts[3].bytes == row.activationBytes);
    CHECK(b->devices == 64);
    CHECK_THAT(b->summary, Catch::Contains("dp 64 x tp 1 x pp 1 = 64 devices, ZeRO-3"));
    const Device a100 = bundledDevice("nvidia-a100-sxm4-80gb");
    CHECK(deviceVerdict(a100, b->totalBytes).fits == row.fitsA100);
    CHECK(fitsDevice(s, a100) == row.fitsA100);
}

TEST_CASE("training settings follow the training model through ZeRO stages, recomputation and pipeline stages")
{
    // Moved from the GUI tests: the calculator's numbers are the training model's.
    LlmMemorySettings s;
    s.mode = LlmMode::Training;
    s.modelId = "llama2-7b";
    s.zeroStage = 0;
    const auto zero0 = memoryBreakdown(s);
    s.zeroStage = 3;
    const auto zero3 = memoryBreakdown(s);
    REQUIRE(zero0->parts.size() == 4);
    CHECK(zero3->parts[2].bytes == Approx(zero0->parts[2].bytes / s.dataParallel)); // optimizer states split over dp
    s.recompute = Recompute::Full;
    CHECK(memoryBreakdown(s)->parts[3].bytes < zero3->parts[3].bytes);
    TrainingInput in;
    in.model = *findModelPreset("llama2-7b");
    in.dataParallel = 8;
    in.zeroStage = 3;
    in.recompute = Recompute::Full;
    in.sequence = 4096;
    CHECK(memoryBreakdown(s)->totalBytes == trainingMemory(in)->totalBytes);
    s.pipelineParallel = 5; // 32 layers
    CHECK_FALSE(memoryBreakdown(s).has_value());
    s.pipelineParallel = 1;
    s.modelId = "llama3.1-405b";
    s.zeroStage = 0;
    s.recompute = Recompute::None;
    s.sequence = 131072;
    const auto matrix = fitMatrix(s, bundledDevices());
    CHECK_FALSE(matrix.empty());
    CHECK(std::ranges::none_of(matrix, [](const auto& r) { return r.fewest.has_value(); })); // fits nowhere
}

TEST_CASE("the weight format sets weight and gradient bytes of training, Adam states stay 12 bytes")
{
    LlmMemorySettings s;
    s.mode = LlmMode::Training;
    s.modelId = "llama2-7b";
    s.weights = "fp8";
    const auto in = trainingInput(s, *findModelPreset("llama2-7b"), 4);
    REQUIRE(in.has_value());
    CHECK(in->weightBytesPerParam == 1.0);
    CHECK(in->gradientBytesPerParam == 1.0);
    CHECK(in->optimizerBytesPerParam == 12.0);
    CHECK(in->dataParallel == 4);
    CHECK(in->recompute == Recompute::Selective);
    CHECK(in->sequence == 4096);
    // Without an architecture: model states only (ZeRO Figure 1: 7.5B, N_d = 64, stage 1 → 31.4 GB).
    s.weights = "bf16";
    s.zeroStage = 1;
    const auto states = trainingInput(s, 7.5e9, 64);
    REQUIRE(states.has_value());
    CHECK_FALSE(states->model.has_value());
    CHECK_THAT(trainingMemory(*states)->totalBytes / 1e9, WithinAbs(31.4, 0.05));
    s.weights = "fp12";
    CHECK_THAT(trainingInput(s, 7.5e9, 64).error().message, Catch::Contains("weights"));
}

TEST_CASE("bar verdicts: fraction of the device's memory, or no figure")
{
    // roundDevice has 80 GB = 8e10 bytes, of which 10 % is kept free at run time: 72 GB usable.
    struct Row {
        double bytes;
        bool fits;
        const char* text;
    };
    // The capacity is said in GiB: 8e10 bytes / 2^30 = 74.5 GiB; 10 % of it is kept free for the runtime.
    const auto row = GENERATE(Row{40e9, true, "fits: 50% of 74.5 GiB (10% kept free)"},
                              Row{72e9, true, "fits: 90% of 74.5 GiB (10% kept free)"},
                              Row{80e9, false, "does not fit (needs 74.5 GiB, has 74.5 GiB with 10 % kept free)"},
                              Row{140e9, false, "does not fit (needs 130.4 GiB, has 74.5 GiB with 10 % kept free)"});
    const auto v = deviceVerdict(roundDevice(), row.bytes);
    CHECK(v.capacityBytes == 80e9);
    CHECK(v.fits == row.fits);
    CHECK_THAT(v.fraction, WithinRel(row.bytes / 80e9, 1e-12));
    CHECK(v.text == row.text);
    Device none = roundDevice();
    none.figures.erase(accelscope::models::catalog::FigureKey::MemoryGb);
    const auto unknown = deviceVerdict(none, row.bytes);
    CHECK_FALSE(unknown.capacityBytes.has_value());
    CHECK_FALSE(unknown.fits);
    CHECK(unknown.text == "no memory figure in the catalog");
    CHECK_FALSE(fitsDevice(LlmMemorySettings{}, none).has_value());
}

TEST_CASE("fit matrix: Llama 2 70B in FP16 needs two 80 GB devices, cells match the memory model")
{
    // Moved from the GUI tests. FP16 weights alone are 2·Ψ ≈ 138 GB > 80 GB; at tp 2 about 69 GB + KV + activations fit.
    LlmMemorySettings s;
    s.weights = "fp16";
    s.kvCache = "fp16";
    const auto matrix = fitMatrix(s, bundledDevices());
    const auto h100 = std::ranges::find_if(matrix, [](const auto& r) { return r.deviceId == "nvidia-h100-sxm"; });
    REQUIRE(h100 != matrix.end());
    CHECK(h100->capacityBytes == 80 * 1024.0 * 1024 * 1024); // the H100's "80GB" is 80 GiB of HBM3
    REQUIRE(h100->cells.size() == fitMatrixDegrees.size());
    CHECK_FALSE(h100->cells[0].fits);
    CHECK(h100->cells[1].fits);
    CHECK(h100->fewest == 2);
    CHECK(h100->perDeviceBytes == *h100->cells[1].perDeviceBytes);
    const auto config = findModelPreset("llama2-70b");
    // The page's default workload (models/system/workload): batch 1, 1,024 + 256 tokens.
    const InferenceMemoryInput input{1, 1024, 256, "fp16", "bf16", "fp16", 1, 0.0};
    CHECK(*h100->cells[0].perDeviceBytes == inferenceMemory(*config, input)->totalBytes);
    // 64 heads over 3 is not a column; tp 1..64 powers of two all divide 64 heads, so no cell has a problem.
    CHECK(std::ranges::all_of(h100->cells, [](const auto& c) { return c.perDeviceBytes.has_value() && c.problem.empty(); }));
    // Ranked: fitting devices first, fewest devices first.
    const auto firstMiss = std::ranges::find_if(matrix, [](const auto& r) { return !r.fewest.has_value(); });
    CHECK(std::ranges::none_of(firstMiss, matrix.end(), [](const auto& r) { return r.fewest.has_value(); }));
    CHECK(std::ranges::is_sorted(matrix.begin(), firstMiss, {}, [](const auto& r) { return *r.fewest; }));
    const FitMatrixSummary summary = summarizeFitMatrix(matrix);
    CHECK(summary.devices == static_cast<int>(matrix.size()));
    CHECK(summary.fittingDevices == static_cast<int>(firstMiss - matrix.begin()));
    CHECK(summary.fittingDevices > 0);
    CHECK_FALSE(summary.noValidLayout.has_value());
    CHECK(variedDimension(s.mode) == "tp");
    CHECK(variedDimension(LlmMode::Training) == "dp");
}

TEST_CASE("fit matrix cells carry the model's refusal for layouts that are not valid")
{
    // Training Llama 2 7B with tp 3: 32 heads do not split over 3, whatever the dp.
    LlmMemorySettings s;
    s.mode = LlmMode::Training;
    s.modelId = "llama2-7b";
    s.tensorParallel = 3;
    const auto matrix = fitMatrix(s, {roundDevice()});
    REQUIRE(matrix.size() == 1);
    CHECK_FALSE(matrix[0].fewest.has_value());
    for (const auto& c : matrix[0].cells) {
        CHECK_FALSE(c.perDeviceBytes.has_value());
        CHECK_THAT(c.problem, Catch::Contains("not divisible by tp 3"));
    }
    CHECK(fitsDevice(s, roundDevice()) == false);
    const FitMatrixSummary summary = summarizeFitMatrix(matrix);
    CHECK(summary.devices == 1);
    CHECK(summary.fittingDevices == 0);
    REQUIRE(summary.noValidLayout.has_value());
    CHECK_THAT(*summary.noValidLayout, Catch::Contains("not divisible by tp 3"));
}

TEST_CASE("settings round-trip through the page's state keys and bad values name the key")
{
    LlmMemorySettings s = training70b(Recompute::Full);
    s.weights = "fp8";
    s.activations = "bf16";
    s.sequenceParallel = true;
    s.microBatch = 2;
    const auto keys = llmSettingsKeys(s);
    CHECK(keys.at("mode") == "training");
    CHECK(keys.at("recompute") == "full");
    CHECK(keys.at("dp") == "64");
    CHECK(keys.at("sp") == "true");
    CHECK(llmSettingsFromKeys(keys).value() == s);
    // "weights" alone sets the activations too, as the page's lesson action does.
    const auto w = llmSettingsFromKeys({{"weights", "fp8"}});
    CHECK(w->weights == "fp8");
    CHECK(w->activations == "fp8");
    CHECK(w->kvCache == "bf16");
    struct Bad {
        const char* key;
        const char* value;
    };
    const auto bad = GENERATE(Bad{"dp", "lots"}, Bad{"tp", "1.5"}, Bad{"mode", "serving"}, Bad{"recompute", "some"}, Bad{"sp", "yes"});
    const auto r = llmSettingsFromKeys({{bad.key, bad.value}});
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::StartsWith(bad.key));
}
