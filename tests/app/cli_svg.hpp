// SPDX-License-Identifier: MIT
// The bytes `accelscope-cli … --svg FILE` writes, for the tests that hold a page's "Export figure" to them.
#pragma once

#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace accelscope::tests {

/// Runs `accelscope-cli` + `args` + `--svg FILE` (FILE in `dir`, removed first) against `userDb` and returns what it
/// wrote; the test fails, with the command's stderr, when the command does.
inline std::string cliSvg(const std::filesystem::path& userDb, const TempDir& dir, std::vector<std::string> args)
{
    const auto file = dir.path() / "cli-figure.svg";
    std::filesystem::remove(file);
    args.insert(args.end(), {"--svg", file.string()});
    const auto run = runCli(userDb, args);
    INFO(run.err);
    REQUIRE(run.status == 0);
    return readText(file);
}

} // namespace accelscope::tests
