// SPDX-License-Identifier: MIT
// Serve commands: options → models/serving → text or JSON.
#include "app/cli/serve_commands.hpp"


#include "app/cli/model_options.hpp"
#include "app/cli/serve_prices.hpp"
#include "app/cli/serve_size_commands.hpp"
#include "app/cli/serve_step_commands.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/serving/calibration.hpp"
#include "models/serving/serving_memo.hpp"
#include "models/serving/pareto_figure.hpp"
#include "models/serving/serving_plan.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/figure/figure.hpp"

#include <CLI/CLI.hpp>

#include <fstream>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::serving;
using models::readableText;
using nlohmann::json;

struct ServeOptions {
    ModelOptions model;
    std::string device;
    int count = 1;
    ServingRequest request;
    std::string scenario = "offline";
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    std::string usdPerHour; ///< estimate: this run's $/device-hour (text: parsed by parsePrice)
    std::string usdPerKwh;  ///< this run's $/kWh, over the stored one
    // plan
    std::string order = "cost";
    bool allKinds = false;
    std::optional<double> target;
    std::vector<int> counts{1, 2, 4, 8, 16, 32, 64};
    int limit = 0;
    bool memo = false;
    bool frontier = false;
    bool everyCount = false;
    std::string svgFile; ///< plan: the Serving planner page's figure (the frontiers of the first four fitting devices)
    bool dark = false;
    ServeSizeOptions sizing; ///< plan: a load (--users, --requests-per-s, --tokens-per-day) sizes on the step model
    // calibrate
    std::string data;
    std::string heldout;
    std::string sources;
    std::string outFile;
};

