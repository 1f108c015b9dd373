// SPDX-License-Identifier: MIT
// Train commands: options → models/serving/training_plan → text or JSON.
#include "app/cli/train_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "app/cli/train_budget_output.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/figure/figure.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/serving/training_plan.hpp"
#include "models/system/step/step_figure.hpp"
#include "models/system/step/training_search.hpp"
#include "models/system/step/training_step.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::serving;
using models::readableText;
using nlohmann::json;

struct TrainPlanOptions {
    ModelOptions model;
    std::string device;
    TrainingRequest request;
    int limit = 10;
    bool fitted = false;
    std::string precision = "bf16";
    int gpusPerNode = 0;
    double tokens = 0; ///< --tokens: the run's time, device-hours, cost and energy
    double days = 0;   ///< --days with --tokens: the fewest devices that meet it
};

json layoutJson(const TrainingEstimate& e)
{
    const auto& l = e.layout;
    const auto& m = e.memory;
    return {{"tp", l.tp}, {"pp", l.pp}, {"dp", l.dp}, {"zero", l.zero}, {"recompute", models::memory::recomputeName(l.recompute)},
            {"micro_batches", l.microBatches}, {"layers_per_stage", m.layersPerDevice}, {"fits", e.fits}, {"verdict", e.verdict},
            {"per_device_bytes", {{"weights", m.weightsBytes}, {"gradients", m.gradientsBytes}, {"optimizer", m.optimizerBytes},
                                  {"activations", m.activationsBytes}, {"total", m.totalBytes}}},
            {"capacity_bytes", e.capacityBytes},
            {"step_s", e.stepS}, {"compute_s", e.computeS}, {"bubble_s", e.bubbleS}, {"pipeline_send_s", e.pipelineSendS},
            {"tp_allreduce_s", e.tensorParallelS}, {"dp_allreduce_s", e.dataParallelS},
            {"bubble_fraction", double(l.pp - 1) / (l.microBatches + l.pp - 1)},
            {"tokens_per_s", e.tokensPerS}, {"mfu", e.mfu}, {"bound", trainingBoundName(e.bound)}};
}

std::string layoutName(const TrainingLayout& l)
{
    return "TP " + std::to_string(l.tp) + " PP " + std::to_string(l.pp) + " DP " + std::to_string(l.dp) + " ZeRO-" +
           std::to_string(l.zero) + " " + std::string(models::memory::recomputeName(l.recompute));
}

ExitCode runTrainSearch(const CliContext& ctx, const TrainPlanOptions& o);

ExitCode runTrainPlan(const CliContext& ctx, const TrainPlanOptions& o)
{
    if (!o.fitted) return runTrainSearch(ctx, o);
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    if (!(o.request.optimizerBytesPerParam >= 0.0)) return ctx.error("--optimizer-bytes must be a number >= 0");
    auto device = resolveDevice(ctx, o.device);
    if (!device) return ctx.error(device.error());
    auto table = bundledEfficiencies();
    if (!table) return ctx.error(table.error());
    ServingRequest asServing;
    asServing.weights = o.request.weights;
    asServing.kvCache = o.request.weights;
    auto d = servingDevice(*device, asServing, *table);
    if (!d) return ctx.error(d.error());
    auto plan = planTraining(*config, *d, o.request);
    if (!plan) return ctx.error(plan.error());
    if (ctx.json) {
        json layouts = json::array();
        for (const auto& e : plan->layouts) layouts.push_back(layoutJson(e));
        ctx.printJson({{"model", modelJson(*config)}, {"device", plan->deviceId}, {"count", o.request.devices},
                       {"global_batch", o.request.globalBatch}, {"seq", o.request.sequence}, {"micro_batch", o.request.microBatch},
                       {"weights", o.request.weights}, {"scaleup_domain_devices", plan->scaleUpDomain},
                       {"scaleup_gbs_per_direction", plan->scaleUpGBps}, {"scaleout_gbs_per_direction", plan->scaleOutGBps},
                       {"peak_tflops", plan->peakTflops}, {"compute_eff", training::computeEfficiency},
                       {"fitting_layouts", plan->fitting}, {"layouts", layouts}, {"assumptions", trainingAssumptions()}});
        return ExitCode::Ok;
    }
    *ctx.out << "training " << config->name << " on " << o.request.devices << " x " << device->name << ", global batch "
             << o.request.globalBatch << " x " << o.request.sequence << " tokens: " << plan->fitting << " of "
             << plan->layouts.size() << " layouts fit (TP up to " << plan->scaleUpDomain << ")\n";
    TextTable t({"layout", "per device", "verdict", "step [s]", "tokens/s", "MFU", "bound"});
    const std::size_t shown = o.limit > 0 ? std::min<std::size_t>(std::size_t(o.limit), plan->layouts.size()) : plan->layouts.size();
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& e = plan->layouts[i];
        t.addRow({layoutName(e.layout), models::decimalText(e.memory.totalBytes / 1e9, 1) + " GB", e.verdict,
                  e.fits ? readableText(e.stepS) : "-", e.fits ? readableText(e.tokensPerS) : "-",
                  e.fits ? models::decimalText(100.0 * e.mfu, 0) + " %" : "-", e.fits ? std::string(trainingBoundName(e.bound)) : "memory"});
    }
    *ctx.out << t.render();
    for (const auto& a : trainingAssumptions()) *ctx.out << "  - " << a << "\n";
    return ExitCode::Ok;
}

