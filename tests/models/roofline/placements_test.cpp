// SPDX-License-Identifier: MIT
// The roofline chart's numbers: kernel entries, their costs, placements on several devices, LLM analyses per device
// (moved here from the GUI tests: the page only draws these).
#include "models/roofline/model_presets.hpp"
#include "models/roofline/placements.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::roofline;
using accelscope::models::catalog::Device;
using accelscope::tests::bundledDevice;
using Catch::Matchers::WithinRel;

namespace {

const KernelPlacement& placement(const std::vector<KernelPlacement>& all, std::size_t kernel, std::size_t device)
{
    const auto it = std::ranges::find_if(all, [&](const auto& p) { return p.kernel == kernel && p.device == device; });
    REQUIRE(it != all.end());
    return *it;
}

// The Roofline page's default kernels and devices.
std::vector<KernelEntry> defaultKernels()
{
    return {{KernelKind::Gemm, 4096, 4096, "bf16", true}, {KernelKind::DecodeGemv, 4096, 1, "bf16", true},
            {KernelKind::FlashAttention, 4096, 1, "bf16", false}};
}

} // namespace

TEST_CASE("placements: the default GEMM 4096^3 is compute bound and the decode GEMV memory bound on H100 SXM BF16")
{
    const Device h100 = bundledDevice("nvidia-h100-sxm");
    const Device mi300x = bundledDevice("amd-instinct-mi300x");
    const std::vector<const Device*> devices{&h100, &mi300x};
    auto kernels = defaultKernels();
    const auto all = placeKernels(kernels, devices);
    CHECK(all.size() == 4); // two visible kernels on two devices; the hidden FlashAttention is left out
    const auto& square = placement(all, 0, 0);
    REQUIRE(square.bound.has_value());
    CHECK(square.bound->bound == Bound::Compute);
    // The dot is where the model puts it: 2·4096³ FLOPs over 3·4096²·2 bytes = 4096/3 FLOP/byte.
    const auto cost = gemm(4096, 4096, 4096, 2, 2, 2);
    CHECK_THAT(square.bound->intensityFlopPerByte, WithinRel(4096.0 / 3, 1e-12));
    const auto ceiling = computeCeiling(h100, "bf16");
    REQUIRE(ceiling.has_value());
    CHECK(square.bound->attainableTflops == boundOn(cost, ceiling->peakTflops, square.bandwidthGBps).attainableTflops);
    CHECK(square.roof == "bf16 tensor dense");
    const auto& gemv = placement(all, 1, 0);
    REQUIRE(gemv.bound.has_value());
    CHECK(gemv.bound->bound == Bound::Memory);

    // Dragging the batch slider of the GEMV to 4096 turns it into a compute-bound GEMM.
    kernels[1].batch = 4096;
    const auto batched = placeKernels(kernels, devices);
    CHECK(placement(batched, 1, 0).bound->bound == Bound::Compute);
}

TEST_CASE("placements: a device without a figure for the precision says so")
{
    const Device h100 = bundledDevice("nvidia-h100-sxm");
    const std::vector<const Device*> devices{&h100};
    auto kernels = defaultKernels();
    kernels[0].dtype = "fp4"; // H100 has no FP4 roof
    const auto all = placeKernels(kernels, devices); // kept: placement() returns a reference into it (ASan)
    const auto& p = placement(all, 0, 0);
    CHECK_FALSE(p.bound.has_value());
    CHECK_THAT(p.problem, Catch::Contains("no fp4"));
}

TEST_CASE("LLM analyses per device: every device gets the model's analysis, a layout that does not divide gives its message")
{
    const Device h100 = bundledDevice("nvidia-h100-sxm");
    const Device mi300x = bundledDevice("amd-instinct-mi300x");
    const std::vector<const Device*> devices{&h100, &mi300x};
    LlmChartSettings settings;
    settings.modelId = "llama2-70b";
    const auto analyses = analyzeLlmOnDevices(settings, devices);
    REQUIRE(analyses.size() == 2);
    REQUIRE(analyses[0].analysis.has_value());
    CHECK(analyses[0].deviceId == "nvidia-h100-sxm");
    const auto config = findModelPreset("llama2-70b");
    const auto hw = llmHardware(h100, "bf16");
    const auto direct = analyzeLlm(*config, settings.workload, *hw);
    CHECK(analyses[0].analysis->tpotS == direct->tpotS);
    settings.workload.tensorParallel = 3;
    const auto bad = analyzeLlmOnDevices(settings, devices);
    CHECK_FALSE(bad[0].analysis.has_value());
    CHECK_THAT(bad[0].problem, Catch::Contains("not divisible by tp 3"));
}
