// SPDX-License-Identifier: MIT
// The CPU kernels lab: every GEMM rung, GEMV, softmax, RMSNorm, both attention kernels and the
// decode step computed against a reference at tiny sizes (never timed), and a quick run's figures.
#include "labs/kernels/decode_model.hpp"
#include "labs/kernels/gemm.hpp"
#include "labs/kernels/kernel_ceilings.hpp"
#include "labs/kernels/kernel_report.hpp"
#include "labs/kernels/transformer_kernels.hpp"
#include "labs/lab_registry.hpp"
#include "labs/measured/machine_decode.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

using namespace accelscope::labs;
using namespace accelscope::labs::kernels;
using accelscope::models::roofline::TransformerConfig;

namespace {

template <class T>
std::vector<T> values(std::size_t n, int seed)
{
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(std::sin(0.37 * static_cast<double>(i) + seed));
    return v;
}

/// Largest |x - y| over the largest |y|.
template <class T, class U>
double relativeError(const std::vector<T>& x, const std::vector<U>& y)
{
    double diff = 0;
    double scale = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        diff = std::max(diff, std::fabs(static_cast<double>(x[i]) - static_cast<double>(y[i])));
        scale = std::max(scale, std::fabs(static_cast<double>(y[i])));
    }
    return diff / scale;
}

template <class T>
void checkGemm(std::size_t m, std::size_t n, std::size_t k, double tolerance)
{
    const auto a = values<T>(m * k, 1);
    const auto b = values<T>(k * n, 2);
    std::vector<double> reference(m * n, 0.0);
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t p = 0; p < k; ++p) {
            for (std::size_t j = 0; j < n; ++j) reference[i * n + j] += static_cast<double>(a[i * k + p]) * b[p * n + j];
        }
    }
    for (const GemmRung rung : allGemmRungs) {
        INFO(gemmRungKey(rung) << " " << m << "x" << n << "x" << k << (sizeof(T) == 8 ? " fp64" : " fp32"));
        std::vector<T> c(m * n, T{7}); // every rung must overwrite C
        gemm(rung, m, n, k, a.data(), b.data(), c.data());
        CHECK(relativeError(c, reference) < tolerance);
    }
}

// Round ceilings the report tests derive their numbers from: 100 GFLOP/s FP32, 50 FP64, 10 GB/s from 1 GiB of
// DRAM reads, 2000 MHz; no caches.
Ceilings roundCeilings()
{
    Ceilings ceilings;
    ceilings.fp32PeakGflops = 100;
    ceilings.fp64PeakGflops = 50;
    ceilings.readBandwidthGBps = 10;
    ceilings.readBytes = 1 << 30;
    ceilings.clockMhz = 2000;
    return ceilings;
}

} // namespace

TEST_CASE("every GEMM rung computes the product, FP32 and FP64, with edge tiles and several depth panels")
{
    // 13 rows: two 6-row tiles and an edge; 70 and 33 columns: edge panels; K = 300 > the 256-deep panel.
    for (const auto& [m, n, k] : {std::tuple{7, 37, 19}, std::tuple{1, 70, 33}, std::tuple{13, 64, 300}, std::tuple{64, 96, 128}}) {
        checkGemm<float>(static_cast<std::size_t>(m), static_cast<std::size_t>(n), static_cast<std::size_t>(k), 1e-5);
        checkGemm<double>(static_cast<std::size_t>(m), static_cast<std::size_t>(n), static_cast<std::size_t>(k), 1e-13);
    }
}

TEST_CASE("GEMV with FP32 and with 8-bit weights matches a double-precision reference")
{
    const std::size_t rows = 9;
    const std::size_t cols = 75; // not a multiple of the 32 partial sums
    const auto w = values<float>(rows * cols, 3);
    const auto x = values<float>(cols, 4);
    std::vector<std::int8_t> w8(rows * cols);
    std::vector<float> scales(rows, 0.01f);
    for (std::size_t i = 0; i < w8.size(); ++i) w8[i] = static_cast<std::int8_t>(static_cast<int>(i % 255) - 127);
    std::vector<double> reference(rows, 0.0);
    std::vector<double> reference8(rows, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < cols; ++c) {
            reference[r] += static_cast<double>(w[r * cols + c]) * x[c];
            reference8[r] += 0.01 * w8[r * cols + c] * static_cast<double>(x[c]);
        }
    }
    std::vector<float> y(rows);
    gemv(w.data(), x.data(), y.data(), rows, cols);
    CHECK(relativeError(y, reference) < 1e-5);
    gemvInt8(w8.data(), scales.data(), x.data(), y.data(), rows, cols);
    CHECK(relativeError(y, reference8) < 1e-5);
}

