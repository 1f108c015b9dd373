// SPDX-License-Identifier: MIT
// `accelscope-cli roofline` and `accelscope-cli llm`: device ceilings, kernels, LLM inference bounds.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

void addRooflineCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
