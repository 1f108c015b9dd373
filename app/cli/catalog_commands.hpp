// SPDX-License-Identifier: MIT
// `accelscope-cli catalog …`: list, show, compare, validate, build, import, export, remove.
#pragma once

#include "app/cli/cli_context.hpp"

namespace CLI {
class App;
}

namespace accelscope::cli {

/// Registers the `catalog` command tree on `app`; a run stores its exit code in `exitCode`.
void addCatalogCommands(CLI::App& app, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
