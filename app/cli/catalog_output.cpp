// SPDX-License-Identifier: MIT
// Text and JSON renderings for catalog commands.
#include "app/cli/catalog_output.hpp"

#include "app/cli/text_table.hpp"
#include "models/catalog/device_prices.hpp"
#include "models/catalog/figure_parser.hpp"

namespace accelscope::cli {
namespace {

using namespace models::catalog;

std::string cell(const Device& d, FigureKey key)
{
    const auto v = d.value(key);
    return v ? formatFigureValue(displayValue(key, *v)) : "-";
}

std::string withUnit(const FigureInfo& info)
{
    const std::string_view unit = displayUnit(info.key);
    return unit.empty() ? std::string(info.label) : std::string(info.label) + " [" + std::string(unit) + "]";
}

std::string statusText(const Device& d, std::string_view asOf)
{
    const auto status = lifecycleStatus(d.lifecycle, asOf);
    return status ? std::string(lifecycleStatusName(*status)) : "-";
}

std::string dateLine(const std::optional<LifecycleDate>& date)
{
    return date ? date->date + " [" + date->sourceKey + "] " + date->where : "";
}

// "on-demand, AWS, us-east-1, 2026-11": a price's basis, seller, region and month.
std::string priceBasisText(const PriceQuote& q)
{
    return std::string(priceBasisName(q.basis)) + ", " + q.provider + (q.region.empty() ? "" : ", " + q.region) + ", " + q.date;
}

// Every price with its basis (the planner's ranking input), then the reasons for absent figures.
std::string pricesAndGaps(const Device& d)
{
    std::string out;
    const auto quotes = devicePrices(d);
    if (!quotes.empty()) {
        TextTable table({"price", "USD", "basis, seller, region, month", "source"});
        for (const auto& q : quotes) {
            table.addRow({std::string(figureInfo(q.key).jsonKey) + (q.headline ? "" : " (more)"),
                          formatFigureValue(q.usd) + (q.key == FigureKey::CloudUsdPerHour ? "/h" : ""), priceBasisText(q),
                          (q.verified ? "" : "UNVERIFIED ") + q.source.publisher + " " + q.source.url});
        }
        out += "\nprices (per device; a cloud rate includes server, network and facility, a list price the device alone):\n" + table.render();
    }
    if (!d.missingReasons.empty()) {
        out += "\nabsent figures:\n";
        for (const auto& [key, reason] : d.missingReasons) out += "  " + std::string(figureInfo(key).jsonKey) + ": " + reason + "\n";
    }
    return out;
}

} // namespace

std::string renderDeviceList(const std::vector<const Device*>& devices, std::string_view asOf)
{
    const std::vector<FigureKey> keys{FigureKey::MemoryGb, FigureKey::MemoryBwGbs, FigureKey::Bf16TflopsDense,
                                      FigureKey::Fp8TflopsDense, FigureKey::TdpW};
    std::vector<std::string> header{"id", "name", "kind", "year"};
    for (const auto key : keys) header.push_back(withUnit(figureInfo(key)));
    header.push_back("status (" + std::string(asOf) + ")");
    TextTable table(header);
    for (const Device* d : devices) {
        std::vector<std::string> row{d->id + (d->origin == Origin::User ? " (user)" : ""), d->name,
                                     std::string(kindName(d->kind)),
                                     d->releaseYear ? std::to_string(*d->releaseYear) : "-"};
        for (const auto key : keys) row.push_back(cell(*d, key));
        row.push_back(statusText(*d, asOf));
        table.addRow(std::move(row));
    }
    return table.render();
}

std::string renderDeviceDetail(const Device& d, std::string_view asOf)
{
    std::string out = d.name + "  (" + d.id + (d.origin == Origin::User ? ", your device" : "") + ")\n";
    const auto line = [&](const char* label, const std::string& value) {
        if (!value.empty()) out += std::string("  ") + label + ": " + value + "\n";
    };
    line("vendor", d.vendor);
    line("kind", std::string(kindName(d.kind)) + ", " + std::string(formFactorName(d.formFactor)));
    line("figures describe", std::string(scopeName(d.scope)) + ": " + d.scopeNote);
    std::string parts;
    for (const auto& part : d.contains) {
        parts += (parts.empty() ? "" : ", ") + std::to_string(part.count) + " x " + part.deviceId;
    }
    line("contains", parts);
    line("scale-up topology", d.scaleupTopology);
    line("architecture", d.architecture);
    line("process", d.processNode);
    line("released", d.releaseYear ? std::to_string(*d.releaseYear) : "");
    line("announced", dateLine(d.lifecycle.announced));
    line("shipping since", dateLine(d.lifecycle.shipping));
    line("end of life", dateLine(d.lifecycle.endOfLife));
    if (!d.lifecycle.empty()) line("status", statusText(d, asOf) + " (as of " + std::string(asOf) + ")");
    line("vendor format", d.vendorFormatName);
    line("memory type", d.memoryType);
    line("host link", d.hostLink);
    line("scale-up link", d.interconnectName + (d.scaleupLinkKind.empty() ? "" : " (" + d.scaleupLinkKind + ")"));
    line("notes", d.notes);
    out += "\n";
    TextTable table({"figure", "value", "unit", "provenance"});
    for (const auto& info : allFigures()) {
        const Figure* f = d.figure(info.key);
        if (f == nullptr) continue;
        std::string provenance;
        if (f->provenance == Provenance::Derived) {
            provenance = "derived: " + f->formula + (f->sourceKey.empty() ? "" : " [" + f->sourceKey + ": " + f->where + "]");
        } else {
            provenance = "[" + f->sourceKey + "] " + f->where + (f->stated.empty() ? "" : " (states " + f->stated + ")");
        }
        if (!f->label.empty()) provenance += " (vendor prints \"" + f->label + "\")";
        if (f->priceKind) provenance = std::string(priceKindName(*f->priceKind)) + ", " + f->provider + ": " + provenance;
        if (!f->verified) provenance = "UNVERIFIED (not read in a stored copy of the source): " + provenance;
        table.addRow({std::string(info.jsonKey), formatFigureValue(displayValue(info.key, f->value)),
                      std::string(displayUnit(info.key)), provenance});
    }
    out += table.render() + pricesAndGaps(d) + "\nsources:\n";
    for (const auto& [key, s] : d.sources) {
        out += "  [" + key + "] " + s.title + " (" + s.publisher + ", " + s.kind +
               (s.date.empty() ? "" : ", " + s.date) + ")\n      " + s.url + "\n";
    }
    return out;
}

std::string renderComparison(const Comparison& comparison)
{
    std::vector<std::string> header{"figure", "unit"};
    for (const Device* d : comparison.devices) header.push_back(d->id);
    TextTable table(header);
    for (const auto& row : comparison.rows) {
        // A vendor format row names its formats ("Vendor format (BLOCKFP8) tensor dense"): the key alone does not.
        const bool vendorFormat = row.key.starts_with("vendor_format_");
        std::vector<std::string> cells{vendorFormat ? row.key + ": " + row.label : row.key, row.unit};
        for (std::size_t i = 0; i < row.values.size(); ++i) {
            std::string text = row.values[i] ? formatFigureValue(*row.values[i]) : "-";
            if (std::ranges::find(row.best, i) != row.best.end()) text += " *";
            cells.push_back(text);
        }
        table.addRow(std::move(cells));
    }
    return table.render() + "* best in the row; derived rows: ridge_* = 1000 × TFLOP/s ÷ GB/s, "
                            "*_per_w = figure ÷ tdp_w, usd_per_* = price ÷ dense BF16 TFLOP/s\n";
}

nlohmann::json comparisonJson(const Comparison& comparison)
{
    nlohmann::json devices = nlohmann::json::array();
    for (const Device* d : comparison.devices) devices.push_back(d->id);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : comparison.rows) {
        nlohmann::json values = nlohmann::json::array();
        for (const auto& v : row.values) values.push_back(v ? nlohmann::json(*v) : nlohmann::json(nullptr));
        nlohmann::json entry{{"key", row.key}, {"label", row.label}, {"unit", row.unit}, {"values", values},
                             {"best", row.best}, {"derived_metric", row.isDerivedMetric}};
        if (row.isDerivedMetric) entry["formula"] = row.formula;
        rows.push_back(std::move(entry));
    }
    return nlohmann::json{{"devices", devices}, {"rows", rows}};
}

} // namespace accelscope::cli