TEST_CASE("softmax rows sum to one and keep their order, RMSNorm gives unit root mean square")
{
    auto x = values<float>(3 * 50, 5);
    x[7] = 80.0f; // large inputs do not overflow: the maximum is subtracted first
    const auto before = x;
    softmaxRows(x.data(), 3, 50);
    for (std::size_t r = 0; r < 3; ++r) {
        double sum = 0;
        for (std::size_t c = 0; c < 50; ++c) sum += x[r * 50 + c];
        CHECK_THAT(sum, Catch::WithinAbs(1.0, 1e-5));
    }
    CHECK(x[7] == Approx(1.0).margin(1e-6));
    CHECK((x[1] < x[2]) == (before[1] < before[2]));
    const std::vector<float> gamma(50, 2.0f);
    std::vector<float> y(150);
    rmsNorm(before.data() + 50, gamma.data(), y.data(), 2, 50, 0.0f);
    for (std::size_t r = 0; r < 2; ++r) {
        double squares = 0;
        for (std::size_t c = 0; c < 50; ++c) squares += static_cast<double>(y[r * 50 + c]) * y[r * 50 + c];
        CHECK_THAT(std::sqrt(squares / 50), Catch::WithinRel(2.0, 1e-5)); // γ = 2
    }
}

TEST_CASE("attention materialised and tiled agree with each other and with a double reference")
{
    const AttentionShape shape{2, 100, 24}; // 100 tokens: partial 16-row and 64-key tiles
    const std::size_t n = shape.heads * shape.seq * shape.headDim;
    const auto q = values<float>(n, 6);
    const auto k = values<float>(n, 7);
    const auto v = values<float>(n, 8);
    std::vector<float> full(n);
    std::vector<float> tiled(n);
    std::vector<float> scores(shape.seq * shape.seq);
    attentionMaterialised(shape, q.data(), k.data(), v.data(), full.data(), scores.data());
    attentionTiled(shape, q.data(), k.data(), v.data(), tiled.data());
    std::vector<double> reference(n, 0.0);
    const std::size_t d = shape.headDim;
    for (std::size_t h = 0; h < shape.heads; ++h) {
        const std::size_t base = h * shape.seq * d;
        for (std::size_t i = 0; i < shape.seq; ++i) {
            std::vector<double> s(shape.seq);
            double max = -1e300;
            for (std::size_t j = 0; j < shape.seq; ++j) {
                double dotProduct = 0;
                for (std::size_t e = 0; e < d; ++e) dotProduct += static_cast<double>(q[base + i * d + e]) * k[base + j * d + e];
                s[j] = dotProduct / std::sqrt(static_cast<double>(d));
                max = std::max(max, s[j]);
            }
            double sum = 0;
            for (double& x : s) sum += (x = std::exp(x - max));
            for (std::size_t j = 0; j < shape.seq; ++j) {
                for (std::size_t e = 0; e < d; ++e) reference[base + i * d + e] += s[j] / sum * v[base + j * d + e];
            }
        }
    }
    CHECK(relativeError(full, reference) < 1e-5);
    CHECK(relativeError(tiled, reference) < 1e-5);
    CHECK(relativeError(tiled, full) < 1e-5);
}

