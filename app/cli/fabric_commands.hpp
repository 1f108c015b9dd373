// SPDX-License-Identifier: MIT
// `fabric collective | sweep | topology | check | import`: collectives on a catalog device's fabric.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addFabricCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
