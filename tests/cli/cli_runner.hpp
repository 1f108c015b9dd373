// SPDX-License-Identifier: MIT
// Runs accelscope-cli in-process with captured output, against the bundled test catalog.
#pragma once

#include "app/cli/cli_app.hpp"

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace accelscope::tests {

struct CliRun {
    int status = 0;
    std::string out;
    std::string err;
};

/// `accelscope-cli --db <test catalog> --user-db <userDb> args…`, with `stdinText` as standard input.
inline CliRun runCli(const std::filesystem::path& userDb, std::vector<std::string> args, const std::string& stdinText = {})
{
    std::vector<std::string> all{"accelscope-cli", "--db", ACCELSCOPE_TEST_CATALOG_DB, "--user-db", userDb.string()};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<const char*> argv;
    for (const auto& a : all) argv.push_back(a.c_str());
    std::ostringstream out;
    std::ostringstream err;
    std::istringstream in(stdinText);
    const int status = cli::runCli(static_cast<int>(argv.size()), argv.data(), in, out, err);
    return {status, out.str(), err.str()};
}

} // namespace accelscope::tests
