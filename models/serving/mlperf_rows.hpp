// SPDX-License-Identifier: MIT
// MLPerf Inference result rows (data/serving/*.csv): the measurements the serving model is fitted and tested on.
#pragma once

#include "models/common/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::serving {

/// One closed-division LLM result, reduced to what the model needs.
struct MlperfRow {
    int line = 0;              ///< line in the CSV file
    std::string round;         ///< "v4.0", "v4.1", "v5.0"
    std::string submitter;
    std::string system;
    std::string deviceId;      ///< catalog id; empty when the catalog has no such device
    int count = 0;             ///< accelerators in the system
    std::string benchmark;     ///< as printed ("llama2-70b-99")
    std::string modelId;       ///< model preset ("llama2-70b"); empty when none matches
    std::string scenario;      ///< "Offline" or "Server"
    double tokensPerS = 0.0;   ///< the result (output tokens/s of the whole system)
    std::string weights;       ///< weight format; empty when the row does not say
    std::string kvCache;
    double inputTokens = 0.0;  ///< mean prompt length; = outputTokens when the file has no input column
    double outputTokens = 0.0; ///< mean output length
    std::optional<double> ttftLimitMs;
    std::optional<double> tpotLimitMs;
    std::string source;        ///< repository + path or URL
};

/// Parses the CSV (RFC 4180 quoting). Columns are found by header name, with the spellings listed in
/// data/serving/README.md (round, submitter, system, catalog id, accelerator count, benchmark,
/// scenario, tokens/s, weight and KV precision, mean input/output tokens, TTFT/TPOT limits, source).
/// Rows outside the closed division or without a catalog id, a model preset or tokens/s are skipped.
/// Errors name file:line and the column.
Result<std::vector<MlperfRow>> parseMlperfRows(std::string_view text, const std::string& fileName);

/// Reads and parses a file.
Result<std::vector<MlperfRow>> loadMlperfRows(const std::string& path);

/// A published measurement of achieved memory bandwidth as a fraction of the datasheet figure.
struct BandwidthMeasurement {
    int line = 0;
    std::string deviceId;
    double efficiency = 0.0; ///< measured / datasheet, 0–1
    std::string source;
};

/// The smallest efficiency_pct a measurement may state.
constexpr double minEfficiencyPct = 1.0;

/// The `memory_bandwidth` rows of data/serving/efficiency-sources.csv (columns catalog_id, kind,
/// efficiency_pct from minEfficiencyPct to 100, source_url); other kinds are skipped. Errors name
/// file:line and the column.
Result<std::vector<BandwidthMeasurement>> parseBandwidthMeasurements(std::string_view text, const std::string& fileName);
Result<std::vector<BandwidthMeasurement>> loadBandwidthMeasurements(const std::string& path);

/// The model preset of an MLPerf benchmark name ("llama2-70b-99.9" → "llama2-70b"), or "".
std::string presetOfBenchmark(std::string_view benchmark);

} // namespace accelscope::models::serving
