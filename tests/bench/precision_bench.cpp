// SPDX-License-Identifier: MIT
// Encode throughput (GB/s of float32 input): fast branch-free path on 1 thread and all threads,
// against the scalar reference codec (encode() per element, 1 thread).
#include "models/precision/block_format.hpp"
#include "models/precision/fast_encode.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <thread>
#include <vector>

using namespace accelscope::models::precision;

namespace {

constexpr std::size_t count = 1 << 24; // 64 MiB of float32: far beyond the caches

const std::vector<float>& input()
{
    // Built once per process; benchmark functions are the only users (no mutable global state).
    static const std::vector<float> values = [] {
        std::mt19937_64 engine(1);
        std::normal_distribution<float> d(0.0f, 1.0f);
        std::vector<float> v(count);
        for (auto& x : v) x = d(engine);
        return v;
    }();
    return values;
}

enum class Kind { Bf16, Fp16, E4M3, E5M2, MxFp4, NvFp4 };

void runFast(Kind kind, std::span<const float> in, std::span<std::uint16_t> wide, std::span<std::uint8_t> narrow,
             std::span<std::uint8_t> scales)
{
    switch (kind) {
    case Kind::Bf16: encodeFast(ElementFormat::Bf16, in, wide); break;
    case Kind::Fp16: encodeFast(ElementFormat::Fp16, in, wide); break;
    case Kind::E4M3: encodeFast(ElementFormat::Fp8E4M3, in, narrow, Overflow::Saturate); break;
    case Kind::E5M2: encodeFast(ElementFormat::Fp8E5M2, in, narrow, Overflow::Saturate); break;
    case Kind::MxFp4: encodeMxFp4Fast(in, scales, narrow); break;
    case Kind::NvFp4: encodeNvFp4Fast(in, scales, narrow); break; // per-slice tensor scale when threaded
    }
}

void fast(benchmark::State& state)
{
    const auto kind = static_cast<Kind>(state.range(0));
    const auto threads = static_cast<std::size_t>(state.range(1));
    const auto& in = input();
    std::vector<std::uint16_t> wide(count);
    std::vector<std::uint8_t> narrow(count);
    std::vector<std::uint8_t> scales(count / 16);
    const std::size_t slice = count / threads; // a multiple of 32
    for (auto _ : state) {
        std::vector<std::thread> workers;
        for (std::size_t t = 0; t < threads; ++t) {
            workers.emplace_back([&, t] {
                runFast(kind, std::span<const float>(in).subspan(t * slice, slice), std::span(wide).subspan(t * slice, slice),
                        std::span(narrow).subspan(t * slice, slice), std::span(scales).subspan(t * slice / 16, slice / 16));
            });
        }
        for (auto& w : workers) w.join();
        benchmark::DoNotOptimize(narrow.data());
        benchmark::DoNotOptimize(wide.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * count * sizeof(float)));
}

void reference(benchmark::State& state)
{
    const auto kind = static_cast<Kind>(state.range(0));
    const auto& in = input();
    const std::size_t n = count / 16; // the reference is slow: a 4 MiB slice keeps runs short
    std::vector<std::uint32_t> codes(n);
    std::vector<double> wide(in.begin(), in.begin() + static_cast<long>(n));
    const ElementFormat formats[] = {ElementFormat::Bf16, ElementFormat::Fp16, ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2};
    for (auto _ : state) {
        if (kind == Kind::MxFp4 || kind == Kind::NvFp4) {
            auto q = quantizeBlocks(kind == Kind::MxFp4 ? BlockFormat::MxFp4 : BlockFormat::NvFp4, wide);
            benchmark::DoNotOptimize(q.codes.data());
        } else {
            const ElementFormat f = formats[static_cast<int>(kind)];
            for (std::size_t i = 0; i < n; ++i) codes[i] = encode(f, static_cast<double>(in[i]), Overflow::Saturate);
            benchmark::DoNotOptimize(codes.data());
        }
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * sizeof(float)));
}

void formatArgs(benchmark::internal::Benchmark* b, bool threaded)
{
    const auto all = static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency()));
    for (std::int64_t kind = 0; kind < 6; ++kind) {
        b->Args({kind, 1});
        if (threaded && all > 1) b->Args({kind, all});
    }
    b->ArgNames({"format", "threads"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

// format: 0 BF16, 1 FP16, 2 E4M3, 3 E5M2, 4 MXFP4, 5 NVFP4
BENCHMARK(fast)->Apply([](auto* b) { formatArgs(b, true); });
BENCHMARK(reference)->Apply([](auto* b) { formatArgs(b, false); });

BENCHMARK_MAIN();
