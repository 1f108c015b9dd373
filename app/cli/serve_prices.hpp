// SPDX-License-Identifier: MIT
// The user's prices for serving cost: stored per device and $/kWh (`serve prices`), and the one-run flags.
#pragma once

#include "app/cli/cli_context.hpp"
#include "models/serving/serving_model.hpp"

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace accelscope::cli {

/// A price typed on the command line: a finite number ≥ 0, else an error naming the option.
models::Result<double> parsePrice(const std::string& option, const std::string& text);

/// Fills `request` with the user database's prices and $/kWh; `usdPerKwh` (the --usd-per-kwh text,
/// empty when not given) overrides the stored $/kWh for this run.
models::Result<void> applyUserPrices(const CliContext& ctx, models::serving::ServingRequest& request, const std::string& usdPerKwh);

/// `serve prices set/list/clear` under `serve`.
void addPriceCommands(CLI::App& serve, CliContext& ctx, ExitCode& exitCode);

} // namespace accelscope::cli
