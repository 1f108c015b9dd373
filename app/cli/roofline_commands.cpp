// SPDX-License-Identifier: MIT
// Roofline and LLM commands: options → models/roofline → text or JSON.
#include "app/cli/roofline_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::roofline;
using nlohmann::json;

std::string num(double v, const char* format = "%.4g")
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

struct RooflineOptions {
    std::string device;
    std::string precision = "bf16";
    std::string unit = "tensor";
    bool sparse = false;
    std::vector<std::string> kernels;
};

json ceilingsJson(const DeviceRoofline& roof, double computeTflops)
{
    json compute = json::array();
    for (const auto& c : roof.compute) {
        compute.push_back({{"precision", c.precision}, {"unit", unitName(c.unit)}, {"sparsity", sparsityName(c.sparsity)},
                           {"peak_tflops", c.peakTflops}, {"figure", c.figureKey}, {"derived_in_catalog", c.derivedInCatalog}});
    }
    json bandwidth = json::array();
    for (const auto& b : roof.bandwidth) {
        bandwidth.push_back({{"level", memoryLevelName(b.level)}, {"label", b.label}, {"bandwidth_gbs", b.bandwidthGBps},
                             {"basis", basisName(b.basis)}, {"source", b.source},
                             {"ridge_flop_per_byte", ridgeFlopPerByte(computeTflops, b.bandwidthGBps)}});
    }
    return {{"compute", compute}, {"bandwidth", bandwidth}};
}

ExitCode runRoofline(const CliContext& ctx, const RooflineOptions& o)
{
    const auto device = resolveDevice(ctx, o.device);
    if (!device) return ctx.error(device.error());
    const ComputeUnit unit = o.unit == "vector" ? ComputeUnit::Vector : ComputeUnit::Tensor;
    const auto compute = computeCeiling(*device, o.precision, unit, o.sparse ? Sparsity::Sparse : Sparsity::Dense);
    if (!compute) return ctx.error(compute.error());
    const auto memory = deviceMemoryCeiling(*device);
    if (!memory) return ctx.error(memory.error());
    std::vector<KernelCost> kernels;
    for (const auto& spec : o.kernels) {
        auto k = kernelFromSpec(spec, o.precision == "tf32" ? "fp32" : o.precision);
        if (!k) return ctx.error("--kernel: " + k.error().message);
        kernels.push_back(std::move(*k));
    }
    const DeviceRoofline roof = deviceRoofline(*device, o.sparse);
    const double ridge = ridgeFlopPerByte(compute->peakTflops, memory->bandwidthGBps);
    if (ctx.json) {
        json ks = json::array();
        for (const auto& k : kernels) {
            const KernelBound b = boundOn(k, compute->peakTflops, memory->bandwidthGBps);
            ks.push_back({{"kernel", k.name}, {"shape", k.shape}, {"flops", k.flops}, {"bytes", k.bytes},
                          {"intensity_flop_per_byte", b.intensityFlopPerByte}, {"attainable_tflops", b.attainableTflops},
                          {"time_s", b.timeS}, {"bound", boundName(b.bound)}, {"assumptions", k.assumptions}});
        }
        ctx.printJson({{"device", device->id}, {"name", device->name}, {"precision", o.precision}, {"unit", o.unit},
                       {"sparsity", o.sparse ? "sparse" : "dense"}, {"compute_tflops", compute->peakTflops},
                       {"compute_figure", compute->figureKey}, {"memory_bw_gbs", memory->bandwidthGBps},
                       {"ridge_flop_per_byte", ridge}, {"ceilings", ceilingsJson(roof, compute->peakTflops)},
                       {"kernels", ks}});
        return ExitCode::Ok;
    }
    *ctx.out << device->name << ": " << o.precision << " " << o.unit << (o.sparse ? " sparse" : " dense") << " "
             << num(compute->peakTflops) << " TFLOP/s, memory " << num(memory->bandwidthGBps) << " GB/s, ridge "
             << num(ridge, "%.1f") << " FLOP/byte\n";
    TextTable roofs({"roof", "value", "basis"});
    for (const auto& c : roof.compute) {
        roofs.addRow({c.precision + " " + std::string(unitName(c.unit)) + " " + std::string(sparsityName(c.sparsity)),
                      num(c.peakTflops) + " TFLOP/s", c.derivedInCatalog ? "derived" : "sourced"});
    }
    for (const auto& b : roof.bandwidth) roofs.addRow({b.label, num(b.bandwidthGBps) + " GB/s", std::string(basisName(b.basis))});
    *ctx.out << roofs.render();
    if (kernels.empty()) return ExitCode::Ok;
    TextTable table({"kernel", "GFLOP", "MB", "FLOP/byte", "TFLOP/s", "time [us]", "bound"});
    for (const auto& k : kernels) {
        const KernelBound b = boundOn(k, compute->peakTflops, memory->bandwidthGBps);
        table.addRow({k.name + ":" + k.shape, num(k.flops / 1e9), num(k.bytes / 1e6), num(b.intensityFlopPerByte),
                      num(b.attainableTflops), num(b.timeS * 1e6), std::string(boundName(b.bound))});
    }
    *ctx.out << table.render();
    return ExitCode::Ok;
}

