// SPDX-License-Identifier: MIT
// Memory commands: options → models/memory → text or JSON.
#include "app/cli/memory_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "labs/machine/machine_info.hpp"
#include "models/memory/capacity_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/llm_memory_chart.hpp"
#include "models/memory/pyramid_figure.hpp"
#include "models/memory/pyramid_move.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/figure/figure.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/dtype.hpp"

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

json verdictJson(const models::catalog::Device& d, double bytes)
{
    const DeviceVerdict v = deviceVerdict(d, bytes);
    return {{"device", d.id}, {"memory_bytes", optionalJson(v.capacityBytes)}, {"fits", v.fits},
            {"fraction_of_memory", v.capacityBytes ? json(v.fraction) : json(nullptr)}, {"verdict", v.text}};
}

// The page's bar verdict in words: "fits on NVIDIA H100 SXM: fits: 52% of 80.0 GB".
std::string verdictText(const models::catalog::Device& d, double bytes)
{
    const DeviceVerdict v = deviceVerdict(d, bytes);
    return std::string(v.fits ? "fits on " : "does not fit on ") + d.name + ": " + v.text + "\n";
}

// The fit matrix of the page: fewest devices and per-device bytes at 1, 2, 4 … 64 devices.
json fitListJson(const std::vector<FitRow>& rows)
{
    json list = json::array();
    for (const auto& r : rows) {
        json cells = json::array();
        for (const auto& c : r.cells) {
            cells.push_back({{"degree", c.degree}, {"per_device_bytes", optionalJson(c.perDeviceBytes)}, {"fits", c.fits},
                             {"problem", c.problem.empty() ? json(nullptr) : json(c.problem)}});
        }
        list.push_back({{"device", r.deviceId}, {"name", r.name}, {"memory_bytes", r.capacityBytes},
                        {"devices", r.fewest ? json(*r.fewest) : json(nullptr)}, {"per_device_bytes", r.perDeviceBytes},
                        {"list_price_usd", optionalJson(r.listPriceUsd)}, {"cloud_usd_per_hour", optionalJson(r.cloudUsdPerHour)},
                        {"cells", cells}});
    }
    return list;
}

json fitSummaryJson(const std::vector<FitRow>& rows)
{
    const FitMatrixSummary s = summarizeFitMatrix(rows);
    return {{"fitting_devices", s.fittingDevices}, {"devices", s.devices},
            {"no_valid_layout", s.noValidLayout ? json(*s.noValidLayout) : json(nullptr)}};
}

std::string fitText(const std::vector<FitRow>& rows, std::size_t shown, std::string_view dim)
{
    std::vector<std::string> head{"device", "memory", "fewest devices", "per device", "list price [USD]"};
    for (const int d : fitMatrixDegrees) head.push_back(std::string(dim) + " " + std::to_string(d) + " [GB]");
    TextTable t(head);
    for (std::size_t i = 0; i < std::min(shown, rows.size()); ++i) {
        const auto& r = rows[i];
        std::vector<std::string> row{r.deviceId, memoryCapacityText(r.capacityBytes), r.fewest ? std::to_string(*r.fewest) : "-", gb(r.perDeviceBytes),
                                     r.listPriceUsd ? std::to_string(static_cast<long long>(*r.listPriceUsd)) : "-"};
        for (const auto& c : r.cells) {
            const std::string cell = models::decimalText(c.perDeviceBytes.value_or(0.0) / 1e9, 0, false);
            row.push_back(c.perDeviceBytes ? cell + (c.fits ? "" : "!") : std::string("-"));
        }
        t.addRow(row);
    }
    const FitMatrixSummary summary = summarizeFitMatrix(rows);
    const std::string verdict = summary.noValidLayout ? "no " + std::string(dim) + " from 1 to 64 gives a valid layout: " + *summary.noValidLayout
                                                      : "fits on " + std::to_string(summary.fittingDevices) + " of " +
                                                            std::to_string(summary.devices) + " catalog devices (" + std::string(dim) + " up to 64)";
    return t.render() + "(per-device GB at each degree; ! does not fit, - not a valid layout)\n" + verdict + "\n";
}

