// SPDX-License-Identifier: MIT
// Shared CLI options: a transformer named by preset, a JSON file or flags; a catalog device by name.
#pragma once

#include "app/cli/cli_context.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/fabric/fabric.hpp"

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

/// --weights and --kv (the help lists models::roofline::llmStorageFormats) and --input and --output (mean prompt and
/// generated tokens, defaults from models/system/workload): the request shape every serving command takes.
void addRequestShapeOptions(CLI::App& cmd, std::string& weights, std::string& kv, double& inputTokens, double& outputTokens);
void addRequestShapeOptions(CLI::App& cmd, std::string& weights, std::string& kv, int& inputTokens, int& outputTokens);
/// The message for --input or --output outside 1 to 10,000,000 tokens; empty when both are within.
std::string requestShapeError(double inputTokens, double outputTokens);

/// Whether the user named a model in any of the three ways.
bool modelGiven(const ModelOptions& options);

/// The configuration the options name; errors say which option is wrong.
models::Result<models::roofline::TransformerConfig> resolveModel(const ModelOptions& options);

/// A catalog device by id, name or unique substring (errors list candidates).
models::Result<models::catalog::Device> resolveDevice(const CliContext& ctx, const std::string& query);

/// A catalog device and the fabric `devices` of it form (models::system::fabricForDeviceCount over the catalog;
/// gpusPerNode 0: the catalog's scale-up domain): what the step-model commands run on.
struct DeviceOnFabric {
    models::catalog::Device device;
    models::system::Fabric fabric;
};
models::Result<DeviceOnFabric> resolveDeviceOnFabric(const CliContext& ctx, const std::string& query, long long devices, int gpusPerNode);

/// Model JSON for outputs: id, name, source and parameter counts.
nlohmann::json modelJson(const models::roofline::TransformerConfig& config);

} // namespace accelscope::cli
