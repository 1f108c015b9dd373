// SPDX-License-Identifier: MIT
// Seeded distributions for quantization experiments.
#include "models/precision/distributions.hpp"

#include <array>
#include <cmath>
#include <random>
#include <string>

namespace accelscope::models::precision {
namespace {

constexpr std::array<std::string_view, 4> names{"normal", "laplace", "uniform", "student-t"};
} // namespace

std::span<const std::string_view> distributionNames() { return names; }

Result<std::vector<double>> generateDistribution(std::string_view name, std::size_t count, std::uint64_t seed)
{
    if (count > maxGeneratedValues) {
        return fail(ErrorCode::InvalidArgument, "count " + std::to_string(count) + " is above the limit of " +
                                                    std::to_string(maxGeneratedValues) + " values");
    }
    std::mt19937_64 engine(seed);
    std::vector<double> out(count);
    if (name == "normal") {
        std::normal_distribution<double> d(0.0, 1.0);
        for (auto& v : out) v = d(engine);
    } else if (name == "laplace") {
        std::exponential_distribution<double> d(1.0);
        std::bernoulli_distribution sign(0.5);
        for (auto& v : out) v = sign(engine) ? d(engine) : -d(engine);
    } else if (name == "uniform") {
        std::uniform_real_distribution<double> d(-1.0, 1.0);
        for (auto& v : out) v = d(engine);
    } else if (name == "student-t") {
        std::student_t_distribution<double> d(3.0);
        std::bernoulli_distribution outlier(0.001);
        for (auto& v : out) v = d(engine) * (outlier(engine) ? 20.0 : 1.0);
    } else {
        return fail(ErrorCode::InvalidArgument,
                    "unknown distribution '" + std::string(name) + "' (normal, laplace, uniform, student-t)");
    }
    return out;
}

} // namespace accelscope::models::precision
