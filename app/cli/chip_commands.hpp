// SPDX-License-Identifier: MIT
// `chip occupancy`: occupancy of a kernel launch on NVIDIA and AMD CDNA compute units.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addChipCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
