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

/// One text cell of CSV output: a cell that starts with = + - @ (or a tab or carriage return) gets a
/// single quote in front, so a spreadsheet shows it as text instead of running it as a formula
/// (issue #29: a device named `=HYPERLINK(…)` was exported as is; OWASP "CSV Injection"); then RFC
/// 4180 quoting when the cell needs it. Numbers are not written through it.
std::string csvField(std::string_view text);

/// The text a cell written by csvField stood for: the single quote in front of = + - @ (or a tab or
/// carriage return) removed, anything else as it is. The device CSV import reads cells through it, so
/// an export imports back unchanged.
std::string_view csvFieldText(std::string_view cell);

} // namespace accelscope::models::catalog
