// SPDX-License-Identifier: MIT
// CSV export and import (RFC 4180), import routed through the data-file validator.
#include "models/catalog/device_csv.hpp"

#include "models/common/csv_records.hpp"

#include "models/catalog/comparison.hpp"
#include "models/catalog/figure_parser.hpp"
#include "models/catalog/located_json.hpp"
#include "models/common/utf8_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

namespace accelscope::models::catalog {
namespace {

using nlohmann::json;

// A system's `contains` list has no CSV column: systems are imported from JSON data files.
constexpr std::array textColumns{"id", "name", "vendor", "kind", "form_factor", "scope", "scope_note",
                                 "architecture", "process_node", "release_year", "memory_type",
                                 "onchip_memory_kind", "compute_unit_name", "host_link", "interconnect_name",
                                 "scaleup_topology", "scaleup_link_kind", "notes"};
constexpr std::array sourceColumns{"source_title", "source_publisher", "source_kind", "source_url", "source_where"};
// After the figure columns: what a price needs beside its number (the validator refuses a price without a date
// and a cloud price without its kind and provider), and the figures not read in a stored copy of their source.
// Device::cloudPrices and missingReasons have no columns (like `contains`, they travel in JSON only).
struct FigureFieldColumn {
    const char* column;
    const char* figure;  ///< the figure the field belongs to; nullptr for unverified_figures
    const char* field;   ///< its key in the data-file figure object
};
constexpr std::array figureFieldColumns{
    FigureFieldColumn{"list_price_usd_date", "list_price_usd", "date"},
    FigureFieldColumn{"cloud_usd_per_hour_date", "cloud_usd_per_hour", "date"},
    FigureFieldColumn{"cloud_usd_per_hour_kind", "cloud_usd_per_hour", "price_kind"},
    FigureFieldColumn{"cloud_usd_per_hour_provider", "cloud_usd_per_hour", "provider"},
    FigureFieldColumn{"cloud_usd_per_hour_region", "cloud_usd_per_hour", "region"},
    FigureFieldColumn{"unverified_figures", nullptr, "verified"},
};

const FigureFieldColumn* figureFieldColumn(std::string_view column)
{
    const auto it = std::ranges::find_if(figureFieldColumns, [&](const auto& c) { return column == c.column; });
    return it == figureFieldColumns.end() ? nullptr : &*it;
}

// The text of a figure-field column for one device ("" when the figure or the field is absent).
std::string figureFieldText(const Device& d, const FigureFieldColumn& c)
{
    if (c.figure == nullptr) {
        std::string keys;
        for (const auto& [key, f] : d.figures) {
            if (!f.verified) keys += (keys.empty() ? "" : " ") + std::string(figureInfo(key).jsonKey);
        }
        return keys;
    }
    const Figure* f = d.figure(*figureFromJsonKey(c.figure));
    if (f == nullptr) return {};
    const std::string_view field = c.field;
    if (field == "date") return f->date;
    if (field == "price_kind") return f->priceKind ? std::string(priceKindName(*f->priceKind)) : std::string{};
    if (field == "provider") return f->provider;
    return f->region;
}

bool isNumber(const std::string& text)
{
    return !text.empty() && text.find_first_not_of("0123456789.-+eE") == std::string::npos;
}

/// The whole of `text` as a finite number of type T, or nullopt ("-", "1e999", "2024x", "").
/// std::from_chars rather than stod/stoi, which throw (issue #17) and accept trailing junk.
template <typename T>
std::optional<T> wholeNumber(std::string_view text)
{
    if (text.starts_with('+')) text.remove_prefix(1);
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Puts the values of the figure-field columns into the row's figures; a field of an absent figure, or an
// unverified_figures entry naming one, is an issue of that row.
void applyFigureFields(const std::vector<std::pair<const FigureFieldColumn*, std::string>>& values, json& device,
                       const std::string& devicePointer, int line, const std::string& fileName, LocatedJson& doc,
                       ParsedCatalog& failed)
{
    json& figures = device["figures"];
    for (const auto& [c, value] : values) {
        if (c->figure != nullptr) {
            if (!figures.contains(c->figure)) {
                failed.issues.push_back({fileName, line, c->column, std::string("given without ") + c->figure});
                continue;
            }
            figures[c->figure][c->field] = value;
            doc.lines[devicePointer + "/figures/" + c->figure + "/" + c->field] = line;
            continue;
        }
        std::size_t start = 0;
        while (start < value.size()) {
            const auto end = std::min(value.find(' ', start), value.size());
            const std::string key = value.substr(start, end - start);
            start = end + 1;
            if (key.empty()) continue;
            if (!figures.contains(key)) {
                failed.issues.push_back({fileName, line, c->column, "'" + quotedExcerpt(key) + "' is not a figure of this row"});
                continue;
            }
            figures[key]["verified"] = false;
        }
    }
}

std::string notANumber(const std::string& value)
{
    constexpr std::size_t quoted = 60;
    const std::string shown = quotedExcerpt(value, quoted); // a quoted CSV field may hold line breaks
    return "\"" + shown + "\" is not a number";
}

} // namespace

std::vector<std::string> deviceCsvColumns()
{
    std::vector<std::string> out(textColumns.begin(), textColumns.end());
    out.insert(out.end(), sourceColumns.begin(), sourceColumns.end());
    for (const auto& info : allFigures()) out.emplace_back(info.jsonKey);
    for (const auto& c : figureFieldColumns) out.emplace_back(c.column);
    return out;
}

std::string devicesCsv(const std::vector<const Device*>& devices)
{
    const auto columns = deviceCsvColumns();
    std::string out;
    for (std::size_t i = 0; i < columns.size(); ++i) out += (i ? "," : "") + columns[i];
    out += "\n";
    for (const Device* d : devices) {
        const Source* source = d->primarySources.empty() ? nullptr : &d->sources.at(d->primarySources.front());
        const std::array<std::string, textColumns.size() + sourceColumns.size()> texts{
            d->id, d->name, d->vendor, std::string(kindName(d->kind)), std::string(formFactorName(d->formFactor)),
            std::string(scopeName(d->scope)), d->scopeNote, d->architecture, d->processNode,
            d->releaseYear ? std::to_string(*d->releaseYear) : "", d->memoryType, d->onchipMemoryKind,
            d->computeUnitName, d->hostLink, d->interconnectName, d->scaleupTopology, d->scaleupLinkKind, d->notes,
            source ? source->title : "", source ? source->publisher : "", source ? source->kind : "",
            source ? source->url : "", "exported from Accelscope; see the JSON export for per-figure sources"};
        std::string line;
        for (std::size_t i = 0; i < texts.size(); ++i) line += (i ? "," : "") + csvField(texts[i]);
        for (const auto& info : allFigures()) {
            const auto v = d->value(info.key);
            // Memory is written as "<n> GiB" (a bare number would be 10^9 B, exact but unreadable).
            const std::string unit = info.key == FigureKey::MemoryGb ? " " + std::string(displayUnit(info.key)) : "";
            line += "," + (v ? formatFigureValue(displayValue(info.key, *v)) + unit : std::string{});
        }
        for (const auto& c : figureFieldColumns) line += "," + csvField(figureFieldText(*d, c));
        out += line + "\n";
    }
    return out;
}

ParsedCatalog parseDevicesCsv(std::string_view text, const std::string& fileName, Origin origin)
{
    ParsedCatalog failed;
    failed.fileCount = 1;
    text = withoutByteOrderMark(text);
    if (const auto problem = firstInvalidUtf8(text)) {
        // A Latin-1 CSV from a spreadsheet: refused here, or every later --json listing fails (issue #17).
        failed.issues.push_back({fileName, problem->line, "(encoding)", utf8ProblemText(*problem)});
        return failed;
    }
    const CsvRecords csv = splitCsvRecords(text);
    if (!csv.error.empty()) {
        failed.issues.push_back({fileName, csv.errorLine, "(csv)", csv.error});
        return failed;
    }
    if (csv.records.empty()) {
        failed.issues.push_back({fileName, 1, "(csv)", "empty file: expected a header row and device rows"});
        return failed;
    }
    const auto& header = csv.records.front().fields;
    const auto known = deviceCsvColumns();
    for (std::size_t c = 0; c < header.size(); ++c) {
        const std::string& column = header[c];
        if (std::ranges::find(known, column) == known.end()) {
            failed.issues.push_back({fileName, 1, column, "unknown column"});
        } else if (std::find(header.begin(), header.begin() + static_cast<std::ptrdiff_t>(c), column) != header.begin() + static_cast<std::ptrdiff_t>(c)) {
            failed.issues.push_back({fileName, 1, column, "column given twice (which value is meant?)"});
        }
    }
    if (!failed.issues.empty()) return failed;

    // Build the equivalent data-file document, remembering each value's CSV line.
    LocatedJson doc;
    doc.root = json{{"sources", json::object()}, {"devices", json::array()}};
    for (std::size_t r = 1; r < csv.records.size(); ++r) {
        const CsvRecord& row = csv.records[r];
        if (row.fields.size() != header.size()) {
            failed.issues.push_back({fileName, row.line, "(csv)",
                                     "row has " + std::to_string(row.fields.size()) + " fields, header has " +
                                         std::to_string(header.size())});
            continue;
        }
        const std::string sourceKey = "row-" + std::to_string(row.line);
        const std::string devicePointer = "/devices/" + std::to_string(doc.root["devices"].size());
        json device{{"primary_sources", json::array({sourceKey})}, {"figures", json::object()}};
        json source = json::object();
        std::string where;
        std::vector<std::pair<const FigureFieldColumn*, std::string>> fieldValues;
        for (std::size_t c = 0; c < header.size(); ++c) {
            const std::string& column = header[c];
            const std::string value(csvFieldText(row.fields[c]));
            if (value.empty()) continue;
            if (const FigureFieldColumn* field = figureFieldColumn(column)) {
                fieldValues.emplace_back(field, value);
            } else if (column == "source_where") {
                where = value;
            } else if (column.starts_with("source_")) {
                source[column.substr(7)] = value;
                doc.lines["/sources/" + sourceKey + "/" + column.substr(7)] = row.line;
            } else if (figureFromJsonKey(column)) {
                // A bare number is in the figure's canonical unit; other text ("80 GB") carries its unit.
                json parsed = value;
                if (isNumber(value)) {
                    const auto number = wholeNumber<double>(value);
                    if (!number) {
                        failed.issues.push_back({fileName, row.line, column, notANumber(value)});
                        continue;
                    }
                    parsed = *number;
                }
                device["figures"][column] = json{{"value", parsed}, {"source", sourceKey}};
                doc.lines[devicePointer + "/figures/" + column] = row.line;
            } else if (column == "release_year") {
                const auto year = wholeNumber<int>(value);
                if (!year) {
                    failed.issues.push_back({fileName, row.line, column, notANumber(value)});
                    continue;
                }
                device[column] = *year;
            } else {
                device[column] = value;
            }
            doc.lines[devicePointer + "/" + column] = row.line;
        }
        for (auto& [key, figure] : device["figures"].items()) {
            figure["where"] = where.empty() ? "row " + std::to_string(row.line) + " of " + fileName : where;
        }
        applyFigureFields(fieldValues, device, devicePointer, row.line, fileName, doc, failed);
        doc.lines[devicePointer] = row.line;
        doc.lines["/sources/" + sourceKey] = row.line;
        doc.root["sources"][sourceKey] = std::move(source);
        doc.root["devices"].push_back(std::move(device));
    }
    if (!failed.issues.empty()) return failed;
    return parseCatalogDocument(doc, fileName, origin);
}

} // namespace accelscope::models::catalog
