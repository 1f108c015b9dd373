// SPDX-License-Identifier: MIT
// Compare figure: the Compare chart's bars as a vector drawing, with legend, statistics and sources.
#include "app/gui/compare/compare_figure.hpp"

#include "models/catalog/figure_parser.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace accelscope::gui {
namespace {

using models::catalog::Comparison;
using models::catalog::ComparisonRow;
using models::catalog::Device;
using models::catalog::formatFigureValue;
using models::figure::Anchor;
using models::figure::Colour;

// Colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2008), the chart's order.
constexpr std::array<Colour, 6> palette{{{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167}, {86, 180, 233}, {213, 94, 0}}};

// The rows a slide reads first; their best values become the figure's statistics.
constexpr std::array<std::string_view, 8> headlineKeys{"memory_gb",          "memory_bw_gbs",    "bf16_tflops_dense",
                                                       "bf16_tflops_sparse", "fp8_tflops_dense", "fp8_tflops_sparse",
                                                       "fp4_tflops_dense",   "tdp_w"};

constexpr double chartWidth = 900, labelWidth = 290, valueRoom = 96, labelSize = 13, valueSize = 12;
constexpr double barHeight = 14, barGap = 3, rowGap = 10;

// `text` in lines of at most `width` pixels at `size`, broken between words.
std::vector<std::string> wrapped(const std::string& text, double width, double size)
{
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto space = text.find(' ', at);
        const std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
        at = space == std::string::npos ? text.size() : space + 1;
        if (word.empty()) continue;
        if (!lines.empty() && models::figure::textWidthEstimate(lines.back() + " " + word, size) <= width) lines.back() += " " + word;
        else lines.push_back(word);
    }
    return lines;
}

std::string labelOf(const ComparisonRow& row) { return row.label + (row.unit.empty() ? "" : " [" + row.unit + "]"); }

std::string withUnit(double value, const std::string& unit) { return formatFigureValue(value) + (unit.empty() ? "" : " " + unit); }

// "Memory bandwidth: best AMD Instinct MI300X at 5,300 GB/s (3 of 3 devices publish it)".
std::string headline(const ComparisonRow& row, const Comparison& comparison)
{
    std::vector<double> values;
    for (const auto& v : row.values) {
        if (v) values.push_back(*v);
    }
    const std::string published = " (" + std::to_string(values.size()) + " of " + std::to_string(row.values.size()) + " devices publish it)";
    if (row.best.empty()) {
        const auto [low, high] = std::ranges::minmax(values);
        return row.label + ": " + formatFigureValue(low) + " to " + withUnit(high, row.unit) + published;
    }
    std::string names;
    for (const std::size_t d : row.best) names += (names.empty() ? "" : " and ") + comparison.devices[d]->name;
    return row.label + ": best " + names + " at " + withUnit(*row.values[row.best.front()], row.unit) + published;
}

// Every source the shown figures cite, per device, primary sources first: "name [key] URL".
std::vector<std::string> sourcesOf(const Comparison& comparison)
{
    std::vector<std::string> out;
    for (const Device* device : comparison.devices) {
        std::vector<std::string> keys = device->primarySources;
        for (const auto& row : comparison.rows) {
            if (row.isDerivedMetric) continue;
            const auto key = models::catalog::figureFromJsonKey(row.key);
            const auto* figure = key ? device->figure(*key) : nullptr;
            if (figure != nullptr && !figure->sourceKey.empty() && std::ranges::find(keys, figure->sourceKey) == keys.end()) {
                keys.push_back(figure->sourceKey);
            }
        }
        for (const auto& key : keys) {
            if (const auto it = device->sources.find(key); it != device->sources.end()) {
                out.push_back(device->name + " [" + key + "] " + it->second.url);
            }
        }
    }
    out.push_back("Derived rows (ridge points, per watt, price per TFLOP/s): formulas over the catalog figures in models/catalog "
                  "derivedMetrics; accelscope-cli catalog compare prints the same table");
    return out;
}

} // namespace