TEST_CASE("the cached FP32 decode step gives the logits of an uncached double recomputation, token after token")
{
    TransformerConfig dims;
    dims.layers = 2;
    dims.hidden = 64;
    dims.heads = 4;
    dims.kvHeads = 2;
    dims.headDim = 16;
    dims.ffn = 96;
    dims.vocab = 50;
    DecodeModel model(dims, 3, 6);
    model.quantize();
    std::vector<float> logits(50);
    std::vector<float> logits8(50);
    std::vector<int> tokens{1};
    for (int position = 0; position < 6; ++position) {
        INFO("position " << position);
        const int next = model.step(WeightFormat::Fp32, tokens.back(), position, logits);
        const auto reference = model.referenceLogits(tokens);
        CHECK(relativeError(logits, reference) < 1e-4);
        // The 8-bit path (its own cache entries are written over by the next FP32 step) is close.
        DecodeModel copy = model;
        copy.step(WeightFormat::Int8, tokens.back(), position, logits8);
        CHECK(relativeError(logits8, reference) < 0.1);
        tokens.push_back(next);
    }
}

TEST_CASE("the decode model's size follows the memory budget with Llama ratios")
{
    const TransformerConfig dims = llamaConfigForBytes(256.0 * (1 << 20));
    CHECK(dims.headDim == 64);
    CHECK(dims.heads * dims.headDim == dims.hidden);
    CHECK(dims.heads == 4 * dims.kvHeads);
    CHECK(dims.hidden % 256 == 0);
    const double bytes = accelscope::models::roofline::decodeMatrixWeights(accelscope::models::roofline::decodeShape(dims)) * 4;
    CHECK(bytes <= 256.0 * (1 << 20));
    const TransformerConfig bigger = llamaConfigForBytes(1e12);
    CHECK(bigger.hidden > dims.hidden);
}

TEST_CASE("a kernel's prediction, ratio and explanation come from the ceilings and the measured time")
{
    Ceilings ceilings = roundCeilings();
    ceilings.source = "test";
    // 1 GFLOP and 1 MB: compute bound on 100 GFLOP/s and 10 GB/s, predicted 10 ms.
    const accelscope::models::roofline::KernelCost compute{"gemm", "", 1e9, 1e6, ""};
    const KernelReport slow = makeReport("k", "a kernel", compute, false, Timing{0.02, 0.03, 0.04, 3}, ceilings, "a reason");
    CHECK_THAT(slow.predicted.timeS, Catch::WithinRel(0.01, 1e-12));
    CHECK_THAT(slow.measuredOverPredicted, Catch::WithinRel(2.0, 1e-12));
    // 1 GFLOP in 20 ms = 50 GFLOP/s = 50 % of the peak, 25 FLOP per cycle at 2000 MHz.
    CHECK_THAT(slow.explanation, Catch::Contains("reaches 50 % of the one-core FMA peak") && Catch::Contains("25.0 FLOP/cycle") &&
                                     Catch::Contains("2.0x the predicted") && Catch::Contains("a reason"));
    const KernelReport onTime = makeReport("k", "a kernel", compute, false, Timing{0.011, 0.011, 0.011, 1}, ceilings, "a reason");
    CHECK_THAT(onTime.explanation, Catch::Contains("within 25 % of the prediction") && !Catch::Contains("a reason") &&
                                       !Catch::Contains("disturbed"));
    // A thread that had the core for 40 % of its best run: the explanation says so.
    const KernelReport shared = makeReport("k", "a kernel", compute, false, Timing{0.02, 0.02, 0.02, 1, 0.4}, ceilings, "a reason");
    CHECK_THAT(shared.explanation, Catch::Contains("disturbed: this thread had the core for only 40 %"));
    // FP64 uses the FP64 peak: 50 GFLOP/s, 20 ms predicted.
    CHECK_THAT(makeReport("k", "k", compute, true, Timing{0.02, 0.02, 0.02, 1}, ceilings, "").measuredOverPredicted,
               Catch::WithinRel(1.0, 1e-12));
    // 1 MFLOP and 1 GB: memory bound, 100 ms predicted; 50 ms measured means a cache served part of it.
    const accelscope::models::roofline::KernelCost memory{"gemv", "", 1e6, 1e9, ""};
    const KernelReport fast = makeReport("m", "a stream", memory, false, Timing{0.05, 0.05, 0.05, 1}, ceilings, "");
    CHECK_THAT(fast.explanation, Catch::Contains("at 20.0 GB/s, 200 % of the DRAM read bandwidth") &&
                                     Catch::Contains("served from cache"));
    // No cache sizes in these ceilings: every kernel streams from DRAM, and says why.
    CHECK(fast.level.cacheLevel == 0);
    CHECK_THAT(fast.explanation, Catch::Contains("no cache sizes known: predicted from the DRAM read bandwidth 10.0 GB/s"));
    LabResult result;
    addReport(result, slow);
    REQUIRE(result.summary.size() == 9);
    CHECK(result.summary[0].key == "k_measured_ms");
    CHECK(result.summary[0].value == 20.0);
    CHECK(result.summary[2].key == "k_measured_over_predicted");
    CHECK(result.summary[3].key == "k_gflops");
    CHECK(result.summary[3].value == Approx(50.0));
    // What a stored run needs to place the kernel on a roofline: its FLOPs, bytes and predicted bound.
    CHECK(result.summary[4].key == "k_flops");
    CHECK(result.summary[4].value == slow.cost.flops);
    CHECK(result.summary[5].key == "k_bytes");
    CHECK(result.summary[5].value == slow.cost.bytes);
    CHECK(result.summary[6].key == "k_level");
    CHECK(result.summary[6].value == 0.0);
    CHECK(result.summary[7].key == "k_level_gbs");
    CHECK(result.summary[7].value == 10.0);
    CHECK(result.summary[8].key == "k_compute_bound");
    CHECK(result.summary[8].value == (slow.predicted.bound == accelscope::models::roofline::Bound::Compute ? 1.0 : 0.0));
}

