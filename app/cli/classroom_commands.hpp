// SPDX-License-Identifier: MIT
// `accelscope-cli classroom`: a lesson step's question as the room gets it, and the bars a set of
// answers gives (the numbers and the figure the projector panel shows, without a network).
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addClassroomCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
