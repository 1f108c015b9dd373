// SPDX-License-Identifier: MIT
// selectRoof: tensor units where the device has a tensor figure for the precision, else vector units.
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/placements.hpp"
#include "models/roofline/roof_selection.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::roofline;
using accelscope::models::ErrorCode;
using accelscope::tests::bundledDevice;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinRel;

TEST_CASE("selectRoof takes tensor units where the device has them, else vector units")
{
    struct Row {
        const char* device;
        const char* precision;
        ComputeUnit unit;
        double peakTflops;
        double ridgeFlopPerByte;
    };
    // Peaks from data/catalog (datasheet figures); ridge = 1000 × TFLOP/s ÷ GB/s.
    const auto row = GENERATE(
        Row{"nvidia-h100-sxm", "bf16", ComputeUnit::Tensor, 989.5, 989.5 * 1000 / 3350},  // 1979 sparse / 2
        Row{"nvidia-h100-sxm", "fp32", ComputeUnit::Vector, 67.0, 67.0 * 1000 / 3350},    // no FP32 tensor figure: 20 FLOP/byte
        Row{"nvidia-h100-sxm", "fp64", ComputeUnit::Tensor, 67.0, 67.0 * 1000 / 3350},    // FP64 tensor 67 beats FP64 vector 34
        Row{"nvidia-rtx-pro-6000-blackwell-workstation", "fp32", ComputeUnit::Vector, 125.0, 125.0 * 1000 / 1792}); // no tensor figures at all
    INFO(row.device << " " << row.precision);
    const auto device = bundledDevice(row.device);
    const auto roof = selectRoof(device, row.precision);
    REQUIRE(roof.has_value());
    CHECK(roof->unit == row.unit);
    CHECK_THAT(roof->peakTflops, WithinRel(row.peakTflops, 1e-9));
    const auto memory = deviceMemoryCeiling(device);
    REQUIRE(memory.has_value());
    CHECK_THAT(ridgeFlopPerByte(roof->peakTflops, memory->bandwidthGBps), WithinRel(row.ridgeFlopPerByte, 1e-9));
}

TEST_CASE("selectRoof with a unit takes that unit only, and says what the device has when it lacks the figure")
{
    const auto d = roundDevice(); // BF16 tensor 1000 (2000 sparse), FP32 vector 100
    CHECK(selectRoof(d, "bf16", Sparsity::Dense, ComputeUnit::Tensor)->peakTflops == 1000);
    CHECK(selectRoof(d, "bf16", Sparsity::Sparse)->peakTflops == 2000);
    CHECK(selectRoof(d, "fp32")->peakTflops == 100);
    CHECK(selectRoof(d, "fp32")->unit == ComputeUnit::Vector);
    const auto tensorOnly = selectRoof(d, "fp32", Sparsity::Dense, ComputeUnit::Tensor);
    REQUIRE_FALSE(tensorOnly.has_value());
    CHECK(tensorOnly.error().code == ErrorCode::NotFound);
    const auto none = selectRoof(d, "fp8");
    REQUIRE_FALSE(none.has_value());
    CHECK_THAT(none.error().message, Catch::Contains("no fp8 tensor dense figure") && Catch::Contains("no fp8 dense vector figure either") &&
                                         Catch::Contains("it has: "));
    const auto unknown = selectRoof(d, "fp12");
    REQUIRE_FALSE(unknown.has_value());
    CHECK(unknown.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("unit names: tensor, vector, auto or nothing for the rule")
{
    CHECK(unitChoiceFromName("tensor").value() == ComputeUnit::Tensor);
    CHECK(unitChoiceFromName("vector").value() == ComputeUnit::Vector);
    CHECK_FALSE(unitChoiceFromName("auto").value().has_value());
    CHECK_FALSE(unitChoiceFromName("").value().has_value());
    CHECK_FALSE(unitChoiceFromName("matrix").has_value());
}

TEST_CASE("the LLM analysis and the kernel placements use the roof selectRoof picks")
{
    const auto h100 = bundledDevice("nvidia-h100-sxm");
    // FP32 activations on H100: the vector roof, as on the chart (before, the LLM analysis refused FP32).
    const auto hw = llmHardware(h100, "fp32");
    REQUIRE(hw.has_value());
    CHECK(hw->computeUnit == ComputeUnit::Vector);
    CHECK(hw->peakTflops == selectRoof(h100, "fp32")->peakTflops);
    const std::vector<KernelEntry> kernels{{KernelKind::Gemm, 4096, 4096, "fp32", true}};
    const std::vector<const accelscope::models::catalog::Device*> devices{&h100};
    const auto placed = placeKernels(kernels, devices);
    REQUIRE(placed.size() == 1);
    REQUIRE(placed[0].bound.has_value());
    CHECK(placed[0].roof == "fp32 vector dense");
    CHECK(placed[0].peakTflops == hw->peakTflops);
}
