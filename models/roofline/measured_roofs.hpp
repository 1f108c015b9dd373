// SPDX-License-Identifier: MIT
// A roofline measured on a real machine (a lab's ceilings and kernels), as data the roofline chart draws
// beside the catalog's datasheet roofs; how a measured point compares with a device's roofs.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::models::roofline {

/// One kernel of the cpu-kernels lab, predicted from the run's ceilings and measured (best run).
struct MeasuredKernel {
    std::string key;           ///< "sgemm_simd", "gemv", …
    std::string title;         ///< "SGEMM 1024x1024x1024, SIMD micro-kernel"
    double flops = 0.0;
    double bytes = 0.0;        ///< minimal memory traffic, B
    double measuredS = 0.0;    ///< best of N after a warm-up
    double predictedS = 0.0;   ///< roofline lower bound from the run's one-core ceilings
    bool computeBound = false; ///< the prediction's bound
    double intensityFlopPerByte() const { return bytes > 0 ? flops / bytes : 0.0; }
    double measuredGflops() const { return measuredS > 0 ? flops / measuredS / 1e9 : 0.0; }
    double predictedGflops() const { return predictedS > 0 ? flops / predictedS / 1e9 : 0.0; }
    /// Measured time over predicted time (1: on the roof; 2: half as fast as the roof allows).
    double measuredOverPredicted() const { return predictedS > 0 ? measuredS / predictedS : 0.0; }
};

/// What a lab measured: two ceilings and the points of its kernels.
struct MeasuredRoofline {
    std::string name;                                ///< "This machine (Ryzen 9 7950X)"
    double computeGflops = 0.0;                      ///< measured compute ceiling, GFLOP/s (0: not measured)
    double memoryGbs = 0.0;                          ///< measured memory bandwidth ceiling, GB/s (10^9 B/s; 0: not measured)
    std::vector<std::pair<double, double>> points;   ///< (intensity FLOP/byte, GFLOP/s)
    std::string source;                              ///< which lab and when ("cpu-roofline lab, 2026-11-21")
    std::vector<MeasuredKernel> kernels{};           ///< cpu-kernels lab: each kernel predicted and measured

    /// Ridge point, FLOP/byte: compute ceiling over memory ceiling (0 when either is not measured).
    double ridgeFlopsPerByte() const { return computeGflops > 0 && memoryGbs > 0 ? computeGflops / memoryGbs : 0.0; }
    /// Share (0..1, may exceed 1) of the measured compute ceiling that `gflops` reaches; 0 when the
    /// ceiling is not measured.
    double computeCeilingShare(double gflops) const { return computeGflops > 0 ? gflops / computeGflops : 0.0; }
};

/// A measured point against a device's datasheet roofs (the Roofline page's tooltip on a measured
/// point, `accelscope-cli lab show --roofline --device D`).
struct DatasheetShare {
    double ofPeak = 0.0; ///< share (0..1, may exceed 1) of the device's compute peak for the precision (models::roofline::selectRoof)
    double ofRoof = 0.0; ///< share of the device's roof at the point's intensity: min(peak, bandwidth × intensity)
};

/// How `gflops` at `intensityFlopPerByte` compares with `device`'s `precision` roofs. Error when
/// the device has no compute figure for the precision or no memory bandwidth (the message says which).
Result<DatasheetShare> datasheetShare(double intensityFlopPerByte, double gflops, const catalog::Device& device,
                                              std::string_view precision);

} // namespace accelscope::models::roofline
