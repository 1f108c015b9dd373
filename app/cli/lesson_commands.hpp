// SPDX-License-Identifier: MIT
// `accelscope-cli lesson …`: list, show, check (validation for CI), answer and reset.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addLessonCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
