// SPDX-License-Identifier: MIT
// Pipeline-bubbles figure.
#include "models/pipeline/pipeline_figure.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::pipeline {
namespace {

using figure::Colour;

constexpr double chartWidth = 720;
constexpr double rowH = 24;
constexpr double labelW = 64;

// Simulated times are sums of op times, so equal moments may differ in the last bits.
double tolerance(double time) { return 1e-9 * std::max(1.0, std::abs(time)); }

// Okabe–Ito: blue forward, bluish green backward, orange weight gradients (as on the page).
Colour kindColour(OpKind kind)
{
    switch (kind) {
    case OpKind::Forward: return {0, 114, 178};
    case OpKind::Backward: return {0, 158, 115};
    default: return {230, 159, 0};
    }
}

std::string percent(double fraction) { return decimalText(100.0 * fraction, 1) + "%"; }

} // namespace

std::vector<double> pipelineStepTimes(const std::vector<const PipelineResult*>& results)
{
    std::vector<double> all;
    for (const PipelineResult* r : results) {
        for (const auto& op : r->ops) all.push_back(op.start);
    }
    std::ranges::sort(all);
    std::vector<double> out;
    for (const double t : all) {
        if (out.empty() || t - out.back() > tolerance(t)) out.push_back(t);
    }
    return out;
}

figure::Figure pipelineFigure(const PipelineFigureInput& in)
{
    figure::Figure f;
    f.dark = in.dark;
    std::vector<const PipelineResult*> results;
    for (const auto& c : in.charts) results.push_back(c.result);
    const std::vector<double> times = pipelineStepTimes(results);
    const int steps = static_cast<int>(times.size());
    const int step = std::clamp(in.step, -1, steps);
    // The time the step has reached (0 for the whole schedule or an empty one: never read then).
    const double cursor = step < 0 || times.empty() ? 0.0 : times[static_cast<std::size_t>(std::max(step, 1) - 1)];
    const auto happened = [&](double t) { return step < 0 || (step > 0 && t <= cursor + tolerance(t)); };
    const auto atCursor = [&](double t) { return step > 0 && std::abs(t - cursor) <= tolerance(t); };

    const PipelineConfig& c0 = in.charts.front().config;
    std::string names;
    for (const auto& c : in.charts) names += (names.empty() ? "" : " vs ") + std::string(scheduleName(c.schedule));
    f.title = "Pipeline bubbles: " + names + ", p=" + std::to_string(c0.stages) + ", m=" + std::to_string(c0.microbatches);
    f.subtitle = step < 0 ? "whole schedule (" + std::to_string(steps) + " steps)"
                          : "step " + std::to_string(step) + " of " + std::to_string(steps) + ", t = " + engineeringText(cursor, 3);
    const Colour ink = figure::inkOf(in.dark);
    const Colour muted = figure::mutedOf(in.dark);
    const Colour lane = in.dark ? Colour{255, 255, 255, 22} : Colour{0, 0, 0, 18};
    double longest = 1e-9;
    for (const PipelineResult* r : results) longest = std::max(longest, r->makespan);
    const double scale = (chartWidth - labelW) / longest;
    f.chart.width = chartWidth;
    double y = 0;
    for (const auto& chart : in.charts) {
        const PipelineResult& r = *chart.result;
        const int stages = static_cast<int>(r.peakActivations.size());
        f.chart.text(0, y, std::string(scheduleName(chart.schedule)) + (chart.config.chunks > 1 ? ", v=" + std::to_string(chart.config.chunks) : ""),
                     ink, 15, figure::Anchor::Start, false, true);
        const double top = y + 22;
        for (int s = 0; s < stages; ++s) {
            f.chart.text(0, top + s * rowH + 5, "stage " + std::to_string(s), muted, 12);
            f.chart.rect(labelW, top + s * rowH, r.makespan * scale, rowH - 2, lane); // idle = bubble shows as this band
        }
        for (const auto& op : r.ops) {
            const double x = labelW + op.start * scale;
            const double w = std::max(1.0, (op.end - op.start) * scale);
            const bool done = happened(op.start);
            const Colour fill = done ? kindColour(op.kind) : kindColour(op.kind).withAlpha(45);
            f.chart.rect(x, top + op.stage * rowH, w, rowH - 2, fill, atCursor(op.start) ? ink : Colour{0, 0, 0, 0}, 2.0);
            if (done && w >= 14) {
                f.chart.text(x + w / 2, top + op.stage * rowH + 5, std::to_string(op.microbatch), {255, 255, 255}, 12, figure::Anchor::Middle);
            }
        }
        if (cursor) f.chart.line(labelW + cursor * scale, top - 4, labelW + cursor * scale, top + stages * rowH + 2, ink, 2.0, true);
        y = top + stages * rowH + 18;
    }
    // Time axis under the charts.
    f.chart.line(labelW, y - 10, labelW + longest * scale, y - 10, muted);
    f.chart.text(labelW, y - 6, "0", muted, 12);
    f.chart.text(labelW + longest * scale, y - 6, engineeringText(longest, 3), muted, 12, figure::Anchor::End);
    f.chart.text(labelW + longest * scale / 2, y - 6, "time (units of F)", muted, 12, figure::Anchor::Middle);
    f.chart.height = y + 12;

    f.legend = {{kindColour(OpKind::Forward), "F forward"}, {kindColour(OpKind::Backward), "B backward (input gradients)"}};
    const bool anyW = std::ranges::any_of(results, [](const PipelineResult* r) {
        return std::ranges::any_of(r->ops, [](const PipelineOp& op) { return op.kind == OpKind::Weight; });
    });
    if (anyW) f.legend.push_back({kindColour(OpKind::Weight), "W weight gradients"});
    f.legend.push_back({in.dark ? Colour{70, 70, 70} : Colour{232, 232, 232}, "bubble (stage idle)"});
    f.legend.push_back({kindColour(OpKind::Forward).withAlpha(45), "not started at this step"});

    for (const auto& chart : in.charts) {
        const PipelineResult& r = *chart.result;
        f.statistics.push_back(std::string(scheduleName(chart.schedule)) + ": bubble fraction " + percent(r.bubbleFractionOfTotal) +
                               " of total (" + percent(r.bubbleFractionOfIdeal) + " of ideal), makespan " + engineeringText(r.makespan, 3) +
                               ", bubble " + engineeringText(r.bubbleTime, 3) + " (closed form " + std::string(closedFormText(chart.schedule)) +
                               " = " + engineeringText(closedFormBubbleTime(chart.config), 3) + ")");
    }
    if (step >= 0) {
        int started = 0, total = 0;
        for (const PipelineResult* r : results) {
            for (const auto& op : r->ops) {
                ++total;
                if (happened(op.start)) ++started;
            }
        }
        f.statistics.push_back("Step " + std::to_string(step) + " of " + std::to_string(steps) + ": " + std::to_string(started) + " of " +
                               std::to_string(total) + " ops started");
    }
    f.units = "time in units of one stage's forward F (F=" + engineeringText(c0.forwardTime, 3) + ", B=" + engineeringText(c0.backwardTime, 3) +
              ", W=" + engineeringText(c0.weightTime, 3) + ", comm=" + engineeringText(c0.commTime, 3) + "); bubble fraction = bubble / (ideal + bubble)";
    f.sources = {"Accelscope pipeline simulator (models/pipeline)"};
    for (const auto& chart : in.charts) {
        f.sources.emplace_back(scheduleInfo(chart.schedule).source);
    }
    f.sources.erase(std::unique(f.sources.begin(), f.sources.end()), f.sources.end());
    return f;
}

} // namespace accelscope::models::pipeline
