// SPDX-License-Identifier: MIT
// Training memory (ZeRO, Korthikanti), inference memory, device fit and the memory pyramid.
#include "models/memory/capacity_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/training_memory.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/roofline/model_presets.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::memory;
using accelscope::models::roofline::findModelPreset;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("ZeRO Figure 1: 7.5B parameters on 64 GPUs need 120, 31.4, 16.6 and 1.9 GB")
{
    // Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
    // SC20, Figure 1: Ψ = 7.5B, N_d = 64, K = 12 → (2+2+K)Ψ = 120 GB, 2Ψ+2Ψ+KΨ/N_d = 31.4 GB,
    // 2Ψ+(2+K)Ψ/N_d = 16.6 GB, (2+2+K)Ψ/N_d = 1.9 GB.
    struct Row {
        int stage;
        double gb;
    };
    const auto row = GENERATE(Row{0, 120.0}, Row{1, 31.4}, Row{2, 16.6}, Row{3, 1.9});
    TrainingInput in;
    in.parameters = 7.5e9;
    in.dataParallel = 64;
    in.zeroStage = row.stage;
    const auto m = trainingMemory(in);
    REQUIRE(m.has_value());
    CHECK_THAT(m->totalBytes / 1e9, WithinAbs(row.gb, 0.05));
    CHECK(m->activationsBytes == 0.0);
}

TEST_CASE("Korthikanti activation memory per layer")
{
    // Korthikanti et al. 2022, Table 2, with s = 2048, b = 1, h = 12288, a = 96 (GPT-3 175B):
    // no parallelism: sbh(34 + 5as/h) = 25165824 · (34 + 80) = 2868903936 bytes.
    CHECK(activationBytesPerLayer(2048, 1, 12288, 96, 1, Recompute::None, false) == 2868903936.0);
    // t = 8 with sequence parallelism: sbh(34/8 + 80/8) = 25165824 · 14.25 = 358612992.
    CHECK(activationBytesPerLayer(2048, 1, 12288, 96, 8, Recompute::None, true) == 358612992.0);
    // t = 8, no SP: sbh(10 + 24/8 + 80/8) = 25165824 · 23.
    CHECK(activationBytesPerLayer(2048, 1, 12288, 96, 8, Recompute::None, false) == 25165824.0 * 23);
    // Selective with SP: sbh·34/t; full: 2sbh.
    CHECK(activationBytesPerLayer(2048, 1, 12288, 96, 8, Recompute::Selective, true) == 25165824.0 * 34 / 8);
    CHECK(activationBytesPerLayer(2048, 1, 12288, 96, 1, Recompute::Full, false) == 2 * 25165824.0);
    // Same formula as the pipeline model's (models/pipeline, eq. 1).
    accelscope::models::pipeline::ActivationModel pipe{96, 12288, 96, 2048, 1};
    CHECK(pipe.bytesPerLayer() == 2868903936.0);
}

TEST_CASE("training with a model counts activations of one stage's layers and pp micro-batches")
{
    TrainingInput in;
    in.model = *findModelPreset("gpt3-175b");
    in.sequence = 2048; // GPT-3's context (Brown et al. 2020), not the workload default
    in.tensorParallel = 8;
    in.pipelineParallel = 12;
    in.dataParallel = 4;
    in.zeroStage = 1;
    in.sequenceParallel = true;
    in.recompute = Recompute::Selective;
    const auto m = trainingMemory(in);
    REQUIRE(m.has_value());
    CHECK(m->layersPerDevice == 8);
    // 1F1B: the first stage holds pp = 12 micro-batches of its 8 layers = all 96 layers' worth.
    CHECK(m->activationsBytes == 96 * 25165824.0 * 34 / 8);
    in.pipelineParallel = 5;
    CHECK(trainingMemory(in).error().message == "layers 96 not divisible by pp 5");
    in.pipelineParallel = 1;
    in.zeroStage = 4;
    CHECK(trainingMemory(in).error().message == "zero must be 0, 1, 2 or 3, got 4");
}

TEST_CASE("inference memory: weights with block-format scales, KV cache split over KV heads")
{
    const auto c = *findModelPreset("llama2-70b");
    InferenceMemoryInput in;
    in.batch = 1;
    in.promptTokens = 4096;
    in.generatedTokens = 0;
    in.weights = "nvfp4";
    const auto m = inferenceMemory(c, in);
    REQUIRE(m.has_value());
    const double params = accelscope::models::roofline::countParameters(c).total;
    CHECK_THAT(m->modelWeightsBytes, WithinRel(params * 0.5625, 1e-12)); // (4 + 8/16) / 8 bytes
    CHECK(m->kvCacheBytes == 4096 * 327680.0);
    in.tensorParallel = 8;
    CHECK(inferenceMemory(c, in)->kvCacheBytes == 4096 * 327680.0 / 8);
    in.tensorParallel = 3;
    CHECK(inferenceMemory(c, in).error().message == "heads 64 not divisible by tp 3");
}

