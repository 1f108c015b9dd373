// SPDX-License-Identifier: MIT
// The loops of simd_kernels.hpp, written once over an operations type and instantiated in one
// file per instruction set (kernels_*.cpp, each with its own -m flags). Include nothing here that
// other files also instantiate: an inline function compiled with -mavx512f could be picked by the
// linker for the whole program and fault on a CPU without it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accelscope::labs::compute_peak::loops {

// Ops: V (vector), T (element), set1(T), fma(a, b, c) = a·b + c, add, sum(V); the intensity loop
// (FP32 only) also needs lanes (elements per vector) and load(const T*).
template <class Ops>
double peak(std::uint64_t iterations)
{
    using V = typename Ops::V;
    using T = typename Ops::T;
    constexpr int chains = 12; // = peakChains
    V acc[chains];
#pragma GCC unroll 12
    for (int i = 0; i < chains; ++i) acc[i] = Ops::set1(static_cast<T>(0.01 * i));
    const V m = Ops::set1(static_cast<T>(0.999));
    const V c = Ops::set1(static_cast<T>(0.001));
    for (std::uint64_t it = 0; it < iterations; ++it) {
#pragma GCC unroll 12
        for (int i = 0; i < chains; ++i) acc[i] = Ops::fma(acc[i], m, c);
    }
    V total = acc[0];
#pragma GCC unroll 12
    for (int i = 1; i < chains; ++i) total = Ops::add(total, acc[i]);
    return static_cast<double>(Ops::sum(total));
}

// One step of the intensity kernel: chain j loads the vector at data + at[j], applies `fmas`
// multiply-adds and adds it into its accumulator.
template <class Ops, int Chains>
inline void intensityStep(typename Ops::V (&acc)[Chains], const float* const (&at)[Chains], int fmas,
                          typename Ops::V m, typename Ops::V c)
{
    using V = typename Ops::V;
    V v[Chains];
#pragma GCC unroll 8
    for (int j = 0; j < Chains; ++j) v[j] = Ops::load(at[j]);
    for (int f = 0; f < fmas; ++f) {
#pragma GCC unroll 8
        for (int j = 0; j < Chains; ++j) v[j] = Ops::fma(v[j], m, c);
    }
#pragma GCC unroll 8
    for (int j = 0; j < Chains; ++j) acc[j] = Ops::add(acc[j], v[j]);
}

// Each chain walks its own 4 KiB page, eight pages at once, one vector from each in turn: the
// traversal of the bandwidth lab's read kernel (memory_bandwidth/stream_loops.hpp, `visit<8>`).
// Eight pages are eight streams to the hardware prefetchers, so at k = 0 the loop reads DRAM as fast
// as that kernel does; one sequential pass read about 6 % slower than likwid-bench `load` on the
// development VM. What is left after the last whole group of eight pages is read in order.
template <class Ops>
double intensity(const float* data, std::size_t n, int fmas)
{
    using V = typename Ops::V;
    constexpr int chains = 8; // = intensityChains
    constexpr std::size_t block = chains * Ops::lanes;
    constexpr std::size_t page = 1024; // floats in 4 KiB
    static_assert(page % Ops::lanes == 0);
    V acc[chains];
#pragma GCC unroll 8
    for (int j = 0; j < chains; ++j) acc[j] = Ops::set1(0.0f);
    const V m = Ops::set1(0.999f);
    const V c = Ops::set1(0.001f);
    std::size_t base = 0;
    for (; base + chains * page <= n; base += chains * page) {
        for (std::size_t off = 0; off < page; off += Ops::lanes) {
            const float* at[chains];
#pragma GCC unroll 8
            for (int j = 0; j < chains; ++j) at[j] = data + base + static_cast<std::size_t>(j) * page + off;
            intensityStep<Ops, chains>(acc, at, fmas, m, c);
        }
    }
    for (; base + block <= n; base += block) {
        const float* at[chains];
#pragma GCC unroll 8
        for (int j = 0; j < chains; ++j) at[j] = data + base + static_cast<std::size_t>(j) * Ops::lanes;
        intensityStep<Ops, chains>(acc, at, fmas, m, c);
    }
    double total = 0.0;
    for (int j = 0; j < chains; ++j) total += static_cast<double>(Ops::sum(acc[j]));
    return total;
}

} // namespace accelscope::labs::compute_peak::loops
