// SPDX-License-Identifier: MIT
// Lessons against the pages they send the learner to (issue #30): the Rooflines lesson's kernels
// placed as the Roofline page places them (models/memory deviceHierarchy + placeOnHierarchy, the
// cache-aware view) and its claims checked against the placement; one SIMD efficiency (the Warp
// page's) and one scale-up figure (the Compare page's, both directions) under the lesson functions.
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lesson_functions.hpp"
#include "models/catalog/comparison.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "models/roofline/kernels.hpp"
#include "models/simt/warp_program.hpp"
#include "models/simt/warp_simulator.hpp"
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

TEST_CASE("the SIMT lesson's SIMD efficiency is the Warp page's: active lane-cycles over lanes times cycles")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    namespace simt = accelscope::models::simt;
    for (const auto& preset : simt::warpPresets()) {
        for (const char* model : {"prevolta", "its"}) {
            auto program = simt::parseWarpProgram(preset.source);
            REQUIRE(program.has_value());
            simt::WarpConfig config;
            config.data = preset.data;
            config.model = std::string_view(model) == "its" ? simt::ExecutionModel::Its : simt::ExecutionModel::PreVolta;
            const auto run = simt::runWarps(*program, config);
            REQUIRE(run.has_value());
            if (!run->completed) continue; // a stuck run has no efficiency on the page either
            INFO(preset.name << " " << model);
            const auto& t = run->total;
            // The page's statistic (warp_visualizer: "SIMD efficiency", WarpStats::simdEfficiency).
            const double page = static_cast<double>(t.activeLaneCycles) / (32.0 * static_cast<double>(t.cycles));
            const auto lesson = e.evaluateNumber("warp_efficiency(" + std::string(preset.name) + ", " + model + ")");
            REQUIRE(lesson.has_value());
            CHECK(*lesson == Approx(page));
            CHECK(t.simdEfficiency == Approx(page));
        }
    }
    // The lesson defines it in the page's terms (it said "useful lane-instructions / 32 × issued",
    // 50 % on nested-ifs where the page shows 42.9 %).
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const auto simtLesson = std::find_if(loaded.lessons.begin(), loaded.lessons.end(), [](const Lesson& l) { return l.id == "simt-divergence"; });
    REQUIRE(simtLesson != loaded.lessons.end());
    bool defined = false;
    for (const auto& step : simtLesson->steps) defined = defined || step.prose.find("active lane-cycles") != std::string::npos;
    CHECK(defined);
}

TEST_CASE("the Interconnects lesson's per-direction scale-up is half the Compare page's both-directions row")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    std::vector<const accelscope::models::catalog::Device*> devices;
    for (const char* id : {"nvidia-h100-sxm", "nvidia-b200", "google-tpu-v5p", "amd-instinct-mi300x"}) {
        const auto d = std::find_if(ctx.devices.begin(), ctx.devices.end(), [&](const auto& x) { return x.id == id; });
        REQUIRE(d != ctx.devices.end());
        devices.push_back(&*d);
    }
    const auto comparison = accelscope::models::catalog::compareDevices(devices);
    const auto row = std::find_if(comparison.rows.begin(), comparison.rows.end(), [](const auto& r) { return r.key == "interconnect_gbs"; });
    REQUIRE(row != comparison.rows.end());
    CHECK_THAT(row->label, Catch::Contains("both directions"));
    for (std::size_t i = 0; i < devices.size(); ++i) {
        INFO(devices[i]->id);
        REQUIRE(row->values[i].has_value());
        CHECK(e.evaluateNumber("figure(" + devices[i]->id + ", interconnect_gbs)").value() == Approx(*row->values[i]));
        CHECK(e.evaluateNumber("scale_up(" + devices[i]->id + ")").value() == Approx(*row->values[i] / 2));
    }
    // The lesson names the row as the page labels it, and never calls the Compare figure per direction.
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const auto lesson = std::find_if(loaded.lessons.begin(), loaded.lessons.end(), [](const Lesson& l) { return l.id == "interconnects-allreduce"; });
    REQUIRE(lesson != loaded.lessons.end());
    for (const auto& step : lesson->steps) {
        if (!step.action || step.action->page != "compare") continue;
        CHECK_THAT(step.prose, Catch::Contains("both directions"));
        REQUIRE(step.check.has_value());
        for (const auto& hint : step.check->hints) CHECK_THAT(hint, !Catch::Contains("lists each device's scale-up bandwidth per direction"));
    }
}