// The LLM calculator's settings as the CLI's options give them: the workload (sequence, prompt, output)
// is the page's (models/system/workload); the layout starts from one plain device.
struct TrainOptions {
    ModelOptions model;
    double params = 0.0;
    LlmMemorySettings settings = [] {
        LlmMemorySettings s;
        s.mode = LlmMode::Training;
        s.dataParallel = 1;
        s.zeroStage = 0;
        s.recompute = Recompute::None;
        return s;
    }();
    std::string recompute = "none";
    std::string device;
    bool fit = false;
    std::string svgFile;
    std::vector<std::string> bars;
    bool dark = false;
};

/// The LLM calculator page's figure of these settings (the model a --model preset, as the page knows only
/// presets) with one bar per --bar device (the --device when none; else the page's H100, MI300X and B200).
ExitCode writeLlmSvg(const CliContext& ctx, LlmMemorySettings settings, const ModelOptions& model, const std::vector<std::string>& bars,
                     const std::string& device, const std::string& file, bool dark)
{
    if (model.preset.empty() || !model.configFile.empty() || model.flags.layers != 0) {
        return ctx.error("--svg draws the LLM calculator's figure, which knows the model presets only: give --model PRESET");
    }
    settings.modelId = model.preset;
    std::vector<std::string> queries = bars;
    if (queries.empty()) queries = device.empty() ? std::vector<std::string>{"nvidia-h100-sxm", "amd-instinct-mi300x", "nvidia-b200"}
                                                  : std::vector<std::string>{device};
    std::vector<models::catalog::Device> entries;
    for (const auto& q : queries) {
        auto d = resolveDevice(ctx, q);
        if (!d) return ctx.error("--bar: " + d.error().message);
        if (std::ranges::find(entries, d->id, &models::catalog::Device::id) == entries.end()) entries.push_back(std::move(*d));
    }
    const auto figure = llmMemoryFigure(settings, entries, dark);
    if (!figure) return ctx.error("--svg: " + figure.error().message);
    if (auto ok = models::catalog::writeFileAtomically(file, models::figure::figureSvg(*figure)); !ok) return ctx.error("--svg " + ok.error().message);
    return ExitCode::Ok;
}

// The --device of a fit question, when one was given.
models::Result<std::optional<models::catalog::Device>> optionalDevice(const CliContext& ctx, const std::string& query)
{
    if (query.empty()) return std::optional<models::catalog::Device>{};
    auto device = resolveDevice(ctx, query);
    if (!device) return std::unexpected(device.error());
    return std::optional<models::catalog::Device>{std::move(*device)};
}

// The catalog's fit matrix for `perDeviceBytes`, when --fit asked for it.
models::Result<std::vector<FitRow>> fitRows(const CliContext& ctx, bool wanted, const PerDeviceBytesAtDegree& perDeviceBytes)
{
    if (!wanted) return std::vector<FitRow>{};
    auto loaded = ctx.loadCatalog();
    if (!loaded) return std::unexpected(loaded.error());
    return fitMatrix(perDeviceBytes, loaded->devices);
}

// What --device and --fit add, the same for train and infer: in the JSON document (then printed) or after the table.
ExitCode printFit(const CliContext& ctx, json* doc, const std::optional<models::catalog::Device>& device, double totalBytes, bool fit,
                  const std::vector<FitRow>& fits, LlmMode mode)
{
    if (doc != nullptr) {
        if (device) (*doc)["fit"] = verdictJson(*device, totalBytes);
        if (fit) {
            (*doc)["fewest_devices"] = fitListJson(fits);
            (*doc)["fit_summary"] = fitSummaryJson(fits);
        }
        ctx.printJson(*doc);
        return ExitCode::Ok;
    }
    if (device) *ctx.out << verdictText(*device, totalBytes);
    if (fit) *ctx.out << fitText(fits, 15, variedDimension(mode));
    return ExitCode::Ok;
}