TEST_CASE("fewest devices: smallest count that fits, ranked")
{
    const auto d = accelscope::tests::roundDevice(); // 80 GB
    std::vector<accelscope::models::catalog::Device> devices{d};
    const auto fits = fewestDevices(devices, [](int n) { return std::optional<double>(200e9 / n); });
    REQUIRE(fits.size() == 1);
    CHECK(fits[0].devices == 3);
    // 10 % of the 80 GB is kept free at run time (vLLM's gpu_memory_utilization 0.9): 72 GB usable.
    CHECK(fitsOnDevice(d, 72e9));
    CHECK_FALSE(fitsOnDevice(d, 72.1e9));
    CHECK_FALSE(fitsOnDevice(d, 80e9));
}

TEST_CASE("the H100 pyramid: whitepaper on-chip sizes, catalog HBM, derived links, measured on-chip latencies only")
{
    const auto p = devicePyramid(accelscope::tests::bundledDevice("nvidia-h100-sxm"));
    REQUIRE(p.levels.size() >= 6);
    CHECK(p.levels[0].label == "Register file");
    CHECK(*p.levels[0].capacityBytes.value == 256 * 1024.0);
    CHECK(*p.levels[1].capacityBytes.value == 228 * 1024.0);
    CHECK(*p.levels[2].capacityBytes.value == 50 * 1024 * 1024.0);
    CHECK(*p.levels[3].capacityBytes.value == 80 * 1024.0 * 1024 * 1024); // "80GB" of HBM3 is 80 GiB (catalog v2)
    CHECK(*p.levels[3].bandwidthGBps.value == 3350.0);
    for (std::size_t i = 0; i < p.levels.size(); ++i) {
        const auto& level = p.levels[i];
        // Shared memory, L2 and HBM latencies come from Luo et al.'s H800 measurements; the register file and
        // everything past the device (links, host, network) have none.
        CHECK(level.latencyNs.value.has_value() == (i >= 1 && i <= 3));
        if (level.capacityBytes.value) CHECK_FALSE(level.capacityBytes.source.empty());
    }
    LocalMachine local{"Test CPU", {{1, "data", 48 * 1024, 8}, {1, "instruction", 32 * 1024, 8}, {3, "unified", 32u << 20, 1}},
                       64ull << 30, "hwloc 2.9"};
    const auto lp = localPyramid(local);
    REQUIRE(lp.levels.size() == 3);
    CHECK(lp.levels[1].label == "L3 unified cache");
    CHECK(lp.levels[2].capacityBytes.source == "hwloc 2.9");
}

TEST_CASE("pyramid capacity text follows the catalog display rule: device memory in GiB, on-chip in the source's unit")
{
    using accelscope::models::roofline::MemoryLevel;
    struct Row {
        const char* id;
        const char* text; // what `catalog show` prints for memory_gb: the vendor's binary capacity in GiB
    };
    // H100 "80GB" = 5 x 16 GiB stacks; MI300X "192 GB" and Ironwood "192 GiB" are both 8 x 24 GiB.
    const auto row = GENERATE(Row{"nvidia-h100-sxm", "80 GiB"}, Row{"amd-instinct-mi300x", "192 GiB"},
                              Row{"google-tpu7x-ironwood", "192 GiB"});
    const auto p = devicePyramid(accelscope::tests::bundledDevice(row.id));
    const auto hbm = std::ranges::find(p.levels, MemoryLevel::DeviceMemory, &PyramidLevel::level);
    REQUIRE(hbm != p.levels.end());
    REQUIRE(hbm->capacityBytes.value.has_value());
    INFO(row.id);
    CHECK(levelCapacityText(hbm->level, *hbm->capacityBytes.value) == row.text);
    CHECK(memoryCapacityText(*hbm->capacityBytes.value) == row.text);
    // On-chip sizes keep their source's unit: whitepaper KiB/MiB, a decimal SRAM figure in GB.
    CHECK(levelCapacityText(MemoryLevel::Registers, 256 * 1024.0) == "256 KiB");
    CHECK(levelCapacityText(MemoryLevel::L2, 50 * 1024 * 1024.0) == "50 MiB");
    CHECK(levelCapacityText(MemoryLevel::L2, 44e9) == "44 GB"); // Cerebras WSE-3: 44 GB of SRAM, decimal
    CHECK(levelCapacityText(MemoryLevel::L2, 96e6) == "96 MB"); // Gaudi 3: 96 MB, also a whole 93,750 KiB
    CHECK(levelCapacityText(MemoryLevel::L2, 1464 * 1024.0) == "1.43 MiB"); // Tensix L1, counted in KiB
    CHECK(levelCapacityText(MemoryLevel::L2, 134e6) == "134 MB"); // TPU v4 CMEM as JAX prints it
    CHECK(levelCapacityText(MemoryLevel::HostMemory, 64.0 * 1024 * 1024 * 1024) == "64 GiB"); // hwloc bytes
    CHECK(byteSizeText(2e9) == "2 GB"); // an amount to move, as given (--move-bytes 2e9)
}
