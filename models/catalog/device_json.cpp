// SPDX-License-Identifier: MIT
// JSON views of devices.
#include "models/catalog/device_json.hpp"

#include "models/catalog/comparison.hpp"
#include "models/catalog/device_prices.hpp"

#include <cmath>
#include <map>

namespace accelscope::models::catalog {
namespace {

using nlohmann::json;

json optionalNumber(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }

json sourceJson(const Source& s)
{
    json out{{"key", s.key}, {"title", s.title}, {"publisher", s.publisher}, {"kind", s.kind}, {"url", s.url}};
    out["date"] = s.date.empty() ? json(nullptr) : json(s.date);
    return out;
}

json identity(const Device& d)
{
    return json{{"id", d.id},
                {"name", d.name},
                {"vendor", d.vendor},
                {"kind", kindName(d.kind)},
                {"form_factor", formFactorName(d.formFactor)},
                {"scope", scopeName(d.scope)},
                {"scope_note", d.scopeNote},
                {"origin", d.origin == Origin::User ? "user" : "bundled"},
                {"release_year", d.releaseYear ? json(*d.releaseYear) : json(nullptr)}};
}

void putText(json& out, const char* key, const std::string& value)
{
    if (!value.empty()) out[key] = value;
}

// Memory as bytes and in GiB (the display unit) beside memory_gb (10^9 B), so a consumer never
// has to guess which "GB" a number is in.
void putMemory(json& out, const Device& d)
{
    const auto gb = d.value(FigureKey::MemoryGb);
    out["memory_bytes"] = gb ? json(std::llround(*gb * bytesPerGb)) : json(nullptr);
    out["memory_gib"] = gb ? json(displayValue(FigureKey::MemoryGb, *gb)) : json(nullptr);
}

json dateJson(const std::optional<LifecycleDate>& date)
{
    return date ? json{{"date", date->date}, {"source", date->sourceKey}, {"where", date->where}} : json(nullptr);
}

json statusJson(const Device& d, std::string_view asOf)
{
    const auto status = lifecycleStatus(d.lifecycle, asOf);
    return status ? json(lifecycleStatusName(*status)) : json(nullptr);
}

// The lifecycle fields every JSON view carries: the status (null when the dates do not decide it)
// and the day it is stated for.
void putStatus(json& out, const Device& d, std::string_view asOf)
{
    out["status"] = statusJson(d, asOf);
    out["status_as_of"] = std::string(asOf);
}

// A cloud price's basis, provider and region, and whether any figure was read in its source: the same
// members in `catalog show --json` and in a data file.
void putPriceFields(json& out, const Figure& f)
{
    if (f.priceKind) out["price_kind"] = priceKindName(*f.priceKind);
    if (!f.provider.empty()) out["provider"] = f.provider;
    if (!f.region.empty()) out["region"] = f.region;
    if (!f.verified) out["verified"] = false;
}

json quoteJson(const PriceQuote& q)
{
    json out{{"figure", figureInfo(q.key).jsonKey},
             {"usd", q.usd},
             {"unit", figureInfo(q.key).unit},
             {"basis", priceBasisName(q.basis)},
             {"provider", q.provider},
             {"region", q.region.empty() ? json(nullptr) : json(q.region)},
             {"date", q.date},
             {"where", q.where},
             {"source", sourceJson(q.source)},
             {"verified", q.verified},
             {"headline", q.headline}};
    if (!q.formula.empty()) out["formula"] = q.formula;
    if (!q.note.empty()) out["note"] = q.note;
    return out;
}

json missingJson(const Device& d)
{
    json out = json::object();
    for (const auto& [key, reason] : d.missingReasons) out[std::string(figureInfo(key).jsonKey)] = reason;
    return out;
}

// A figure in the data-file format (sources renamed by `rename`).
json dataFigureJson(const Figure& f, std::map<std::string, std::string>& rename)
{
    json figure;
    if (f.provenance == Provenance::Derived) {
        figure["derived"] = f.formula;
    } else {
        figure["value"] = f.stated.empty() ? json(f.value) : json(f.stated);
    }
    // A derived figure of constants cites where they are printed; without it the export would not parse back.
    if (!f.sourceKey.empty()) {
        figure["source"] = rename[f.sourceKey];
        figure["where"] = f.where;
    }
    if (!f.label.empty()) figure["label"] = f.label;
    if (!f.note.empty()) figure["note"] = f.note;
    if (!f.date.empty()) figure["date"] = f.date;
    putPriceFields(figure, f);
    return figure;
}

json partsJson(const Device& d)
{
    json parts = json::array();
    for (const auto& part : d.contains) parts.push_back(json{{"device", part.deviceId}, {"count", part.count}});
    return parts;
}

} // namespace

json deviceJson(const Device& d, std::string_view asOf)
{
    json out = identity(d);
    out["lifecycle"] = json{{"announced", dateJson(d.lifecycle.announced)},
                            {"shipping", dateJson(d.lifecycle.shipping)},
                            {"end_of_life", dateJson(d.lifecycle.endOfLife)}};
    putStatus(out, d, asOf);
    out["vendor_format_name"] = d.vendorFormatName.empty() ? json(nullptr) : json(d.vendorFormatName);
    out["architecture"] = d.architecture.empty() ? json(nullptr) : json(d.architecture);
    out["process_node"] = d.processNode.empty() ? json(nullptr) : json(d.processNode);
    out["memory_type"] = d.memoryType.empty() ? json(nullptr) : json(d.memoryType);
    out["onchip_memory_kind"] = d.onchipMemoryKind.empty() ? json(nullptr) : json(d.onchipMemoryKind);
    out["compute_unit_name"] = d.computeUnitName.empty() ? json(nullptr) : json(d.computeUnitName);
    out["host_link"] = d.hostLink.empty() ? json(nullptr) : json(d.hostLink);
    out["interconnect_name"] = d.interconnectName.empty() ? json(nullptr) : json(d.interconnectName);
    out["notes"] = d.notes.empty() ? json(nullptr) : json(d.notes);
    out["scaleup_topology"] = d.scaleupTopology.empty() ? json(nullptr) : json(d.scaleupTopology);
    out["scaleup_link_kind"] = d.scaleupLinkKind.empty() ? json(nullptr) : json(d.scaleupLinkKind);
    out["contains"] = partsJson(d);
    json details = json::object();
    for (const auto& info : allFigures()) {
        out[std::string(info.jsonKey)] = optionalNumber(d.value(info.key));
        if (const Figure* f = d.figure(info.key)) {
            json detail{{"value", f->value}, {"unit", info.unit},
                        {"provenance", f->provenance == Provenance::Sourced ? "sourced" : "derived"}};
            if (!f->label.empty()) detail["label"] = f->label;
            if (f->provenance == Provenance::Sourced) {
                detail["stated"] = f->stated;
                detail["source"] = f->sourceKey;
                detail["where"] = f->where;
            } else {
                detail["formula"] = f->formula;
                if (!f->sourceKey.empty()) {
                    detail["source"] = f->sourceKey;
                    detail["where"] = f->where;
                }
            }
            if (!f->note.empty()) detail["note"] = f->note;
            if (!f->date.empty()) detail["date"] = f->date;
            putPriceFields(detail, *f);
            detail["verified"] = f->verified;
            details[std::string(info.jsonKey)] = std::move(detail);
        }
    }
    out["figures"] = std::move(details);
    json prices = json::array();
    for (const auto& quote : devicePrices(d)) prices.push_back(quoteJson(quote));
    out["prices"] = std::move(prices);
    out["missing"] = missingJson(d);
    putMemory(out, d);
    json sources = json::array();
    for (const auto& [key, s] : d.sources) sources.push_back(sourceJson(s));
    out["sources"] = std::move(sources);
    out["primary_sources"] = d.primarySources;
    json derived = json::object();
    for (const auto& metric : derivedMetrics(d)) {
        derived[metric.key] = json{{"value", optionalNumber(metric.value)}, {"unit", metric.unit},
                                   {"formula", metric.formula}};
    }
    out["derived"] = std::move(derived);
    return out;
}

json deviceListJson(const Device& d, std::string_view asOf)
{
    json out = identity(d);
    out["announced"] = d.lifecycle.announced ? json(d.lifecycle.announced->date) : json(nullptr);
    out["shipping"] = d.lifecycle.shipping ? json(d.lifecycle.shipping->date) : json(nullptr);
    putStatus(out, d, asOf);
    for (const FigureKey key : {FigureKey::MemoryGb, FigureKey::MemoryBwGbs, FigureKey::Fp32Tflops,
                                FigureKey::Bf16TflopsDense, FigureKey::Fp8TflopsDense, FigureKey::Fp4TflopsDense,
                                FigureKey::Int8TopsDense, FigureKey::TdpW}) {
        out[std::string(figureInfo(key).jsonKey)] = optionalNumber(d.value(key));
    }
    putMemory(out, d);
    return out;
}

json catalogDocumentJson(const std::vector<const Device*>& devices)
{
    json sources = json::object();
    json list = json::array();
    for (const Device* d : devices) {
        // A key names one document per file; two devices from different files may reuse a key.
        std::map<std::string, std::string> rename;
        for (const auto& [key, s] : d->sources) {
            std::string unique = key;
            if (sources.contains(unique) && sources[unique]["url"] != s.url) unique = key + "-" + d->id;
            rename[key] = unique;
            json entry{{"title", s.title}, {"publisher", s.publisher}, {"kind", s.kind}, {"url", s.url}};
            if (!s.date.empty()) entry["date"] = s.date;
            sources[unique] = std::move(entry);
        }
        json device{{"id", d->id}, {"name", d->name}, {"vendor", d->vendor}, {"kind", kindName(d->kind)},
                    {"form_factor", formFactorName(d->formFactor)}, {"scope", scopeName(d->scope)},
                    {"scope_note", d->scopeNote}};
        putText(device, "architecture", d->architecture);
        putText(device, "process_node", d->processNode);
        if (d->releaseYear) device["release_year"] = *d->releaseYear;
        const auto putDate = [&](const char* key, const std::optional<LifecycleDate>& date) {
            if (date) device[key] = json{{"date", date->date}, {"source", rename[date->sourceKey]}, {"where", date->where}};
        };
        putDate("announced", d->lifecycle.announced);
        putDate("shipping", d->lifecycle.shipping);
        putDate("end_of_life", d->lifecycle.endOfLife);
        if (d->lifecycle.stated) device["status"] = lifecycleStatusName(*d->lifecycle.stated);
        putText(device, "vendor_format_name", d->vendorFormatName);
        putText(device, "memory_type", d->memoryType);
        putText(device, "onchip_memory_kind", d->onchipMemoryKind);
        putText(device, "compute_unit_name", d->computeUnitName);
        putText(device, "host_link", d->hostLink);
        putText(device, "interconnect_name", d->interconnectName);
        putText(device, "scaleup_topology", d->scaleupTopology);
        putText(device, "scaleup_link_kind", d->scaleupLinkKind);
        putText(device, "notes", d->notes);
        if (!d->contains.empty()) device["contains"] = partsJson(*d);
        json primary = json::array();
        for (const auto& key : d->primarySources) primary.push_back(rename[key]);
        device["primary_sources"] = std::move(primary);
        json figures = json::object();
        for (const auto& [key, f] : d->figures) figures[std::string(figureInfo(key).jsonKey)] = dataFigureJson(f, rename);
        device["figures"] = std::move(figures);
        if (!d->cloudPrices.empty()) {
            json prices = json::array();
            for (const auto& f : d->cloudPrices) prices.push_back(dataFigureJson(f, rename));
            device["cloud_prices"] = std::move(prices);
        }
        if (!d->missingReasons.empty()) device["missing"] = missingJson(*d);
        list.push_back(std::move(device));
    }
    return json{{"sources", std::move(sources)}, {"devices", std::move(list)}};
}

} // namespace accelscope::models::catalog
