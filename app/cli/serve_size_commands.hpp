// SPDX-License-Identifier: MIT
// `accelscope-cli serve size` (and `serve plan --users/--requests-per-s/--tokens-per-day`): the devices, layout and
// replicas that serve a load within a latency objective, per accelerator, with monthly cost, capex and power.
#pragma once

#include "app/cli/cli_context.hpp"
#include "app/cli/model_options.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace accelscope::cli {

/// What `serve size` takes; `serve plan` fills it from its own options when a demand is given.
struct ServeSizeOptions {
    ModelOptions model;
    std::string weights{models::system::workloadDefaults.servingFormat};
    std::string kv{models::system::workloadDefaults.servingFormat};
    double inputTokens = models::system::workloadDefaults.promptTokens;
    double outputTokens = models::system::workloadDefaults.outputTokens;
    double users = 0;
    double requestsPerS = 0;
    double tokensPerDay = 0;
    double ttftMs = 2000;
    double tpotMs = 50;
    std::vector<std::string> devices;
    int maxSequences = 2048;
    int limit = 0;
    bool memo = false;

    bool demandGiven() const { return users != 0 || requestsPerS != 0 || tokensPerDay != 0; }
};

/// Adds --users, --requests-per-s, --tokens-per-day and --devices to `cmd` (also used by `serve plan`).
void addDemandOptions(CLI::App& cmd, ServeSizeOptions& o);

ExitCode runServeSize(const CliContext& ctx, const ServeSizeOptions& o);

/// Adds `size` under the `serve` command.
void addServeSizeCommand(CLI::App& serve, CliContext& context, ExitCode& exitCode);

} // namespace accelscope::cli
