// SPDX-License-Identifier: MIT
// `accelscope-cli format …`: list, info, encode, decode, table, quantize.
#pragma once

#include "app/cli/cli_context.hpp"

#include <iosfwd>

namespace CLI {
class App;
}

namespace accelscope::cli {

/// Registers the `format` command tree; `in` is where `format encode` reads values without arguments.
void addFormatCommands(CLI::App& app, CliContext& context, ExitCode& exitCode, std::istream& in);

} // namespace accelscope::cli
