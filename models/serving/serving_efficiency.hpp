// SPDX-License-Identifier: MIT
// Achievable fractions of datasheet peaks per device family, fitted on MLPerf Inference v4.x (data/serving/fit.json).
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::serving {

/// Achievable efficiencies of one device family and the residuals of their fit.
struct Efficiency {
    std::string family;        ///< "nvidia-hopper", or "pooled" for the fit over every family
    double compute = 0.5;      ///< fraction of the tensor peak reached by prefill and large-batch decode GEMMs
    double memory = 0.7;       ///< fraction of memory bandwidth reached streaming weights (published measurements)
    double kv = 0.7;           ///< fraction of memory bandwidth reached reading the KV cache in decode attention (fitted)
    int points = 0;            ///< calibration rows the fit rests on
    double bandLow = 0.0;      ///< 5th percentile of measured/predicted − 1 of those rows (minimum below 10 rows; ≤ 0)
    double bandHigh = 0.0;     ///< 95th percentile (maximum below 10 rows; ≥ 0)
    double medianAbsPct = 0.0; ///< median |error| %, error = (predicted − measured) / measured
    double worstAbsPct = 0.0;  ///< worst |error| %
    std::string provenance;    ///< where the figures come from, for people
};

/// One MLPerf row the fit rests on, as the fit document lists it.
struct FitPoint {
    std::string round;
    std::string submitter;
    std::string system;
    std::string deviceId;
    std::string family;
    int count = 0;
    std::string benchmark;
    std::string scenario;
    double measuredTokensPerS = 0.0;
    double predictedTokensPerS = 0.0;
    double errorPct = 0.0;
    std::string source;
};

/// Fitted efficiencies by family plus the pooled fit used for families without rows.
struct EfficiencyTable {
    std::vector<Efficiency> families;
    Efficiency pooled;
    std::vector<FitPoint> points; ///< the calibration rows with their predictions (empty when the document has none)
    std::string calibratedOn; ///< "MLPerf Inference v4.0, v4.1 closed (N rows)"

    /// The family's fit, or the pooled one (provenance says so) when the family has no rows.
    Efficiency forFamily(std::string_view family) const;
};

/// Device family: vendor and the first word of the architecture, lower case ("nvidia-hopper",
/// "amd-cdna", "intel-gaudi", "google-tpu"); the vendor alone without an architecture.
std::string deviceFamily(const catalog::Device& device);

/// Parses a fit document (the format `serve calibrate` writes). Errors name the field.
Result<EfficiencyTable> parseEfficiencyTable(std::string_view json, const std::string& fileName);

/// The fit compiled in from data/serving/fit.json.
Result<EfficiencyTable> bundledEfficiencies();

} // namespace accelscope::models::serving
