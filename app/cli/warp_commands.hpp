// SPDX-License-Identifier: MIT
// `accelscope-cli warp …`: run the warp-divergence simulator on a preset or a program file.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addWarpCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
