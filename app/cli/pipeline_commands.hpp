// SPDX-License-Identifier: MIT
// `accelscope-cli pipeline`: simulate a pipeline-parallel schedule.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addPipelineCommand(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
