// SPDX-License-Identifier: MIT
// Runs Catch so that a filter matching no test case fails (`--warn NoTests`). ctest runs one
// test case per entry by name; a name the filter cannot match (catch_discover_tests cuts names
// at ';') would otherwise "pass" without running anything.
#pragma once

#include <catch2/catch.hpp>

#include <vector>

namespace accelscope::tests {

inline int runCatch(int argc, char** argv)
{
    std::vector<char*> args(argv, argv + argc);
    static char warn[] = "--warn";
    static char noTests[] = "NoTests";
    args.push_back(warn);
    args.push_back(noTests);
    return Catch::Session().run(static_cast<int>(args.size()), args.data());
}

} // namespace accelscope::tests
