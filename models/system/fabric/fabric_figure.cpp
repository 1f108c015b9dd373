// SPDX-License-Identifier: MIT
// The collective sweep figure and the numbers it states (summary, measured comparison).
#include "models/system/fabric/fabric_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/system/fabric/fabric_parameters.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace accelscope::models::system {
namespace {

using figure::Colour;

constexpr double chartWidth = 900;
constexpr double axisW = 70;  // y labels left of the plots
constexpr double rightW = 24;
constexpr double busbwH = 250;
constexpr double timeH = 190;
constexpr double headingH = 24;
constexpr double xLabelsH = 34;

constexpr std::array<Algorithm, 7> order{Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls, Algorithm::NvlsTree,
                                         Algorithm::Hierarchical, Algorithm::Torus, Algorithm::Direct};

/// Okabe–Ito, one colour per algorithm wherever it appears.
Colour algorithmColour(Algorithm a)
{
    switch (a) {
    case Algorithm::Ring: return {0, 114, 178};
    case Algorithm::Tree: return {230, 159, 0};
    case Algorithm::Nvls: return {0, 158, 115};
    case Algorithm::NvlsTree: return {204, 121, 167};
    case Algorithm::Hierarchical: return {86, 180, 233};
    case Algorithm::Torus: return {213, 94, 0};
    case Algorithm::Direct: return {86, 180, 233};
    case Algorithm::Auto: break;
    }
    return {0, 0, 0};
}
constexpr Colour measuredColour{213, 94, 0};

std::string bytesText(double bytes) { return quantityText(bytes, "B", 3, UnitPrefix::Binary); }
std::string rateText(double gbps) { return quantityText(gbps * 1e9, "B/s", 3); }
std::string secondsText(double us) { return quantityText(us * 1e-6, "s", 3); }

/// 1, 2 or 5 x 10^k, at least `raw`.
double niceStep(double raw)
{
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= raw) return m * p;
    }
    return 10 * p;
}

struct Plot {
    double left = axisW, top = 0, width = chartWidth - axisW - rightW, height = 0;
    double x(double bytes) const
    {
        return left + (std::log2(bytes) - std::log2(sweepFigureFromBytes)) / (std::log2(sweepFigureToBytes) - std::log2(sweepFigureFromBytes)) * width;
    }
    bool inside(double bytes) const { return bytes >= sweepFigureFromBytes * 0.999 && bytes <= sweepFigureToBytes * 1.001; }
};

void xAxis(figure::Drawing& d, const Plot& p, bool dark)
{
    const Colour muted = figure::mutedOf(dark);
    const Colour grid = dark ? Colour{255, 255, 255, 28} : Colour{0, 0, 0, 22};
    for (double b = sweepFigureFromBytes; b <= sweepFigureToBytes * 1.001; b *= 2) {
        const double x = p.x(b);
        const bool labelled = std::lround(std::log2(b)) % 4 == 2; // 1 KiB, 16 KiB, 256 KiB, 4 MiB, …
        d.line(x, p.top, x, p.top + p.height, grid, labelled ? 1.0 : 0.5);
        if (labelled) d.text(x, p.top + p.height + 8, bytesText(b), muted, 12, figure::Anchor::Middle);
    }
    d.line(p.left, p.top + p.height, p.left + p.width, p.top + p.height, muted, 1.0);
    d.line(p.left, p.top, p.left, p.top + p.height, muted, 1.0);
}

/// A polyline through (bytes, value) in `p`, `y` mapping a value to a pixel row.
template <class Y>
void curve(figure::Drawing& d, const Plot& p, const std::vector<CollectiveEstimate>& sweep, double (*value)(const CollectiveEstimate&), Y y,
           Colour colour, double thickness, bool dashed)
{
    for (std::size_t i = 1; i < sweep.size(); ++i) {
        d.line(p.x(sweep[i - 1].bytes), y(value(sweep[i - 1])), p.x(sweep[i].bytes), y(value(sweep[i])), colour, thickness, dashed);
    }
}

