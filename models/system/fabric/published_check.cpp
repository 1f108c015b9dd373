// SPDX-License-Identifier: MIT
// Published nccl-tests rows against the collective model, per platform and size band.
#include "models/system/fabric/published_check.hpp"

#include "models/common/csv_records.hpp"
#include "models/system/fabric/fabric.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace accelscope::models::system {
namespace {

constexpr double mib = 1048576.0;

std::optional<double> number(std::string_view text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

struct Table {
    std::vector<std::string> header;
    std::vector<std::pair<int, std::vector<std::string>>> rows;
    std::optional<std::size_t> column(std::string_view name) const
    {
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (header[i] == name) return i;
        }
        return std::nullopt;
    }
};

Result<Table> readTable(std::string_view text, std::initializer_list<std::string_view> required)
{
    CsvRecords csv = splitCsvRecords(text);
    if (!csv.error.empty()) return fail(ErrorCode::InvalidData, "line " + std::to_string(csv.errorLine) + ": " + csv.error);
    if (csv.records.empty()) return fail(ErrorCode::InvalidData, "line 1: empty file, no CSV header");
    Table t;
    t.header = std::move(csv.records.front().fields);
    for (const auto name : required) {
        if (!t.column(name)) return fail(ErrorCode::InvalidData, "line 1: the header has no column '" + std::string(name) + "'");
    }
    for (std::size_t i = 1; i < csv.records.size(); ++i) {
        auto& r = csv.records[i];
        if (r.fields.size() != t.header.size()) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(r.line) + ": " + std::to_string(r.fields.size()) +
                                                    " fields where the header has " + std::to_string(t.header.size()));
        }
        t.rows.emplace_back(r.line, std::move(r.fields));
    }
    return t;
}

double median(std::vector<double> v)
{
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

} // namespace

Result<std::vector<PublishedRow>> readPublishedRows(std::string_view csvText)
{
    auto table = readTable(csvText, {"platform", "collective", "bytes", "busbw_gbs", "time_us"});
    if (!table) return std::unexpected(table.error());
    std::vector<PublishedRow> out;
    for (const auto& [line, f] : table->rows) {
        PublishedRow r;
        r.line = line;
        r.platform = f[*table->column("platform")];
        const auto op = collectiveFromName(f[*table->column("collective")]);
        const auto bytes = number(f[*table->column("bytes")]);
        const auto busbw = number(f[*table->column("busbw_gbs")]);
        const auto time = number(f[*table->column("time_us")]);
        const std::string at = "line " + std::to_string(line) + ": ";
        if (!op) return fail(ErrorCode::InvalidData, at + "'collective' is not all_reduce, all_gather, reduce_scatter, alltoall, broadcast or sendrecv");
        if (!bytes || *bytes <= 0) return fail(ErrorCode::InvalidData, at + "'bytes' is not a size above 0");
        if (!busbw || *busbw < 0) return fail(ErrorCode::InvalidData, at + "'busbw_gbs' is not a bandwidth >= 0");
        if (!time || *time <= 0) return fail(ErrorCode::InvalidData, at + "'time_us' is not a time above 0");
        r.collective = *op;
        r.bytes = *bytes;
        r.busbwGBps = *busbw;
        r.timeUs = *time;
        out.push_back(std::move(r));
    }
    return out;
}

Result<std::vector<PublishedPlatform>> readPublishedPlatforms(std::string_view csvText)
{
    auto table = readTable(csvText, {"platform", "device", "gpus", "nodes", "link_gbs", "nic_gbs", "role", "algorithm", "note"});
    if (!table) return std::unexpected(table.error());
    std::vector<PublishedPlatform> out;
    for (const auto& [line, f] : table->rows) {
        const std::string at = "line " + std::to_string(line) + ": ";
        PublishedPlatform p;
        p.line = line;
        p.platform = f[*table->column("platform")];
        p.deviceId = f[*table->column("device")];
        p.role = f[*table->column("role")];
        p.note = f[*table->column("note")];
        const auto gpus = number(f[*table->column("gpus")]);
        const auto nodes = number(f[*table->column("nodes")]);
        if (!gpus || *gpus < 1 || *gpus > 100000) return fail(ErrorCode::InvalidData, at + "'gpus' is not a count from 1");
        if (!nodes || *nodes < 1 || *nodes > 100000) return fail(ErrorCode::InvalidData, at + "'nodes' is not a count from 1");
        p.devicesPerNode = static_cast<int>(*gpus);
        p.nodes = static_cast<int>(*nodes);
        for (const auto& [name, target] : {std::pair{"link_gbs", &p.linkGBps}, std::pair{"nic_gbs", &p.nicGBps}}) {
            const std::string& text = f[*table->column(name)];
            if (text.empty()) continue;
            const auto v = number(text);
            if (!v || *v <= 0) return fail(ErrorCode::InvalidData, at + "'" + name + "' is not a bandwidth above 0 (or empty)");
            *target = *v;
        }
        const auto algorithm = algorithmFromName(f[*table->column("algorithm")]);
        if (!algorithm) return fail(ErrorCode::InvalidData, at + "'algorithm' is not auto, ring, tree, nvls, nvls-tree, hierarchical, torus or direct");
        p.algorithm = *algorithm;
        static constexpr std::string_view roles[] = {"check", "fit-dedicated", "fit-network", "fit-nvls", "skip"};
        if (std::find(std::begin(roles), std::end(roles), p.role) == std::end(roles)) {
            return fail(ErrorCode::InvalidData, at + "'role' is not check, fit-dedicated, fit-network, fit-nvls or skip");
        }
        out.push_back(std::move(p));
    }
    return out;
}

