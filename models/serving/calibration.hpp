// SPDX-License-Identifier: MIT
// Fits compute and memory efficiency per device family on MLPerf Inference v4.x rows; reports held-out rows.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/serving/mlperf_rows.hpp"
#include "models/serving/serving_efficiency.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace accelscope::models::serving {

/// One row with the model's prediction at the fitted efficiencies.
struct CalibrationPoint {
    MlperfRow row;
    std::string family;
    double predictedTokensPerS = 0.0;
    double errorPct = 0.0; ///< (predicted − measured) / measured × 100
};

/// The fit and the rows it rests on (and the held-out rows, predicted, never fitted).
struct Calibration {
    EfficiencyTable table;
    std::vector<CalibrationPoint> points;
    std::vector<CalibrationPoint> heldout;
    std::vector<CalibrationPoint> reported; ///< v4.x rows of other models: predicted with the fit, not fitted
    std::vector<std::string> skipped; ///< "file:line: why" for rows the model cannot place
};

/// The models whose v4.x rows are fitted by default: Llama 2 70B only, because the rows carry no mean
/// prompt length and only its output length (294.45 tokens per sample, the reference README) is
/// stated; the Mixtral rows are predicted and reported instead.
inline const std::vector<std::string> defaultCalibrationModels{"llama2-70b"};

/// Whether a round may be fitted on: v4.0 and v4.1 only (later rounds are the test set).
bool isCalibrationRound(std::string_view round);

/// Fits every family with rows (and a pooled fit over all rows) by minimising the sum of squared
/// log errors over a grid of compute_eff and kv_eff (0.04 to 1 in steps of 0.04, refined
/// to 0.01 and then 0.0025 around the best). Rows of other rounds in `rows` are refused (InvalidData naming the line).
/// Rows whose device, model or format the catalog cannot place are skipped with the reason.
/// `heldout` rows are predicted with the fit and reported. Deterministic.
/// memory_eff of a family is the median of `bandwidth` measurements of its devices (of all of them
/// when the family has none; InvalidArgument when there are none at all); compute_eff and kv_eff
/// are fitted. Only rows of `models` (preset ids) are fitted; the others are reported. Empty: every model.
Result<Calibration> calibrate(const std::vector<MlperfRow>& rows, const std::vector<MlperfRow>& heldout,
                              const std::vector<catalog::Device>& devices, const std::vector<BandwidthMeasurement>& bandwidth,
                              const std::vector<std::string>& models = defaultCalibrationModels);

/// The fit document data/serving/fit.json holds (parseEfficiencyTable reads it back).
nlohmann::json calibrationJson(const Calibration& calibration, const std::string& dataPath,
                               const std::string& heldoutPath);

/// Median and worst |error| % of a set of points.
std::pair<double, double> medianAndWorstAbsPct(const std::vector<CalibrationPoint>& points);

} // namespace accelscope::models::serving
