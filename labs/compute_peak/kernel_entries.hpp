// SPDX-License-Identifier: MIT
// The entry points of the per-instruction-set kernel files. Only <cstddef> and <cstdint> here:
// those files are compiled with -mavx2/-mavx512f and must not emit shared inline functions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accelscope::labs::compute_peak {

enum class Precision { Fp32, Fp64 };

namespace detail {
double peakScalar(Precision precision, std::uint64_t iterations);
double peakSse(Precision precision, std::uint64_t iterations);
double peakScalarFma(Precision precision, std::uint64_t iterations);
double peakAvx2(Precision precision, std::uint64_t iterations);
double peakAvx512(Precision precision, std::uint64_t iterations);
double intensityScalar(const float* data, std::size_t n, int fmas);
double intensitySse(const float* data, std::size_t n, int fmas);
double intensityScalarFma(const float* data, std::size_t n, int fmas);
double intensityAvx2(const float* data, std::size_t n, int fmas);
double intensityAvx512(const float* data, std::size_t n, int fmas);
} // namespace detail

} // namespace accelscope::labs::compute_peak