struct TrainEstimateOptions {
    ModelOptions model;
    std::string device;
    models::system::TrainingLayoutSpec spec;
    std::string recompute = "selective";
    int gpusPerNode = 0;
    bool noSequenceParallel = false;
    bool noOverlap = false;
    std::string svgFile;
    bool dark = false;
};

json parameterJson(const models::system::StepParameter& p)
{
    return {{"name", p.name}, {"value", p.value}, {"unit", p.unit}, {"basis", p.basis}, {"source", p.source}};
}

ExitCode runTrainEstimate(const CliContext& ctx, TrainEstimateOptions o)
{
    using namespace models::system;
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    auto recompute = models::memory::recomputeFromName(o.recompute);
    if (!recompute) return ctx.error("--recompute must be " + models::memory::recomputeNamesText() + ", not '" + o.recompute + "'");
    o.spec.recompute = *recompute;
    ParallelLayout& l = o.spec.parallel;
    for (const auto& [name, v] : {std::pair{"--tp", l.tp}, std::pair{"--cp", l.cp}, std::pair{"--ep", l.ep}, std::pair{"--dp", l.dp},
                                  std::pair{"--pp", l.pp}, std::pair{"--vp", o.spec.virtualStages}}) {
        if (v < 1 || v > models::serving::constants::maxDevices) {
            return ctx.error(std::string(name) + " must be from 1 to " + readableText(models::serving::constants::maxDevices));
        }
    }
    const long long devices = 1LL * l.tp * l.cp * l.dp * l.pp;
    if (devices > models::serving::constants::maxDevices) {
        return ctx.error("tp x cp x dp x pp = " + readableText(double(devices)) + " devices; at most " +
                         readableText(models::serving::constants::maxDevices));
    }
    if (l.zero < 0 || l.zero > 3) return ctx.error("--zero must be 0 to 3");
    l.sequenceParallel = l.tp > 1 && !o.noSequenceParallel;
    if (o.noOverlap) o.spec.overlapGradReduce = o.spec.overlapParamGather = false;
    auto placed = resolveDeviceOnFabric(ctx, o.device, devices, o.gpusPerNode);
    if (!placed) return ctx.error(placed.error());
    const models::catalog::Device& device = placed->device;
    const Fabric& fabric = placed->fabric;
    auto e = estimateTrainingStep(*config, device, fabric, o.spec);
    if (!e) return ctx.error(e.error());
    if (!o.svgFile.empty()) {
        const auto svg = models::figure::figureSvg(trainingStepFigure(*e, config->name, device.name, o.dark));
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, svg); !ok) return ctx.error("--svg " + ok.error().message);
    }
    const TrainingStepBreakdown& b = e->breakdown;
    if (ctx.json) {
        json ops = json::array();
        for (const auto& op : e->operators) {
            ops.push_back({{"name", op.name}, {"kind", op.kind}, {"precision", op.precision}, {"calls", op.calls}, {"flops", op.flops},
                           {"bytes", op.bytes}, {"seconds", op.seconds}, {"efficiency", op.efficiency}, {"memory_bound", op.memoryBound},
                           {"detail", op.detail}});
        }
        json comms = json::array();
        for (const auto& c : e->collectives) {
            comms.push_back({{"name", c.name}, {"parallelism", c.parallelism}, {"group_size", c.groupSize}, {"bytes_per_call", c.bytesPerCall},
                             {"calls_per_step", c.callsPerStep}, {"link", c.link}, {"seconds_per_step", c.timeUsPerStep * 1e-6}});
        }
        json params = json::array();
        for (const StepParameter* p : e->parameters.all()) params.push_back(parameterJson(*p));
        ctx.printJson({{"model", modelJson(*config)}, {"device", device.id}, {"devices", e->devices},
                       {"gpus_per_node", fabric.devicesPerNode}, {"nodes", fabric.nodes},
                       {"layout", {{"tp", l.tp}, {"cp", l.cp}, {"ep", l.ep}, {"dp", l.dp}, {"pp", l.pp}, {"vp", o.spec.virtualStages},
                                   {"zero", l.zero}, {"sequence_parallel", l.sequenceParallel},
                                   {"recompute", models::memory::recomputeName(o.spec.recompute)}, {"micro_batch", o.spec.microBatch},
                                   {"micro_batches", e->microBatches}, {"global_batch", o.spec.globalBatch}, {"seq", o.spec.sequence},
                                   {"precision", o.spec.gemmPrecision}}},
                       {"step_s", e->stepS}, {"tokens_per_s", e->tokensPerS}, {"tokens_per_s_per_device", e->tokensPerSPerDevice},
                       {"mfu", e->mfu}, {"hfu", e->hfu}, {"model_tflops_per_device", e->modelTflopsPerDevice},
                       {"bf16_peak_tflops", e->bf16PeakTflops},
                       {"breakdown_s", {{"compute", b.computeS}, {"host_bound", b.hostBoundS}, {"bubble", b.bubbleS},
                                        {"tp_exposed", b.tpExposedS}, {"cp_exposed", b.cpExposedS}, {"ep_exposed", b.epExposedS},
                                        {"pp_exposed", b.ppExposedS}, {"dp_exposed", b.dpExposedS}, {"optimizer", b.optimizerS}}},
                       {"memory_per_device_bytes", {{"weights", e->memory.weightsBytes}, {"gradients", e->memory.gradientsBytes},
                                                    {"optimizer", e->memory.optimizerBytes}, {"activations", e->memory.activationsBytes},
                                                    {"total", e->memory.totalBytes}}},
                       {"capacity_bytes", e->capacityBytes}, {"fits", e->fits},
                       {"operators_per_micro_batch_on_the_slowest_stage", ops}, {"collectives", comms}, {"parameters", params},
                       {"conventions", mfuConvention()}, {"flags", e->flags}});
        return ExitCode::Ok;
    }
    *ctx.out << "one training step of " << config->name << " on " << e->devices << " x " << device.name << " (" << fabric.nodes
             << (fabric.nodes == 1 ? " node" : " nodes") << " of " << fabric.devicesPerNode << "): TP " << l.tp << " CP " << l.cp << " EP " << l.ep
             << " DP " << l.dp << " PP " << l.pp << " VP " << o.spec.virtualStages << ", " << e->microBatches << " micro-batches of "
             << o.spec.microBatch << " x " << readableText(o.spec.sequence) << " tokens, " << o.spec.gemmPrecision << " GEMMs\n";
    *ctx.out << "step " << models::quantityText(e->stepS, "s", 4) << ", " << readableText(e->tokensPerS) << " tokens/s ("
             << readableText(e->tokensPerSPerDevice) << " per device), " << readableText(e->modelTflopsPerDevice, 3)
             << " model TFLOP/s per device, MFU " << models::decimalText(100 * e->mfu, 1) << " %, HFU " << models::decimalText(100 * e->hfu, 1)
             << " %\n";
    *ctx.out << "memory per device " << models::decimalText(e->memory.totalBytes / 1e9, 1) << " GB of "
             << models::decimalText(e->capacityBytes / 1e9, 0) << " GB: " << (e->fits ? "fits" : "does not fit (90 % rule)") << "\n";
    TextTable parts({"part of the step", "time", "share"});
    for (const auto& [name, s] : {std::pair{"compute (kernels of all micro-batches)", b.computeS}, std::pair{"host-bound launches", b.hostBoundS},
                                  std::pair{"pipeline bubble", b.bubbleS}, std::pair{"TP communication, exposed", b.tpExposedS},
                                  std::pair{"CP communication, exposed", b.cpExposedS}, std::pair{"EP all-to-all, exposed", b.epExposedS},
                                  std::pair{"PP sends on fill and drain", b.ppExposedS}, std::pair{"DP reduction and gathers, exposed", b.dpExposedS},
                                  std::pair{"optimizer", b.optimizerS}}) {
        if (s <= 0) continue;
        parts.addRow({name, models::quantityText(s, "s", 3), models::decimalText(100 * s / e->stepS, 1) + " %"});
    }
    *ctx.out << parts.render();
    TextTable ops({"operator (one micro-batch, slowest stage)", "time", "efficiency", "shape"});
    for (const auto& op : e->operators) {
        ops.addRow({op.name + " [" + op.precision + "]", models::quantityText(op.seconds, "s", 3),
                    models::decimalText(100 * op.efficiency, 0) + " % of " + (op.memoryBound ? "bandwidth" : "peak"), op.detail});
    }
    *ctx.out << ops.render();
    *ctx.out << "parameters:\n";
    for (const StepParameter* p : e->parameters.all()) {
        *ctx.out << "  " << p->name << " = " << readableText(p->value) << " (" << p->unit << "; " << p->basis << ": " << p->source << ")\n";
    }
    for (const auto& c : mfuConvention()) *ctx.out << "  - " << c << "\n";
    for (const auto& f : e->flags) *ctx.out << "  ! " << f << "\n";
    return ExitCode::Ok;
}

