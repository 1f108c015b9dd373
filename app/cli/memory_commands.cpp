// SPDX-License-Identifier: MIT
// Memory commands: options → models/memory → text or JSON.
#include "app/cli/memory_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "labs/machine/machine_info.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/llm_analysis.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::memory;
using nlohmann::json;

std::string gb(double bytes)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f GB", bytes / 1e9);
    return buf;
}

json optionalJson(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json fitJson(const models::catalog::Device& d, double bytes)
{
    const auto capacity = d.value(models::catalog::FigureKey::MemoryGb);
    return {{"device", d.id}, {"memory_bytes", capacity ? json(*capacity * 1e9) : json(nullptr)},
            {"fits", fitsOnDevice(d, bytes)}};
}

json fitListJson(const std::vector<DeviceFit>& fits)
{
    json list = json::array();
    for (const auto& f : fits) {
        list.push_back({{"device", f.device->id}, {"name", f.device->name}, {"memory_bytes", f.capacityBytes},
                        {"devices", f.devices ? json(*f.devices) : json(nullptr)}, {"per_device_bytes", f.perDeviceBytes},
                        {"list_price_usd", optionalJson(f.listPriceUsd)}, {"cloud_usd_per_hour", optionalJson(f.cloudUsdPerHour)}});
    }
    return list;
}

std::string fitText(const std::vector<DeviceFit>& fits, std::size_t rows)
{
    TextTable t({"device", "memory", "fewest devices", "per device", "list price [USD]"});
    for (std::size_t i = 0; i < std::min(rows, fits.size()); ++i) {
        const auto& f = fits[i];
        t.addRow({f.device->id, gb(f.capacityBytes), f.devices ? std::to_string(*f.devices) : "-", gb(f.perDeviceBytes),
                  f.listPriceUsd ? std::to_string(static_cast<long long>(*f.listPriceUsd)) : "-"});
    }
    return t.render();
}

struct TrainOptions {
    ModelOptions model;
    double params = 0.0;
    TrainingInput input;
    std::string recompute = "none";
    std::string device;
    bool fit = false;
};

// The --device of a fit question, when one was given.
models::Result<std::optional<models::catalog::Device>> optionalDevice(const CliContext& ctx, const std::string& query)
{
    if (query.empty()) return std::optional<models::catalog::Device>{};
    auto device = resolveDevice(ctx, query);
    if (!device) return std::unexpected(device.error());
    return std::optional<models::catalog::Device>{std::move(*device)};
}

ExitCode runTrain(const CliContext& ctx, TrainOptions o)
{
    if (modelGiven(o.model)) {
        if (o.params != 0.0) return ctx.error("give --params or a model (--model/--config/--layers), not both");
        auto c = resolveModel(o.model);
        if (!c) return ctx.error(c.error());
        o.input.model = std::move(*c);
    } else if (o.params == 0.0) {
        return ctx.error("no model: give --params N or --model PRESET (or --config FILE, --layers …)");
    } else if (!(o.params > 0.0) || !std::isfinite(o.params)) {
        char got[32];
        std::snprintf(got, sizeof got, "%g", o.params);
        return ctx.error(std::string("--params must be a positive number of parameters, got ") + got);
    }
    o.input.parameters = o.params;
    o.input.recompute = *recomputeFromName(o.recompute);
    const auto m = trainingMemory(o.input);
    if (!m) return ctx.error(m.error());
    auto resolved = optionalDevice(ctx, o.device);
    if (!resolved) return ctx.error(resolved.error());
    const std::optional<models::catalog::Device>& device = *resolved;
    std::vector<DeviceFit> fits;
    models::catalog::CatalogSet set;
    if (o.fit) {
        auto loaded = ctx.loadCatalog();
        if (!loaded) return ctx.error(loaded.error());
        set = std::move(*loaded);
        // Fewest devices = the data-parallel degree N_d at the given tp, pp and ZeRO stage.
        const TrainingInput base = o.input;
        fits = fewestDevices(set.devices, [&base](int n) -> std::optional<double> {
            TrainingInput in = base;
            in.dataParallel = n;
            const auto r = trainingMemory(in);
            return r ? std::optional<double>(r->totalBytes) : std::nullopt;
        });
    }
    const int totalDevices = o.input.dataParallel * o.input.tensorParallel * o.input.pipelineParallel;
    if (ctx.json) {
        json doc{{"parameters", m->parameters}, {"dp", o.input.dataParallel}, {"tp", o.input.tensorParallel},
                 {"pp", o.input.pipelineParallel}, {"devices", totalDevices}, {"zero", o.input.zeroStage},
                 {"recompute", o.recompute}, {"sequence_parallel", o.input.sequenceParallel},
                 {"per_device_bytes", {{"weights", m->weightsBytes}, {"gradients", m->gradientsBytes},
                                       {"optimizer", m->optimizerBytes}, {"activations", m->activationsBytes},
                                       {"total", m->totalBytes}}},
                 {"activation_bytes_per_layer", m->activationBytesPerLayer}, {"layers_per_device", m->layersPerDevice},
                 {"microbatches_in_flight", m->microbatchesInFlight}};
        if (o.input.model) doc["model"] = modelJson(*o.input.model);
        if (device) doc["fit"] = fitJson(*device, m->totalBytes);
        if (o.fit) doc["fewest_devices"] = fitListJson(fits);
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    *ctx.out << "training, " << m->parameters / 1e9 << " B parameters, dp " << o.input.dataParallel << " x tp "
             << o.input.tensorParallel << " x pp " << o.input.pipelineParallel << ", ZeRO-" << o.input.zeroStage
             << ", recompute " << o.recompute << "\n";
    TextTable t({"per device", "bytes"});
    t.addRow({"weights", gb(m->weightsBytes)});
    t.addRow({"gradients", gb(m->gradientsBytes)});
    t.addRow({"optimizer", gb(m->optimizerBytes)});
    t.addRow({"activations", gb(m->activationsBytes)});
    t.addRow({"total", gb(m->totalBytes)});
    *ctx.out << t.render();
    if (device) *ctx.out << (fitsOnDevice(*device, m->totalBytes) ? "fits on " : "does not fit on ") << device->name << "\n";
    if (o.fit) *ctx.out << fitText(fits, 15);
    return ExitCode::Ok;
}

struct InferOptions {
    ModelOptions model;
    InferenceMemoryInput input;
    std::string device;
    bool fit = false;
};

ExitCode runInfer(const CliContext& ctx, const InferOptions& o)
{
    const auto c = resolveModel(o.model);
    if (!c) return ctx.error(c.error());
    const auto m = inferenceMemory(*c, o.input);
    if (!m) return ctx.error(m.error());
    auto resolved = optionalDevice(ctx, o.device);
    if (!resolved) return ctx.error(resolved.error());
    const std::optional<models::catalog::Device>& device = *resolved;
    std::vector<DeviceFit> fits;
    models::catalog::CatalogSet set;
    if (o.fit) {
        auto loaded = ctx.loadCatalog();
        if (!loaded) return ctx.error(loaded.error());
        set = std::move(*loaded);
        // Fewest devices = the smallest tensor-parallel degree that divides the model and fits.
        const InferenceMemoryInput base = o.input;
        const auto config = *c;
        fits = fewestDevices(set.devices, [&base, &config](int n) -> std::optional<double> {
            InferenceMemoryInput in = base;
            in.tensorParallel = n;
            const auto r = inferenceMemory(config, in);
            return r ? std::optional<double>(r->totalBytes) : std::nullopt;
        });
    }
    if (ctx.json) {
        json doc{{"model", modelJson(*c)}, {"batch", o.input.batch}, {"prompt", o.input.promptTokens},
                 {"gen", o.input.generatedTokens}, {"weights", o.input.weights}, {"kv", o.input.kvCache},
                 {"act", o.input.activations}, {"tp", o.input.tensorParallel},
                 {"per_device_bytes", {{"weights", m->weightsBytes}, {"kv_cache", m->kvCacheBytes},
                                       {"activations", m->activationsBytes}, {"workspace", m->workspaceBytes},
                                       {"total", m->totalBytes}}},
                 {"model_weights_bytes", m->modelWeightsBytes}, {"model_kv_cache_bytes", m->modelKvCacheBytes},
                 {"kv_bytes_per_token", m->kvBytesPerToken}, {"activation_formula", m->activationFormula}};
        if (device) doc["fit"] = fitJson(*device, m->totalBytes);
        if (o.fit) doc["fewest_devices"] = fitListJson(fits);
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    *ctx.out << "inference, " << c->name << ", batch " << o.input.batch << ", " << o.input.promptTokens << " + "
             << o.input.generatedTokens << " tokens, tp " << o.input.tensorParallel << "\n";
    TextTable t({"per device", "bytes"});
    t.addRow({"weights (" + o.input.weights + ")", gb(m->weightsBytes)});
    t.addRow({"KV cache (" + o.input.kvCache + ")", gb(m->kvCacheBytes)});
    t.addRow({"activations (estimate)", gb(m->activationsBytes)});
    t.addRow({"workspace", gb(m->workspaceBytes)});
    t.addRow({"total", gb(m->totalBytes)});
    *ctx.out << t.render();
    if (device) *ctx.out << (fitsOnDevice(*device, m->totalBytes) ? "fits on " : "does not fit on ") << device->name << "\n";
    if (o.fit) *ctx.out << fitText(fits, 15);
    return ExitCode::Ok;
}

json sourcedJson(const SourcedValue& v)
{
    return {{"value", optionalJson(v.value)}, {"basis", models::roofline::basisName(v.basis)}, {"source", v.source}};
}

ExitCode runPyramid(const CliContext& ctx, const std::string& deviceName, bool local)
{
    if (local == !deviceName.empty()) return ctx.error("give exactly one of --device D and --local");
    MemoryPyramid p;
    if (local) {
        const auto info = labs::machine::describeLocalMachine();
        if (!info) return ctx.error(info.error());
        LocalMachine m{info->cpuModel, {}, info->memoryBytes, info->topologySource};
        for (const auto& c : info->caches) m.caches.push_back({c.level, c.type, c.sizeBytes, c.instances});
        p = localPyramid(m);
    } else {
        const auto d = resolveDevice(ctx, deviceName);
        if (!d) return ctx.error(d.error());
        p = devicePyramid(*d);
    }
    if (ctx.json) {
        json levels = json::array();
        for (const auto& l : p.levels) {
            levels.push_back({{"level", models::roofline::memoryLevelName(l.level)}, {"label", l.label}, {"scope", l.scope},
                              {"capacity_bytes", sourcedJson(l.capacityBytes)}, {"bandwidth_gbs", sourcedJson(l.bandwidthGBps)},
                              {"latency_ns", sourcedJson(l.latencyNs)}});
        }
        ctx.printJson({{"subject", p.subject}, {"name", p.name}, {"levels", levels}});
        return ExitCode::Ok;
    }
    const auto show = [](const SourcedValue& v, double scale, const char* unit) {
        if (!v.value) return std::string("unknown");
        double value = *v.value / scale;
        std::string shownUnit = unit;
        if (shownUnit == "bytes") {
            // Whitepapers and hwloc state on-chip sizes in KiB/MiB; the catalog states DRAM in GB.
            const bool binary = std::fmod(*v.value, 1024.0) == 0.0 && *v.value < 1e9;
            const double step = binary ? 1024.0 : 1000.0;
            const char* const names[2][4] = {{"B", "kB", "MB", "GB"}, {"B", "KiB", "MiB", "GiB"}};
            int i = 0;
            while (value >= step && i < 3) { value /= step; ++i; }
            shownUnit = names[binary ? 1 : 0][i];
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.4g %s%s", value, shownUnit.c_str(),
                      v.basis == models::roofline::Basis::Estimate ? " (estimate)" : "");
        return std::string(buf);
    };
    *ctx.out << p.name << "\n";
    TextTable t({"level", "scope", "capacity", "bandwidth", "latency"});
    for (const auto& l : p.levels) {
        t.addRow({l.label, l.scope, show(l.capacityBytes, 1, "bytes"), show(l.bandwidthGBps, 1, "GB/s"), show(l.latencyNs, 1, "ns")});
    }
    *ctx.out << t.render();
    return ExitCode::Ok;
}

void addParallelOptions(CLI::App& cmd, TrainOptions& o)
{
    cmd.add_option("--dp", o.input.dataParallel, "data-parallel degree (ZeRO partitions over it)")->capture_default_str();
    cmd.add_option("--tp", o.input.tensorParallel, "tensor-parallel degree")->capture_default_str();
    cmd.add_option("--pp", o.input.pipelineParallel, "pipeline-parallel stages")->capture_default_str();
    cmd.add_option("--zero", o.input.zeroStage, "ZeRO stage 0, 1, 2 or 3")->capture_default_str();
    cmd.add_option("--recompute", o.recompute, "none, selective or full")
        ->check(CLI::IsMember({"none", "selective", "full"}))->capture_default_str();
    cmd.add_flag("--sp", o.input.sequenceParallel, "Megatron sequence parallelism");
    cmd.add_option("--seq", o.input.sequence, "sequence length")->capture_default_str();
    cmd.add_option("--mbs", o.input.microBatch, "micro-batch size")->capture_default_str();
}

} // namespace

void addMemoryCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* memory = app.add_subcommand("memory", "training and inference memory per device; memory pyramids");
    memory->require_subcommand(1);

    auto t = std::make_shared<TrainOptions>();
    CLI::App* train = memory->add_subcommand("train", "weights, gradients, optimizer and activations per device");
    train->add_option("--params", t->params, "parameters (no architecture: model states only)");
    addModelOptions(*train, t->model);
    addParallelOptions(*train, *t);
    train->add_option("--device", t->device, "say whether it fits on this catalog device");
    train->add_flag("--fit", t->fit, "fewest devices (data-parallel degree) of every catalog entry");
    train->callback([&ctx, &exitCode, t] { exitCode = runTrain(ctx, *t); });

    auto i = std::make_shared<InferOptions>();
    CLI::App* infer = memory->add_subcommand("infer", "weights, KV cache, activations and workspace per device");
    addModelOptions(*infer, i->model);
    infer->add_option("--batch", i->input.batch, "sequences")->capture_default_str();
    infer->add_option("--prompt", i->input.promptTokens, "prompt tokens")->capture_default_str();
    infer->add_option("--gen", i->input.generatedTokens, "generated tokens")->capture_default_str();
    infer->add_option("--weights", i->input.weights, "weight format")->capture_default_str();
    infer->add_option("--kv", i->input.kvCache, "KV-cache format")->capture_default_str();
    infer->add_option("--act", i->input.activations, "activation format")->capture_default_str();
    infer->add_option("--tp", i->input.tensorParallel, "tensor-parallel devices")->capture_default_str();
    infer->add_option("--workspace-bytes", i->input.workspaceBytes, "library workspace per device, bytes")->capture_default_str();
    infer->add_option("--device", i->device, "say whether it fits on this catalog device");
    infer->add_flag("--fit", i->fit, "fewest devices (tensor-parallel degree) of every catalog entry");
    infer->callback([&ctx, &exitCode, i] { exitCode = runInfer(ctx, *i); });

    auto device = std::make_shared<std::string>();
    auto local = std::make_shared<bool>(false);
    CLI::App* pyramid = memory->add_subcommand("pyramid", "capacity, bandwidth and latency per level, with sources");
    pyramid->add_option("--device", *device, "catalog device");
    pyramid->add_flag("--local", *local, "this machine's CPU (caches from hwloc)");
    pyramid->callback([&ctx, &exitCode, device, local] { exitCode = runPyramid(ctx, *device, *local); });
}

} // namespace accelscope::cli
