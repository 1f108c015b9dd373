// SPDX-License-Identifier: MIT
// The loops of simd_kernels.hpp, written once over an operations type and instantiated in one
// file per instruction set (kernels_*.cpp, each with its own -m flags). Include nothing here that
// other files also instantiate: an inline function compiled with -mavx512f could be picked by the
// linker for the whole program and fault on a CPU without it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accelscope::labs::compute_peak::loops {

// Ops: V (vector), T (element), lanes, set1(T), load(const T*), fma(a, b, c) = a·b + c, add, sum(V).
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

template <class Ops>
double intensity(const float* data, std::size_t n, int fmas)
{
    using V = typename Ops::V;
    constexpr int chains = 8; // = intensityChains
    constexpr std::size_t block = chains * Ops::lanes;
    V acc[chains];
#pragma GCC unroll 8
    for (int j = 0; j < chains; ++j) acc[j] = Ops::set1(0.0f);
    const V m = Ops::set1(0.999f);
    const V c = Ops::set1(0.001f);
    for (std::size_t i = 0; i + block <= n; i += block) {
        V v[chains];
#pragma GCC unroll 8
        for (int j = 0; j < chains; ++j) v[j] = Ops::load(data + i + static_cast<std::size_t>(j) * Ops::lanes);
        for (int f = 0; f < fmas; ++f) {
#pragma GCC unroll 8
            for (int j = 0; j < chains; ++j) v[j] = Ops::fma(v[j], m, c);
        }
#pragma GCC unroll 8
        for (int j = 0; j < chains; ++j) acc[j] = Ops::add(acc[j], v[j]);
    }
    double total = 0.0;
    for (int j = 0; j < chains; ++j) total += static_cast<double>(Ops::sum(acc[j]));
    return total;
}

} // namespace accelscope::labs::compute_peak::loops