ExitCode runTrain(const CliContext& ctx, TrainOptions o)
{
    std::optional<models::roofline::TransformerConfig> config;
    if (modelGiven(o.model)) {
        if (o.params != 0.0) return ctx.error("give --params or a model (--model/--config/--layers), not both");
        auto c = resolveModel(o.model);
        if (!c) return ctx.error(c.error());
        config = std::move(*c);
    } else if (o.params == 0.0) {
        return ctx.error("no model: give --params N or --model PRESET (or --config FILE, --layers …)");
    } else if (!(o.params > 0.0) || !std::isfinite(o.params)) {
        return ctx.error("--params must be a positive number of parameters, got " + models::exactText(o.params));
    }
    LlmMemorySettings& s = o.settings;
    s.recompute = *recomputeFromName(o.recompute);
    if (!o.svgFile.empty()) {
        if (const ExitCode written = writeLlmSvg(ctx, s, o.model, o.bars, o.device, o.svgFile, o.dark); written != ExitCode::Ok) return written;
    }
    // Fewest devices = the data-parallel degree N_d at the given tp, pp and ZeRO stage.
    const auto inputAt = [&](int dp) { return config ? trainingInput(s, *config, dp) : trainingInput(s, o.params, dp); };
    const auto input = inputAt(s.dataParallel);
    if (!input) return ctx.error(input.error());
    const auto m = trainingMemory(*input);
    if (!m) return ctx.error(m.error());
    auto resolved = optionalDevice(ctx, o.device);
    if (!resolved) return ctx.error(resolved.error());
    const std::optional<models::catalog::Device>& device = *resolved;
    const auto fits = fitRows(ctx, o.fit, [&](int dp) -> models::Result<double> {
        const auto in = inputAt(dp);
        if (!in) return std::unexpected(in.error());
        const auto r = trainingMemory(*in);
        if (!r) return std::unexpected(r.error());
        return r->totalBytes;
    });
    if (!fits) return ctx.error(fits.error());
    const int totalDevices = s.dataParallel * s.tensorParallel * s.pipelineParallel;
    if (ctx.json) {
        json doc{{"parameters", m->parameters}, {"dp", s.dataParallel}, {"tp", s.tensorParallel},
                 {"pp", s.pipelineParallel}, {"devices", totalDevices}, {"zero", s.zeroStage},
                 {"recompute", o.recompute}, {"sequence_parallel", s.sequenceParallel}, {"weights", s.weights},
                 {"per_device_bytes", {{"weights", m->weightsBytes}, {"gradients", m->gradientsBytes},
                                       {"optimizer", m->optimizerBytes}, {"activations", m->activationsBytes},
                                       {"total", m->totalBytes}}},
                 {"activation_bytes_per_layer", m->activationBytesPerLayer}, {"layers_per_device", m->layersPerDevice},
                 {"microbatches_in_flight", m->microbatchesInFlight}};
        if (config) doc["model"] = modelJson(*config);
        if (config) doc["summary"] = memoryBreakdown(s, *config)->summary;
        return printFit(ctx, &doc, device, m->totalBytes, o.fit, *fits, LlmMode::Training);
    }
    *ctx.out << "training, " << m->parameters / 1e9 << " B parameters, dp " << s.dataParallel << " x tp " << s.tensorParallel
             << " x pp " << s.pipelineParallel << ", ZeRO-" << s.zeroStage << ", recompute " << o.recompute << "\n";
    TextTable t({"per device", "bytes"});
    t.addRow({"weights", gb(m->weightsBytes)});
    t.addRow({"gradients", gb(m->gradientsBytes)});
    t.addRow({"optimizer", gb(m->optimizerBytes)});
    t.addRow({"activations", gb(m->activationsBytes)});
    t.addRow({"total", gb(m->totalBytes)});
    *ctx.out << t.render();
    return printFit(ctx, nullptr, device, m->totalBytes, o.fit, *fits, LlmMode::Training);
}

struct InferOptions {
    ModelOptions model;
    LlmMemorySettings settings;
    std::string device;
    bool fit = false;
    std::string svgFile;
    std::vector<std::string> bars;
    bool dark = false;
};

