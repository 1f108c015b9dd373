// SPDX-License-Identifier: MIT
// The accelscope-cli command tree, callable from tests with captured streams.
#pragma once

#include <iosfwd>

namespace accelscope::cli {

/// Parses arguments and runs one command; returns the process exit status.
int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
/// The same, with `in` as standard input (for `format encode` without values).
int runCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace accelscope::cli