TEST_CASE("a kernel whose working set fits in a cache is predicted from that cache's swept bandwidth")
{
    Ceilings ceilings = roundCeilings();
    ceilings.caches = {{1, 48.0 * 1024}, {2, 2.0 * (1 << 20)}, {3, 480.0 * (1 << 20)}};
    ceilings.sweep = {{32.0 * 1024, 200}, {1.0 * (1 << 20), 80}, {32.0 * (1 << 20), 40}, {1.0 * (1 << 30), 10}};
    // A GEMV of 2048 x 4096 FP32: 32 MiB of weights + 16 KiB of x + 8 KiB of y, in L3 (2 MiB < ws ≤ 480 MiB).
    const auto cost = accelscope::models::roofline::gemv(2048, 4096, 4, 4);
    const KernelReport inL3 = makeReport("gemv", "GEMV", cost, false, Timing{cost.bytes / 40e9, 0, 0, 1}, ceilings, "why");
    CHECK(inL3.level.name == "L3");
    CHECK(inL3.level.bandwidthGBps == 40.0);
    // Predicted from 40 GB/s, not the 10 GB/s of DRAM: the measured time equals it.
    CHECK_THAT(inL3.predicted.timeS, Catch::WithinRel(cost.bytes / 40e9, 1e-12));
    CHECK_THAT(inL3.measuredOverPredicted, Catch::WithinRel(1.0, 1e-12));
    CHECK_THAT(inL3.explanation, Catch::Contains("fits in L3 (480 MiB): predicted from the L3 read bandwidth 40.0 GB/s measured at 32 MiB") &&
                                     Catch::Contains("100 % of the L3 read bandwidth"));
    // The same kernel 4x faster than L3 allows: faster than the sweep, not "served from cache".
    const KernelReport faster = makeReport("gemv", "GEMV", cost, false, Timing{cost.bytes / 160e9, 0, 0, 1}, ceilings, "why");
    CHECK_THAT(faster.explanation, Catch::Contains("faster than the sweep's read kernel") && !Catch::Contains("served from cache"));
    // 600 MiB of weights: past L3, DRAM.
    const auto big = accelscope::models::roofline::gemv(600.0 * (1 << 20) / 4 / 4096, 4096, 4, 4);
    const KernelReport inDram = makeReport("gemv", "GEMV", big, false, Timing{1, 1, 1, 1}, ceilings, "why");
    CHECK(inDram.level.cacheLevel == 0);
    CHECK_THAT(inDram.predicted.timeS, Catch::WithinRel(big.bytes / 10e9, 1e-12));
    LabResult result;
    addReport(result, inL3);
    const auto level = std::ranges::find(result.summary, std::string("gemv_level"), &SummaryFigure::key);
    REQUIRE(level != result.summary.end());
    CHECK(level->value == 3.0);
    CHECK_THAT(level->note, Catch::Contains("L3"));
}

