// SPDX-License-Identifier: MIT
// Test tensors drawn from named distributions with an explicit seed (reproducible).
#pragma once

#include "models/common/result.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <cstddef>
#include <vector>

namespace accelscope::models::precision {

/// Names: "normal" (μ 0, σ 1), "laplace" (b 1), "uniform" (−1 to 1), "student-t" (ν = 3, heavy
/// tails, plus 0.1% outliers ×20, like activation outliers in LLMs).
std::span<const std::string_view> distributionNames();

/// The most values a generated tensor holds: 2^22 = 4,194,304, as many FP32 values as the largest
/// tensor file `format quantize --input` reads (16 MiB), so that a maximum run of every format takes
/// seconds (issue #29: 10^8 values took 17 s and 2.1 GB for three formats).
constexpr std::size_t maxGeneratedValues = std::size_t{1} << 22;

/// `count` values from the distribution, seeded (std::mt19937_64). Error for an unknown name or
/// a count above `maxGeneratedValues`.
Result<std::vector<double>> generateDistribution(std::string_view name, std::size_t count, std::uint64_t seed);

} // namespace accelscope::models::precision
