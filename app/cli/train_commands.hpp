// SPDX-License-Identifier: MIT
// `train plan`: the training fit search over TP/PP/DP/ZeRO/recomputation on one device type.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addTrainCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