json stepLayoutJson(const models::system::TrainingStepEstimate& e)
{
    const auto& l = e.spec.parallel;
    const auto& b = e.breakdown;
    return {{"tp", l.tp}, {"cp", l.cp}, {"ep", l.ep}, {"dp", l.dp}, {"pp", l.pp}, {"vp", e.spec.virtualStages}, {"zero", l.zero},
            {"recompute", models::memory::recomputeName(e.spec.recompute)}, {"micro_batch", e.spec.microBatch},
            {"micro_batches", e.microBatches}, {"fits", e.fits}, {"per_device_bytes", e.memory.totalBytes}, {"capacity_bytes", e.capacityBytes},
            {"step_s", e.stepS}, {"tokens_per_s", e.tokensPerS}, {"tokens_per_s_per_device", e.tokensPerSPerDevice}, {"mfu", e.mfu},
            {"hfu", e.hfu}, {"model_tflops_per_device", e.modelTflopsPerDevice},
            {"breakdown_s", {{"compute", b.computeS}, {"host_bound", b.hostBoundS}, {"bubble", b.bubbleS}, {"tp_exposed", b.tpExposedS},
                             {"cp_exposed", b.cpExposedS}, {"ep_exposed", b.epExposedS}, {"pp_exposed", b.ppExposedS},
                             {"dp_exposed", b.dpExposedS}, {"optimizer", b.optimizerS}}}};
}