json optionalJson(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

std::string gbText(double bytes) { return models::decimalText(bytes / 1e9, 1) + " GB"; }

/// "does not fit (needs 161.3 GB, has 80 GB)": the one sentence every face prints instead of a throughput.
std::string doesNotFit(const ServingEstimate& e)
{
    return models::memory::doesNotFitText(e.needBytesPerDevice - e.headroomBytesPerDevice, e.capacityBytesPerDevice);
}

json estimateJson(const ServingEstimate& e)
{
    const auto num = [&](double v) { return e.fits ? json(v) : json(nullptr); };
    json j{{"device", e.deviceId}, {"count", e.devices}, {"fits", e.fits},
           {"tokens_per_s", num(e.tokensPerS)}, {"tokens_per_s_per_device", num(e.tokensPerSPerDevice)},
           {"tokens_per_s_low", num(e.tokensPerSLow)}, {"tokens_per_s_high", num(e.tokensPerSHigh)},
           {"tokens_per_s_per_user", num(e.tokensPerSPerUser)},
           {"ttft_ms", num(e.ttftMs)}, {"ttft_p99_ms", num(e.ttftP99Ms)}, {"tpot_ms", num(e.tpotMs)},
           {"tpot_p99_ms", num(e.tpotP99Ms)}, {"batch", e.fits ? json(e.batch) : json(nullptr)},
           {"max_batch_kv", e.maxBatchKv}, {"tp", e.layout.tp}, {"pp", e.layout.pp}, {"ep", e.layout.ep},
           {"replicas", e.layout.replicas}, {"memory_gb_per_device", e.memoryBytesPerDevice / 1e9},
           {"weights_gb_per_device", e.weightsBytesPerDevice / 1e9}, {"kv_gb_per_device", e.kvBytesPerDevice / 1e9},
           {"headroom_gb_per_device", e.headroomBytesPerDevice / 1e9},
           {"needs_gb_per_device", e.needBytesPerDevice / 1e9}, {"capacity_gb_per_device", e.capacityBytesPerDevice / 1e9},
           {"watts", optionalJson(e.watts)}, {"joules_per_token", optionalJson(e.fits ? e.joulesPerToken : std::nullopt)},
           {"usd_per_hour", optionalJson(e.usdPerHour)}, {"energy_usd_per_hour", optionalJson(e.energyUsdPerHour)},
           {"usd_per_million_tokens", optionalJson(e.fits ? e.usdPerMillionTokens : std::nullopt)},
           {"energy_usd_per_million_tokens", optionalJson(e.fits ? e.energyUsdPerMillionTokens : std::nullopt)},
           {"tokens_per_s_per_kw", optionalJson(e.fits ? e.tokensPerSPerKw : std::nullopt)},
           {"price_basis", e.priceBasis.empty() ? json(nullptr) : json(e.priceBasis)},
           {"bound", e.fits ? json(boundName(e.bound)) : json("memory")},
           {"efficiency", {{"family", e.efficiency.family}, {"compute_eff", e.efficiency.compute},
                           {"memory_eff", e.efficiency.memory}, {"kv_eff", e.efficiency.kv}, {"band_low", e.efficiency.bandLow},
                           {"band_high", e.efficiency.bandHigh}, {"provenance", e.efficiency.provenance}}}};
    if (!e.fits) j["problem"] = doesNotFit(e);
    return j;
}

std::string estimateText(const ServingEstimate& e, const std::string& name)
{
    std::string s = std::to_string(e.devices) + " x " + name + " (TP " + std::to_string(e.layout.tp) + ", PP " +
                    std::to_string(e.layout.pp) + ", EP " + std::to_string(e.layout.ep) + ", " +
                    std::to_string(e.layout.replicas) + " replica(s))\n";
    if (!e.fits) return s + "  " + doesNotFit(e) + "\n";
    s += "  tokens/s: " + readableText(e.tokensPerS) + " (band " + readableText(e.tokensPerSLow) + " to " +
         readableText(e.tokensPerSHigh) + "), per device " + readableText(e.tokensPerSPerDevice) + ", per user " +
         readableText(e.tokensPerSPerUser) + "\n";
    s += "  TTFT " + readableText(e.ttftMs) + " ms (p99 " + readableText(e.ttftP99Ms) + "), TPOT " +
         readableText(e.tpotMs) + " ms (p99 " + readableText(e.tpotP99Ms) + "), batch " + std::to_string(e.batch) +
         " per replica (KV allows " + std::to_string(e.maxBatchKv) + ")\n";
    s += "  memory per device: " + gbText(e.memoryBytesPerDevice) + " of " + gbText(e.capacityBytesPerDevice) +
         " (weights " + gbText(e.weightsBytesPerDevice) + ", KV " + gbText(e.kvBytesPerDevice) + ", headroom " +
         gbText(e.headroomBytesPerDevice) + ")\n";
    s += "  bound: " + std::string(boundName(e.bound));
    if (e.watts) {
        s += ", " + readableText(*e.watts) + " W, " + readableText(*e.joulesPerToken) + " J/token, " +
             readableText(e.tokensPerSPerKw.value_or(0.0)) + " tokens/s per kW";
    }
    s += e.usdPerMillionTokens ? ", " + models::usdText(*e.usdPerMillionTokens) + " per million tokens (" + e.priceBasis + " price" +
                                     (e.energyUsdPerMillionTokens ? ", energy " + models::usdText(*e.energyUsdPerMillionTokens) : "") + ")"
                               : ", no price in the catalog";
    s += "\n  efficiency: compute " + readableText(e.efficiency.compute) + ", memory " + readableText(e.efficiency.memory) +
         ", KV " + readableText(e.efficiency.kv) +
         " (" + e.efficiency.provenance + ")\n";
    return s;
}

models::Result<ServingRequest> requestOf(const ServeOptions& o)
{
    ServingRequest r = o.request;
    const auto scenario = scenarioFromName(o.scenario);
    if (!scenario) return models::fail(models::ErrorCode::InvalidArgument, "--scenario: '" + o.scenario + "' is not offline or server");
    r.scenario = *scenario;
    r.ttftLimitMs = o.ttftMs;
    r.tpotLimitMs = o.tpotMs;
    if (r.scenario == Scenario::Offline && (o.ttftMs || o.tpotMs)) {
        return models::fail(models::ErrorCode::InvalidArgument, "--ttft-ms and --tpot-ms apply to --scenario server");
    }
    if (!o.usdPerHour.empty()) {
        auto v = parsePrice("--usd-per-hour", o.usdPerHour);
        if (!v) return std::unexpected(v.error());
        r.prices[o.device] = DevicePrice{*v, std::nullopt, 3.0};
    }
    return r;
}

ExitCode runEstimate(const CliContext& ctx, const ServeOptions& o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    auto request = requestOf(o);
    if (!request) return ctx.error(request.error());
    auto device = resolveDevice(ctx, o.device);
    if (!device) return ctx.error(device.error());
    if (const auto typed = request->prices.find(o.device); typed != request->prices.end() && o.device != device->id) {
        request->prices[device->id] = typed->second; // --device given by name: the price is the resolved id's
        request->prices.erase(typed);
    }
    if (auto ok = applyUserPrices(ctx, *request, o.usdPerKwh); !ok) return ctx.error(ok.error());
    auto table = bundledEfficiencies();
    if (!table) return ctx.error(table.error());
    auto d = servingDevice(*device, *request, *table);
    if (!d) return ctx.error(d.error());
    auto e = estimateServing(*config, *d, *request, o.count);
    if (!e) return ctx.error(e.error());
    if (ctx.json) {
        json j = estimateJson(*e);
        j["model"] = config->id;
        j["scenario"] = scenarioName(request->scenario);
        j["weights"] = request->weights;
        j["kv"] = request->kvCache;
        j["input_tokens"] = request->inputTokens;
        j["output_tokens"] = request->outputTokens;
        j["assumptions"] = servingAssumptions();
        if (o.frontier) {
            json f = json::array();
            for (const auto& p : servingFrontier(*config, *d, *request, o.count, frontierTpotLimitsMs)) {
                f.push_back({{"tpot_limit_ms", p.tpotLimitMs}, {"tokens_per_s_per_user", p.tokensPerSPerUser},
                             {"tokens_per_s_per_device", p.tokensPerSPerDevice}, {"tokens_per_s_per_device_low", p.tokensPerSPerDeviceLow},
                             {"tokens_per_s_per_device_high", p.tokensPerSPerDeviceHigh}, {"batch", p.batch}});
            }
            j["frontier"] = f;
        }
        ctx.printJson(j);
    } else {
        *ctx.out << config->name << ", " << request->weights << " weights, " << request->kvCache << " KV, "
                 << request->inputTokens << " in / " << request->outputTokens << " out, " << scenarioName(request->scenario)
                 << "\n" << estimateText(*e, device->name);
    }
    return ExitCode::Ok;
}

ExitCode runPlan(const CliContext& ctx, const ServeOptions& o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    auto request = requestOf(o);
    if (!request) return ctx.error(request.error());
    const auto order = planOrderFromName(o.order);
    if (!order) return ctx.error("--rank: '" + o.order + "' is not cost, devices or power");
    if (!o.usdPerHour.empty()) {
        return ctx.error("--usd-per-hour applies to serve estimate (one device); keep per-device prices with `serve prices set`");
    }
    if (auto ok = applyUserPrices(ctx, *request, o.usdPerKwh); !ok) return ctx.error(ok.error());
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto table = bundledEfficiencies();
    if (!table) return ctx.error(table.error());
    for (const int n : o.counts) {
        if (n < 1 || n > models::serving::constants::maxDevices) {
            return ctx.error("--counts: " + std::to_string(n) + " is not a device count from 1 to 65,536");
        }
    }
    PlanOptions po;
    po.counts = o.counts;
    po.allKinds = o.allKinds;
    po.targetTokensPerS = o.target;
    po.order = *order;
    po.everyCount = o.everyCount;
    const auto rows = planServing(*config, set->devices, *request, *table, po);
    if (!o.svgFile.empty()) {
        const auto svg = models::figure::figureSvg(paretoFigure(frontierCurves(*config, *request, rows, *table), o.dark));
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, svg); !ok) return ctx.error("--svg " + ok.error().message);
    }
    if (o.memo) {
        *ctx.out << purchaseMemo(*config, *request, rows, *table, o.limit > 0 ? static_cast<std::size_t>(o.limit) : 10);
        return ExitCode::Ok;
    }
    const bool anyFits = std::ranges::any_of(rows, [](const PlanRow& r) { return r.estimate && r.estimate->fits; });
    if (!anyFits && request->scenario == Scenario::Server) {
        return ctx.error("no device and layout meets the latency limits (TTFT/TPOT) for " + config->id);
    }
    json arr = json::array();
    TextTable t({"rank", "device", "n", "TP/PP/EP x R", "batch", "tokens/s", "band", "per device", "TTFT ms", "TPOT ms", "W", "$/M tok", "bound"});
    int rank = 0;
    for (const auto& r : rows) {
        if (o.limit > 0 && rank >= o.limit) break;
        ++rank;
        if (!r.estimate) {
            arr.push_back({{"rank", rank}, {"device", r.device->id}, {"fits", false}, {"problem", r.problem}, {"bound", nullptr}});
            // The reason goes last, so that a long "does not fit (needs …)" never widens the number columns.
            t.addRow({std::to_string(rank), r.device->id, "", "", "", "-", "", "", "", "", "", "", r.problem});
            continue;
        }
        const auto& e = *r.estimate;
        json j = estimateJson(e);
        j["rank"] = rank;
        j["device_name"] = r.device->name;
        arr.push_back(j);
        const std::string layout = std::to_string(e.layout.tp) + "/" + std::to_string(e.layout.pp) + "/" +
                                   std::to_string(e.layout.ep) + " x " + std::to_string(e.layout.replicas);
        if (!e.fits) {
            t.addRow({std::to_string(rank), e.deviceId, std::to_string(e.devices), layout, "", "-", "", "", "", "", "", "", doesNotFit(e)});
            continue;
        }
        t.addRow({std::to_string(rank), e.deviceId, std::to_string(e.devices), layout, std::to_string(e.batch),
                  readableText(e.tokensPerS), readableText(e.tokensPerSLow) + "-" + readableText(e.tokensPerSHigh),
                  readableText(e.tokensPerSPerDevice), readableText(e.ttftP99Ms), readableText(e.tpotP99Ms),
                  e.watts ? readableText(*e.watts) : "", e.usdPerMillionTokens ? models::usdText(*e.usdPerMillionTokens) : "",
                  std::string(boundName(e.bound))});
    }
    if (ctx.json) ctx.printJson(arr);
    else *ctx.out << t.render();
    return ExitCode::Ok;
}