TEST_CASE("timed runs report the best, median and worst time and the thread's share of the core")
{
    int calls = 0;
    const Timing t = timeRuns(3, [&] { ++calls; });
    CHECK(calls == 4); // one warm-up, three timed
    CHECK(t.runs == 3);
    CHECK(t.bestS <= t.medianS);
    CHECK(t.medianS <= t.worstS);
    CHECK(t.cpuShare <= 1.0);
    // A thread that sleeps uses no CPU time: its share of the core is far below 1.
    const Timing sleeping = timeRuns(1, [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });
    CHECK(sleeping.cpuShare < 0.5);
}

TEST_CASE("the cpu-kernels lab runs at quick sizes and reports every figure of its contract")
{
    const auto registry = LabRegistry::withAllLabs();
    Lab* lab = registry.find("cpu-kernels");
    REQUIRE(lab != nullptr);
    RunConfig config;
    config.quick = true;
    const auto result = lab->run(config);
    if (!result) FAIL(result.error().message);
    for (const char* key : {"fp32_peak_gflops", "sgemm_blas_gflops", "sgemm_best_own_gflops", "gemv_measured_over_predicted",
                            "attention_tiled_over_materialised", "decode_tokens_per_s", "decode_measured_over_predicted"}) {
        INFO(key);
        const auto it = std::ranges::find(result->summary, std::string(key), &SummaryFigure::key);
        REQUIRE(it != result->summary.end());
        CHECK(it->value > 0.0);
        CHECK(std::isfinite(it->value));
    }
    // The read sweep of this run reaches past every cache of the machine hwloc describes, and each
    // kernel's level is the one threadCaches and measuredLevel give for its working set.
    const auto sweep = std::ranges::find(result->series, std::string("KiB"), &Series::xUnit);
    REQUIRE(sweep != result->series.end());
    CHECK(sweep->points.size() >= 5);
    const auto gemvLevel = std::ranges::find(result->summary, std::string("gemv_level"), &SummaryFigure::key);
    REQUIRE(gemvLevel != result->summary.end());
    const auto gemvBytes = std::ranges::find(result->summary, std::string("gemv_bytes"), &SummaryFigure::key);
    REQUIRE(gemvBytes != result->summary.end());
    auto machine = accelscope::labs::machine::describeLocalMachine();
    REQUIRE(machine);
    std::vector<accelscope::models::roofline::SweepPoint> points;
    for (const auto& p : sweep->points) points.push_back({p.x * 1024, p.y});
    const auto expected = accelscope::models::roofline::measuredLevel(gemvBytes->value, threadCaches(*machine), points, 1, 1);
    REQUIRE(expected);
    CHECK(gemvLevel->value == expected->cacheLevel);
    CHECK_THAT(gemvLevel->note, Catch::Contains(expected->name));
    // Every kernel's ratio comes with a generated explanation that quotes its numbers.
    const auto gemv = std::ranges::find(result->summary, std::string("gemv_measured_over_predicted"), &SummaryFigure::key);
    CHECK(gemv->note.find("GB/s") != std::string::npos);
    CHECK(std::ranges::count(result->summary, std::string("decode_int8_tokens_per_s"), &SummaryFigure::key) == 1);
    CHECK(std::ranges::count(result->summary, std::string("sgemm_blas_gflops"), &SummaryFigure::key) == 1);
    // The decode model's shape travels with the result: read back, it is the model the run sized.
    const auto decode = machineDecode(*result);
    if (!decode) FAIL(decode.error().message);
    const auto sized = llamaConfigForBytes(result->parameters.at("model_mib") * (1 << 20));
    CHECK(decode->config.hidden == sized.hidden);
    CHECK(decode->config.ffn == sized.ffn);
    CHECK(decode->config.vocab == sized.vocab);
    CHECK(decode->steps == static_cast<int>(result->parameters.at("tokens")));
    CHECK(decode->formats.size() == 2);
}
