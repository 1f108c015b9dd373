// SPDX-License-Identifier: MIT
// `accelscope-cli lab …`: list the labs, run one (progress on stderr, the record on stdout or in a
// file), and show a result file made elsewhere.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addLabCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
