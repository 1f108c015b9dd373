// SPDX-License-Identifier: MIT
// Model and device resolution for the roofline, llm and memory commands.
#include "app/cli/model_options.hpp"

#include "models/catalog/device_query.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <CLI/CLI.hpp>

namespace accelscope::cli {

using namespace models::roofline;

namespace {

template <typename Tokens>
void addShape(CLI::App& cmd, std::string& weights, std::string& kv, Tokens& inputTokens, Tokens& outputTokens)
{
    cmd.add_option("--weights", weights, "weight format (" + models::roofline::llmStorageFormatsText() + ")")->capture_default_str();
    cmd.add_option("--kv", kv, "KV-cache format")->capture_default_str();
    cmd.add_option("--input", inputTokens, "mean prompt tokens")->capture_default_str();
    cmd.add_option("--output", outputTokens, "mean generated tokens")->capture_default_str();
}

} // namespace

void addRequestShapeOptions(CLI::App& cmd, std::string& weights, std::string& kv, double& inputTokens, double& outputTokens)
{
    addShape(cmd, weights, kv, inputTokens, outputTokens);
}

void addRequestShapeOptions(CLI::App& cmd, std::string& weights, std::string& kv, int& inputTokens, int& outputTokens)
{
    addShape(cmd, weights, kv, inputTokens, outputTokens);
}

std::string requestShapeError(double inputTokens, double outputTokens)
{
    const auto within = [](double tokens) { return tokens >= 1 && tokens <= 1e7; };
    return within(inputTokens) && within(outputTokens) ? "" : "--input and --output must be from 1 to 10,000,000 tokens";
}

void addModelOptions(CLI::App& cmd, ModelOptions& o)
{
    auto& f = o.flags;
    cmd.add_option("--model", o.preset, "model preset (" + modelPresetIds() + ")");
    cmd.add_option("--config", o.configFile, "model JSON file (keys as in data/models/presets.json)");
    cmd.add_option("--layers", f.layers, "user model: transformer layers");
    cmd.add_option("--hidden", f.hidden, "user model: hidden size");
    cmd.add_option("--heads", f.heads, "user model: attention heads");
    cmd.add_option("--kv-heads", f.kvHeads, "user model: KV heads (default: heads)");
    cmd.add_option("--head-dim", f.headDim, "user model: head dimension (default: hidden / heads)");
    cmd.add_option("--ffn", f.ffn, "user model: FFN intermediate size");
    cmd.add_option("--vocab", f.vocab, "user model: vocabulary size");
    cmd.add_flag("--no-gate", o.noGate, "user model: plain (non-gated) FFN with 2 matrices");
    cmd.add_flag("--layernorm", o.layerNorm, "user model: LayerNorm instead of RMSNorm");
    cmd.add_option("--sliding-window", f.slidingWindow, "user model: attention window in tokens");
    cmd.add_option("--experts", f.moe.experts, "user model: routed experts (MoE)");
    cmd.add_option("--top-k", f.moe.topK, "user model: experts per token");
    cmd.add_option("--shared-experts", f.moe.sharedExperts, "user model: shared experts");
    cmd.add_option("--expert-ffn", f.moe.expertFfn, "user model: expert intermediate size (default: --ffn)");
    cmd.add_option("--dense-layers", f.moe.denseLayers, "user model: leading dense layers of a MoE model");
    cmd.add_option("--kv-lora-rank", f.mla.kvLoraRank, "user model: MLA latent size");
    cmd.add_option("--q-lora-rank", f.mla.qLoraRank, "user model: MLA query latent size");
    cmd.add_option("--rope-head-dim", f.mla.qkRopeHeadDim, "user model: MLA decoupled RoPE key dim");
    cmd.add_option("--nope-head-dim", f.mla.qkNopeHeadDim, "user model: MLA non-RoPE query/key dim");
    cmd.add_option("--v-head-dim", f.mla.vHeadDim, "user model: MLA value head dim");
}

bool modelGiven(const ModelOptions& o) { return !o.preset.empty() || !o.configFile.empty() || o.flags.layers != 0; }

models::Result<TransformerConfig> resolveModel(const ModelOptions& o)
{
    const int ways = int(!o.preset.empty()) + int(!o.configFile.empty()) + int(o.flags.layers != 0);
    if (ways == 0) {
        return models::fail(models::ErrorCode::InvalidArgument,
                            "no model: give --model PRESET, --config FILE or --layers/--hidden/--heads/--ffn/--vocab");
    }
    if (ways > 1) {
        return models::fail(models::ErrorCode::InvalidArgument, "give only one of --model, --config and --layers");
    }
    if (!o.preset.empty()) return findModelPreset(o.preset);
    if (!o.configFile.empty()) return loadModelConfigFile(o.configFile);
    TransformerConfig c = o.flags;
    c.id = "user";
    c.name = "user-defined model";
    c.gatedFfn = !o.noGate;
    c.norm = o.layerNorm ? NormKind::Layer : NormKind::Rms;
    if (c.kvHeads == 0) c.kvHeads = c.heads;
    if (c.headDim == 0 && c.heads > 0) c.headDim = c.hidden / c.heads;
    if (c.isMoe() && c.moe.expertFfn == 0) c.moe.expertFfn = c.ffn;
    if (auto v = validateConfig(c); !v) return models::fail(models::ErrorCode::InvalidArgument, "model flags: " + v.error().message);
    return c;
}

models::Result<models::catalog::Device> resolveDevice(const CliContext& ctx, const std::string& query)
{
    auto set = ctx.loadCatalog();
    if (!set) return std::unexpected(set.error());
    auto found = models::catalog::findDevice(set->devices, query);
    if (!found) return std::unexpected(found.error());
    return **found;
}

models::Result<DeviceOnFabric> resolveDeviceOnFabric(const CliContext& ctx, const std::string& query, long long devices, int gpusPerNode)
{
    auto set = ctx.loadCatalog();
    if (!set) return std::unexpected(set.error());
    auto found = models::catalog::findDevice(set->devices, query);
    if (!found) return std::unexpected(found.error());
    auto fabric = models::system::fabricForDeviceCount(**found, set->devices, devices, gpusPerNode);
    if (!fabric) return std::unexpected(fabric.error());
    return DeviceOnFabric{**found, std::move(*fabric)};
}

nlohmann::json modelJson(const TransformerConfig& c)
{
    const ParameterCount p = countParameters(c);
    return nlohmann::json{{"id", c.id}, {"name", c.name}, {"source_url", c.sourceUrl}, {"source_where", c.sourceWhere},
                          {"layers", c.layers}, {"hidden", c.hidden}, {"heads", c.heads}, {"kv_heads", c.kvHeads},
                          {"head_dim", c.headDim}, {"ffn", c.ffn}, {"vocab", c.vocab},
                          {"moe_experts", c.moe.experts}, {"moe_top_k", c.moe.topK},
                          {"mla_kv_lora_rank", c.mla.kvLoraRank}, {"sliding_window", c.slidingWindow},
                          {"parameters", p.total}, {"active_parameters", p.activePerToken}};
}

} // namespace accelscope::cli
