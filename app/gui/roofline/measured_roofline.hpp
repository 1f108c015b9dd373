// SPDX-License-Identifier: MIT
// A roofline measured on a real machine (by a lab), to draw beside the catalog's datasheet roofs.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace accelscope::gui {

/// What a lab measured: two ceilings and the points of its kernels.
struct MeasuredRoofline {
    std::string name;                                ///< "This machine (Ryzen 9 7950X)"
    double computeGflops = 0.0;                      ///< measured compute ceiling, GFLOP/s (0: not measured)
    double memoryGbs = 0.0;                          ///< measured memory bandwidth ceiling, GB/s (0: not measured)
    std::vector<std::pair<double, double>> points;   ///< (intensity FLOP/byte, GFLOP/s)
    std::string source;                              ///< which lab and when ("cpu-roofline lab, 2026-11-21")
};

} // namespace accelscope::gui
