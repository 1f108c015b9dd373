// SPDX-License-Identifier: MIT
// The Rooflines lesson against the picture (issue #30): every kernel a step shows on the Roofline
// page is placed as the page places it (models/memory deviceHierarchy + placeOnHierarchy, the
// cache-aware view), and what the step says about it holds for that placement.
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lesson_functions.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "models/roofline/kernels.hpp"
#include "tests/support/lesson_test_context.hpp"

#include "accelscope/config.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::labs::guided;
namespace roof = accelscope::models::roofline;

namespace {

struct Placed {
    roof::LevelPlacement placement;
    double peakTflops = 0;
    double dramRidge = 0;
};

Placed place(const LessonContext& ctx, const std::string& device, const std::string& precision, const std::string& spec)
{
    const auto d = std::find_if(ctx.devices.begin(), ctx.devices.end(), [&](const auto& x) { return x.id == device; });
    REQUIRE(d != ctx.devices.end());
    auto h = accelscope::models::memory::deviceHierarchy(*d, precision);
    REQUIRE(h.has_value());
    auto k = roof::kernelFromSpec(spec);
    REQUIRE(k.has_value());
    auto p = roof::placeOnHierarchy(h->roofline, h->levels, *k);
    REQUIRE(p.has_value());
    const auto dram = std::find_if(h->roofline.roofs.begin(), h->roofline.roofs.end(),
                                   [](const auto& r) { return r.level == roof::MemoryLevel::DeviceMemory; });
    REQUIRE(dram != h->roofline.roofs.end());
    return {*p, h->roofline.compute.peakTflops, dram->ridgeFlopPerByte};
}

} // namespace

TEST_CASE("the Rooflines lesson's kernels sit where its steps say the page draws them")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    const auto lesson = std::find_if(loaded.lessons.begin(), loaded.lessons.end(), [](const Lesson& l) { return l.id == "roofline"; });
    REQUIRE(lesson != loaded.lessons.end());
    int kernels = 0;
    for (const auto& step : lesson->steps) {
        if (!step.action || step.action->page != "roofline") continue;
        const auto* devices = findSetting(step.action->settings, "devices");
        const auto* precision = findSetting(step.action->settings, "precision");
        const auto* kernel = findSetting(step.action->settings, "kernel");
        if (devices == nullptr || precision == nullptr || kernel == nullptr) continue;
        ++kernels;
        INFO(step.title << ": " << kernel->value << " on " << devices->value);
        const Placed p = place(ctx, devices->value, precision->value, kernel->value);
        const double intensity = p.placement.bound.intensityFlopPerByte;
        if (step.title == "Arithmetic intensity") {
            // A 4096³ GEMM: past the HBM ridge and drawn on the flat roof.
            CHECK(intensity > p.dramRidge);
            CHECK(p.placement.bound.attainableTflops == Approx(p.peakTflops));
        } else if (step.title == "Where does a matrix-vector product sit?") {
            // "Far left of the ridge: memory bound", on the roof of device memory (64 MiB of weights).
            CHECK(intensity < p.dramRidge / 100);
            CHECK(p.placement.resident == roof::MemoryLevel::DeviceMemory);
            CHECK(p.placement.bound.bound == roof::Bound::Memory);
        } else if (step.title == "Cross the ridge") {
            // Failed before: drawn at the 989.5 TFLOP/s compute roof "in Shared memory / L1", 33.9 ns.
            // The step asks to drag it there: it must start below the flat roof, in L2, launch bound.
            CHECK(intensity < p.dramRidge);
            CHECK(p.placement.resident == roof::MemoryLevel::L2);
            CHECK(p.placement.launchBound);
            CHECK(p.placement.bound.timeS == roof::kernelLaunchFloorS);
            CHECK(p.placement.bound.attainableTflops < p.peakTflops / 10);
            // The sizes the explanation names: past the HBM ridge at gemm_ridge_size, on the flat roof
            // from gemm_roof_size, and not one size earlier.
            const Evaluator e = lessonEvaluator(ctx);
            const int ridgeN = static_cast<int>(e.evaluateNumber("gemm_ridge_size(nvidia-h100-sxm, bf16)").value());
            const int roofN = static_cast<int>(e.evaluateNumber("gemm_roof_size(nvidia-h100-sxm, bf16)").value());
            const auto square = [](int n) { return "gemm:M=" + std::to_string(n) + ",N=" + std::to_string(n) + ",K=" + std::to_string(n); };
            CHECK(place(ctx, "nvidia-h100-sxm", "bf16", square(ridgeN)).placement.bound.intensityFlopPerByte >= p.dramRidge);
            CHECK(place(ctx, "nvidia-h100-sxm", "bf16", square(ridgeN - 1)).placement.bound.intensityFlopPerByte < p.dramRidge);
            CHECK(roofN > ridgeN); // the launch floor keeps the dot off the flat roof past the ridge
            CHECK(place(ctx, "nvidia-h100-sxm", "bf16", square(roofN)).placement.bound.attainableTflops == Approx(p.peakTflops));
            CHECK(place(ctx, "nvidia-h100-sxm", "bf16", square(roofN - 1)).placement.bound.attainableTflops < p.peakTflops);
            // The prose quotes the same placement.
            auto rendered = renderStep(*lesson, step, ctx);
            REQUIRE(rendered.has_value());
            CHECK_THAT(rendered->prose, Catch::Contains("so they live in the " + p.placement.residentLabel));
        }
    }
    CHECK(kernels >= 3);
}

TEST_CASE("a working set lives in shared memory only if one SM holds it, and no kernel beats the launch floor")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    // 3 × 64² × 2 B = 24 kB: one SM's shared memory holds it.
    const Placed small = place(ctx, "nvidia-h100-sxm", "bf16", "gemm:M=64,N=64,K=64");
    CHECK(small.placement.resident == roof::MemoryLevel::SharedL1);
    CHECK(small.placement.launchBound);
    CHECK(small.placement.bound.attainableTflops == Approx(2.0 * 64 * 64 * 64 / roof::kernelLaunchFloorS / 1e12));
    // 393 kB: more than one SM's 228 KiB, so L2 (it was "Shared memory / L1" from 132 SMs' sum).
    CHECK(place(ctx, "nvidia-h100-sxm", "bf16", "gemm:M=256,N=256,K=256").placement.resident == roof::MemoryLevel::L2);
    // A large GEMM takes long enough: no floor, on the flat roof.
    const Placed big = place(ctx, "nvidia-h100-sxm", "bf16", "gemm:M=8192,N=8192,K=8192");
    CHECK_FALSE(big.placement.launchBound);
    CHECK(big.placement.bound.attainableTflops == Approx(big.peakTflops));
}