ExitCode runCalibrate(const CliContext& ctx, const ServeOptions& o)
{
    auto rows = loadMlperfRows(o.data);
    if (!rows) return ctx.error(rows.error());
    std::vector<MlperfRow> held;
    if (!o.heldout.empty()) {
        auto h = loadMlperfRows(o.heldout);
        if (!h) return ctx.error(h.error());
        held = std::move(*h);
    }
    auto bandwidth = loadBandwidthMeasurements(o.sources);
    if (!bandwidth) return ctx.error(bandwidth.error());
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto fit = calibrate(*rows, held, set->devices, *bandwidth);
    if (!fit) return ctx.error(fit.error());
    const json doc = calibrationJson(*fit, std::filesystem::path(o.data).filename().string(),
                                     o.heldout.empty() ? "" : std::filesystem::path(o.heldout).filename().string());
    if (!o.outFile.empty()) {
        // Written beside the target and renamed over it, so a failure leaves the old file whole.
        const std::filesystem::path tmp = o.outFile + ".tmp";
        {
            std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
            if (!f) return ctx.error(o.outFile + ": cannot write");
            f << doc.dump(2) << "\n";
            if (!f) return ctx.error(o.outFile + ": write failed");
        }
        std::error_code ec;
        std::filesystem::rename(tmp, o.outFile, ec);
        if (ec) return ctx.error(o.outFile + ": " + ec.message());
    }
    if (ctx.json) {
        ctx.printJson(doc);
    } else {
        TextTable t({"family", "rows", "compute_eff", "memory_eff", "kv_eff", "median |err| %", "worst |err| %"});
        for (const auto& f : fit->table.families) {
            t.addRow({f.family, std::to_string(f.points), readableText(f.compute), readableText(f.memory), readableText(f.kv),
                      models::decimalText(f.medianAbsPct, 1), models::decimalText(f.worstAbsPct, 1)});
        }
        const auto [m, w] = medianAndWorstAbsPct(fit->points);
        t.addRow({"all", std::to_string(fit->points.size()), readableText(fit->table.pooled.compute),
                  readableText(fit->table.pooled.memory), readableText(fit->table.pooled.kv), models::decimalText(m, 1),
                  models::decimalText(w, 1)});
        *ctx.out << t.render();
        if (!fit->reported.empty()) {
            const auto [rm, rw] = medianAndWorstAbsPct(fit->reported);
            *ctx.out << "reported (" << fit->reported.size() << " v4.x rows of other models, not fitted): median |err| "
                     << models::decimalText(rm, 1) << " %, worst " << models::decimalText(rw, 1) << " %\n";
        }
        if (!fit->heldout.empty()) {
            const auto [hm, hw] = medianAndWorstAbsPct(fit->heldout);
            *ctx.out << "held out (" << fit->heldout.size() << " rows, not fitted): median |err| "
                     << models::decimalText(hm, 1) << " %, worst " << models::decimalText(hw, 1) << " %\n";
        }
        for (const auto& s : fit->skipped) *ctx.out << "skipped " << s << "\n";
    }
    return ExitCode::Ok;
}