Result<PublishedCheck> checkPublished(std::span<const PublishedRow> rows, std::span<const PublishedPlatform> platforms,
                                      std::span<const catalog::Device> catalog)
{
    PublishedCheck check;
    std::map<std::string, std::vector<const CheckedRow*>> byPlatform;
    std::map<std::string, const PublishedPlatform*> mapping;
    for (const auto& p : platforms) mapping[p.platform] = &p;
    std::map<std::string, Fabric> fabrics;
    for (const auto& p : platforms) {
        if (p.role == "skip") {
            check.skipped.push_back(p.platform + ": " + p.note);
            continue;
        }
        const auto device = std::find_if(catalog.begin(), catalog.end(), [&](const auto& d) { return d.id == p.deviceId; });
        if (device == catalog.end()) return fail(ErrorCode::NotFound, "platforms line " + std::to_string(p.line) + ": no catalog device '" + p.deviceId + "'");
        FabricRequest request;
        request.devicesPerNode = p.devicesPerNode;
        request.nodes = p.nodes;
        request.scaleUpGBps = p.linkGBps;
        request.scaleOutGBps = p.nicGBps;
        auto fabric = fabricForDevice(*device, catalog, request);
        if (!fabric) return fail(fabric.error().code, "platforms line " + std::to_string(p.line) + " (" + p.platform + "): " + fabric.error().message);
        fabrics.emplace(p.platform, std::move(*fabric));
    }
    check.rows.reserve(rows.size());
    for (const auto& r : rows) {
        const auto found = fabrics.find(r.platform);
        if (found == fabrics.end()) {
            if (!mapping.contains(r.platform)) {
                const std::string why = r.platform + ": not in platforms.csv";
                if (std::find(check.skipped.begin(), check.skipped.end(), why) == check.skipped.end()) check.skipped.push_back(why);
            }
            continue;
        }
        const auto& platform = *mapping.at(r.platform);
        auto e = estimateCollective(found->second, r.collective, r.bytes, platform.algorithm);
        if (!e) return fail(e.error().code, "data line " + std::to_string(r.line) + " (" + r.platform + "): " + e.error().message);
        CheckedRow c{r, platform.role, e->busbwGBps, r.busbwGBps > 0 ? e->busbwGBps / r.busbwGBps : 0,
                     std::string(algorithmName(e->algorithm)), std::string(protocolName(e->protocol))};
        check.rows.push_back(std::move(c));
    }
    for (const auto& c : check.rows) byPlatform[c.row.platform].push_back(&c);
    std::vector<double> checkLarge;
    std::vector<double> checkMid;
    for (const auto& [name, list] : byPlatform) {
        PlatformError pe;
        pe.platform = name;
        pe.role = mapping.at(name)->role;
        std::vector<double> large;
        std::vector<double> mid;
        std::vector<double> ratios;
        for (const auto* c : list) {
            if (c->row.busbwGBps <= 0) continue; // printed as 0.00: nothing to compare
            const double error = std::fabs(c->ratio - 1);
            if (c->row.bytes >= 64 * mib) { large.push_back(error); ratios.push_back(c->ratio); }
            else if (c->row.bytes >= mib) mid.push_back(error);
        }
        pe.rowsLarge = static_cast<int>(large.size());
        pe.rowsMid = static_cast<int>(mid.size());
        pe.medianErrorLarge = median(large);
        pe.medianErrorMid = median(mid);
        pe.medianRatioLarge = median(ratios);
        if (pe.role == "check") {
            checkLarge.insert(checkLarge.end(), large.begin(), large.end());
            checkMid.insert(checkMid.end(), mid.begin(), mid.end());
        }
        check.platforms.push_back(std::move(pe));
    }
    check.checkRowsLarge = static_cast<int>(checkLarge.size());
    check.checkRowsMid = static_cast<int>(checkMid.size());
    check.checkMedianErrorLarge = median(std::move(checkLarge));
    check.checkMedianErrorMid = median(std::move(checkMid));
    return check;
}

} // namespace accelscope::models::system
