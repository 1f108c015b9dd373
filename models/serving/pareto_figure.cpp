// SPDX-License-Identifier: MIT
// Pareto figure.
#include "models/serving/pareto_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/figure/chart_canvas.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace accelscope::models::serving {
namespace {

using figure::Colour;

// A 1-2-5 tick step giving about five intervals up to `top`.
double tickStep(double top)
{
    const double raw = top / 5.0;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * decade >= raw) return m * decade;
    }
    return 10.0 * decade;
}

} // namespace

std::vector<FrontierCurve> frontierCurves(const roofline::TransformerConfig& config, const ServingRequest& request,
                                          const std::vector<PlanRow>& rows, const EfficiencyTable& table, std::size_t maxCurves)
{
    std::vector<FrontierCurve> out;
    std::set<std::string> seen;
    for (const auto& r : rows) {
        if (out.size() >= maxCurves) break;
        if (!r.estimate || !r.estimate->fits || !seen.insert(r.device->id).second) continue;
        const auto d = servingDevice(*r.device, request, table);
        if (!d) continue;
        FrontierCurve c{r.device->id, std::to_string(r.estimate->devices) + " x " + r.device->name, {}};
        c.points = servingFrontier(config, *d, request, r.estimate->devices, frontierTpotLimitsMs);
        if (!c.points.empty()) out.push_back(std::move(c));
    }
    return out;
}

figure::Figure paretoFigure(const std::vector<FrontierCurve>& curves, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    f.title = "Serving: throughput per device vs speed per user";
    f.subtitle = "Server scenario frontier, p99 TPOT limits 10 to 1000 ms";
    constexpr double width = 820, height = 500, left = 70, bottom = 44, top = 34, right = 20;
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    double maxX = 1, maxY = 1;
    for (const auto& c : curves) {
        for (const auto& p : c.points) {
            maxX = std::max(maxX, p.tokensPerSPerUser);
            maxY = std::max({maxY, p.tokensPerSPerDevice, p.tokensPerSPerDeviceHigh});
        }
    }
    const double stepX = tickStep(maxX), stepY = tickStep(maxY);
    maxX = std::ceil(maxX / stepX) * stepX;
    maxY = std::ceil(maxY / stepY) * stepY;
    const double plotW = width - left - right, plotH = height - top - bottom;
    const auto px = [&](double x) { return left + x / maxX * plotW; };
    const auto py = [&](double y) { return top + plotH - y / maxY * plotH; };
    auto& d = f.chart;
    d.width = width;
    d.height = height;
    for (double x = 0; x <= maxX + stepX / 2; x += stepX) {
        d.line(px(x), top, px(x), top + plotH, figure::chartGrid(dark));
        d.text(px(x), top + plotH + 4, engineeringText(x, 3), muted, 13, figure::Anchor::Middle);
    }
    for (double y = 0; y <= maxY + stepY / 2; y += stepY) {
        d.line(left, py(y), left + plotW, py(y), figure::chartGrid(dark));
        d.text(left - 6, py(y) - 7, engineeringText(y, 3), muted, 13, figure::Anchor::End);
    }
    d.rect(left, top, plotW, plotH, {0, 0, 0, 0}, muted);
    d.text(left + plotW / 2, height - 18, "tokens/s per user", ink, 14, figure::Anchor::Middle);
    d.text(0, 0, "tokens/s per device", ink, 14); // above the plot, clear of the top tick label
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const Colour colour = figure::seriesColour(i, dark);
        const auto& pts = curves[i].points;
        for (std::size_t k = 1; k < pts.size(); ++k) {
            const auto& a = pts[k - 1];
            const auto& b = pts[k];
            d.line(px(a.tokensPerSPerUser), py(a.tokensPerSPerDevice), px(b.tokensPerSPerUser), py(b.tokensPerSPerDevice), colour, 2.5);
            d.line(px(a.tokensPerSPerUser), py(a.tokensPerSPerDeviceLow), px(b.tokensPerSPerUser), py(b.tokensPerSPerDeviceLow), colour.withAlpha(150), 1.0, true);
            d.line(px(a.tokensPerSPerUser), py(a.tokensPerSPerDeviceHigh), px(b.tokensPerSPerUser), py(b.tokensPerSPerDeviceHigh), colour.withAlpha(150), 1.0, true);
        }
        const auto shape = static_cast<figure::MarkerShape>(i % 4);
        for (const auto& p : pts) d.markers.push_back({px(p.tokensPerSPerUser), py(p.tokensPerSPerDevice), 4.5, colour, shape, false});
        f.legend.push_back({colour, curves[i].label});
        if (pts.empty()) continue;
        const auto best = std::ranges::max_element(pts, {}, &FrontierPoint::tokensPerSPerDevice);
        f.statistics.push_back(curves[i].label + ": up to " + engineeringText(best->tokensPerSPerDevice, 3) + " tokens/s per device at " +
                               engineeringText(best->tokensPerSPerUser, 3) + " tokens/s per user (batch " + std::to_string(best->batch) +
                               ", band " + engineeringText(best->tokensPerSPerDeviceLow, 3) + " to " +
                               engineeringText(best->tokensPerSPerDeviceHigh, 3) + ")");
    }
    f.legend.push_back({muted, "dashed: calibration band (5th to 95th percentile of the residuals)"});
    f.units = "tokens per second (decode), per device and per user";
    f.sources = {"Accelscope serving model (models/serving servingFrontier; accelscope-cli serve estimate --frontier)",
                 "Efficiencies calibrated on MLPerf Inference v4.x results (data/serving/fit.json)"};
    return f;
}

} // namespace accelscope::models::serving
