// SPDX-License-Identifier: MIT
// Purchase memo: Markdown with a source or a formula beside every number.
#include "models/serving/serving_memo.hpp"

#include "models/common/number_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/roofline/dtype.hpp"

#include <set>

namespace accelscope::models::serving {
namespace {

using catalog::FigureKey;

std::string n4(double v) { return readableText(v); }

std::string figureLine(const catalog::Device& d, FigureKey key) { return catalogFigureLine(d, key); }

} // namespace

/// "3,350 GB/s (NVIDIA H100 Tensor Core GPU Datasheet, https://…, row …)" or "(derived: a / 2)".
std::string catalogFigureLine(const catalog::Device& d, FigureKey key)
{
    const auto* f = d.figure(key);
    const auto& info = catalog::figureInfo(key);
    if (f == nullptr) return std::string(info.jsonKey) + ": not in the catalog";
    std::string s = std::string(info.jsonKey) + " = " + n4(f->value) + " " + std::string(info.unit);
    if (f->provenance == catalog::Provenance::Derived) s += " (derived: " + f->formula + ")";
    if (const auto* src = d.sourceOf(key)) {
        s += " — " + src->title + ", " + src->url;
        if (!f->where.empty()) s += ", " + f->where;
    }
    if (!f->date.empty()) s += " (" + f->date + ")";
    return s;
}

namespace {

std::string requestLine(const roofline::TransformerConfig& c, const ServingRequest& r)
{
    std::string s = c.name + " (" + c.id + "), " + r.weights + " weights, " + r.kvCache + " KV cache, " +
                    std::to_string(r.inputTokens) + " prompt / " + std::to_string(r.outputTokens) + " output tokens, " +
                    std::string(scenarioName(r.scenario)) + " scenario";
    if (r.ttftLimitMs) s += ", p99 TTFT <= " + n4(*r.ttftLimitMs) + " ms";
    if (r.tpotLimitMs) s += ", p99 TPOT <= " + n4(*r.tpotLimitMs) + " ms";
    return s;
}

} // namespace

std::string purchaseMemo(const roofline::TransformerConfig& config, const ServingRequest& request,
                         const std::vector<PlanRow>& rows, const EfficiencyTable& table, std::size_t maxRows)
{
    std::string md = "# Serving purchase memo: " + config.name + "\n\n";
    md += "Request: " + requestLine(config, request) + ". Model shape: " + config.sourceUrl + " (" + config.sourceWhere + ").\n\n";
    md += "## Ranked options\n\n| # | device | n | TP/PP/EP x replicas | batch | tokens/s (band) | per device | p99 TTFT ms | "
          "p99 TPOT ms | W | J/token | $/M tokens | bound |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    std::vector<const PlanRow*> shown;
    bool shownMiss = false;
    for (const auto& r : rows) {
        if (!r.estimate) continue;
        const auto& e = *r.estimate;
        if (e.fits ? shown.size() >= maxRows : shownMiss) continue;
        if (!e.fits) shownMiss = true;
        shown.push_back(&r);
        const std::string layout = std::to_string(e.layout.tp) + "/" + std::to_string(e.layout.pp) + "/" +
                                   std::to_string(e.layout.ep) + " x " + std::to_string(e.layout.replicas);
        if (!e.fits) {
            md += "| - | " + r.device->name + " | " + std::to_string(e.devices) + " | " + layout + " | | " +
                  memory::doesNotFitText(e.needBytesPerDevice - e.headroomBytesPerDevice, e.capacityBytesPerDevice) +
                  " | | | | | | | memory |\n";
            continue;
        }
        md += "| " + std::to_string(shown.size()) + " | " + r.device->name + " | " + std::to_string(e.devices) + " | " + layout +
              " | " + std::to_string(e.batch) + " | " + n4(e.tokensPerS) + " (" + n4(e.tokensPerSLow) + " to " +
              n4(e.tokensPerSHigh) + ") | " + n4(e.tokensPerSPerDevice) + " | " + n4(e.ttftP99Ms) + " | " + n4(e.tpotP99Ms) +
              " | " + (e.watts ? n4(*e.watts) : "no TDP") + " | " + (e.joulesPerToken ? n4(*e.joulesPerToken) : "-") + " | " +
              (e.usdPerMillionTokens ? n4(*e.usdPerMillionTokens) + " (" + e.priceBasis + ")" : "no price") + " | " +
              std::string(boundName(e.bound)) + " |\n";
    }
    md += "\n## Where every number comes from\n\n";
    md += "- tokens/s = replicas x B / (t_decode(B) + B x t_prefill / output); t_decode = max(bytes / (memory_bw_gbs x memory_eff), "
          "FLOPs / (peak x compute_eff)) + all-reduce/all-to-all time; B is the largest batch the KV cache and the latency limits allow.\n";
    md += "- band = tokens/s x (1 + 5th and 95th percentile of measured/predicted - 1) of the family's calibration rows.\n";
    md += "- W = tdp_w x devices x 10.2 / 5.6 (NVIDIA DGX H100 datasheet: 10.2 kW for 8 x 700 W GPUs); J/token = W / tokens/s.\n";
    md += "- $/M tokens = $/hour / (tokens/s x 3600) x 10^6; $/hour = device $/hour x devices + energy; device $/hour = your "
          "price (\"your $/h\"; or \"your list\": your list price / (your years x 8760 h)), else cloud_usd_per_hour x devices "
          "(\"cloud\"), else list_price_usd x devices / (3 x 8760 h) (\"list\").\n";
    md += request.usdPerKwh ? "- energy $/hour = W / 1000 x " + n4(*request.usdPerKwh) +
                                  " $/kWh, added to every price but a catalog cloud rate (which pays for power); tokens/s per kW = "
                                  "tokens/s / (W / 1000).\n"
                            : "- no $/kWh given: no energy cost added (set one with --usd-per-kwh or `serve prices set --usd-per-kwh`).\n";
    for (const auto& [id, price] : request.prices) {
        md += "- your price for " + id + ": " +
              (price.usdPerHour ? "$" + n4(*price.usdPerHour) + " per device-hour"
                                : price.listPriceUsd ? "$" + n4(*price.listPriceUsd) + " per device over " + n4(price.amortisationYears) + " years"
                                                     : std::string("none")) +
              " (user database)\n";
    }
    md += "- memory per device = weights / (TP x PP) + KV of B sequences at prompt + output/2 + 10 % headroom (vLLM default "
          "gpu_memory_utilization 0.9).\n\n";
    std::set<std::string> families;
    std::set<std::string> devicesDone;
    for (const auto* r : shown) {
        if (!devicesDone.insert(r->device->id).second) continue;
        const auto& d = *r->device;
        const auto& e = *r->estimate;
        md += "### " + d.name + " (" + d.id + ")\n\n";
        for (const auto key : {FigureKey::MemoryGb, FigureKey::MemoryBwGbs, FigureKey::InterconnectGbs, FigureKey::TdpW,
                               FigureKey::CloudUsdPerHour, FigureKey::ListPriceUsd}) {
            md += "- " + figureLine(d, key) + "\n";
        }
        const auto type = roofline::dataTypeFromName(request.weights);
        for (const auto& pair : catalog::denseSparsePairs()) {
            if (type && pair.precision == type->computePrecision) md += "- " + figureLine(d, pair.dense) + "\n";
        }
        md += "- efficiency: compute_eff " + n4(e.efficiency.compute) + ", memory_eff " + n4(e.efficiency.memory) + " (" +
              e.efficiency.provenance + ")\n\n";
        families.insert(e.efficiency.family);
    }
    md += "## Calibration (" + table.calibratedOn + ")\n\n| family | rows | compute_eff | memory_eff | median abs error % | "
          "worst abs error % |\n|---|---|---|---|---|---|\n";
    for (const auto& f : table.families) {
        md += "| " + f.family + " | " + std::to_string(f.points) + " | " + n4(f.compute) + " | " + n4(f.memory) + " | " +
              decimalText(f.medianAbsPct, 1) + " | " + decimalText(f.worstAbsPct, 1) + " |\n";
    }
    md += "| pooled (families without rows) | " + std::to_string(table.pooled.points) + " | " + n4(table.pooled.compute) + " | " +
          n4(table.pooled.memory) + " | " + decimalText(table.pooled.medianAbsPct, 1) + " | " +
          decimalText(table.pooled.worstAbsPct, 1) + " |\n\n## Assumptions\n\n";
    for (const auto& a : servingAssumptions()) md += "- " + a + "\n";
    return md;
}

} // namespace accelscope::models::serving