ExitCode runInfer(const CliContext& ctx, const InferOptions& o)
{
    const auto c = resolveModel(o.model);
    if (!c) return ctx.error(c.error());
    const LlmMemorySettings& s = o.settings;
    if (!o.svgFile.empty()) {
        if (const ExitCode written = writeLlmSvg(ctx, s, o.model, o.bars, o.device, o.svgFile, o.dark); written != ExitCode::Ok) return written;
    }
    const InferenceMemoryInput input = inferenceInput(s, s.tensorParallel);
    const auto m = inferenceMemory(*c, input);
    if (!m) return ctx.error(m.error());
    auto resolved = optionalDevice(ctx, o.device);
    if (!resolved) return ctx.error(resolved.error());
    const std::optional<models::catalog::Device>& device = *resolved;
    // Fewest devices = the smallest tensor-parallel degree that divides the model and fits.
    const auto fits = fitRows(ctx, o.fit, [&](int tp) { return perDeviceBytesAt(s, *c, tp); });
    if (!fits) return ctx.error(fits.error());
    if (ctx.json) {
        json doc{{"model", modelJson(*c)}, {"batch", input.batch}, {"prompt", input.promptTokens},
                 {"gen", input.generatedTokens}, {"weights", input.weights}, {"kv", input.kvCache},
                 {"act", input.activations}, {"tp", input.tensorParallel},
                 {"per_device_bytes", {{"weights", m->weightsBytes}, {"kv_cache", m->kvCacheBytes},
                                       {"activations", m->activationsBytes}, {"workspace", m->workspaceBytes},
                                       {"total", m->totalBytes}}},
                 {"model_weights_bytes", m->modelWeightsBytes}, {"model_kv_cache_bytes", m->modelKvCacheBytes},
                 {"kv_bytes_per_token", m->kvBytesPerToken}, {"activation_formula", m->activationFormula},
                 {"summary", memoryBreakdown(s, *c)->summary}};
        return printFit(ctx, &doc, device, m->totalBytes, o.fit, *fits, LlmMode::Inference);
    }
    *ctx.out << "inference, " << c->name << ", batch " << input.batch << ", " << input.promptTokens << " + "
             << input.generatedTokens << " tokens, tp " << input.tensorParallel << "\n";
    TextTable t({"per device", "bytes"});
    t.addRow({"weights (" + input.weights + ")", gb(m->weightsBytes)});
    t.addRow({"KV cache (" + input.kvCache + ")", gb(m->kvCacheBytes)});
    t.addRow({"activations (estimate)", gb(m->activationsBytes)});
    t.addRow({"workspace", gb(m->workspaceBytes)});
    t.addRow({"total", gb(m->totalBytes)});
    *ctx.out << t.render();
    return printFit(ctx, nullptr, device, m->totalBytes, o.fit, *fits, LlmMode::Inference);
}

// Every figure: its value, basis and source; a computed one adds its formula, an unknown one says why.
json sourcedJson(const SourcedValue& v)
{
    json out{{"value", optionalJson(v.value)}, {"basis", models::roofline::basisName(v.basis)}, {"source", v.source},
             {"formula", v.formula.empty() ? json(nullptr) : json(v.formula)}};
    if (!v.value) out["why"] = v.source;
    return out;
}

json moveJson(const LevelMove& m)
{
    return {{"bytes", m.bytes}, {"seconds", optionalJson(m.seconds)}, {"latency_included", m.latencyIncluded},
            {"exceeds_capacity", m.exceedsCapacity}};
}

// As the page words it: "0.001 s (+ latency), more than it holds".
std::string moveText(const LevelMove& m)
{
    if (!m.seconds) return "no bandwidth figure";
    return models::engineeringText(*m.seconds) + " s" + (m.latencyIncluded ? "" : " (+ latency)") + (m.exceedsCapacity ? ", more than it holds" : "");
}

struct PyramidOptions {
    std::string device;
    bool local = false;
    std::optional<double> moveBytes;
    std::string compare;  ///< with --svg: a second device beside the first, as the page shows two
    std::string svgFile;  ///< the Memory pyramid page's figure of --device, --compare, --local, --move-bytes
    bool dark = false;
};

/// The Memory pyramid page's figure for these options: --device and --compare side by side, this
/// machine when --local, moving --move-bytes (the page's 1 GB when none); the page in that state exports the same bytes.
ExitCode writePyramidSvg(const CliContext& ctx, const PyramidOptions& o, const std::optional<MemoryPyramid>& local)
{
    std::vector<models::catalog::Device> devices;
    std::array<std::string, 2> ids;
    for (std::size_t i = 0; const auto* query : {&o.device, &o.compare}) {
        if (!query->empty()) {
            auto d = resolveDevice(ctx, *query);
            if (!d) return ctx.error(d.error());
            ids[i] = d->id;
            devices.push_back(std::move(*d));
        }
        ++i;
    }
    PyramidView view(std::move(devices), local, "");
    view.setDevices(ids[0], ids[1]);
    view.setShowLocal(o.local);
    if (o.moveBytes) view.setMoveBytes(*o.moveBytes);
    const auto figure = pyramidFigure(view, o.dark);
    if (!figure) return ctx.error("--svg: " + figure.error().message);
    if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(*figure)); !ok) {
        return ctx.error("--svg " + ok.error().message);
    }
    return ExitCode::Ok;
}