std::string stepLayoutName(const models::system::TrainingStepEstimate& e)
{
    const auto& l = e.spec.parallel;
    std::string name = "TP " + std::to_string(l.tp) + " PP " + std::to_string(l.pp);
    if (e.spec.virtualStages > 1) name += "x" + std::to_string(e.spec.virtualStages);
    if (l.cp > 1) name += " CP " + std::to_string(l.cp);
    if (l.ep > 1) name += " EP " + std::to_string(l.ep);
    return name + " DP " + std::to_string(l.dp) + " ZeRO-" + std::to_string(l.zero) + " mb " + std::to_string(e.spec.microBatch) + " " +
           std::string(models::memory::recomputeName(e.spec.recompute));
}

ExitCode runTrainSearch(const CliContext& ctx, const TrainPlanOptions& o)
{
    using namespace models::system;
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    if (o.request.devices < 1 || o.request.devices > models::serving::constants::maxDevices) {
        return ctx.error("--count must be at most " + readableText(models::serving::constants::maxDevices) + " devices");
    }
    if (!isTrainingGemmPrecision(o.precision)) return ctx.error("--precision must be " + trainingGemmPrecisionsText() + ", not '" + o.precision + "'");
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto found = models::catalog::findDevice(set->devices, o.device);
    if (!found) return ctx.error(found.error());
    const models::catalog::Device& device = **found;
    if (o.tokens != 0 && !(o.tokens >= 1 && o.tokens <= 1e16)) return ctx.error("--tokens must be from 1 to 10^16");
    // 0.01 day (14.4 minutes) at the least: 1e-300 days searched every count to 65,536 for 2.5 s (issue #29).
    if (o.days != 0 && !(o.days >= 0.01 && o.days <= 3650)) return ctx.error("--days must be from 0.01 to 3,650");
    if (o.days != 0 && o.tokens == 0) return ctx.error("--days needs --tokens (how many tokens to train by then)");
    TrainingSearch search;
    search.devices = o.request.devices;
    search.globalBatch = o.request.globalBatch;
    search.sequence = o.request.sequence;
    search.gemmPrecision = o.precision;
    if (o.days > 0) {
        auto d = devicesForDeadline(*config, device, set->devices, search, o.tokens, o.days, models::serving::constants::maxDevices);
        if (!d) return ctx.error(d.error());
        return printDeadline(ctx, *d, modelJson(*config), device.id, d->best ? stepLayoutJson(*d->best) : json(nullptr),
                             d->best ? stepLayoutName(*d->best) : std::string(), o.tokens, o.days);
    }
    auto fabric = fabricForDeviceCount(device, set->devices, o.request.devices, o.gpusPerNode);
    if (!fabric) return ctx.error(fabric.error());
    auto r = searchTrainingLayouts(*config, device, *fabric, search, o.limit > 0 ? o.limit : 1000000);
    if (!r) return ctx.error(r.error());
    const auto& shown = r->best.empty() ? r->closest : r->best;
    if (ctx.json) {
        json layouts = json::array();
        for (const auto& e : shown) layouts.push_back(stepLayoutJson(e));
        ctx.printJson({{"model", modelJson(*config)}, {"device", device.id}, {"count", o.request.devices}, {"gpus_per_node", fabric->devicesPerNode},
                       {"global_batch", o.request.globalBatch}, {"seq", o.request.sequence}, {"precision", o.precision},
                       {"layouts_evaluated", r->evaluated}, {"fitting_layouts", r->fitting}, {"max_tp", r->maxTensorParallel},
                       {"layouts", layouts}, {"conventions", mfuConvention()}, {"model_kind", "step"},
                       {"run", o.tokens > 0 && !r->best.empty() ? runCostJson(trainingRunCost(r->best.front(), device, o.tokens)) : json(nullptr)}});
        return ExitCode::Ok;
    }
    *ctx.out << "training " << config->name << " on " << o.request.devices << " x " << device.name << " (" << fabric->nodes
             << (fabric->nodes == 1 ? " node" : " nodes") << " of " << fabric->devicesPerNode << "), global batch " << o.request.globalBatch << " x "
             << readableText(o.request.sequence) << " tokens, " << o.precision << " GEMMs: " << readableText(r->evaluated)
             << " layouts on the step model, " << readableText(r->fitting) << " fit\n";
    if (r->best.empty()) *ctx.out << "nothing fits; the layouts needing the least memory:\n";
    TextTable t({"layout", "memory per device", "step", "tokens/s per device", "MFU", "largest loss"});
    for (const auto& e : shown) {
        const auto& b = e.breakdown;
        const std::pair<const char*, double> losses[] = {{"bubble", b.bubbleS}, {"TP", b.tpExposedS}, {"CP", b.cpExposedS}, {"EP", b.epExposedS},
                                                         {"PP sends", b.ppExposedS}, {"DP", b.dpExposedS}, {"host launches", b.hostBoundS}};
        const auto* worst = std::max_element(std::begin(losses), std::end(losses), [](const auto& a, const auto& c) { return a.second < c.second; });
        t.addRow({stepLayoutName(e), models::decimalText(e.memory.totalBytes / 1e9, 1) + " of " + models::decimalText(e.capacityBytes / 1e9, 0) + " GB",
                  models::quantityText(e.stepS, "s", 3), readableText(e.tokensPerSPerDevice), models::decimalText(100 * e.mfu, 1) + " %",
                  std::string(worst->first) + " " + models::decimalText(100 * worst->second / e.stepS, 1) + " %"});
    }
    *ctx.out << t.render();
    if (o.tokens > 0 && !r->best.empty()) *ctx.out << "  the fastest layout trains " << models::system::runCostText(trainingRunCost(r->best.front(), device, o.tokens)) << "\n";
    *ctx.out << "  (train estimate with a layout's flags shows its operators and collectives; --fitted: the LLM page's fitted planner)\n";
    return ExitCode::Ok;
}

} // namespace

void addTrainCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<TrainPlanOptions>();
    CLI::App* train = app.add_subcommand("train", "training layouts: memory per device and step time");
    train->require_subcommand(1);
    CLI::App* plan = train->add_subcommand("plan", "every TP x CP x PP x VP x DP x EP x ZeRO x recomputation x micro-batch layout of N devices on the step model, ranked by step time");
    addModelOptions(*plan, o->model);
    plan->add_option("--device", o->device, "catalog device")->required();
    plan->add_option("--count", o->request.devices, "devices (TP x PP x DP)")->capture_default_str();
    plan->add_option("--global-batch", o->request.globalBatch, "sequences per optimizer step")->capture_default_str();
    plan->add_option("--seq", o->request.sequence, "tokens per sequence")->capture_default_str();
    plan->add_option("--micro-batch", o->request.microBatch, "sequences per micro-batch")->capture_default_str();
    plan->add_option("--weights", o->request.weights, "weight, gradient and compute format")->capture_default_str();
    plan->add_option("--optimizer-bytes", o->request.optimizerBytesPerParam, "optimizer bytes per parameter (Adam: 12)")->capture_default_str();
    plan->add_option("--limit", o->limit, "print at most this many layouts (0: all)")->capture_default_str();
    plan->add_option("--precision", o->precision, models::system::trainingGemmPrecisionsText() + " linear layers (the step model)")->capture_default_str();
    plan->add_option("--gpus-per-node", o->gpusPerNode, "devices per scale-up domain (default: the catalog's domain)");
    plan->add_option("--tokens", o->tokens, "tokens to train: the fastest layout's time, device-hours, cost and energy");
    plan->add_option("--days", o->days, "with --tokens: the fewest devices (whole nodes, doubling) that train them within this many days");
    plan->add_flag("--fitted", o->fitted, "the fitted planner the LLM calculator page shows (TP x PP x DP x ZeRO x recomputation)");
    plan->callback([&ctx, &exitCode, o] { exitCode = runTrainPlan(ctx, *o); });

    auto e = std::make_shared<TrainEstimateOptions>();
    CLI::App* estimate = train->add_subcommand("estimate", "one layout's step on the step model: operators, collectives, bubble, MFU and HFU");
    addModelOptions(*estimate, e->model);
    estimate->add_option("--device", e->device, "catalog device")->required();
    estimate->add_option("--tp", e->spec.parallel.tp, "tensor parallel")->capture_default_str();
    estimate->add_option("--pp", e->spec.parallel.pp, "pipeline stages")->capture_default_str();
    estimate->add_option("--dp", e->spec.parallel.dp, "data parallel")->capture_default_str();
    estimate->add_option("--cp", e->spec.parallel.cp, "context parallel")->capture_default_str();
    estimate->add_option("--ep", e->spec.parallel.ep, "expert parallel (divides dp)")->capture_default_str();
    estimate->add_option("--vp", e->spec.virtualStages, "virtual stages per pipeline rank (interleaved 1F1B)")->capture_default_str();
    estimate->add_option("--zero", e->spec.parallel.zero, "0: DP all-reduce; 1: distributed optimizer; 3: parameters sharded")->capture_default_str();
    estimate->add_option("--recompute", e->recompute, models::memory::recomputeNamesText())->capture_default_str();
    estimate->add_option("--micro-batch", e->spec.microBatch, "sequences per micro-batch")->capture_default_str();
    estimate->add_option("--global-batch", e->spec.globalBatch, "sequences per optimizer step")->capture_default_str();
    estimate->add_option("--seq", e->spec.sequence, "tokens per sequence")->capture_default_str();
    estimate->add_option("--precision", e->spec.gemmPrecision, models::system::trainingGemmPrecisionsText() + " linear layers (attention and norms stay BF16)")->capture_default_str();
    estimate->add_option("--gpus-per-node", e->gpusPerNode, "devices per scale-up domain (default: the catalog's domain)");
    estimate->add_flag("--no-sequence-parallel", e->noSequenceParallel, "TP all-reduces instead of reduce-scatter + all-gather");
    estimate->add_flag("--tp-overlap", e->spec.overlapTpComm, "hide TP communication under the GEMMs (TransformerEngine userbuffers)");
    estimate->add_flag("--no-overlap", e->noOverlap, "do not overlap the DP reduction and parameter gathers with compute");
    estimate->add_option("--svg", e->svgFile, "also write the slide figure (the step's parts, each operator) as SVG");
    estimate->add_flag("--dark", e->dark, "with --svg: the dark theme");
    estimate->callback([&ctx, &exitCode, e] { exitCode = runTrainEstimate(ctx, *e); });
}

} // namespace accelscope::cli
