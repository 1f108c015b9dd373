// SPDX-License-Identifier: MIT
#include "app/cli/serve_step_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_range.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/serving_model.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/figure/figure.hpp"
#include "models/system/step/serving_band.hpp"
#include "models/system/step/serving_search.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "models/system/step/step_figure.hpp"
#include "models/system/step/serving_step.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <memory>
#include <optional>
#include <tuple>

namespace accelscope::cli {
namespace {

using namespace models::system;
using models::quantityText;
using models::readableText;
using nlohmann::json;

struct ServeStepOptions {
    ModelOptions model;
    std::string device;
    ServingSpec spec;
    ServingLoad load;
    double concurrency = 0;
    int gpusPerNode = 0;
    std::string svgFile;
    bool dark = false;
    bool server = false;    ///< also the Poisson server scenario's capacity
    double ttftMs = 2000;   ///< MLPerf Inference llama2-70b Server: p99 TTFT 2 s
    double tpotMs = 200;    ///< and p99 TPOT 200 ms
};

ExitCode runServeStep(const CliContext& ctx, ServeStepOptions o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    for (const auto& [name, v] : {std::pair{"--tp", o.spec.tp}, std::pair{"--pp", o.spec.pp}, std::pair{"--ep", o.spec.ep}}) {
        if (v < 1 || v > models::serving::constants::maxDevices) {
            return ctx.error(std::string(name) + " must be from 1 to " + readableText(models::serving::constants::maxDevices));
        }
    }
    const long long devices = 1LL * o.spec.tp * o.spec.pp;
    if (devices > models::serving::constants::maxDevices) {
        return ctx.error("tp x pp = " + readableText(double(devices)) + " devices; at most " + readableText(models::serving::constants::maxDevices));
    }
    if (o.concurrency != 0) {
        if (!(o.concurrency >= 1 && o.concurrency <= 1e6)) return ctx.error("--concurrency must be from 1 to 1,000,000");
        o.load.concurrency = o.concurrency;
    }
    if (const auto bad = requestShapeError(o.load.inputTokens, o.load.outputTokens); !bad.empty()) return ctx.error(bad);
    auto placed = resolveDeviceOnFabric(ctx, o.device, devices, o.gpusPerNode);
    if (!placed) return ctx.error(placed.error());
    const models::catalog::Device& device = placed->device;
    const Fabric& fabric = placed->fabric;
    auto s = servingSteadyState(*config, device, fabric, o.spec, o.load);
    if (!s) return ctx.error(s.error());
    std::optional<ServerCapacity> server;
    if (o.server) {
        if (o.spec.pp != 1 || o.spec.ep != 1 || o.concurrency != 0) {
            return ctx.error("--server sizes TP replicas under Poisson arrivals: give no --pp, --ep or --concurrency");
        }
        SizingRequest r;
        r.spec = o.spec;
        r.load = o.load;
        for (const auto& [name, ms, slot] : {std::tuple{"--ttft-ms", o.ttftMs, &r.slo.ttftS}, std::tuple{"--tpot-ms", o.tpotMs, &r.slo.tpotS}}) {
            auto ok = models::numberInRange(name, ms, 0.001, 3.6e6);
            if (!ok) return ctx.error(ok.error());
            *slot = *ok / 1000;
        }
        auto c = poissonServerCapacity(*config, device, fabric, r, o.spec.tp);
        if (!c) return ctx.error("--server: " + c.error().message);
        server = std::move(*c);
    }
    if (!o.svgFile.empty()) {
        const auto svg = models::figure::figureSvg(servingStepFigure(*s, config->name, device.name, o.dark));
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, svg); !ok) return ctx.error("--svg " + ok.error().message);
    }
    if (ctx.json) {
        json ops = json::array();
        for (const auto& op : s->step.operators) {
            ops.push_back({{"name", op.name}, {"kind", op.kind}, {"precision", op.precision}, {"calls", op.calls}, {"flops", op.flops},
                           {"bytes", op.bytes}, {"seconds", op.seconds}, {"efficiency", op.efficiency}, {"memory_bound", op.memoryBound},
                           {"detail", op.detail}});
        }
        json params = json::array();
        for (const StepParameter* p : s->parameters.all()) {
            params.push_back({{"name", p->name}, {"value", p->value}, {"unit", p->unit}, {"basis", p->basis}, {"source", p->source}});
        }
        ctx.printJson({{"model", modelJson(*config)}, {"device", device.id}, {"devices_per_replica", s->devicesPerReplica},
                       {"layout", {{"tp", o.spec.tp}, {"pp", o.spec.pp}, {"ep", o.spec.ep}}}, {"weights", o.spec.weights},
                       {"kv", o.spec.kvCache}, {"input_tokens", o.load.inputTokens}, {"output_tokens", o.load.outputTokens},
                       {"concurrency", o.load.concurrency ? json(*o.load.concurrency) : json(nullptr)},
                       {"engine", {{"max_sequences", o.spec.maxSequences}, {"max_batched_tokens", o.spec.maxBatchedTokens},
                                   {"memory_utilization", o.spec.memoryUtilization}}},
                       {"weights_bytes_per_device", s->weightsBytesPerDevice}, {"kv_bytes_per_token_per_device", s->kvBytesPerTokenPerDevice},
                       {"workspace_bytes_per_device", s->workspaceBytesPerDevice}, {"kv_capacity_tokens", s->kvCapacityTokens},
                       {"batch", s->batch}, {"batch_limit", s->batchLimit}, {"prefill_tokens_per_step", s->prefillTokensPerStep},
                       {"step_s", s->step.stageS}, {"kernels_s", s->step.kernelsS}, {"tp_comm_s", s->step.tpCommS}, {"ep_comm_s", s->step.epCommS},
                       {"tpot_s", s->tpotS}, {"ttft_s", s->ttftS}, {"output_tokens_per_s_per_replica", s->outputTokensPerSPerReplica},
                       {"output_tokens_per_s_per_device", s->outputTokensPerSPerDevice},
                       {"band", {{"low_tokens_per_s_per_replica", s->outputTokensPerSPerReplica * servingBand().low},
                                 {"high_tokens_per_s_per_replica", s->outputTokensPerSPerReplica * servingBand().high},
                                 {"measured_over_predicted_p10", servingBand().low}, {"measured_over_predicted_p50", servingBand().median},
                                 {"measured_over_predicted_p90", servingBand().high}, {"rows", servingBand().rows},
                                 {"source", servingBand().source}}},
                       {"server", server ? json{{"ttft_limit_s", o.ttftMs / 1000}, {"tpot_limit_s", o.tpotMs / 1000}, {"quantile", 0.99},
                                                 {"concurrency_limit", server->concurrencyLimit}, {"mean_in_flight", server->meanInFlight},
                                                 {"in_system_s", server->inSystemS}, {"requests_per_s_per_replica", server->requestsPerS},
                                                 {"output_tokens_per_s_per_replica", server->outputTokensPerS},
                                                 {"tpot_s", server->state.tpotS}, {"ttft_worst_s", server->state.ttftS + server->state.tpotS}}
                                          : json(nullptr)},
                       {"operators", ops}, {"parameters", params},
                       {"flags", s->flags}});
        return ExitCode::Ok;
    }
    *ctx.out << config->name << " on " << s->devicesPerReplica << " x " << device.name << " per replica (TP " << o.spec.tp << " PP "
             << o.spec.pp << " EP " << o.spec.ep << "), " << o.spec.weights << " weights, " << o.spec.kvCache << " KV, "
             << readableText(o.load.inputTokens) << " in / " << readableText(o.load.outputTokens) << " out"
             << (o.load.concurrency ? ", concurrency " + readableText(*o.load.concurrency) : std::string(", offline")) << "\n";
    *ctx.out << "  " << readableText(s->outputTokensPerSPerReplica) << " output tokens/s per replica ("
             << readableText(s->outputTokensPerSPerDevice) << " per device); TPOT " << quantityText(s->tpotS, "s", 3) << ", TTFT "
             << quantityText(s->ttftS, "s", 3) << "\n";
    *ctx.out << "  likely " << readableText(s->outputTokensPerSPerReplica * servingBand().low, 3) << " to "
             << readableText(s->outputTokensPerSPerReplica * servingBand().high, 3)
             << " tokens/s per replica: published offline runs measured " << models::decimalText(servingBand().low, 2) << "x to "
             << models::decimalText(servingBand().high, 2) << "x of this model's figure (10th to 90th percentile of "
             << servingBand().rows << " runs it never saw)\n";
    if (server) {
        *ctx.out << "  as a server (Poisson arrivals, TTFT at most " << quantityText(o.ttftMs / 1000, "s", 3) << " and TPOT at most "
                 << quantityText(o.tpotMs / 1000, "s", 3) << " for 99 % of the time): " << readableText(server->requestsPerS, 3)
                 << " requests/s = " << readableText(server->outputTokensPerS) << " output tokens/s per replica; "
                 << readableText(server->concurrencyLimit) << " in flight meet the limits, the mean must stay at "
                 << readableText(server->meanInFlight, 3) << " so that 99 % of the time no more arrive\n";
    }
    *ctx.out << "  batch " << readableText(s->batch) << " sequences (limited by " << s->batchLimit << "), "
             << readableText(std::round(s->prefillTokensPerStep)) << " prefill tokens per step; KV cache " << readableText(std::floor(s->kvCapacityTokens))
             << " tokens beside " << quantityText(s->weightsBytesPerDevice, "B", 3) << " of weights per device\n";
    *ctx.out << "  step " << quantityText(s->step.stageS, "s", 3) << ": kernels " << quantityText(s->step.kernelsS, "s", 3)
             << ", TP all-reduces " << quantityText(s->step.tpCommS, "s", 3)
             << (s->step.epCommS > 0 ? ", EP all-to-all " + quantityText(s->step.epCommS, "s", 3) : std::string()) << "\n";
    TextTable t({"operator (one step, one stage)", "time", "efficiency", "what"});
    for (const auto& op : s->step.operators) {
        t.addRow({op.name + " [" + op.precision + "]", quantityText(op.seconds, "s", 3),
                  models::decimalText(100 * op.efficiency, 0) + " % of " + (op.memoryBound ? "bandwidth" : "peak"), op.detail});
    }
    *ctx.out << t.render();
    for (const auto& f : s->flags) *ctx.out << "  ! " << f << "\n";
    return ExitCode::Ok;
}

