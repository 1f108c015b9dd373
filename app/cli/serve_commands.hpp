// SPDX-License-Identifier: MIT
// `accelscope-cli serve`: serving estimates, the planner and the calibration fit.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addServeCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