Colour compareDeviceColour(std::size_t index, bool dark)
{
    const Colour c = palette[index % palette.size()];
    if (!dark) return c;
    // Lighter on dark backgrounds so that bars keep their contrast (x 1.15 + 8 %, as the chart).
    const auto lift = [](std::uint8_t v) {
        return static_cast<std::uint8_t>(std::lround(std::min(255.0, static_cast<double>(v) * 1.15 + 0.08 * 255.0)));
    };
    return {lift(c.r), lift(c.g), lift(c.b), 255};
}

std::expected<models::figure::Figure, QString> compareFigure(const Comparison& comparison, bool dark)
{
    if (comparison.devices.size() < 2) {
        return std::unexpected(QCoreApplication::translate("CompareFigure", "Pick at least two devices to compare: the figure is their chart"));
    }
    models::figure::Figure f;
    f.dark = dark;
    std::string names;
    for (const Device* d : comparison.devices) names += (names.empty() ? "" : ", ") + d->name;
    f.title = "Compare: " + names;
    f.subtitle = "bar = value / largest value of the row, outlined = best; dense and sparse tensor peaks are separate rows";
    const Colour ink = models::figure::inkOf(dark), muted = models::figure::mutedOf(dark);
    const Colour track = dark ? Colour{255, 255, 255, 20} : Colour{0, 0, 0, 14};
    const Colour rule = dark ? Colour{255, 255, 255, 40} : Colour{0, 0, 0, 35};
    auto& d = f.chart;
    d.width = chartWidth;
    const double barLeft = labelWidth + 10, barWidth = chartWidth - barLeft - valueRoom;
    const std::size_t devices = comparison.devices.size();
    double y = 0;
    for (const ComparisonRow& row : comparison.rows) {
        const auto lines = wrapped(labelOf(row), labelWidth, labelSize);
        for (std::size_t i = 0; i < lines.size(); ++i) d.text(0, y + static_cast<double>(i) * labelSize * 1.3, lines[i], ink, labelSize);
        for (std::size_t k = 0; k < devices; ++k) {
            const double top = y + static_cast<double>(k) * (barHeight + barGap);
            d.rect(barLeft, top, barWidth, barHeight, track);
            const auto& fraction = row.normalized[k];
            if (!fraction || !row.values[k]) {
                d.text(barLeft + 4, top + 1, "n/a", muted, valueSize);
                continue;
            }
            const double w = std::max(1.0, barWidth * *fraction);
            d.rect(barLeft, top, w, barHeight, compareDeviceColour(k, dark));
            if (std::ranges::find(row.best, k) != row.best.end()) d.rect(barLeft - 1, top - 1, w + 2, barHeight + 2, {0, 0, 0, 0}, ink, 2.0);
            d.text(barLeft + barWidth + 6, top + 1, formatFigureValue(*row.values[k]), ink, valueSize);
        }
        y += std::max(static_cast<double>(lines.size()) * labelSize * 1.3, static_cast<double>(devices) * (barHeight + barGap)) + rowGap;
        d.line(0, y - rowGap / 2, chartWidth, y - rowGap / 2, rule);
    }
    d.height = std::max(y, 1.0);
    for (std::size_t k = 0; k < devices; ++k) {
        const Device* device = comparison.devices[k];
        f.legend.push_back({compareDeviceColour(k, dark), device->name + " (" + std::string(models::catalog::scopeName(device->scope)) + ")"});
    }
    for (const auto key : headlineKeys) {
        const auto it = std::ranges::find(comparison.rows, key, &ComparisonRow::key);
        if (it != comparison.rows.end()) f.statistics.push_back(headline(*it, comparison));
    }
    // The units are in each row's brackets; what they mean, briefly (the line sets the figure's width).
    f.units = "each row's unit in its brackets";
    const auto has = [&](std::string_view unit) { return std::ranges::any_of(comparison.rows, [&](const ComparisonRow& r) { return r.unit == unit; }); };
    if (has("GiB")) f.units += "; GiB = 2^30 B";
    if (has("GB/s")) f.units += "; GB/s = 10^9 B/s";
    f.units += "; dense = no sparsity, sparse = the vendor's structured-sparsity peak";
    f.sources = sourcesOf(comparison);
    return f;
}

} // namespace accelscope::gui
