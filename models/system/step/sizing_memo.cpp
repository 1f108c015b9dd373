// SPDX-License-Identifier: MIT
#include "models/system/step/sizing_memo.hpp"

#include "models/catalog/figure_key.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/serving_memo.hpp"
#include "models/system/step/serving_band.hpp"

#include <algorithm>
#include <sstream>

namespace accelscope::models::system {

namespace {

using catalog::FigureKey;

std::string money(const std::optional<double>& v) { return v ? usdText(*v) : "no price"; }

/// The row a buyer would take first: the cheapest per month with every figure it rests on present (a price, a TDP,
/// its links); else the first sized row.
const SizedDeployment* recommended(const std::vector<SizedDeployment>& rows)
{
    for (const auto& r : rows) {
        if (r.count > 0 && r.usdPerMonth && r.acceleratorKw && !r.missingFigures) return &r;
    }
    for (const auto& r : rows) {
        if (r.count > 0) return &r;
    }
    return nullptr;
}

std::string layoutText(const SizedDeployment& r)
{
    return readableText(r.count) + " x " + r.device->name + " (TP " + std::to_string(r.tp) + " x " + std::to_string(r.replicas) +
           (r.replicas == 1 ? " replica" : " replicas") + ", " + std::to_string(r.nodes) + (r.nodes == 1 ? " node" : " nodes") + " of " +
           std::to_string(r.devicesPerNode) + ")";
}

} // namespace

std::string sizingMemo(const roofline::TransformerConfig& model, const SizingRequest& request, const std::vector<SizedDeployment>& rows,
                       const MemoContext& context)
{
    const ServingBand& band = servingBand();
    std::ostringstream o;
    const auto sized = std::count_if(rows.begin(), rows.end(), [](const SizedDeployment& r) { return r.count > 0; });
    o << "# Serving " << model.name << ": devices for " << demandText(request.demand) << "\n\n";
    o << context.date << " · " << context.version << " · step model\n\n";

    o << "## Summary and recommendation\n\n";
    if (const SizedDeployment* best = recommended(rows)) {
        o << "- **Recommended: " << layoutText(*best) << "**";
        if (best->usdPerMonth) o << ", " << usdText(*best->usdPerMonth) << " a month";
        if (best->acceleratorKw) o << ", " << readableText(*best->acceleratorKw, 3) << " kW of accelerators";
        o << ". It holds " << readableText(best->concurrencyPerReplica) << " requests in flight per replica at TPOT "
          << quantityText(best->state->tpotS, "s", 3) << " and worst TTFT " << quantityText(best->ttftWorstS, "s", 3) << ".";
        if (best->priceUnverified) o << " Its price (" << best->priceBasis << ") was not read in a stored copy of the provider's page: confirm it.";
        o << "\n";
        int alternatives = 0;
        for (const auto& r : rows) {
            if (&r == best || r.count == 0 || alternatives >= 2) continue;
            ++alternatives;
            o << "- Alternative: " << layoutText(r);
            if (r.usdPerMonth) o << ", " << usdText(*r.usdPerMonth) << " a month";
            if (!r.flags.empty()) o << " (see its notes)";
            o << ".\n";
        }
        o << "- Accuracy: on " << band.rows << " published runs the step model never saw, measured throughput was "
          << decimalText(band.low, 2) << "x to " << decimalText(band.high, 2) << "x of its prediction (10th to 90th percentile). "
          << "Plan for up to " << readableText(1.0 / band.low, 2) << "x the devices above if the low end holds for your software stack.\n";
    } else {
        o << "- No candidate meets the objective: relax TPOT or TTFT, or choose narrower weights.\n";
    }
    o << "- " << sized << " of " << rows.size() << " candidates were sized"
      << (static_cast<std::size_t>(sized) < rows.size() ? "; the others are listed at the end with the reason" : "") << ".\n\n";

    o << "## Load and objective\n\n";
    o << "- Model: " << model.name << " (" << model.id << "), " << request.spec.weights << " weights, " << request.spec.kvCache << " KV cache\n";
    o << "- Requests: " << readableText(request.load.inputTokens) << " prompt and " << readableText(request.load.outputTokens)
      << " output tokens on average\n";
    o << "- Load: " << demandText(request.demand);
    if (request.demand.kind != DemandKind::Users) o << " (replicas hold the " << readableText(request.quantile * 100) << "th percentile of requests in flight)";
    o << "\n- Objective: TPOT at most " << quantityText(request.slo.tpotS, "s", 3) << ", TTFT at most " << quantityText(request.slo.ttftS, "s", 3)
      << " (worst case in the steady state: one step waiting for a slot, then the prompt's prefill)\n\n";

    o << "## Sized deployments\n\n";
    o << "| device | devices | layout | nodes | $/month | capex | kW | $/M tokens | tokens/s | notes |\n";
    o << "|---|---:|---|---|---:|---:|---:|---:|---:|---|\n";
    int note = 0;
    std::vector<std::pair<int, const SizedDeployment*>> noted;
    for (const auto& r : rows) {
        if (r.count == 0) continue;
        std::string notes;
        if (!r.flags.empty()) {
            noted.push_back({++note, &r});
            notes = "[" + std::to_string(note) + "]";
        }
        o << "| " << r.device->name << " | " << readableText(r.count) << " | TP " << r.tp << " x " << r.replicas << " | " << r.nodes << " x "
          << r.devicesPerNode << " | " << money(r.usdPerMonth) << " | " << (r.capexUsd ? usdText(*r.capexUsd) : "no list price") << " | "
          << (r.acceleratorKw ? readableText(*r.acceleratorKw, 3) : "no TDP") << " | "
          << (r.usdPerMillionTokens ? usdText(*r.usdPerMillionTokens) : "-") << " | " << readableText(r.outputTokensPerS, 3) << " | " << notes
          << " |\n";
    }
    o << "\n$/month: the catalog's cloud $/device-hour x devices x " << readableText(request.hoursPerMonth)
      << " h. Capex: the catalog's list price x devices (accelerators only). kW: TDP x devices (accelerators only: hosts, network "
         "and cooling add to it).\n\n";
    if (!noted.empty()) {
        o << "### Notes (figures missing or assumed; they change the row)\n\n";
        for (const auto& [n, r] : noted) {
            o << n << ". " << r->device->name << ":";
            for (const auto& f : r->flags) o << " " << f << ".";
            o << "\n";
        }
        o << "\n";
    }

    o << "## Assumptions\n\n";
    o << "- Continuous batching with chunked prefill in its steady state; one replica per TP group inside one scale-up domain "
         "(no pipeline or expert parallelism in this sizing).\n";
    o << "- Kernel efficiencies from GEMM, bandwidth and attention microbenchmarks (`accelscope-cli serve step --json` lists each "
         "with its source); no end-to-end result was fitted.\n";
    o << "- Users: each has one request in flight (a closed loop without think time). Requests/s and tokens/day: Poisson arrivals "
         "split at random over replicas.\n";
    o << "- Reproduce: `" << context.command << "`\n\n";

    o << "## Sources\n\n";
    for (const auto& r : rows) {
        if (r.count == 0) continue;
        o << "**" << r.device->name << "** (" << r.device->id << ")\n\n";
        for (const FigureKey key : {FigureKey::MemoryGb, FigureKey::MemoryBwGbs, FigureKey::TdpW, FigureKey::CloudUsdPerHour,
                                    FigureKey::ListPriceUsd}) {
            o << "- " << serving::catalogFigureLine(*r.device, key) << "\n";
        }
        o << "\n";
    }
    o << "Accuracy band: " << band.source << "\n\n";

    const auto unsized = rows.size() - static_cast<std::size_t>(sized);
    if (unsized > 0) {
        o << "## Not sized\n\n";
        for (const auto& r : rows) {
            if (r.count == 0) o << "- " << r.device->name << ": " << r.problem << "\n";
        }
    }
    return o.str();
}

} // namespace accelscope::models::system
