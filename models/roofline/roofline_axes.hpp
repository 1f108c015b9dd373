// SPDX-License-Identifier: MIT
// The roofline chart's log-log axes: decades that hold every roof and dot, the pixel mapping, grid and ticks.
#pragma once

#include "models/common/number_text.hpp"
#include "models/figure/chart_canvas.hpp"
#include "models/roofline/roofline_state.hpp"

#include <cmath>
#include <string>

namespace accelscope::models::roofline {

/// The chart's quantities (models::quantityText, 3 significant digits): "1.23 TFLOP", "80 GB", "1.5 ms".
inline std::string siText(double value, const char* unit) { return quantityText(value, unit, 3, UnitPrefix::Decimal); }
inline std::string bytesText(double bytes) { return quantityText(bytes, "B", 3, UnitPrefix::Decimal); }
inline std::string secondsText(double seconds) { return quantityText(seconds, "s", 3); }

/// The plot area (pixels) and its decades: intensity (FLOP/byte) across, TFLOP/s up, both log10.
struct RooflineAxes {
    float x0, y0, x1, y1;
    double lxMin, lxMax, lyMin, lyMax;

    /// Axes that hold every shown roof's ridge and peak and every dot of the state's mode, on a
    /// `width` × `height` chart whose legend takes `top` pixels and whose roof labels take `right`.
    static RooflineAxes fit(const RooflineState& state, float width, float height, float fontSize, float top, float right);
    /// The frame, a line per decade and the tick numbers and axis titles that fit.
    void drawGrid(figure::ChartCanvas& scene, bool dark) const;

    float px(double intensity) const
    {
        return x0 + static_cast<float>((std::log10(intensity) - lxMin) / (lxMax - lxMin)) * (x1 - x0);
    }
    float py(double tflops) const
    {
        return y1 - static_cast<float>((std::log10(tflops) - lyMin) / (lyMax - lyMin)) * (y1 - y0);
    }
    double xMin() const { return std::pow(10.0, lxMin); }
    double xMax() const { return std::pow(10.0, lxMax); }
    double yMin() const { return std::pow(10.0, lyMin); }
    double yMax() const { return std::pow(10.0, lyMax); }
    bool inside(double i, double t) const { return i >= xMin() && i <= xMax() && t >= yMin() && t <= yMax(); }
};

} // namespace accelscope::models::roofline
