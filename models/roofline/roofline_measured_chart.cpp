// SPDX-License-Identifier: MIT
// Measured kernels as points over this machine's measured roofline: predicted vs measured on hover.
#include "models/roofline/roofline_measured_chart.hpp"

#include "models/common/number_text.hpp"

namespace accelscope::models::roofline {

std::string measuredKernelTip(const MeasuredKernel& k, const std::string& machine)
{
    const std::string bound = k.computeBound ? "compute" : "memory";
    return k.title + " (measured on " + machine + ")\n" + siText(k.flops, "FLOP") + ", " + bytesText(k.bytes) + " -> " +
           engineeringText(k.intensityFlopPerByte()) + " FLOP/byte\npredicted " + secondsText(k.predictedS) + " (" +
           engineeringText(k.predictedGflops()) + " GFLOP/s, " + bound + " bound on the measured ceilings)\nmeasured " +
           secondsText(k.measuredS) + " (" + engineeringText(k.measuredGflops()) + " GFLOP/s, best run)\nmeasured / predicted = " +
           decimalText(k.measuredOverPredicted(), 2);
}

void addMeasuredKernels(figure::ChartCanvas& s, const RooflineAxes& a, const MeasuredRoofline& m, bool dark)
{
    const float fs = s.fontSize();
    const figure::Colour ink = figure::chartInk(dark);
    const figure::Colour muted = figure::chartMuted(dark);
    for (const auto& k : m.kernels) {
        const double i = k.intensityFlopPerByte();
        const double measured = k.measuredGflops() / 1000;
        const double predicted = k.predictedGflops() / 1000;
        if (!a.inside(i, measured)) continue;
        const float x = a.px(i), y = a.py(measured);
        const std::string tip = measuredKernelTip(k, m.name);
        if (a.inside(i, predicted)) {
            const float yp = a.py(predicted);
            s.line(x, yp, x, y, muted, 1.0f, true);
            s.marker(x, yp, fs * 0.35f, ink, figure::MarkerShape::Circle, true);
            s.hit(x - 6, yp - 6, x + 6, yp + 6, tip);
        }
        s.marker(x, y, fs * 0.4f, ink, figure::MarkerShape::Square);
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
        if (x + fs * 0.6f + s.textWidth(k.key, fs * 0.8f) <= a.x1) s.textFree(x + fs * 0.6f, y - fs * 0.1f, k.key, ink, figure::Anchor::Start, fs * 0.8f);
    }
}

} // namespace accelscope::models::roofline
