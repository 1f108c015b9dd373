// SPDX-License-Identifier: MIT
// The compute-peak and empirical-roofline labs: every instruction-set kernel computes what it
// must (checksums, never timings), the sweep's intensities are exact, quick runs complete.
#include "labs/common/free_deleter.hpp"
#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/lab_registry.hpp"
#include "labs/roofline/cpu_roofline_lab.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <memory>

using namespace accelscope::labs;
using namespace accelscope::labs::compute_peak;

namespace {

LabResult quickRun(const std::string& id)
{
    const auto registry = LabRegistry::withAllLabs();
    Lab* lab = registry.find(id);
    REQUIRE(lab != nullptr);
    RunConfig config;
    config.quick = true;
    auto result = lab->run(config);
    if (!result) FAIL(result.error().message);
    return *result;
}

double figure(const LabResult& r, const std::string& key)
{
    const auto it = std::ranges::find(r.summary, key, &SummaryFigure::key);
    REQUIRE(it != r.summary.end());
    return it->value;
}

} // namespace

TEST_CASE("scalar and SSE2 always run, the widest instruction set is one that runs")
{
    CHECK(isaSupported(Isa::Scalar));
    CHECK(isaSupported(Isa::Sse));
    CHECK(isaSupported(widestIsa()));
    CHECK(lanes(Isa::Avx2Fma, Precision::Fp32) == 8);
    CHECK(lanes(Isa::Avx512, Precision::Fp64) == 8);
    CHECK(lanes(Isa::ScalarFma, Precision::Fp64) == 1);
}

TEST_CASE("every supported peak kernel converges each chain to 1")
{
    for (const Isa isa : allIsas) {
        if (!isaSupported(isa)) continue;
        for (const Precision p : {Precision::Fp32, Precision::Fp64}) {
            INFO(isaInfo(isa).name << (p == Precision::Fp32 ? " fp32" : " fp64"));
            const double expected = peakChains * lanes(isa, p);
            CHECK(fmaPeakLoop(isa, p, 20000) == Approx(expected).epsilon(1e-4));
            // Few rounds: the chains start at 0.01·i and have not converged, so the sum differs.
            CHECK(fmaPeakLoop(isa, p, 10) < 0.99 * expected);
        }
    }
}

TEST_CASE("every supported intensity kernel reads every element once")
{
    for (const Isa isa : allIsas) {
        if (!isaSupported(isa)) continue;
        INFO(isaInfo(isa).name);
        const std::size_t n = intensityBlockElements(isa) * 37;
        // aligned_alloc needs a size that is a multiple of the alignment (ASan reports it otherwise).
        const std::size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
        std::unique_ptr<float, FreeDeleter> data(static_cast<float*>(std::aligned_alloc(64, bytes)));
        std::fill(data.get(), data.get() + n, 1.0f);
        for (const int fmas : {0, 1, 7}) CHECK(intensityLoop(isa, {data.get(), n}, fmas) == static_cast<double>(n));
        data.get()[n - 1] = 2.0f; // the last element is read too, and with k multiply-adds moves towards 1
        CHECK(intensityLoop(isa, {data.get(), n}, 0) == static_cast<double>(n + 1));
        // 2 decays towards 1 by 0.999 per step: 1 + 0.999³, within float rounding.
        CHECK(intensityLoop(isa, {data.get(), n}, 3) == Approx(static_cast<double>(n) + 0.999 * 0.999 * 0.999).margin(1e-5));
    }
}

TEST_CASE("the roofline sweep's steps and intensities")
{
    CHECK(roofline::fmaSteps(16) == std::vector<int>{0, 1, 2, 3, 4, 6, 8, 12, 16});
    CHECK(roofline::fmaSteps(1) == std::vector<int>{0, 1});
    CHECK(roofline::intensityFlopPerByte(0) == 0.25);
    CHECK(roofline::intensityFlopPerByte(256) == 128.25);
}

TEST_CASE("the compute-peak lab runs at quick sizes and reports every instruction set")
{
    const LabResult r = quickRun("cpu-compute-peak");
    for (const Isa isa : allIsas) {
        if (!isaSupported(isa)) continue;
        CHECK(std::ranges::count_if(r.summary, [&](const SummaryFigure& f) { return f.note == isaInfo(isa).name; }) >= 2);
    }
    CHECK(figure(r, "fp32_peak_1t_gflops") > 0.0);
    CHECK(figure(r, "fp64_peak_1t_gflops") > 0.0);
    CHECK(figure(r, "fp32_peak_1t_gflops") >= figure(r, "fp32_scalar_1t_gflops"));
    REQUIRE(r.series.size() >= 2);
    CHECK(r.series[0].yUnit == "GFLOP/s");
}

TEST_CASE("the roofline lab sweeps intensities upwards and reports both ceilings")
{
    const LabResult r = quickRun("cpu-roofline");
    REQUIRE(r.series.size() == 2);
    const auto& measured = r.series[0].points;
    REQUIRE(measured.size() == roofline::fmaSteps(16).size()); // quick: up to 16 multiply-adds
    for (std::size_t i = 1; i < measured.size(); ++i) CHECK(measured[i].x > measured[i - 1].x);
    CHECK(figure(r, "compute_ceiling_gflops") > 0.0);
    CHECK(figure(r, "memory_ceiling_gbs") > 0.0);
    CHECK(figure(r, "ridge_flop_per_byte") ==
          Approx(figure(r, "compute_ceiling_gflops") / figure(r, "memory_ceiling_gbs")));
    for (std::size_t i = 0; i < measured.size(); ++i) { // the model is min(compute, bandwidth × intensity)
        CHECK(r.series[1].points[i].y <= figure(r, "compute_ceiling_gflops"));
        CHECK(r.series[1].points[i].x == measured[i].x);
    }
}

TEST_CASE("the compute labs stop when cancelled and refuse bad parameters")
{
    const auto registry = LabRegistry::withAllLabs();
    for (const char* id : {"cpu-compute-peak", "cpu-roofline"}) {
        INFO(id);
        std::atomic<bool> cancel{true};
        RunConfig config;
        config.quick = true;
        config.cancel = &cancel;
        const auto cancelled = registry.find(id)->run(config);
        REQUIRE_FALSE(cancelled.has_value());
        CHECK(cancelled.error().code == accelscope::models::ErrorCode::Cancelled);
    }
    RunConfig bad;
    bad.quick = true;
    bad.parameters["max_fmas"] = 5000;
    const auto refused = registry.find("cpu-roofline")->run(bad);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message.find("max_fmas") != std::string::npos);
}
