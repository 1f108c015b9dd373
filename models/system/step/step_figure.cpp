// SPDX-License-Identifier: MIT
#include "models/system/step/step_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/system/step/serving_band.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace accelscope::models::system {
namespace {

using figure::Colour;

constexpr double chartWidth = 760;
constexpr double labelW = 330;
constexpr double barH = 22;

/// Okabe–Ito, in the order the parts are drawn.
const Colour palette[] = {{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167}, {86, 180, 233}, {213, 94, 0}, {240, 228, 66}, {0, 0, 0}};

Colour kindColour(const std::string& kind)
{
    if (kind == "gemm") return palette[0];
    if (kind == "attention") return palette[2];
    if (kind == "optimizer") return palette[3];
    return palette[1]; // memory-bound
}

std::string seconds(double s) { return quantityText(s, "s", 3); }

/// One stacked bar of named parts, labelled; returns the y below it.
double stackedBar(figure::Figure& f, double y, const std::vector<std::pair<std::string, double>>& parts, double total, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const double scale = (chartWidth - 20) / std::max(total, 1e-12);
    double x = 0;
    int colour = 0;
    for (const auto& [name, s] : parts) {
        if (s <= 0) {
            ++colour;
            continue;
        }
        const Colour c = palette[colour++ % std::size(palette)];
        const double w = s * scale;
        f.chart.rect(x, y, std::max(1.0, w), barH * 1.6, c);
        if (w > 70) f.chart.text(x + w / 2, y + 10, decimalText(100 * s / total, 0) + " %", {255, 255, 255}, 13, figure::Anchor::Middle, false, true);
        f.legend.push_back({c, name + ": " + seconds(s)});
        x += w;
    }
    f.chart.text(0, y + barH * 1.6 + 4, "0", figure::mutedOf(dark), 12);
    f.chart.text(chartWidth - 20, y + barH * 1.6 + 4, seconds(total), ink, 12, figure::Anchor::End);
    return y + barH * 1.6 + 28;
}

/// One bar per operator, longest first, labelled with its time and efficiency.
double operatorBars(figure::Figure& f, double y, std::vector<StepOperator> ops, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    std::ranges::sort(ops, [](const StepOperator& a, const StepOperator& b) { return a.seconds > b.seconds; });
    double longest = 1e-12;
    for (const auto& op : ops) longest = std::max(longest, op.seconds);
    const double scale = (chartWidth - labelW - 150) / longest;
    for (const auto& op : ops) {
        f.chart.text(0, y + 4, op.name + " [" + op.precision + "]", ink, 13);
        f.chart.rect(labelW, y, std::max(1.0, op.seconds * scale), barH - 4, kindColour(op.kind));
        f.chart.text(labelW + op.seconds * scale + 6, y + 4,
                     seconds(op.seconds) + ", " + decimalText(100 * op.efficiency, 0) + " % of " + (op.memoryBound ? "bandwidth" : "peak"), muted, 12);
        y += barH;
    }
    return y;
}

} // namespace

