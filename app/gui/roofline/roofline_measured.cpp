// SPDX-License-Identifier: MIT
// Measured kernels as points over this machine's measured roofline: predicted vs measured on hover.
#include "app/gui/roofline/roofline_measured.hpp"

#include "models/common/number_text.hpp"

namespace accelscope::gui::roofline {

std::string measuredKernelTip(const labs::MeasuredKernel& k, const std::string& machine)
{
    const std::string bound = k.computeBound ? "compute" : "memory";
    return k.title + " (measured on " + machine + ")\n" + siText(k.flops, "FLOP") + ", " + bytesText(k.bytes) + " -> " +
           models::engineeringText(k.intensityFlopPerByte()) + " FLOP/byte\npredicted " + secondsText(k.predictedS) + " (" +
           models::engineeringText(k.predictedGflops()) + " GFLOP/s, " + bound + " bound on the measured ceilings)\nmeasured " +
           secondsText(k.measuredS) + " (" + models::engineeringText(k.measuredGflops()) + " GFLOP/s, best run)\nmeasured / predicted = " +
           models::decimalText(k.measuredOverPredicted(), 2);
}

void addMeasuredKernels(Scene& s, const RooflineAxes& a, const labs::MeasuredRoofline& m, bool dark)
{
    const float fs = s.fontSize();
    const Rgba ink = inkColour(dark);
    const Rgba muted = mutedColour(dark);
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
            s.marker(x, yp, fs * 0.35f, ink, MarkerShape::Circle, true);
            s.hit(x - 6, yp - 6, x + 6, yp + 6, tip);
        }
        s.marker(x, y, fs * 0.4f, ink, MarkerShape::Square);
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
        if (x + fs * 0.6f + s.textWidth(k.key, fs * 0.8f) <= a.x1) s.textFree(x + fs * 0.6f, y - fs * 0.1f, k.key, ink, TextAnchor::Left, fs * 0.8f);
    }
}

} // namespace accelscope::gui::roofline
