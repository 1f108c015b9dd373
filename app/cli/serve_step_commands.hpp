// SPDX-License-Identifier: MIT
// `accelscope-cli serve step`: one replica's steady state of continuous batching on the step model.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

/// Adds `step` under the `serve` command.
void addServeStepCommand(CLI::App& serve, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
