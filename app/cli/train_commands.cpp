// SPDX-License-Identifier: MIT
// Train commands: options → models/serving/training_plan → text or JSON.
#include "app/cli/train_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/training_plan.hpp"

#include <CLI/CLI.hpp>

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

ExitCode runTrainPlan(const CliContext& ctx, const TrainPlanOptions& o)
{
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

} // namespace

void addTrainCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<TrainPlanOptions>();
    CLI::App* train = app.add_subcommand("train", "training layouts: memory per device and step time");
    train->require_subcommand(1);
    CLI::App* plan = train->add_subcommand("plan", "every TP x PP x DP x ZeRO x recomputation layout of N devices, ranked by step time");
    addModelOptions(*plan, o->model);
    plan->add_option("--device", o->device, "catalog device")->required();
    plan->add_option("--count", o->request.devices, "devices (TP x PP x DP)")->capture_default_str();
    plan->add_option("--global-batch", o->request.globalBatch, "sequences per optimizer step")->capture_default_str();
    plan->add_option("--seq", o->request.sequence, "tokens per sequence")->capture_default_str();
    plan->add_option("--micro-batch", o->request.microBatch, "sequences per micro-batch")->capture_default_str();
    plan->add_option("--weights", o->request.weights, "weight, gradient and compute format")->capture_default_str();
    plan->add_option("--optimizer-bytes", o->request.optimizerBytesPerParam, "optimizer bytes per parameter (Adam: 12)")->capture_default_str();
    plan->add_option("--limit", o->limit, "text: print at most this many layouts (0: all)")->capture_default_str();
    plan->callback([&ctx, &exitCode, o] { exitCode = runTrainPlan(ctx, *o); });
}

} // namespace accelscope::cli
