// SPDX-License-Identifier: MIT
// The two checks most CLI tests make: a command's one JSON document, and one error line for bad input.
#pragma once

#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace accelscope::tests {

/// `accelscope-cli --json args…` against a fresh user database: must exit 0 with nothing on stderr.
inline nlohmann::json runJson(const std::vector<std::string>& args)
{
    TempDir dir;
    std::vector<std::string> all{"--json"};
    all.insert(all.end(), args.begin(), args.end());
    const auto run = runCli(dir.path() / "user.db", all);
    INFO(run.err);
    REQUIRE(run.status == 0);
    REQUIRE(run.err.empty());
    return nlohmann::json::parse(run.out);
}

/// `accelscope-cli args…` must fail (exit 1) with exactly one line on stderr containing `words`, and print nothing on stdout.
inline void requireOneErrorLine(const std::vector<std::string>& args, const std::string& words)
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", args);
    INFO(run.err);
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK(std::ranges::count(run.err, '\n') == 1);
    CHECK_THAT(run.err, Catch::Contains(words));
}

} // namespace accelscope::tests