struct LlmOptions {
    ModelOptions model;
    std::string device;
    LlmWorkload workload;
    std::string compute;
    bool sparse = false;
};

json phaseJson(const LlmPhase& p)
{
    json ops = json::array();
    for (const auto& op : p.ops) {
        ops.push_back({{"op", op.name}, {"count", op.count}, {"flops", op.cost.flops}, {"bytes", op.cost.bytes},
                       {"intensity_flop_per_byte", op.bound.intensityFlopPerByte},
                       {"attainable_tflops", op.bound.attainableTflops}, {"time_s", op.bound.timeS},
                       {"total_time_s", op.totalTimeS}, {"bound", op.name == "allreduce" ? "communication" : boundName(op.bound.bound)}});
    }
    return {{"flops", p.flops}, {"bytes", p.bytes}, {"compute_time_s", p.computeTimeS}, {"memory_time_s", p.memoryTimeS},
            {"comm_time_s", p.commTimeS}, {"time_s", p.timeS}, {"ops", ops}};
}

std::string phaseTable(const char* title, const LlmPhase& p)
{
    TextTable t({"op", "x", "GFLOP", "MB", "FLOP/byte", "time [us]", "total [ms]", "bound"});
    for (const auto& op : p.ops) {
        t.addRow({op.name, std::to_string(op.count), num(op.cost.flops / 1e9), num(op.cost.bytes / 1e6),
                  num(op.bound.intensityFlopPerByte), num(op.bound.timeS * 1e6), num(op.totalTimeS * 1e3),
                  op.name == "allreduce" ? "comm" : std::string(boundName(op.bound.bound))});
    }
    return std::string(title) + " (per device): " + num(p.timeS * 1e3) + " ms\n" + t.render();
}

ExitCode runLlmAnalyze(const CliContext& ctx, LlmOptions o)
{
    const auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    const auto device = resolveDevice(ctx, o.device);
    if (!device) return ctx.error(device.error());
    std::string compute = o.compute;
    if (compute.empty()) {
        const auto act = dataTypeFromName(o.workload.activations);
        if (!act) return ctx.error("--act: " + act.error().message);
        compute = act->computePrecision;
    }
    const auto hw = llmHardware(*device, compute, o.sparse ? Sparsity::Sparse : Sparsity::Dense);
    if (!hw) return ctx.error(hw.error());
    const auto a = analyzeLlm(*config, o.workload, *hw);
    if (!a) return ctx.error(a.error());
    const auto& w = o.workload;
    if (ctx.json) {
        json doc{{"model", modelJson(*config)}, {"device", device->id}, {"compute_precision", compute},
                 {"compute_tflops", hw->peakTflops}, {"memory_bw_gbs", hw->memoryBandwidthGBps},
                 {"link_bw_gbs_per_direction", hw->linkBandwidthGBps}, {"tp", w.tensorParallel}, {"batch", w.batch},
                 {"prompt", w.promptTokens}, {"gen", w.generatedTokens}, {"weights", w.weights}, {"kv", w.kvCache},
                 {"act", w.activations}, {"weights_bytes", a->weightBytes}, {"weights_bytes_per_device", a->weightBytesPerDevice},
                 {"kv_bytes_per_token", a->kvBytesPerToken}, {"kv_cache_bytes", a->kvCacheBytes},
                 {"decode_context_tokens", a->decodeContextTokens}, {"ttft_s", a->ttftS}, {"tpot_s", a->tpotS},
                 {"tokens_per_s", a->tokensPerS}, {"prefill_tokens_per_s", a->prefillTokensPerS},
                 {"decode_compute_bound_batch", a->decodeComputeBoundBatch ? json(*a->decodeComputeBoundBatch) : json(nullptr)},
                 {"prefill", phaseJson(a->prefill)}, {"decode", phaseJson(a->decode)}, {"assumptions", a->assumptions}};
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    *ctx.out << config->name << " on " << w.tensorParallel << " x " << device->name << " (" << compute << " "
             << num(hw->peakTflops) << " TFLOP/s, " << num(hw->memoryBandwidthGBps) << " GB/s)\n"
             << "parameters " << num(a->parameters.total / 1e9) << " B; weights " << num(a->weightBytes / 1e9) << " GB ("
             << num(a->weightBytesPerDevice / 1e9) << " GB per device); KV cache " << num(a->kvCacheBytes / 1e9)
             << " GB (" << num(a->kvBytesPerToken) << " bytes per token)\n"
             << "lower bounds: TTFT " << num(a->ttftS * 1e3) << " ms, per token " << num(a->tpotS * 1e3) << " ms, "
             << num(a->tokensPerS) << " tokens/s; decode compute bound from batch "
             << (a->decodeComputeBoundBatch ? std::to_string(*a->decodeComputeBoundBatch) : std::string("never")) << "\n\n"
             << phaseTable("prefill", a->prefill) << "\n" << phaseTable("decode step", a->decode);
    return ExitCode::Ok;
}

ExitCode runLlmList(const CliContext& ctx)
{
    const auto presets = modelPresets();
    if (!presets) return ctx.error(presets.error());
    if (ctx.json) {
        json list = json::array();
        for (const auto& c : *presets) list.push_back(modelJson(c));
        ctx.printJson(list);
        return ExitCode::Ok;
    }
    TextTable t({"id", "name", "params [B]", "layers", "hidden", "heads/kv", "source"});
    for (const auto& c : *presets) {
        t.addRow({c.id, c.name, num(countParameters(c).total / 1e9), std::to_string(c.layers), std::to_string(c.hidden),
                  std::to_string(c.heads) + "/" + std::to_string(c.kvHeads), c.sourceUrl});
    }
    *ctx.out << t.render();
    return ExitCode::Ok;
}

} // namespace

void addRooflineCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto r = std::make_shared<RooflineOptions>();
    CLI::App* roofline = app.add_subcommand("roofline", "a device's roofs, ridge point and kernels placed on them");
    roofline->add_option("--device", r->device, "catalog device (id, name or unique part)")->required();
    roofline->add_option("--precision", r->precision, "compute precision of the roof (fp64 … int4)")->capture_default_str();
    roofline->add_option("--unit", r->unit, "tensor or vector units")->check(CLI::IsMember({"tensor", "vector"}))->capture_default_str();
    roofline->add_flag("--sparse", r->sparse, "use the 2:4-sparse tensor roof (and list sparse roofs)");
    roofline->add_option("--kernel", r->kernels, "kernel spec, repeatable: gemm:M=4096,N=4096,K=4096 (kernels: gemm, "
                                                 "gemm-naive, gemv, decode-attention, elementwise, softmax, layernorm, "
                                                 "rmsnorm, conv2d, attention, flash-attention)");
    roofline->callback([&ctx, &exitCode, r] { exitCode = runRoofline(ctx, *r); });

    CLI::App* llm = app.add_subcommand("llm", "LLM inference on the roofline: per-op bounds, TTFT, per-token time");
    llm->require_subcommand(1);
    llm->add_subcommand("list", "model presets with their sources")->callback([&ctx, &exitCode] { exitCode = runLlmList(ctx); });
    auto o = std::make_shared<LlmOptions>();
    CLI::App* analyze = llm->add_subcommand("analyze", "every op of prefill and decode, lower bounds");
    addModelOptions(*analyze, o->model);
    analyze->add_option("--device", o->device, "catalog device")->required();
    analyze->add_option("--tp", o->workload.tensorParallel, "tensor-parallel devices")->capture_default_str();
    analyze->add_option("--batch", o->workload.batch, "sequences")->capture_default_str();
    analyze->add_option("--prompt", o->workload.promptTokens, "prompt tokens per sequence")->capture_default_str();
    analyze->add_option("--gen", o->workload.generatedTokens, "generated tokens per sequence")->capture_default_str();
    analyze->add_option("--weights", o->workload.weights, "weight format (bf16, fp8, int4, mxfp4, nvfp4, …)")->capture_default_str();
    analyze->add_option("--kv", o->workload.kvCache, "KV-cache format")->capture_default_str();
    analyze->add_option("--act", o->workload.activations, "activation format")->capture_default_str();
    analyze->add_option("--compute", o->compute, "compute roof precision (default: the activation format's)");
    analyze->add_flag("--sparse", o->sparse, "use the sparse tensor roof");
    analyze->add_option("--link-latency-us", o->workload.linkLatencyUs, "all-reduce alpha per step, microseconds (default 0)");
    analyze->callback([&ctx, &exitCode, o] { exitCode = runLlmAnalyze(ctx, *o); });
}

} // namespace accelscope::cli
