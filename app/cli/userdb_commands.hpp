// SPDX-License-Identifier: MIT
// `accelscope-cli userdb check|reset`: what is wrong with a damaged user database, and starting over
// with the old file kept as a backup.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addUserDbCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