double busbwOf(const CollectiveEstimate& e) { return e.busbwGBps; }
double timeOf(const CollectiveEstimate& e) { return e.timeUs; }

std::string switchesText(const SweepSummary& s)
{
    if (s.switches.empty()) return "the library's choice: " + std::string(algorithmName(s.largest.algorithm)) + " at every size";
    std::string out = "the library's choice: " + std::string(algorithmName(s.smallest.algorithm));
    for (const auto& w : s.switches) out += ", " + std::string(algorithmName(w.to)) + " from " + bytesText(w.bytes);
    return out;
}

} // namespace

std::vector<Algorithm> algorithmsFor(const Fabric& fabric, Collective op)
{
    std::vector<Algorithm> out;
    for (const Algorithm a : order) {
        if (estimateCollective(fabric, op, 1 << 20, a)) out.push_back(a);
    }
    return out;
}

SweepSummary summarizeSweep(const std::vector<CollectiveEstimate>& sweep)
{
    SweepSummary s;
    s.smallest = sweep.front();
    s.largest = sweep.back();
    const double half = s.largest.busbwGBps / 2;
    for (std::size_t i = 0; i < sweep.size(); ++i) {
        if (sweep[i].busbwGBps < half) continue;
        if (i == 0) {
            s.halfBandwidthBytes = sweep[0].bytes;
        } else {
            const auto& a = sweep[i - 1];
            const auto& b = sweep[i];
            const double t = (half - a.busbwGBps) / (b.busbwGBps - a.busbwGBps);
            s.halfBandwidthBytes = std::exp(std::log(a.bytes) + t * (std::log(b.bytes) - std::log(a.bytes)));
        }
        break;
    }
    for (std::size_t i = 1; i < sweep.size(); ++i) {
        if (sweep[i].algorithm != sweep[i - 1].algorithm) s.switches.push_back({sweep[i].bytes, sweep[i - 1].algorithm, sweep[i].algorithm});
    }
    return s;
}

Result<MeasuredComparison> compareMeasured(const Fabric& fabric, Collective op, Algorithm algorithm, const MeasuredRun& run)
{
    std::vector<double> ratios;
    for (const auto& p : run.points) {
        if (!(p.bytes > 0) || !(p.busbwGBps > 0)) continue;
        auto e = estimateCollective(fabric, op, p.bytes, algorithm);
        if (!e) return std::unexpected(e.error());
        if (e->busbwGBps > 0) ratios.push_back(p.busbwGBps / e->busbwGBps);
    }
    MeasuredComparison c;
    c.rows = static_cast<int>(ratios.size());
    if (ratios.empty()) return c;
    std::ranges::sort(ratios);
    const std::size_t m = ratios.size() / 2;
    c.medianRatio = ratios.size() % 2 ? ratios[m] : (ratios[m - 1] + ratios[m]) / 2;
    c.lowestRatio = ratios.front();
    c.highestRatio = ratios.back();
    return c;
}