void addRequestOptions(CLI::App& cmd, ServeOptions& o)
{
    addModelOptions(cmd, o.model);
    addRequestShapeOptions(cmd, o.request.weights, o.request.kvCache, o.request.inputTokens, o.request.outputTokens);
    cmd.add_option("--scenario", o.scenario, "offline or server (Poisson arrivals under --ttft-ms/--tpot-ms)")->capture_default_str();
    cmd.add_option("--ttft-ms", o.ttftMs, "server: p99 time-to-first-token limit, ms");
    cmd.add_option("--tpot-ms", o.tpotMs, "server: p99 time-per-output-token limit, ms");
    cmd.add_option("--usd-per-kwh", o.usdPerKwh, "this run's electricity price, $/kWh (over `serve prices set --usd-per-kwh`)");
    cmd.add_option("--usd-per-hour", o.usdPerHour, "estimate: this run's $/device-hour, energy not included");
}

} // namespace

void addServeCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<ServeOptions>();
    CLI::App* serve = app.add_subcommand("serve", "serving throughput, latency, power and cost; the planner; the calibration fit");
    serve->require_subcommand(1);
    addServeStepCommand(*serve, ctx, exitCode);
    addServeSizeCommand(*serve, ctx, exitCode);

    CLI::App* estimate = serve->add_subcommand("estimate", "one device type and count: best layout, tokens/s, TTFT, TPOT, W, $/M tokens");
    addRequestOptions(*estimate, *o);
    estimate->add_option("--device", o->device, "catalog device")->required();
    estimate->add_option("--count", o->count, "devices")->capture_default_str();
    estimate->add_flag("--frontier", o->frontier, "with --json: tokens/s per device vs per user at p99 TPOT limits 10 to 1000 ms (the Pareto chart)");
    estimate->callback([&ctx, &exitCode, o] { exitCode = runEstimate(ctx, *o); });

    CLI::App* plan = serve->add_subcommand("plan", "devices x count x layout x batch over the catalog, ranked");
    addRequestOptions(*plan, *o);
    plan->add_option("--rank", o->order, "cost ($/M tokens), devices or power (W per token/s)")->capture_default_str();
    plan->add_flag("--all-kinds", o->allKinds, "include CPUs, SoCs, boards and systems (accelerators only by default)");
    plan->add_option("--target-tokens-per-s", o->target, "drop rows below this total throughput");
    plan->add_option("--counts", o->counts, "device counts to try")->delimiter(',')->capture_default_str();
    plan->add_option("--limit", o->limit, "print at most this many rows (0: all)");
    plan->add_flag("--every-count", o->everyCount, "a row for every count that fits (default: per device the count that ranks best)");
    plan->add_flag("--memo", o->memo, "print the purchase memo (Markdown, every number with its source or formula)");
    plan->add_option("--svg", o->svgFile, "also write the Serving planner page's figure (its Export figure: the frontiers of the first "
                                          "four devices that fit, in rank order) as SVG");
    plan->add_flag("--dark", o->dark, "with --svg: the dark theme");
    addDemandOptions(*plan, o->sizing);
    plan->callback([&ctx, &exitCode, o] {
        if (!o->sizing.demandGiven()) {
            exitCode = runPlan(ctx, *o);
            return;
        }
        // A load to size for: the step model's answer (serve size), with this command's request options.
        ServeSizeOptions s = o->sizing;
        s.model = o->model;
        s.weights = o->request.weights;
        s.kv = o->request.kvCache;
        s.inputTokens = o->request.inputTokens;
        s.outputTokens = o->request.outputTokens;
        if (o->ttftMs) s.ttftMs = *o->ttftMs;
        if (o->tpotMs) s.tpotMs = *o->tpotMs;
        s.limit = o->limit;
        s.memo = o->memo;
        exitCode = runServeSize(ctx, s);
    });

    CLI::App* cal = serve->add_subcommand("calibrate", "fit compute/memory efficiency per device family on MLPerf v4.x rows");
    cal->add_option("--data", o->data, "calibration CSV (v4.0/v4.1 rows only)")->required();
    cal->add_option("--sources", o->sources, "published efficiency measurements (data/serving/efficiency-sources.csv): memory_eff")->required();
    cal->add_option("--heldout", o->heldout, "held-out CSV (later rounds): predicted and reported, never fitted");
    cal->add_option("--out", o->outFile, "write the fit document here (data/serving/fit.json)");
    cal->callback([&ctx, &exitCode, o] { exitCode = runCalibrate(ctx, *o); });

    addPriceCommands(*serve, ctx, exitCode);
}

} // namespace accelscope::cli