figure::Figure trainingStepFigure(const TrainingStepEstimate& e, const std::string& modelName, const std::string& deviceName, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    const auto& l = e.spec.parallel;
    f.title = "One training step: " + modelName + " on " + std::to_string(e.devices) + " x " + deviceName;
    f.subtitle = "TP " + std::to_string(l.tp) + " CP " + std::to_string(l.cp) + " PP " + std::to_string(l.pp) + " VP " +
                 std::to_string(e.spec.virtualStages) + " DP " + std::to_string(l.dp) + (l.ep > 1 ? " EP " + std::to_string(l.ep) : "") + ", " +
                 std::to_string(e.microBatches) + " micro-batches of " + std::to_string(e.spec.microBatch) + " x " + readableText(e.spec.sequence) +
                 " tokens, " + e.spec.gemmPrecision + " GEMMs";
    f.chart.width = chartWidth;
    const Colour ink = figure::inkOf(dark);
    f.chart.text(0, 0, "Where the step goes", ink, 15, figure::Anchor::Start, false, true);
    const auto& b = e.breakdown;
    double y = stackedBar(f, 22,
                          {{"compute", b.computeS}, {"pipeline bubble", b.bubbleS}, {"TP exposed", b.tpExposedS}, {"CP exposed", b.cpExposedS},
                           {"EP exposed", b.epExposedS}, {"PP sends", b.ppExposedS}, {"DP exposed", b.dpExposedS}, {"optimizer", b.optimizerS + b.hostBoundS}},
                          e.stepS, dark);
    f.chart.text(0, y, "One micro-batch on the slowest stage, by operator (the optimizer runs once per step: " + seconds(b.optimizerS) + ")", ink,
                 15, figure::Anchor::Start, false, true);
    std::vector<StepOperator> perMicroBatch;
    for (const auto& op : e.operators) {
        if (op.kind != "optimizer") perMicroBatch.push_back(op);
    }
    y = operatorBars(f, y + 24, std::move(perMicroBatch), dark);
    f.chart.height = y + 8;
    f.statistics = {"step " + seconds(e.stepS) + ", " + readableText(e.tokensPerS) + " tokens/s (" + readableText(e.tokensPerSPerDevice) + " per device)",
                    "MFU " + decimalText(100 * e.mfu, 1) + " %, HFU " + decimalText(100 * e.hfu, 1) + " % of " + readableText(e.bf16PeakTflops) +
                        " TFLOP/s (BF16 dense), " + readableText(e.modelTflopsPerDevice, 3) + " model TFLOP/s per device",
                    "memory per device " + decimalText(e.memory.totalBytes / 1e9, 1) + " of " + decimalText(e.capacityBytes / 1e9, 0) + " GB: " +
                        (e.fits ? "fits" : "does not fit")};
    for (const auto& flag : e.flags) f.statistics.push_back("! " + flag);
    f.units = "seconds per optimizer step (bar) and per micro-batch (operators); efficiency = achieved / peak of the operator's bound";
    f.sources = {"Accelscope step model (models/system/step), kernel efficiencies from data/kernels microbenchmarks",
                 "collectives: models/system/fabric; judged on data/training (scripts/check_training_runs.py)"};
    for (const StepParameter* p : e.parameters.all()) {
        if (!p->name.empty()) f.sources.push_back(p->name + " = " + readableText(p->value) + " (" + p->basis + ")");
    }
    return f;
}

figure::Figure servingStepFigure(const ServingSteadyState& s, const std::string& modelName, const std::string& deviceName, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    f.title = "One serving step: " + modelName + " on " + std::to_string(s.devicesPerReplica) + " x " + deviceName + " per replica";
    f.subtitle = "TP " + std::to_string(s.spec.tp) + " PP " + std::to_string(s.spec.pp) + ", " + s.spec.weights + " weights, " + s.spec.kvCache +
                 " KV; batch " + readableText(s.batch) + " (limited by " + s.batchLimit + ")";
    f.chart.width = chartWidth;
    const Colour ink = figure::inkOf(dark);
    f.chart.text(0, 0, "Where the step goes", ink, 15, figure::Anchor::Start, false, true);
    double y = stackedBar(f, 22, {{"kernels", s.step.kernelsS}, {"TP all-reduces", s.step.tpCommS}, {"EP all-to-all", s.step.epCommS}}, s.step.stageS, dark);
    f.chart.text(0, y, "By operator", ink, 15, figure::Anchor::Start, false, true);
    y = operatorBars(f, y + 24, s.step.operators, dark);
    f.chart.height = y + 8;
    const ServingBand& band = servingBand();
    f.statistics = {readableText(s.outputTokensPerSPerReplica) + " output tokens/s per replica (" + readableText(s.outputTokensPerSPerDevice) + " per device)",
                    "likely " + readableText(s.outputTokensPerSPerReplica * band.low, 3) + " to " +
                        readableText(s.outputTokensPerSPerReplica * band.high, 3) + " (measured / predicted on " + std::to_string(band.rows) +
                        " published runs: " + decimalText(band.low, 2) + "x to " + decimalText(band.high, 2) + "x)",
                    "TPOT " + seconds(s.tpotS) + ", TTFT " + seconds(s.ttftS)};
    for (const auto& flag : s.flags) f.statistics.push_back("! " + flag);
    f.units = "seconds per engine step; efficiency = achieved / peak of the operator's bound";
    f.sources = {"Accelscope step model (models/system/step), kernel efficiencies from data/kernels microbenchmarks",
                 "band: measured / predicted on " + std::to_string(band.rows) + " published offline runs (data/serving/published)"};
    return f;
}

} // namespace accelscope::models::system
