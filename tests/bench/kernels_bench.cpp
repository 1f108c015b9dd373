// SPDX-License-Identifier: MIT
// The CPU kernels lab's kernels under Google Benchmark (medians over repetitions): the GEMM
// ladder, GEMV in FP32 and 8-bit, softmax, RMSNorm, attention two ways and a decode step.
#include "labs/kernels/decode_model.hpp"
#include "labs/kernels/gemm.hpp"
#include "labs/kernels/transformer_kernels.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace accelscope::labs::kernels;

namespace {

std::vector<float> values(std::size_t n)
{
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(std::sin(0.1 * static_cast<double>(i)));
    return v;
}

void gemmRung(benchmark::State& state)
{
    const auto rung = static_cast<GemmRung>(state.range(0));
    const auto n = static_cast<std::size_t>(state.range(1));
    const auto a = values(n * n);
    const auto b = values(n * n);
    std::vector<float> c(n * n);
    for (auto _ : state) {
        gemm(rung, n, n, n, a.data(), b.data(), c.data());
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.counters["GFLOP/s"] = benchmark::Counter(2.0 * static_cast<double>(n * n * n), benchmark::Counter::kIsIterationInvariantRate,
                                                   benchmark::Counter::kIs1000);
    state.SetLabel(gemmRungKey(rung));
}

// GEMV as the lab runs it (four rows at once), or with rowByRow its reference in the same run:
// one dot product per row, what gemv did before.
void gemvFp32(benchmark::State& state, bool rowByRow)
{
    const std::size_t rows = 8192;
    const std::size_t cols = 4096;
    const auto w = values(rows * cols);
    const auto x = values(cols);
    std::vector<float> y(rows);
    for (auto _ : state) {
        if (rowByRow) {
            for (std::size_t r = 0; r < rows; ++r) y[r] = dot(w.data() + r * cols, x.data(), cols);
        } else {
            gemv(w.data(), x.data(), y.data(), rows, cols);
        }
        benchmark::DoNotOptimize(y.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(rows * cols * 4));
}

void gemvInt8Weights(benchmark::State& state)
{
    const std::size_t rows = 8192;
    const std::size_t cols = 4096;
    std::vector<std::int8_t> w(rows * cols);
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = static_cast<std::int8_t>(static_cast<int>(i % 255) - 127);
    const std::vector<float> scales(rows, 0.01f);
    const auto x = values(cols);
    std::vector<float> y(rows);
    for (auto _ : state) {
        gemvInt8(w.data(), scales.data(), x.data(), y.data(), rows, cols);
        benchmark::DoNotOptimize(y.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(rows * cols));
}

void softmax(benchmark::State& state)
{
    const std::size_t rows = 1024;
    const std::size_t cols = 4096;
    auto x = values(rows * cols);
    for (auto _ : state) {
        softmaxRows(x.data(), rows, cols);
        benchmark::DoNotOptimize(x.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(rows * cols));
}

void rmsNormRows(benchmark::State& state)
{
    const std::size_t rows = 1024;
    const std::size_t cols = 4096;
    const auto x = values(rows * cols);
    const auto gamma = values(cols);
    std::vector<float> y(rows * cols);
    for (auto _ : state) {
        rmsNorm(x.data(), gamma.data(), y.data(), rows, cols, 1e-5f);
        benchmark::DoNotOptimize(y.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(rows * cols));
}

void attention(benchmark::State& state)
{
    const bool tiled = state.range(0) == 1;
    const AttentionShape shape{2, static_cast<std::size_t>(state.range(1)), 64};
    const std::size_t n = shape.heads * shape.seq * shape.headDim;
    const auto q = values(n);
    const auto k = values(n);
    const auto v = values(n);
    std::vector<float> o(n);
    std::vector<float> scores(tiled ? 0 : shape.seq * shape.seq);
    for (auto _ : state) {
        if (tiled) attentionTiled(shape, q.data(), k.data(), v.data(), o.data());
        else attentionMaterialised(shape, q.data(), k.data(), v.data(), o.data(), scores.data());
        benchmark::DoNotOptimize(o.data());
    }
    state.SetLabel(tiled ? "tiled online softmax" : "scores materialised");
}

void decodeStep(benchmark::State& state)
{
    const auto format = state.range(0) == 1 ? WeightFormat::Int8 : WeightFormat::Fp32;
    const auto dims = llamaConfigForBytes(64.0 * (1 << 20));
    DecodeModel model(dims, 1, 64);
    model.quantize();
    std::vector<float> logits(static_cast<std::size_t>(dims.vocab));
    int position = 0;
    int token = 1;
    for (auto _ : state) {
        token = model.step(format, token, position, logits);
        position = (position + 1) % 64; // stays inside the cache; later steps overwrite older entries
    }
    state.SetLabel(format == WeightFormat::Int8 ? "8-bit weights, 64 MiB FP32 model" : "FP32 weights, 64 MiB model");
}

} // namespace

BENCHMARK(gemmRung)->ArgsProduct({{0, 1, 2, 3}, {256}})->Args({2, 1024})->Args({3, 1024})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(gemvFp32, four_rows, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(gemvFp32, row_by_row, true)->Unit(benchmark::kMillisecond);
BENCHMARK(gemvInt8Weights)->Unit(benchmark::kMillisecond);
BENCHMARK(softmax)->Unit(benchmark::kMillisecond);
BENCHMARK(rmsNormRows)->Unit(benchmark::kMillisecond);
BENCHMARK(attention)->ArgsProduct({{0, 1}, {1024}})->Unit(benchmark::kMillisecond);
BENCHMARK(decodeStep)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