Result<figure::Figure> collectiveSweepFigure(const Fabric& fabric, Collective op, Algorithm chosen, const std::optional<MeasuredRun>& measured, bool dark)
{
    auto autoSweep = sweepCollective(fabric, op, sweepFigureFromBytes, sweepFigureToBytes, sweepFigurePoints, Algorithm::Auto);
    if (!autoSweep) return std::unexpected(autoSweep.error());
    std::vector<std::pair<Algorithm, std::vector<CollectiveEstimate>>> curves;
    for (const Algorithm a : algorithmsFor(fabric, op)) {
        if (auto s = sweepCollective(fabric, op, sweepFigureFromBytes, sweepFigureToBytes, sweepFigurePoints, a)) curves.emplace_back(a, std::move(*s));
    }
    figure::Figure f;
    f.dark = dark;
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    f.title = std::string(collectiveName(op)) + " on " + std::to_string(fabric.ranks()) + " x " + fabric.deviceName + " by message size";
    f.subtitle = std::to_string(fabric.devicesPerNode) + " per " + std::string(scaleUpKindName(fabric.scaleUp)) + " domain (" + fabric.scaleUpName + ")" +
                 (fabric.nodes > 1 ? " x " + std::to_string(fabric.nodes) + " nodes" : "") + "; heavy: " +
                 (chosen == Algorithm::Auto ? std::string("the library's choice") : std::string(algorithmName(chosen)));

    // Value ranges over everything drawn.
    double top = fabric.scaleUpGBps;
    if (fabric.nodes > 1) top = std::max(top, fabric.scaleOutGBps);
    double tLow = 1e300, tHigh = 0;
    auto widen = [&](const std::vector<CollectiveEstimate>& s) {
        for (const auto& e : s) {
            top = std::max(top, e.busbwGBps);
            tLow = std::min(tLow, e.timeUs);
            tHigh = std::max(tHigh, e.timeUs);
        }
    };
    widen(*autoSweep);
    for (const auto& [a, s] : curves) widen(s);
    Plot busPlot;
    busPlot.top = headingH;
    busPlot.height = busbwH;
    if (measured) {
        for (const auto& p : measured->points) {
            if (!busPlot.inside(p.bytes)) continue;
            top = std::max(top, p.busbwGBps);
            if (p.timeUs > 0) {
                tLow = std::min(tLow, p.timeUs);
                tHigh = std::max(tHigh, p.timeUs);
            }
        }
    }
    const double step = niceStep(top * 1.08 / 5);
    const double yMax = step * std::ceil(top * 1.08 / step);
    const auto busY = [&](double v) { return busPlot.top + busPlot.height * (1 - v / yMax); };
    Plot timePlot;
    timePlot.top = busPlot.top + busPlot.height + xLabelsH + headingH;
    timePlot.height = timeH;
    const double decLow = std::floor(std::log10(tLow)), decHigh = std::max(decLow + 1, std::ceil(std::log10(tHigh)));
    const auto timeY = [&](double us) { return timePlot.top + timePlot.height * (1 - (std::log10(us) - decLow) / (decHigh - decLow)); };

    f.chart.width = chartWidth;
    f.chart.height = timePlot.top + timePlot.height + xLabelsH;
    f.chart.text(0, 0, "Bus bandwidth per rank (nccl-tests' busbw)", ink, 15, figure::Anchor::Start, false, true);
    f.chart.text(0, timePlot.top - headingH, "Time of one " + std::string(collectiveName(op)), ink, 15, figure::Anchor::Start, false, true);
    xAxis(f.chart, busPlot, dark);
    xAxis(f.chart, timePlot, dark);
    const Colour grid = dark ? Colour{255, 255, 255, 28} : Colour{0, 0, 0, 22};
    for (double v = 0; v <= yMax * 1.0001; v += step) {
        f.chart.line(busPlot.left, busY(v), busPlot.left + busPlot.width, busY(v), grid, 0.5);
        f.chart.text(busPlot.left - 6, busY(v) - 7, rateText(v), muted, 12, figure::Anchor::End);
    }
    for (double k = decLow; k <= decHigh + 1e-9; k += 1) {
        const double us = std::pow(10.0, k);
        f.chart.line(timePlot.left, timeY(us), timePlot.left + timePlot.width, timeY(us), grid, 0.5);
        f.chart.text(timePlot.left - 6, timeY(us) - 7, secondsText(us), muted, 12, figure::Anchor::End);
    }
    // The link's nominal rate (and the network's): busbw above it is what the algorithm saves, not a faster wire.
    auto rateLine = [&](double gbps, const std::string& label) {
        f.chart.line(busPlot.left, busY(gbps), busPlot.left + busPlot.width, busY(gbps), muted, 1.5, true);
        f.chart.text(busPlot.left + 8, busY(gbps) - 17, label, muted, 12);
    };
    rateLine(fabric.scaleUpGBps, fabric.scaleUpName + " link: " + rateText(fabric.scaleUpGBps) + " per direction");
    if (fabric.nodes > 1) rateLine(fabric.scaleOutGBps, "network: " + rateText(fabric.scaleOutGBps) + " per device per direction");

    for (const auto& [a, s] : curves) {
        const double thickness = a == chosen ? 3.5 : 1.6;
        curve(f.chart, busPlot, s, busbwOf, busY, algorithmColour(a), thickness, false);
        curve(f.chart, timePlot, s, timeOf, timeY, algorithmColour(a), thickness, false);
        f.legend.push_back({algorithmColour(a), std::string(algorithmName(a)) + (a == chosen ? " (chosen)" : "")});
    }
    const double autoThickness = chosen == Algorithm::Auto ? 3.0 : 2.0;
    curve(f.chart, busPlot, *autoSweep, busbwOf, busY, ink, autoThickness, chosen != Algorithm::Auto);
    curve(f.chart, timePlot, *autoSweep, timeOf, timeY, ink, autoThickness, chosen != Algorithm::Auto);
    f.legend.push_back({ink, "auto: the library's choice"});
    f.legend.push_back({muted, "link rate (dashed)"});

    const SweepSummary sum = summarizeSweep(*autoSweep);
    const CollectiveEstimate& big = sum.largest;
    // Short lines: the figure is as wide as its widest text, and a narrow figure reads larger on a slide.
    f.statistics.push_back("at " + bytesText(big.bytes) + ": " + std::string(algorithmName(big.algorithm)) + " (" + std::string(protocolName(big.protocol)) +
                           "), busbw " + rateText(big.busbwGBps) + " = algbw " + rateText(big.algbwGBps) + " x " + engineeringText(big.busFactor, 4));
    f.statistics.push_back("the busiest link: " + big.bottleneck + " at " + rateText(big.linkGBps) + " per direction");
    if (big.busbwGBps > big.linkGBps) {
        f.statistics.push_back("busbw above the link: " + std::string(algorithmName(big.algorithm)) +
                               " sends less per rank than the 2(N-1)/N x S the bus factor assumes");
    }
    f.statistics.push_back("latency floor: " + secondsText(sum.smallest.timeUs) + " at " + bytesText(sum.smallest.bytes) + " (" +
                           std::string(algorithmName(sum.smallest.algorithm)) + ", " + std::string(protocolName(sum.smallest.protocol)) + ", " +
                           std::to_string(sum.smallest.steps) + " steps)");
    if (sum.halfBandwidthBytes > 0) f.statistics.push_back("half the large-message busbw from " + bytesText(sum.halfBandwidthBytes) + " (the knee)");
    f.statistics.push_back(switchesText(sum));
    if (measured) {
        auto c = compareMeasured(fabric, op, chosen, *measured);
        if (!c) return std::unexpected(c.error());
        for (const auto& p : measured->points) {
            if (!busPlot.inside(p.bytes) || !(p.busbwGBps > 0)) continue;
            f.chart.markers.push_back({busPlot.x(p.bytes), busY(p.busbwGBps), 4.5, measuredColour, figure::MarkerShape::Diamond, false});
            if (p.timeUs > 0) f.chart.markers.push_back({timePlot.x(p.bytes), timeY(p.timeUs), 4.5, measuredColour, figure::MarkerShape::Diamond, false});
        }
        f.legend.push_back({measuredColour, "measured: " + measured->label});
        if (c->rows > 0) {
            f.statistics.push_back("measured / model busbw (" + std::string(algorithmName(chosen)) + "): median " + engineeringText(c->medianRatio, 3) +
                                   " over " + std::to_string(c->rows) + " sizes, " + engineeringText(c->lowestRatio, 3) + " to " +
                                   engineeringText(c->highestRatio, 3));
        }
    }
    f.units = "size: nccl-tests' size per rank (KiB = 1024 B); bandwidth GB/s = 10^9 B/s per direction; time in seconds";
    f.sources = {"Accelscope collective model (models/system/fabric)", std::string(fabric_parameters::latencySource()),
                 "link rates: catalog " + fabric.deviceId, "busbw: nccl-tests doc/PERFORMANCE.md"};
    return f;
}

} // namespace accelscope::models::system
