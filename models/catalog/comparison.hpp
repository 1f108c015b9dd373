// SPDX-License-Identifier: MIT
// Side-by-side comparison of devices, with derived figures (ridge points, efficiency, cost).
#pragma once

#include "models/catalog/device.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// Which direction of a row is "best" for highlighting; Neither for rows like TDP or ridge point.
enum class Better { Higher, Lower, Neither };

/// A figure computed from catalog figures for comparison, with its formula.
struct DerivedMetric {
    std::string key;     ///< JSON key ("ridge_bf16_flop_per_byte")
    std::string label;
    std::string unit;
    std::string formula; ///< over catalog figure keys, shown to the user
    Better better = Better::Neither;
    std::optional<double> value;
};

/// Ridge points (FLOP/byte) per precision, TFLOP/s per W, GB/s per W, USD per dense BF16
/// TFLOP/s. A metric is nullopt when an input figure is absent.
std::vector<DerivedMetric> derivedMetrics(const Device& device);

/// One row of a comparison table.
struct ComparisonRow {
    std::string key;
    std::string label;
    std::string unit;
    Better better = Better::Neither;
    bool isDerivedMetric = false;
    std::string formula;                        ///< for derived metrics
    std::vector<std::optional<double>> values;  ///< one per device
    std::vector<bool> derivedFigure;            ///< the device's figure is derived in the catalog
    std::vector<std::size_t> best;              ///< indices of the best value(s); empty when not ranked
    std::vector<std::optional<double>> normalized; ///< value ÷ largest value of the row, in [0, 1]
};

/// Devices side by side: every figure at least one of them has, then the derived metrics.
struct Comparison {
    std::vector<const Device*> devices;
    std::vector<ComparisonRow> rows;
};

/// Builds the comparison (devices must not be null; any count, the UI asks for 2–6).
Comparison compareDevices(const std::vector<const Device*>& devices);

/// CSV text (RFC 4180 quoting): a header of device names, one row per figure with unit.
std::string comparisonCsv(const Comparison& comparison);

/// Quotes one CSV field when it needs it.
std::string csvField(std::string_view text);

} // namespace accelscope::models::catalog
