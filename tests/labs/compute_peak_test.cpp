// SPDX-License-Identifier: MIT
// The compute-peak and empirical-roofline labs: every instruction-set kernel computes what it
// must (checksums, never timings), the sweep's intensities are exact, quick runs complete.
#include "labs/common/free_deleter.hpp"
#include "labs/compute_peak/compute_peak_lab.hpp"
#include "labs/compute_peak/core_clock.hpp"
#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/lab_registry.hpp"
#include "labs/roofline/cpu_roofline_lab.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <vector>

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
        const std::size_t block = intensityBlockElements(isa);
        // Below one group of eight 4 KiB pages (read in order only), and three whole groups plus a
        // tail of 37 blocks (the interleaved pages, then the in-order rest).
        for (const std::size_t n : {block * 37, 3 * 8 * 1024 + block * 37}) {
            INFO("n = " << n);
            // aligned_alloc wants a size that is a multiple of the alignment (C11 7.22.3.1; ASan checks it).
            const std::size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
            std::unique_ptr<float, FreeDeleter> data(static_cast<float*>(std::aligned_alloc(64, bytes)));
            std::fill(data.get(), data.get() + n, 1.0f);
            for (const int fmas : {0, 1, 7}) CHECK(intensityLoop(isa, {data.get(), n}, fmas) == static_cast<double>(n));
            // One element at a time is 2: the sum is n + 1 only if that element was read exactly once.
            // Positions: page and group edges, the first and last of the tail, and every 97th element.
            std::vector<std::size_t> marks{0, 1, 1023, 1024, 4095, 4096, 8191, 8192, n - block * 37, n - 1};
            for (std::size_t i = 5; i < n; i += 97) marks.push_back(i);
            for (const std::size_t at : marks) {
                if (at >= n) continue;
                data.get()[at] = 2.0f;
                const double sum = intensityLoop(isa, {data.get(), n}, 0);
                if (sum != static_cast<double>(n + 1)) FAIL("element " << at << ": sum " << sum << ", expected " << n + 1);
                data.get()[at] = 1.0f;
            }
            data.get()[n - 1] = 2.0f; // with k multiply-adds the marked element moves towards 1
            // 2 decays towards 1 by 0.999 per step: 1 + 0.999³, within float rounding.
            CHECK(intensityLoop(isa, {data.get(), n}, 3) == Approx(static_cast<double>(n) + 0.999 * 0.999 * 0.999).margin(1e-5));
        }
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

TEST_CASE("the FLOP-per-cycle limit is FMA pipes times lanes times two")
{
    // 2 FMA pipes x 16 FP32 lanes x 2 FLOPs per multiply-add (AVX-512), 2 x 4 x 2 (AVX2 FP64).
    CHECK(flopsPerCycleLimit(Isa::Avx512, Precision::Fp32) == 64.0);
    CHECK(flopsPerCycleLimit(Isa::Avx2Fma, Precision::Fp64) == 16.0);
    CHECK(checkedFlopsPerCycle(128.0, 2000.0, 64.0).value() == Approx(64.0));
    // 73.9 FLOP/cycle: what the lab reported when it divided by the nominal clock.
    const auto refused = checkedFlopsPerCycle(147.8, 2000.0, 64.0);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message.find("exceeds the architectural limit of 64") != std::string::npos);
    CHECK_FALSE(checkedFlopsPerCycle(10.0, 0.0, 64.0).has_value());
}

TEST_CASE("the dependent add chain measures a plausible running clock")
{
    const ClockReading clock = measureCoreClock(std::chrono::milliseconds(5));
    // Any x86 core of the last 20 years runs between 0.4 and 7 GHz; a folded chain reads far higher.
    CHECK(clock.mhz > 400.0);
    CHECK(clock.mhz < 7000.0);
    CHECK(clock.method.find("dependent integer adds") != std::string::npos);
}

TEST_CASE("the compute-peak lab refuses FLOP per cycle above the limit, with the reason")
{
    const auto run = [](double fakeMhz) {
        ComputePeakLab lab([fakeMhz] { return ClockReading{fakeMhz, "a fake clock for the test"}; });
        RunConfig config;
        config.quick = true;
        auto result = lab.run(config);
        REQUIRE(result.has_value());
        return *result;
    };
    const auto hasKey = [](const LabResult& r, const std::string& key) {
        return std::ranges::find(r.summary, key, &SummaryFigure::key) != r.summary.end();
    };
    // A clock of 1 MHz makes any real peak thousands of FLOP per cycle: refused, reason in the notes.
    const LabResult slow = run(1.0);
    CHECK_FALSE(hasKey(slow, "fp32_flops_per_cycle_1t"));
    CHECK(std::ranges::any_of(slow.notes, [](const std::string& n) {
        return n.find("refused fp32 FLOP per cycle") != std::string::npos && n.find("architectural limit") != std::string::npos;
    }));
    // A clock of 10^9 MHz makes it tiny: reported, and equal to GFLOP/s over GHz.
    const LabResult fast = run(1e9);
    REQUIRE(hasKey(fast, "fp32_flops_per_cycle_1t"));
    CHECK(figure(fast, "fp32_flops_per_cycle_1t") == Approx(figure(fast, "fp32_peak_1t_gflops") * 1e3 / 1e9));
    CHECK(figure(fast, "core_clock_mhz") == 1e9);
}
