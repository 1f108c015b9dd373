// SPDX-License-Identifier: MIT
// Categorical x axes: the names a series lists in its x label, read back for bar charts.
#include "labs/lab.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::labs;

TEST_CASE("a label listing indexed names gives those names as categories")
{
    const Series s{"best bandwidth per kernel", "kernel (0 copy, 1 scale, 2 add, 3 triad, 4 read, 5 fill)", "", "bandwidth",
                   "GB/s", {{0, 10}, {1, 11}, {5, 9}}};
    CHECK(xCategories(s) == std::vector<std::string>{"copy", "scale", "add", "triad", "read", "fill"});
    CHECK(xAxisName(s) == "kernel");
}

TEST_CASE("names with spaces and signs stay whole")
{
    const Series s{"fp32", "instruction set (0 scalar, 1 scalar FMA, 2 SSE2, 3 AVX2+FMA, 4 AVX-512F)", "", "peak", "GFLOP/s",
                   {{0, 1}, {3, 40}}};
    CHECK(xCategories(s) == std::vector<std::string>{"scalar", "scalar FMA", "SSE2", "AVX2+FMA", "AVX-512F"});
    CHECK(xAxisName(s) == "instruction set");
}

TEST_CASE("numeric axes and malformed lists are not categorical")
{
    using Names = std::vector<std::string>;
    const auto categories = [](std::string label, std::vector<Point> points) {
        return xCategories(Series{"s", std::move(label), "", "y", "", std::move(points)});
    };
    CHECK(categories("working set", {{16, 1}}).empty());
    CHECK(categories("M (rows of A)", {{1, 1}}).empty());
    CHECK(categories("kernel (0 copy, 2 add)", {{0, 1}}).empty());     // indices skip
    CHECK(categories("kernel (0 copy, 1 add)", {{2, 1}}).empty());     // a point past the list
    CHECK(categories("kernel (0 copy, 1 add)", {{0.5, 1}}).empty());   // not an index
    CHECK(categories("kernel (0 copy, 1 )", {{0, 1}}).empty());        // an empty name
    CHECK(categories("kernel (0 copy, 1 add)", {}) == Names{"copy", "add"});
    CHECK(xAxisName(Series{"s", "working set", "KiB", "y", "", {}}) == "working set");
}
