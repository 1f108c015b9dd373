// SPDX-License-Identifier: MIT
// models/common: reading a file with a size limit, and the one range check for numbers (issue #29).
#include "models/common/bounded_file.hpp"
#include "models/common/number_range.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

using namespace accelscope::models;
using accelscope::tests::TempDir;

TEST_CASE("a file at the limit is read whole, one byte over is refused by its size")
{
    TempDir dir;
    const auto at = dir.write("at.txt", std::string(1000, 'a'));
    const auto text = readFileWithLimit(at, 1000);
    REQUIRE(text.has_value());
    CHECK(*text == std::string(1000, 'a'));
    const auto over = dir.write("over.txt", std::string(1001, 'a'));
    const auto refused = readFileWithLimit(over, 1000);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message == over.string() + ": too large (1,001 > 1,000 bytes)");
    CHECK(refused.error().code == ErrorCode::InvalidData);
}

TEST_CASE("an endless device is read only up to the limit")
{
    // /dev/zero stands for every input without a size (a FIFO, a character device): it never ends.
    const auto zero = readFileWithLimit("/dev/zero", 100000);
    REQUIRE_FALSE(zero.has_value());
    CHECK(zero.error().message == "/dev/zero: too large (more than 100,000 bytes)");
    const auto empty = readFileWithLimit("/dev/null", 10);
    REQUIRE(empty.has_value());
    CHECK(empty->empty());
}

TEST_CASE("a directory or a missing file is an I/O error naming it")
{
    TempDir dir;
    const auto folder = readFileWithLimit(dir.path(), 1000);
    REQUIRE_FALSE(folder.has_value());
    CHECK(folder.error().code == ErrorCode::Io);
    CHECK(folder.error().message == dir.path().string() + ": a directory, not a file");
    const auto missing = readFileWithLimit(dir.path() / "nothing.json", 1000);
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().code == ErrorCode::Io);
    CHECK_THAT(missing.error().message, Catch::StartsWith((dir.path() / "nothing.json").string() + ": cannot open file"));
}

TEST_CASE("numberInRange takes finite values within the range and names the rest")
{
    CHECK(numberInRange("--x", 0.001, 0.001, 10.0).value() == 0.001);
    CHECK(numberInRange("--x", 10.0, 0.001, 10.0).value() == 10.0);
    const double bad = GENERATE(std::nan(""), -std::numeric_limits<double>::infinity(),
                                std::numeric_limits<double>::infinity(), 5e-324, 10.000001, -1.0);
    const auto refused = numberInRange("--x", bad, 0.001, 10.0);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().code == ErrorCode::InvalidArgument);
    CHECK_THAT(refused.error().message, Catch::StartsWith("--x must be a number from 0.001 to 10, got "));
    CHECK(numberInRange("--ttft-ms", std::nan(""), 0.001, 3600000.0).error().message ==
          "--ttft-ms must be a number from 0.001 to 3,600,000, got nan");
}
