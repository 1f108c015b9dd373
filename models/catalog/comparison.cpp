// SPDX-License-Identifier: MIT
// Comparison rows and derived metrics.
#include "models/catalog/comparison.hpp"

#include "models/catalog/figure_parser.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace accelscope::models::catalog {
namespace {

using enum FigureKey;

struct RidgeInput {
    FigureKey compute;
    const char* name;
};

// Ridge point = peak FLOP/s ÷ memory bandwidth (Williams, Waterman, Patterson, "Roofline",
// CACM 52(4), 2009): TFLOP/s × 10^12 ÷ (GB/s × 10^9) = 1000 × TFLOP/s ÷ GB/s FLOP per byte.
constexpr std::array ridgeInputs{
    RidgeInput{Fp64Tflops, "fp64"}, RidgeInput{Fp32Tflops, "fp32"}, RidgeInput{Bf16TflopsDense, "bf16"},
    RidgeInput{Fp16TflopsDense, "fp16"}, RidgeInput{Fp8TflopsDense, "fp8"}, RidgeInput{Fp4TflopsDense, "fp4"},
    RidgeInput{Int8TopsDense, "int8"},
};

std::optional<double> ratio(const Device& d, FigureKey top, FigureKey bottom, double scale = 1.0)
{
    const auto a = d.value(top);
    const auto b = d.value(bottom);
    if (!a || !b || *b == 0.0) return std::nullopt;
    return *a * scale / *b;
}

std::string toUpperAscii(std::string text)
{
    std::ranges::transform(text, text.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

Better betterOf(const FigureInfo& info)
{
    if (info.group == FigureGroup::Price) return Better::Lower;
    // Power, the PCIe generation and lane count describe a device rather than rank it.
    if (info.key == TdpW || info.key == PcieGen || info.key == PcieLanes) return Better::Neither;
    return Better::Higher;
}

// Bars of a row are drawn relative to the row's largest value (all figures are non-negative).
void normalizeRow(ComparisonRow& row)
{
    double largest = 0.0;
    for (const auto& v : row.values) {
        if (v) largest = std::max(largest, *v);
    }
    row.normalized.clear();
    for (const auto& v : row.values) {
        row.normalized.push_back(v && largest > 0.0 ? std::optional<double>(*v / largest) : std::nullopt);
    }
}

bool sameComputeUnits(const std::vector<const Device*>& devices)
{
    const Device* first = nullptr;
    for (const Device* d : devices) {
        if (d->figure(ComputeUnits) == nullptr) continue;
        if (d->computeUnitName.empty()) return false; // units of an unnamed kind compare with nothing
        if (first == nullptr) first = d;
        else if (d->computeUnitName != first->computeUnitName || d->kind != first->kind) return false;
    }
    return true;
}

void rankRow(ComparisonRow& row)
{
    normalizeRow(row);
    if (row.better == Better::Neither) return;
    std::optional<double> best;
    int present = 0;
    for (const auto& v : row.values) {
        if (!v) continue;
        ++present;
        if (!best || (row.better == Better::Higher ? *v > *best : *v < *best)) best = v;
    }
    if (present < 2) return;
    for (std::size_t i = 0; i < row.values.size(); ++i) {
        if (row.values[i] && *row.values[i] == *best) row.best.push_back(i);
    }
}

} // namespace

std::vector<DerivedMetric> derivedMetrics(const Device& d)
{
    std::vector<DerivedMetric> out;
    for (const auto& input : ridgeInputs) {
        const std::string name(input.name);
        const std::string figure(figureInfo(input.compute).jsonKey);
        out.push_back({"ridge_" + name + "_flop_per_byte", "Ridge point " + toUpperAscii(name),
                       input.compute == Int8TopsDense ? "op/B" : "FLOP/B", "1000 × " + figure + " / memory_bw_gbs",
                       Better::Neither, ratio(d, input.compute, MemoryBwGbs, 1000.0)});
    }
    out.push_back({"bf16_tflops_per_w", "BF16 dense per watt", "TFLOP/s/W", "bf16_tflops_dense / tdp_w", Better::Higher,
                   ratio(d, Bf16TflopsDense, TdpW)});
    out.push_back({"fp8_tflops_per_w", "FP8 dense per watt", "TFLOP/s/W", "fp8_tflops_dense / tdp_w", Better::Higher,
                   ratio(d, Fp8TflopsDense, TdpW)});
    out.push_back({"memory_bw_gbs_per_w", "Bandwidth per watt", "GB/s/W", "memory_bw_gbs / tdp_w", Better::Higher,
                   ratio(d, MemoryBwGbs, TdpW)});
    out.push_back({"usd_per_bf16_tflops", "Price per dense BF16 TFLOP/s", "USD/(TFLOP/s)",
                   "list_price_usd / bf16_tflops_dense", Better::Lower, ratio(d, ListPriceUsd, Bf16TflopsDense)});
    out.push_back({"usd_per_hour_per_bf16_pflops", "Cloud price per dense BF16 PFLOP/s", "USD/h/(PFLOP/s)",
                   "cloud_usd_per_hour / (bf16_tflops_dense / 1000)", Better::Lower,
                   ratio(d, CloudUsdPerHour, Bf16TflopsDense, 1000.0)});
    return out;
}

namespace {

// The vendor format names of the devices that carry `key`, in device order without repeats ("BLOCKFP8").
std::string vendorFormatNames(const std::vector<const Device*>& devices, FigureKey key)
{
    std::vector<std::string> names;
    for (const Device* d : devices) {
        if (d->figure(key) != nullptr && std::ranges::find(names, d->vendorFormatName) == names.end()) {
            names.push_back(d->vendorFormatName);
        }
    }
    std::string out;
    for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
    return "(" + out + ")";
}

} // namespace

Comparison compareDevices(const std::vector<const Device*>& devices)
{
    Comparison out;
    out.devices = devices;
    for (const auto& info : allFigures()) {
        ComparisonRow row{std::string(info.jsonKey), std::string(info.label), std::string(displayUnit(info.key)),
                          betterOf(info), false, "", {}, {}, {}, {}};
        bool any = false;
        for (const Device* d : devices) {
            const Figure* f = d->figure(info.key);
            row.values.push_back(f != nullptr ? std::optional<double>(displayValue(info.key, f->value)) : std::nullopt);
            row.derivedFigure.push_back(f != nullptr && f->provenance == Provenance::Derived);
            any |= f != nullptr;
        }
        if (!any) continue;
        // Compute units rank only when they are units of one kind (SMs against SMs, not SMs
        // against CUs, TPU cores or CPU cores).
        if (info.key == ComputeUnits && !sameComputeUnits(devices)) row.better = Better::Neither;
        // A vendor format row says which formats it holds; two vendors' formats are not ranked.
        if (info.key == VendorFormatTflopsDense || info.key == VendorFormatTflopsSparse) {
            const auto names = vendorFormatNames(devices, info.key);
            row.label = "Vendor format " + names +
                        (info.key == VendorFormatTflopsDense ? " tensor dense" : " tensor sparse");
            if (names.find(", ") != std::string::npos) row.better = Better::Neither;
        }
        rankRow(row);
        out.rows.push_back(std::move(row));
    }
    std::vector<std::vector<DerivedMetric>> metrics;
    for (const Device* d : devices) metrics.push_back(derivedMetrics(*d));
    const std::size_t metricCount = devices.empty() ? 0 : metrics.front().size();
    for (std::size_t m = 0; m < metricCount; ++m) {
        const DerivedMetric& first = metrics.front()[m];
        ComparisonRow row{first.key, first.label, first.unit, first.better, true, first.formula, {}, {}, {}, {}};
        bool any = false;
        for (const auto& perDevice : metrics) {
            row.values.push_back(perDevice[m].value);
            row.derivedFigure.push_back(true);
            any |= perDevice[m].value.has_value();
        }
        if (!any) continue;
        rankRow(row);
        out.rows.push_back(std::move(row));
    }
    return out;
}

namespace {

bool startsLikeFormula(std::string_view text)
{
    return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
}

} // namespace

std::string csvField(std::string_view cell)
{
    const std::string text = startsLikeFormula(cell) ? "'" + std::string(cell) : std::string(cell);
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (const char c : text) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + "\"";
}

std::string_view csvFieldText(std::string_view cell)
{
    if (cell.size() >= 2 && cell.front() == '\'' && startsLikeFormula(cell.substr(1))) cell.remove_prefix(1);
    return cell;
}

std::string comparisonCsv(const Comparison& comparison)
{
    std::string out = "figure,unit";
    for (const Device* d : comparison.devices) out += "," + csvField(d->name);
    out += ",derived_formula\n";
    for (const auto& row : comparison.rows) {
        out += csvField(row.key) + "," + csvField(row.unit);
        for (const auto& v : row.values) out += "," + (v ? formatFigureValue(*v) : std::string{});
        out += "," + csvField(row.formula) + "\n";
    }
    return out;
}

} // namespace accelscope::models::catalog