ExitCode runPyramid(const CliContext& ctx, const PyramidOptions& o)
{
    const std::string& deviceName = o.device;
    const bool local = o.local;
    // The figure may show a device and this machine together; the table shows one of them (--device first).
    if (o.svgFile.empty() && local == !deviceName.empty()) return ctx.error("give exactly one of --device D and --local");
    if (!local && deviceName.empty()) return ctx.error("give --device D or --local (or both with --svg)");
    if (!o.compare.empty() && o.svgFile.empty()) return ctx.error("--compare draws a second pyramid in the --svg figure: give --svg FILE");
    if (o.moveBytes && (!(*o.moveBytes > 0.0) || !std::isfinite(*o.moveBytes))) {
        return ctx.error("--move-bytes must be a positive number of bytes, got " + models::exactText(*o.moveBytes));
    }
    MemoryPyramid p;
    std::string measuredBy = "on this CPU, the cpu-latency and cpu-memory-bandwidth labs measure it";
    std::optional<MemoryPyramid> localP;
    if (local) {
        auto mine = labs::machine::localMemoryPyramid();
        if (!mine) return ctx.error(mine.error());
        localP = *mine;
        p = *localP;
    }
    if (!o.svgFile.empty()) {
        if (const ExitCode written = writePyramidSvg(ctx, o, localP); written != ExitCode::Ok) return written;
    }
    if (!deviceName.empty()) {
        const auto d = resolveDevice(ctx, deviceName);
        if (!d) return ctx.error(d.error());
        p = devicePyramid(*d);
        measuredBy = measuringLab(*d);
    }
    if (ctx.json) {
        json levels = json::array();
        for (const auto& l : p.levels) {
            levels.push_back({{"level", models::roofline::memoryLevelName(l.level)}, {"label", l.label}, {"scope", l.scope},
                              {"capacity_bytes", sourcedJson(l.capacityBytes)}, {"bandwidth_gbs", sourcedJson(l.bandwidthGBps)},
                              {"latency_ns", sourcedJson(l.latencyNs)}});
            if (o.moveBytes) levels.back()["move"] = moveJson(moveThrough(l, *o.moveBytes));
        }
        ctx.printJson({{"subject", p.subject}, {"name", p.name}, {"levels", levels}, {"measured_by", measuredBy}});
        return ExitCode::Ok;
    }
    const auto mark = [](const SourcedValue& v) {
        using models::roofline::Basis;
        return std::string(v.basis == Basis::Estimate ? " (estimate)" : v.basis == Basis::Derived ? " (derived)"
                           : v.basis == Basis::Measured ? " (paper)" : "");
    };
    const auto show = [&mark](const SourcedValue& v, const char* unit) {
        return v.value ? models::engineeringText(*v.value) + " " + unit + mark(v) : std::string("unknown");
    };
    // Capacities follow the catalog's display rule (device memory in GiB, as `catalog show` prints it).
    const auto capacity = [&mark](const PyramidLevel& l) {
        return l.capacityBytes.value ? levelCapacityText(l.level, *l.capacityBytes.value) + mark(l.capacityBytes) : std::string("unknown");
    };
    *ctx.out << p.name << "\n";
    std::vector<std::string> head{"level", "scope", "capacity", "bandwidth", "latency"};
    if (o.moveBytes) head.push_back("move " + byteSizeText(*o.moveBytes));
    TextTable t(head);
    for (const auto& l : p.levels) {
        std::vector<std::string> row{l.label, l.scope, capacity(l), show(l.bandwidthGBps, "GB/s"), show(l.latencyNs, "ns")};
        if (o.moveBytes) row.push_back(moveText(moveThrough(l, *o.moveBytes)));
        t.addRow(row);
    }
    *ctx.out << t.render() << "unknown figures: --json says why; " << measuredBy << "\n";
    return ExitCode::Ok;
}