struct ServeStepPlanOptions {
    ModelOptions model;
    ServingSpec spec;
    ServingLoad load;
    std::vector<int> counts{1, 2, 4, 8, 16, 32, 64};
    double target = 0;
    int limit = 20;
};

ExitCode runServeStepPlan(const CliContext& ctx, ServeStepPlanOptions o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    for (const int n : o.counts) {
        if (n < 1 || n > models::serving::constants::maxDevices) {
            return ctx.error("--counts: " + std::to_string(n) + " is not a device count from 1 to " + readableText(models::serving::constants::maxDevices));
        }
    }
    if (const auto bad = requestShapeError(o.load.inputTokens, o.load.outputTokens); !bad.empty()) return ctx.error(bad);
    if (!(o.target >= 0 && o.target < 1e12)) return ctx.error("--target-tokens-per-s must be a number from 0");
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    ServingSearch search;
    search.spec = o.spec;
    search.load = o.load;
    search.counts = o.counts;
    if (o.target > 0) search.targetTokensPerS = o.target;
    const auto rows = planServingOnSteps(*config, set->devices, search);
    const ServingBand& band = servingBand();
    json arr = json::array();
    TextTable t({"rank", "device", "n", "TP x replicas", "batch (limit)", "tokens/s", "likely", "per device", "TPOT", "$/M tokens"});
    int rank = 0;
    for (const auto& r : rows) {
        if (o.limit > 0 && rank >= o.limit) break;
        ++rank;
        if (!r.state) {
            arr.push_back({{"rank", rank}, {"device", r.device->id}, {"problem", r.problem}});
            t.addRow({std::to_string(rank), r.device->id, "", "", "", "-", "", "", "", r.problem});
            continue;
        }
        const auto& st = *r.state;
        arr.push_back({{"rank", rank}, {"device", r.device->id}, {"device_name", r.device->name}, {"count", r.count}, {"tp", r.tp},
                       {"replicas", r.replicas}, {"batch", st.batch}, {"batch_limit", st.batchLimit}, {"tokens_per_s", r.tokensPerS},
                       {"tokens_per_s_low", r.tokensPerS * band.low}, {"tokens_per_s_high", r.tokensPerS * band.high},
                       {"tokens_per_s_per_device", r.tokensPerS / r.count}, {"tpot_s", st.tpotS}, {"ttft_s", st.ttftS},
                       {"usd_per_hour", r.usdPerHour ? json(*r.usdPerHour) : json(nullptr)},
                       {"usd_per_million_tokens", r.usdPerMillionTokens ? json(*r.usdPerMillionTokens) : json(nullptr)}, {"flags", st.flags}});
        t.addRow({std::to_string(rank), r.device->id, std::to_string(r.count), std::to_string(r.tp) + " x " + std::to_string(r.replicas),
                  readableText(st.batch) + " (" + st.batchLimit + ")", readableText(r.tokensPerS, 3),
                  readableText(r.tokensPerS * band.low, 2) + "-" + readableText(r.tokensPerS * band.high, 2), readableText(r.tokensPerS / r.count, 3),
                  quantityText(st.tpotS, "s", 3), r.usdPerMillionTokens ? models::usdText(*r.usdPerMillionTokens) : "-"});
    }
    if (ctx.json) {
        ctx.printJson({{"model", modelJson(*config)}, {"weights", o.spec.weights}, {"kv", o.spec.kvCache}, {"input_tokens", o.load.inputTokens},
                       {"output_tokens", o.load.outputTokens}, {"counts", o.counts}, {"rows", arr}, {"model_kind", "step"},
                       {"band_source", band.source}});
        return ExitCode::Ok;
    }
    *ctx.out << config->name << ", " << o.spec.weights << " weights, " << readableText(o.load.inputTokens) << " in / "
             << readableText(o.load.outputTokens) << " out, offline, on the step model: each accelerator at its best count and TP\n";
    *ctx.out << t.render();
    *ctx.out << "  likely: " << models::decimalText(band.low, 2) << "x to " << models::decimalText(band.high, 2)
             << "x of the model's tokens/s (10th to 90th percentile over " << band.rows << " published runs it never saw); $/M tokens: the catalog's cloud price\n";
    return ExitCode::Ok;
}

} // namespace

