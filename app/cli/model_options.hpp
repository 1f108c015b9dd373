// SPDX-License-Identifier: MIT
// Shared CLI options: a transformer named by preset, a JSON file or flags; a catalog device by name.
#pragma once

#include "app/cli/cli_context.hpp"
#include "models/roofline/transformer_config.hpp"

#include <memory>
#include <string>

namespace CLI {
class App;
}

namespace accelscope::cli {

/// --model PRESET | --config FILE | --layers … flags.
struct ModelOptions {
    std::string preset;
    std::string configFile;
    models::roofline::TransformerConfig flags;
    bool noGate = false;
    bool layerNorm = false;
};

/// Adds the model options to `cmd`; `requireModel` false lets a command accept none (memory train --params).
void addModelOptions(CLI::App& cmd, ModelOptions& options);

/// Whether the user named a model in any of the three ways.
bool modelGiven(const ModelOptions& options);

/// The configuration the options name; errors say which option is wrong.
models::Result<models::roofline::TransformerConfig> resolveModel(const ModelOptions& options);

/// A catalog device by id, name or unique substring (errors list candidates).
models::Result<models::catalog::Device> resolveDevice(const CliContext& ctx, const std::string& query);

/// Model JSON for outputs: id, name, source and parameter counts.
nlohmann::json modelJson(const models::roofline::TransformerConfig& config);

} // namespace accelscope::cli
