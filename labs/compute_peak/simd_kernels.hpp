// SPDX-License-Identifier: MIT
// FMA peak and arithmetic-intensity kernels for every x86 instruction set this CPU may have,
// chosen at run time (the binary runs on CPUs without AVX2 or AVX-512).
#pragma once

#include "labs/compute_peak/kernel_entries.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace accelscope::labs::compute_peak {

/// The instruction sets a kernel can use, narrowest first.
enum class Isa { Scalar, ScalarFma, Sse, Avx2Fma, Avx512 };
inline constexpr Isa allIsas[] = {Isa::Scalar, Isa::ScalarFma, Isa::Sse, Isa::Avx2Fma, Isa::Avx512};

struct IsaInfo {
    const char* name;       ///< "avx2+fma"
    int widthBits;          ///< vector width; a scalar's element width for the scalar ones
    bool fusedMultiplyAdd;  ///< one FMA instruction, or a multiply and an add
};

IsaInfo isaInfo(Isa isa);
/// True when this CPU runs `isa` (cpuid through __builtin_cpu_supports) and the OS saves its registers.
bool isaSupported(Isa isa);
/// The widest supported instruction set.
Isa widestIsa();
/// Elements of `precision` per vector of `isa` (1 for the scalar ones).
int lanes(Isa isa, Precision precision);

/// Independent accumulator chains in the peak kernel: more than FMA latency × FMA ports on
/// current x86 cores (4 cycles × 2 ports = 8), so the pipes never wait for a result.
inline constexpr int peakChains = 12;

/// Runs `iterations` rounds of `peakChains` multiply-adds (acc = acc·0.999 + 0.001) on vectors of
/// `isa` and returns the sum of all lanes. Each chain converges to 1, so after a few thousand
/// iterations the result is peakChains × lanes (a check that the work was done).
/// FLOPs = iterations × peakChains × lanes × 2. The ISA must be supported.
double fmaPeakLoop(Isa isa, Precision precision, std::uint64_t iterations);

/// Elements per block of the intensity kernel; the span's size must be a multiple of it.
inline constexpr int intensityChains = 8;
std::size_t intensityBlockElements(Isa isa);

/// Reads every float of `data` once, applies `fmas` multiply-adds (v = v·0.999 + 0.001) to it,
/// and sums the results. FLOPs per element = 2·fmas + 1, bytes per element = 4. With all inputs
/// 1.0 every element stays exactly 1.0, so the sum is exactly the element count (up to 2^24 per
/// lane). The ISA must be supported.
double intensityLoop(Isa isa, std::span<const float> data, int fmas);


} // namespace accelscope::labs::compute_peak