void addLlmSvgOptions(CLI::App& cmd, std::string& svgFile, std::vector<std::string>& bars, bool& dark)
{
    cmd.add_option("--svg", svgFile, "also write the LLM calculator page's figure (its Export figure) of these settings as SVG "
                                     "(needs --model PRESET)");
    cmd.add_option("--bar", bars, "with --svg: a device drawn as a stacked bar, repeatable (default: the --device, else the page's "
                                  "H100, MI300X and B200)");
    cmd.add_flag("--dark", dark, "with --svg: the dark theme");
}

void addParallelOptions(CLI::App& cmd, TrainOptions& o)
{
    LlmMemorySettings& s = o.settings;
    cmd.add_option("--dp", s.dataParallel, "data-parallel degree (ZeRO partitions over it)")->capture_default_str();
    cmd.add_option("--tp", s.tensorParallel, "tensor-parallel degree")->capture_default_str();
    cmd.add_option("--pp", s.pipelineParallel, "pipeline-parallel stages")->capture_default_str();
    cmd.add_option("--zero", s.zeroStage, "ZeRO stage 0, 1, 2 or 3")->capture_default_str();
    cmd.add_option("--recompute", o.recompute, recomputeNamesText())->check(CLI::IsMember(recomputeNames()))->capture_default_str();
    cmd.add_flag("--sp", s.sequenceParallel, "Megatron sequence parallelism");
    cmd.add_option("--seq", s.sequence, "sequence length")->capture_default_str();
    cmd.add_option("--mbs", s.microBatch, "micro-batch size")->capture_default_str();
    cmd.add_option("--weights", s.weights, "weight and gradient format (Adam states stay 12 bytes/param)")->capture_default_str();
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
    addLlmSvgOptions(*train, t->svgFile, t->bars, t->dark);
    train->callback([&ctx, &exitCode, t] { exitCode = runTrain(ctx, *t); });

    auto i = std::make_shared<InferOptions>();
    CLI::App* infer = memory->add_subcommand("infer", "weights, KV cache, activations and workspace per device");
    addModelOptions(*infer, i->model);
    LlmMemorySettings& s = i->settings;
    infer->add_option("--batch", s.batch, "sequences")->capture_default_str();
    infer->add_option("--prompt", s.promptTokens, "prompt tokens")->capture_default_str();
    infer->add_option("--gen", s.generatedTokens, "generated tokens")->capture_default_str();
    infer->add_option("--weights", s.weights, "weight format (" + models::roofline::llmStorageFormatsText() + ")")->capture_default_str();
    infer->add_option("--kv", s.kvCache, "KV-cache format")->capture_default_str();
    infer->add_option("--act", s.activations, "activation format")->capture_default_str();
    infer->add_option("--tp", s.tensorParallel, "tensor-parallel devices")->capture_default_str();
    infer->add_option("--workspace-bytes", s.workspaceBytes, "library workspace per device, bytes")->capture_default_str();
    infer->add_option("--device", i->device, "say whether it fits on this catalog device");
    infer->add_flag("--fit", i->fit, "fewest devices (tensor-parallel degree) of every catalog entry");
    addLlmSvgOptions(*infer, i->svgFile, i->bars, i->dark);
    infer->callback([&ctx, &exitCode, i] { exitCode = runInfer(ctx, *i); });

    auto p = std::make_shared<PyramidOptions>();
    CLI::App* pyramid = memory->add_subcommand("pyramid", "capacity, bandwidth and latency per level, with sources");
    pyramid->add_option("--device", p->device, "catalog device");
    pyramid->add_flag("--local", p->local, "this machine's CPU (caches from hwloc)");
    pyramid->add_option("--move-bytes", p->moveBytes, "time to move this many bytes through each level (bytes / bandwidth + latency)");
    pyramid->add_option("--compare", p->compare, "with --svg: a second catalog device beside --device, as the page shows two");
    pyramid->add_option("--svg", p->svgFile, "also write the Memory pyramid page's figure (its Export figure) of --device, --compare, "
                                             "--local and --move-bytes (the page's 1 GB when none) as SVG");
    pyramid->add_flag("--dark", p->dark, "with --svg: the dark theme");
    pyramid->callback([&ctx, &exitCode, p] { exitCode = runPyramid(ctx, *p); });
}

} // namespace accelscope::cli
