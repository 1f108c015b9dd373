// SPDX-License-Identifier: MIT
// Lab figure.
#include "app/gui/labs/lab_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/figure/chart_canvas.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace accelscope::gui {
namespace {

using models::figure::Colour;

// One axis: linear from 0 or logarithmic over whole decades, mapped to [0, 1].
struct Axis {
    bool log = false;
    double low = 0, high = 1;
    double at(double v) const { return log ? (std::log10(v) - low) / (high - low) : (v - low) / (high - low); }
    std::vector<double> ticks() const
    {
        std::vector<double> out;
        if (log) {
            for (double e = low; e <= high + 1e-9; ++e) out.push_back(std::pow(10.0, e));
            return out;
        }
        const double raw = high / 5.0;
        const double decade = std::pow(10.0, std::floor(std::log10(raw)));
        const double step = raw <= decade ? decade : raw <= 2 * decade ? 2 * decade : raw <= 5 * decade ? 5 * decade : 10 * decade;
        for (double v = 0; v <= high + step / 2; v += step) out.push_back(v);
        return out;
    }
};

Axis axisOf(bool log, double minValue, double maxValue)
{
    if (log) return {true, std::floor(std::log10(std::max(minValue, 1e-300))), std::ceil(std::log10(std::max(maxValue, 1e-300))) + 1e-9};
    return {false, 0.0, maxValue > 0 ? maxValue * 1.05 : 1.0};
}

} // namespace

std::expected<models::figure::Figure, QString> labFigure(const LabChart& chart, bool dark)
{
    const auto& series = chart.series();
    if (series.empty() || std::ranges::all_of(series, [](const labs::Series& s) { return s.points.empty(); })) {
        return std::unexpected(QCoreApplication::translate("LabFigure", "No lab result is shown: run a lab or pick one from the history"));
    }
    models::figure::Figure f;
    f.dark = dark;
    f.title = chart.title().toStdString();
    double minX = 1e300, maxX = 0, minY = 1e300, maxY = 0;
    for (const auto& s : series) {
        for (const auto& p : s.points) {
            if (p.x > 0) minX = std::min(minX, p.x);
            if (p.y > 0) minY = std::min(minY, p.y);
            maxX = std::max(maxX, p.x);
            maxY = std::max(maxY, p.y);
        }
    }
    const Axis ax = axisOf(chart.logX(), minX, maxX);
    const Axis ay = axisOf(chart.logY(), minY, maxY);
    constexpr double width = 860, height = 480, left = 80, top = 34, right = 20, bottom = 48;
    const double plotW = width - left - right, plotH = height - top - bottom;
    const auto px = [&](double x) { return left + ax.at(x) * plotW; };
    const auto py = [&](double y) { return top + plotH - ay.at(y) * plotH; };
    const Colour ink = models::figure::inkOf(dark), muted = models::figure::mutedOf(dark), grid = models::figure::chartGrid(dark);
    auto& d = f.chart;
    d.width = width;
    d.height = height;
    for (const double x : ax.ticks()) {
        d.line(px(x), top, px(x), top + plotH, grid);
        // Decades read as "10 k", "100 M": short enough for every tick of a wide range.
        d.text(px(x), top + plotH + 4, ax.log ? models::quantityText(x, "", 3, models::UnitPrefix::Decimal) : models::engineeringText(x, 3), muted, 13,
               models::figure::Anchor::Middle);
    }
    for (const double y : ay.ticks()) {
        d.line(left, py(y), left + plotW, py(y), grid);
        d.text(left - 6, py(y) - 7, ay.log ? models::quantityText(y, "", 3, models::UnitPrefix::Decimal) : models::engineeringText(y, 3), muted, 13,
               models::figure::Anchor::End);
    }
    d.rect(left, top, plotW, plotH, {0, 0, 0, 0}, muted);
    const labs::Series& first = series.front();
    d.text(left + plotW / 2, height - 20, first.xLabel + " [" + first.xUnit + "]" + (ax.log ? ", log scale" : ""), ink, 14, models::figure::Anchor::Middle);
    d.text(0, 0, first.yLabel + " [" + first.yUnit + "]" + (ay.log ? ", log scale" : ""), ink, 14);
    for (const auto& [x, label] : chart.markers()) {
        if (x <= 0 && ax.log) continue;
        d.line(px(x), top, px(x), top + plotH, muted, 1.0, true);
        d.text(px(x) + 3, top + 2, label.toStdString(), muted, 12);
    }
    const auto inside = [&](const labs::Point& p) { return (!ax.log || p.x > 0) && (!ay.log || p.y > 0); };
    for (std::size_t i = 0; i < series.size(); ++i) {
        const Colour colour = models::figure::seriesColour(i, dark);
        const auto& pts = series[i].points;
        for (std::size_t k = 1; k < pts.size(); ++k) {
            if (inside(pts[k - 1]) && inside(pts[k])) d.line(px(pts[k - 1].x), py(pts[k - 1].y), px(pts[k].x), py(pts[k].y), colour, 2.0);
        }
        for (const auto& p : pts) {
            if (inside(p)) d.markers.push_back({px(p.x), py(p.y), 3.5, colour, static_cast<models::figure::MarkerShape>(i % 4), false});
        }
        f.legend.push_back({colour, series[i].name});
        if (pts.empty()) continue;
        const auto best = std::ranges::max_element(pts, {}, &labs::Point::y);
        f.statistics.push_back(series[i].name + ": highest " + models::engineeringText(best->y, 3) + " " + series[i].yUnit + " at " +
                               models::engineeringText(best->x, 3) + " " + series[i].xUnit);
    }
    f.units = first.xUnit + " (x), " + first.yUnit + " (y)";
    f.sources = {"Measured on this machine by an Accelscope lab (labs/; accelscope-cli lab show ID prints the same result)"};
    return f;
}

} // namespace accelscope::gui
