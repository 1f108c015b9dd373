// SPDX-License-Identifier: MIT
// `accelscope-cli memory`: training and inference memory per device, and memory pyramids.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addMemoryCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