void addServeStepCommand(CLI::App& serve, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<ServeStepOptions>();
    CLI::App* step = serve.add_subcommand("step", "one replica on the step model: continuous batching's steady state, tokens/s, TPOT, TTFT");
    addModelOptions(*step, o->model);
    step->add_option("--device", o->device, "catalog device")->required();
    step->add_option("--tp", o->spec.tp, "tensor parallel per replica")->capture_default_str();
    step->add_option("--pp", o->spec.pp, "pipeline stages per replica")->capture_default_str();
    step->add_option("--ep", o->spec.ep, "expert parallel (divides tp x pp)")->capture_default_str();
    addRequestShapeOptions(*step, o->spec.weights, o->spec.kvCache, o->load.inputTokens, o->load.outputTokens);
    step->add_option("--concurrency", o->concurrency, "requests in flight per replica (a closed-loop client); default: offline");
    step->add_option("--max-seqs", o->spec.maxSequences, "the engine's cap on running sequences")->capture_default_str();
    step->add_option("--max-batched-tokens", o->spec.maxBatchedTokens, "the engine's tokens per step")->capture_default_str();
    step->add_option("--memory-utilization", o->spec.memoryUtilization, "share of device memory the engine takes")->capture_default_str();
    step->add_option("--gpus-per-node", o->gpusPerNode, "devices per scale-up domain (default: the catalog's domain)");
    step->add_option("--svg", o->svgFile, "also write the slide figure (the step's parts, each operator) as SVG");
    step->add_flag("--dark", o->dark, "with --svg: the dark theme");
    step->add_flag("--server", o->server,
                   "also the most requests/s under Poisson arrivals that keeps TTFT and TPOT within the limits 99 % of the time (MLPerf's Server scenario)");
    step->add_option("--ttft-ms", o->ttftMs, "with --server: the TTFT limit (MLPerf llama2-70b: 2,000)")->capture_default_str();
    step->add_option("--tpot-ms", o->tpotMs, "with --server: the TPOT limit (MLPerf llama2-70b: 200)")->capture_default_str();
    step->callback([&ctx, &exitCode, o] { exitCode = runServeStep(ctx, *o); });

    auto p = std::make_shared<ServeStepPlanOptions>();
    CLI::App* plan = serve.add_subcommand("step-plan", "every accelerator x count x TP on the step model, ranked by $/M tokens (or tokens/s per device)");
    addModelOptions(*plan, p->model);
    addRequestShapeOptions(*plan, p->spec.weights, p->spec.kvCache, p->load.inputTokens, p->load.outputTokens);
    plan->add_option("--counts", p->counts, "device counts to try")->delimiter(',')->capture_default_str();
    plan->add_option("--target-tokens-per-s", p->target, "drop rows below this total throughput");
    plan->add_option("--max-seqs", p->spec.maxSequences, "the engine's cap on running sequences")->capture_default_str();
    plan->add_option("--limit", p->limit, "print at most this many rows (0: all)")->capture_default_str();
    plan->callback([&ctx, &exitCode, p] { exitCode = runServeStepPlan(ctx, *p); });
}

} // namespace accelscope::cli
