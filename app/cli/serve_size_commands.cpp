// SPDX-License-Identifier: MIT
#include "app/cli/serve_size_commands.hpp"

#include "accelscope/config.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/dtype.hpp"
#include "models/serving/serving_model.hpp"
#include "models/system/step/serving_band.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "models/system/step/sizing_memo.hpp"

#include <CLI/CLI.hpp>

#include <ctime>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::system;
using models::quantityText;
using models::readableText;
using nlohmann::json;

json optional(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

/// Today in UTC, "2026-11-28".
std::string today()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}


} // namespace

void addDemandOptions(CLI::App& cmd, ServeSizeOptions& o)
{
    cmd.add_option("--users", o.users, "size for this many concurrent users, each with one request in flight");
    cmd.add_option("--requests-per-s", o.requestsPerS, "size for Poisson arrivals at this mean rate");
    cmd.add_option("--tokens-per-day", o.tokensPerDay, "size for this many generated (output) tokens per day, as a mean rate");
    cmd.add_option("--devices", o.devices, "catalog ids to size (default: every accelerator)")->delimiter(',');
}

ExitCode runServeSize(const CliContext& ctx, const ServeSizeOptions& o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    const int given = (o.users != 0) + (o.requestsPerS != 0) + (o.tokensPerDay != 0);
    if (given != 1) return ctx.error("give exactly one load: --users, --requests-per-s or --tokens-per-day");
    SizingRequest r;
    if (o.users != 0) {
        if (!(o.users >= 1 && o.users <= 1e8)) return ctx.error("--users must be from 1 to 100,000,000");
        r.demand = {DemandKind::Users, o.users};
    } else if (o.requestsPerS != 0) {
        if (!(o.requestsPerS > 0 && o.requestsPerS <= 1e7)) return ctx.error("--requests-per-s must be above 0 and at most 10,000,000");
        r.demand = {DemandKind::RequestsPerS, o.requestsPerS};
    } else {
        if (!(o.tokensPerDay >= 1 && o.tokensPerDay <= 1e16)) return ctx.error("--tokens-per-day must be from 1 to 10^16");
        r.demand = {DemandKind::TokensPerDay, o.tokensPerDay};
    }
    if (const auto bad = requestShapeError(o.inputTokens, o.outputTokens); !bad.empty()) return ctx.error(bad);
    if (!(o.ttftMs > 0 && o.ttftMs <= 3.6e6)) return ctx.error("--ttft-ms must be above 0 and at most 3,600,000 ms");
    if (!(o.tpotMs > 0 && o.tpotMs <= 6e4)) return ctx.error("--tpot-ms must be above 0 and at most 60,000 ms");
    if (o.maxSequences < 1 || o.maxSequences > 1000000) return ctx.error("--max-seqs must be from 1 to 1,000,000");
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    for (const std::string& id : o.devices) {
        if (auto found = models::catalog::findDevice(set->devices, id); !found) return ctx.error("--devices: " + found.error().message);
    }
    r.spec.weights = o.weights;
    r.spec.kvCache = o.kv;
    r.spec.maxSequences = o.maxSequences;
    r.load.inputTokens = o.inputTokens;
    r.load.outputTokens = o.outputTokens;
    r.slo = {o.ttftMs / 1000.0, o.tpotMs / 1000.0};
    for (const std::string& id : o.devices) r.devices.push_back((*models::catalog::findDevice(set->devices, id))->id);
    // A bad format name is the same error for every device: say it once.
    if (auto w = models::roofline::dataTypeFromName(o.weights); !w) return ctx.error("--weights: " + w.error().message);
    if (auto k = models::roofline::dataTypeFromName(o.kv); !k) return ctx.error("--kv: " + k.error().message);

    // Your prices (serve prices set) over the catalog's.
    auto store = models::catalog::UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return ctx.error(store.error());
    auto mine = store->priceOverrides();
    if (!mine) return ctx.error(mine.error());
    for (const auto& p : *mine) {
        if (p.usdPerHour) r.userUsdPerHour[p.deviceId] = *p.usdPerHour;
    }
    const auto rows = sizeServing(*config, set->devices, r);
    if (o.memo) {
        const std::string memo = sizingMemo(*config, r, rows, {today(), std::string("accelscope ") + ACCELSCOPE_VERSION, sizingCommand(config->id, r) + " --memo"});
        if (ctx.json) ctx.printJson({{"memo", memo}});
        else *ctx.out << memo;
        return ExitCode::Ok;
    }
    const ServingBand& band = servingBand();
    json arr = json::array();
    TextTable t({"device", "devices", "TP x replicas", "nodes", "per replica", "TPOT", "TTFT worst", "tokens/s", "$/month", "$/M tokens", "capex", "kW"});
    int shown = 0;
    for (const auto& row : rows) {
        if (o.limit > 0 && shown >= o.limit) break;
        ++shown;
        if (row.count == 0) {
            arr.push_back({{"device", row.device->id}, {"device_name", row.device->name}, {"problem", row.problem}, {"flags", row.flags}});
            t.addRow({row.device->id, "-", "", "", "", "", "", "", "", "", "", row.problem});
            continue;
        }
        json curve = json::array();
        for (const auto& p : row.curve) {
            curve.push_back({{"concurrency", p.concurrency}, {"tokens_per_s_per_device", p.tokensPerSPerDevice},
                             {"tokens_per_s_per_user", p.tokensPerSPerUser}, {"tpot_s", p.tpotS}, {"ttft_worst_s", p.ttftWorstS}});
        }
        const auto& st = *row.state;
        arr.push_back({{"device", row.device->id}, {"device_name", row.device->name}, {"count", row.count}, {"tp", row.tp},
                       {"replicas", row.replicas}, {"devices_per_node", row.devicesPerNode}, {"nodes", row.nodes},
                       {"concurrency_per_replica", row.concurrencyPerReplica}, {"in_flight", row.inFlight},
                       {"requests_per_s", row.requestsPerS}, {"output_tokens_per_s", row.outputTokensPerS},
                       {"tpot_s", st.tpotS}, {"ttft_worst_s", row.ttftWorstS}, {"usd_per_hour", optional(row.usdPerHour)},
                       {"usd_per_month", optional(row.usdPerMonth)}, {"usd_per_million_tokens", optional(row.usdPerMillionTokens)},
                       {"capex_usd", optional(row.capexUsd)}, {"accelerator_kw", optional(row.acceleratorKw)}, {"price_basis", row.priceBasis},
                       {"curve", curve}, {"flags", row.flags}});
        t.addRow({row.device->id, std::to_string(row.count), std::to_string(row.tp) + " x " + std::to_string(row.replicas),
                  std::to_string(row.nodes) + " x " + std::to_string(row.devicesPerNode), readableText(row.concurrencyPerReplica) + " in flight",
                  quantityText(st.tpotS, "s", 3), quantityText(row.ttftWorstS, "s", 3), readableText(row.outputTokensPerS, 3),
                  row.usdPerMonth ? models::usdText(*row.usdPerMonth) : "-", row.usdPerMillionTokens ? models::usdText(*row.usdPerMillionTokens) : "-",
                  row.capexUsd ? models::usdText(*row.capexUsd) : "-", row.acceleratorKw ? readableText(*row.acceleratorKw, 3) : "-"});
    }
    if (ctx.json) {
        ctx.printJson({{"model", modelJson(*config)}, {"weights", o.weights}, {"kv", o.kv}, {"input_tokens", o.inputTokens},
                       {"output_tokens", o.outputTokens}, {"demand", demandText(r.demand)}, {"ttft_worst_limit_s", r.slo.ttftS},
                       {"tpot_limit_s", r.slo.tpotS}, {"poisson_quantile", r.quantile}, {"hours_per_month", r.hoursPerMonth},
                       {"band", {{"low", band.low}, {"high", band.high}, {"rows", band.rows}, {"source", band.source}}},
                       {"model_kind", "step"}, {"rows", arr}});
        return ExitCode::Ok;
    }
    *ctx.out << config->name << ", " << o.weights << " weights, " << o.kv << " KV, " << readableText(o.inputTokens) << " in / "
             << readableText(o.outputTokens) << " out, " << demandText(r.demand) << "; TPOT at most " << quantityText(r.slo.tpotS, "s", 3)
             << ", TTFT at most " << quantityText(r.slo.ttftS, "s", 3) << " (worst case in the steady state)\n";
    *ctx.out << t.render();
    for (const auto& row : rows) {
        for (const auto& f : row.flags) *ctx.out << "  ! " << row.device->id << ": " << f << "\n";
    }
    *ctx.out << "  counts from the step model; its throughput measured 0.59x to 0.97x of the model's figure on published runs it never saw\n"
             << "  (10th to 90th percentile of " << band.rows << "): budget up to " << readableText(1.0 / band.low, 2)
             << "x the devices for the low end. $/month: catalog cloud $/device-hour x 730 h; capex: list price x devices; kW: TDP x devices (accelerators only)\n";
    return ExitCode::Ok;
}

void addServeSizeCommand(CLI::App& serve, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<ServeSizeOptions>();
    CLI::App* size = serve.add_subcommand("size", "devices, layout and replicas per accelerator that serve a load within TTFT/TPOT, with cost and power");
    addModelOptions(*size, o->model);
    addRequestShapeOptions(*size, o->weights, o->kv, o->inputTokens, o->outputTokens);
    addDemandOptions(*size, *o);
    size->add_option("--ttft-ms", o->ttftMs, "worst time to first token, ms")->capture_default_str();
    size->add_option("--tpot-ms", o->tpotMs, "time per output token, ms")->capture_default_str();
    size->add_option("--max-seqs", o->maxSequences, "the engine's cap on running sequences")->capture_default_str();
    size->add_option("--limit", o->limit, "print at most this many rows (0: all)")->capture_default_str();
    size->add_flag("--memo", o->memo, "print the memo a manager forwards (Markdown): recommendation, sized deployments, accuracy, assumptions, sources");
    size->callback([&ctx, &exitCode, o] { exitCode = runServeSize(ctx, *o); });
}

} // namespace accelscope::cli
