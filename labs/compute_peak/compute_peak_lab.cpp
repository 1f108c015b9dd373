// SPDX-License-Identifier: MIT
// Peak FLOP/s as ../shared/MEASURING.md asks: independent accumulators (not one dependent chain,
// which measures latency), the run length calibrated to the clock, best of N, results checked.
#include "labs/compute_peak/compute_peak_lab.hpp"

#include "labs/common/pinned_team.hpp"
#include "labs/lab_result_json.hpp"
#include "labs/machine/machine_info.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

namespace accelscope::labs::compute_peak {
namespace {

using models::ErrorCode;
using models::fail;

// Enough rounds for every chain to converge to 1 (0.999^20000 ≈ 2e-9), so the checksum is exact.
constexpr std::uint64_t minIterations = 20000;

const char* precisionName(Precision p) { return p == Precision::Fp32 ? "fp32" : "fp64"; }

std::string isaKey(Isa isa)
{
    switch (isa) {
    case Isa::Scalar: return "scalar";
    case Isa::ScalarFma: return "scalar_fma";
    case Isa::Sse: return "sse2";
    case Isa::Avx2Fma: return "avx2";
    default: return "avx512";
    }
}

std::string format(const char* pattern, double a, double b = 0)
{
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

} // namespace

models::Result<double> measurePeakGflops(PinnedTeam& team, Isa isa, Precision precision, double targetSeconds,
                                         int repetitions)
{
    std::vector<double> sums(static_cast<std::size_t>(team.size()), 0.0);
    const auto runOnce = [&](std::uint64_t iterations) {
        return team.run([&](int t) { sums[static_cast<std::size_t>(t)] = fmaPeakLoop(isa, precision, iterations); });
    };
    // Calibrate: double the rounds until a run lasts ≥ 1/8 of the target, then scale.
    std::uint64_t iterations = minIterations;
    double seconds = runOnce(iterations);
    while (seconds < targetSeconds / 8 && iterations < (std::uint64_t{1} << 40)) {
        iterations *= 2;
        seconds = runOnce(iterations);
    }
    iterations = std::max(minIterations, static_cast<std::uint64_t>(static_cast<double>(iterations) * targetSeconds / seconds));
    const double flops = static_cast<double>(iterations) * peakChains * lanes(isa, precision) * 2.0 * team.size();
    double best = 0.0;
    for (int rep = 0; rep < repetitions; ++rep) {
        best = std::max(best, flops / runOnce(iterations) / 1e9);
        const double expected = static_cast<double>(peakChains * lanes(isa, precision));
        for (const double s : sums) {
            if (std::fabs(s - expected) > 1e-3 * expected) {
                return fail(ErrorCode::InvalidData, "the " + std::string(isaInfo(isa).name) + " kernel's checksum is " +
                                                        std::to_string(s) + ", expected " + std::to_string(expected));
            }
        }
    }
    return best;
}

void ComputePeakLab::addFlopsPerCycle(LabResult& result, const ClockReading& clock, const std::array<Isa, 2>& bestIsas)
{
    if (clock.mhz <= 0) {
        result.notes.push_back("no running clock was measured, so no FLOP per cycle is reported");
        return;
    }
    result.summary.push_back(SummaryFigure{"core_clock_mhz", clock.mhz, "MHz", clock.method});
    result.notes.push_back("running clock " + models::decimalText(clock.mhz, 0) + " MHz, " + clock.method);
    if (const double nominal = machine::reportedCpuMhz(); nominal > 0) {
        result.notes.push_back("/proc/cpuinfo reports " + models::decimalText(nominal, 0) +
                               " MHz (nominal; not used for FLOP per cycle)");
    }
    for (const Precision precision : {Precision::Fp32, Precision::Fp64}) {
        const std::string name = precisionName(precision);
        const auto peak = std::ranges::find(result.summary, name + "_peak_1t_gflops", &SummaryFigure::key);
        if (peak == result.summary.end()) continue;
        const Isa bestIsa = bestIsas[precision == Precision::Fp32 ? 0 : 1];
        const double limit = flopsPerCycleLimit(bestIsa, precision);
        const auto perCycle = checkedFlopsPerCycle(peak->value, clock.mhz, limit);
        if (!perCycle) {
            result.notes.push_back("refused " + name + " FLOP per cycle: " + perCycle.error().message);
            continue;
        }
        result.summary.push_back(SummaryFigure{name + "_flops_per_cycle_1t", *perCycle, "FLOP/cycle",
                                               "at the measured " + models::decimalText(clock.mhz, 0) + " MHz; limit " +
                                                   models::decimalText(limit, 0) + " (" + std::to_string(maxFmaPorts) +
                                                   " FMA pipes x " + std::to_string(lanes(bestIsa, precision)) +
                                                   " lanes x 2, " + isaInfo(bestIsa).name + ")"});
    }
}

LabDescription ComputePeakLab::describe() const
{
    return LabDescription{
        "cpu-compute-peak",
        "CPU compute peak (FMA, scalar to AVX-512)",
        "How many FLOP/s one core and all cores reach, and how much of that comes from SIMD width and fused "
        "multiply-add rather than from the clock.",
        {
            threadsParameter("worker threads for the all-cores runs, pinned one per CPU (0 = all)", 0),
            {"run_ms", "length of one timed run", "ms", 5, 5000, 200, 5, true},
            {"repetitions", "timed runs per case (the best counts)", "", 1, 50, 5, 2, true},
        },
        false};
}

models::Result<void> ComputePeakLab::measure(CpuRunStart& run, const RunMonitor& monitor)
{
    auto& params = run.start.parameters;
    LabResult& result = run.start.result;
    const int allThreads = run.threads;
    const double runSeconds = params["run_ms"] / 1000.0;
    const int repetitions = static_cast<int>(params["repetitions"]);

    std::vector<Isa> isas;
    std::string supported;
    for (const Isa isa : allIsas) {
        if (!isaSupported(isa)) continue;
        isas.push_back(isa);
        supported += (supported.empty() ? "" : ", ") + std::string(isaInfo(isa).name);
    }
    result.notes.push_back("instruction sets this CPU runs (cpuid): " + supported);
    result.notes.push_back("kernels built with -O2, one file per instruction set (-mavx2 -mfma, -mavx512f), chosen at run time");
    result.notes.push_back(std::to_string(peakChains) + " independent multiply-add chains per thread; FLOPs = 2 per "
                           "multiply-add per lane; the best of " + std::to_string(repetitions) + " runs of about " +
                           format("%.0f ms", runSeconds * 1000) + " each");
    std::vector<int> threadCounts{1};
    if (allThreads > 1) threadCounts.push_back(allThreads);
    result.notes.push_back(std::to_string(allThreads) + " thread(s) for the all-cores runs, pinned to CPUs 0.." +
                           std::to_string(allThreads - 1) + " (logical CPUs: SMT siblings share one core's FMA units)");

    const double steps = static_cast<double>(2 * isas.size() * threadCounts.size());
    ClockReading clock;
    std::array<Isa, 2> bestOneThread{Isa::Scalar, Isa::Scalar}; // fp32, fp64
    double done = 0;
    for (const int threads : threadCounts) {
        PinnedTeam team(threads);
        for (const Precision precision : {Precision::Fp32, Precision::Fp64}) {
            Series series{std::string(precisionName(precision)) + ", " + std::to_string(threads) + " thread(s)",
                          "instruction set (0 scalar, 1 scalar FMA, 2 SSE2, 3 AVX2+FMA, 4 AVX-512F)", "",
                          "peak", "GFLOP/s", {}};
            double best = 0.0;
            Isa bestIsa = isas.front();
            for (const Isa isa : isas) {
                if (!monitor.report(done / steps, std::string(precisionName(precision)) + " " + isaInfo(isa).name + ", " +
                                                      std::to_string(threads) + " thread(s)")) {
                    return fail(ErrorCode::Cancelled, "cancelled; no result was recorded");
                }
                auto gflops = measurePeakGflops(team, isa, precision, runSeconds, repetitions);
                if (!gflops) return std::unexpected(gflops.error());
                series.points.push_back(Point{static_cast<double>(std::ranges::find(allIsas, isa) - std::begin(allIsas)), *gflops});
                monitor.publish(series);
                const std::string key = std::string(precisionName(precision)) + "_" + isaKey(isa) + "_" +
                                        (threads == 1 ? std::string("1t") : std::string("all")) + "_gflops";
                result.summary.push_back(SummaryFigure{key, *gflops, "GFLOP/s", isaInfo(isa).name});
                if (*gflops > best) {
                    best = *gflops;
                    bestIsa = isa;
                }
                done += 1;
            }
            if (threads == 1) bestOneThread[precision == Precision::Fp32 ? 0 : 1] = bestIsa;
            result.summary.push_back(SummaryFigure{std::string(precisionName(precision)) + "_peak_" +
                                                       (threads == 1 ? std::string("1t") : std::string("all")) + "_gflops",
                                                   best, "GFLOP/s", std::string("best: ") + isaInfo(bestIsa).name});
            result.series.push_back(std::move(series));
        }
        // The clock on the thread that just ran the one-core kernels (worker 0 is this thread).
        if (threads == 1) clock = m_clock();
    }
    // How much SIMD and FMA buy over one scalar lane, on one core.
    const auto figure = [&](const std::string& key) {
        const auto it = std::ranges::find(result.summary, key, &SummaryFigure::key);
        return it == result.summary.end() ? 0.0 : it->value;
    };
    const double scalar = figure("fp32_scalar_1t_gflops");
    if (scalar > 0) {
        result.summary.push_back(SummaryFigure{"fp32_simd_speedup", figure("fp32_peak_1t_gflops") / scalar, "x",
                                               "best instruction set over scalar multiply + add, one thread"});
    }
    addFlopsPerCycle(result, clock, bestOneThread);
    if (monitor.cancelled()) return fail(ErrorCode::Cancelled, "cancelled; no result was recorded");
    return {};
}

} // namespace accelscope::labs::compute_peak
