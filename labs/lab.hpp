// SPDX-License-Identifier: MIT
// A micro-lab: described by parameters, run with progress, cancellation and a time budget,
// returning a result record (machine, parameters, series with units, summary figures).
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::labs {

/// One tunable of a lab, with its range and the values for a normal and a --quick run.
struct LabParameter {
    std::string name;
    std::string description;
    std::string unit;
    double minValue = 0;
    double maxValue = 0;
    double defaultValue = 0;  ///< 0 may mean "automatic" where the description says so
    double quickValue = 0;    ///< used by --quick (tiny sizes for tests)
    bool integral = true;
};

struct LabDescription {
    std::string id;
    std::string title;
    std::string teaches;      ///< one sentence: what the lab shows
    std::vector<LabParameter> parameters;
    bool needsCuda = false;
};

struct Point {
    double x = 0;
    double y = 0;
};

/// A measured curve with units on both axes. A categorical x axis (named kernels, rungs,
/// instruction sets) is written in `xLabel` as "name (0 first, 1 second, ...)" with x the index
/// of each point's category; xCategories() reads it back.
struct Series {
    std::string name;
    std::string xLabel;
    std::string xUnit;
    std::string yLabel;
    std::string yUnit;
    std::vector<Point> points;
};

/// A headline figure of a run ("triad_best_gbs": 47.1 GB/s).
struct SummaryFigure {
    std::string key;
    double value = 0;
    std::string unit;
    std::string note;
};

/// Current version of the result record; readers refuse newer ones.
constexpr int labResultSchemaVersion = 1;

/// What a lab run produced. Serialised as JSON (lab_result_json.hpp) so results made on a GPU
/// server open on a laptop.
struct LabResult {
    int schemaVersion = labResultSchemaVersion;
    std::string labId;
    std::string title;
    nlohmann::json machine;                 ///< machine description (labs/machine)
    std::map<std::string, double> parameters;
    std::vector<Series> series;
    std::vector<SummaryFigure> summary;
    std::vector<std::string> notes;         ///< choices the run made (thread pinning, NT stores, sizes' sources)
    std::string startedAt;                  ///< ISO 8601 UTC
    double durationSeconds = 0;
};

/// The names of a categorical x axis, in index order, when `series.xLabel` lists them as
/// "name (0 a, 1 b, ...)" (indices 0, 1, 2, ... in order) and every point's x is one of those
/// indices; empty for a numeric axis.
std::vector<std::string> xCategories(const Series& series);
/// The x axis name without its category list ("kernel" for "kernel (0 copy, 1 scale)").
std::string xAxisName(const Series& series);

/// The summary figure `key` of a result when it is there and positive (a measured rate, size or
/// time); nothing otherwise.
std::optional<double> positiveFigure(const LabResult& result, std::string_view key);

/// How to run: parameter values (missing ones take defaults), --quick, progress, cancellation.
/// Lab parameters written as `NAME=NUMBER` pairs separated by ',' ("model_mib=32,threads=2"): the CLI's `--param`
/// values and the Labs page's `parameters` setting that a lesson's "Show me" applies. An error names the pair.
models::Result<std::map<std::string, double>> parseLabParameters(std::string_view text);
/// The same text back ("model_mib=32,threads=2"), numbers as the shortest text that reads back exactly.
std::string labParametersText(const std::map<std::string, double>& parameters);

struct RunConfig {
    std::map<std::string, double> parameters;
    bool quick = false;
    std::function<void(double fraction, const std::string& what)> progress;
    /// Called with a series each time a point is added to it (on the lab's thread), so a view can
    /// draw the curve while it is measured. Optional.
    std::function<void(const Series& series)> seriesUpdated;
    const std::atomic<bool>* cancel = nullptr;   ///< set to true to stop; the run returns Cancelled
    std::chrono::seconds budget{120};            ///< soft limit: sweeps stop early and say so
    /// The catalog devices a lab may compare its machine with (the GPU labs match their GPU to an
    /// entry); none: the result says there was no catalog to compare with.
    std::shared_ptr<const std::vector<models::catalog::Device>> catalog;
};

class Lab {
public:
    virtual ~Lab() = default;
    virtual LabDescription describe() const = 0;
    /// Runs the lab. Errors: a parameter out of range (InvalidArgument), Cancelled, Unsupported.
    virtual models::Result<LabResult> run(const RunConfig& config) = 0;
};

/// Parameter values for a run: the given ones checked against their ranges (the error names the
/// parameter, the value and the range), the rest from defaults (or quick values).
models::Result<std::map<std::string, double>> resolveParameters(const LabDescription& description, const RunConfig& config);

/// Tracks progress, cancellation and the time budget inside a run.
class RunMonitor {
public:
    explicit RunMonitor(const RunConfig& config);
    /// Reports progress; returns false when the run must stop (cancelled).
    bool report(double fraction, const std::string& what) const;
    /// Passes a series that just gained a point to RunConfig::seriesUpdated.
    void publish(const Series& series) const;
    bool cancelled() const;
    bool overBudget() const;
    double elapsedSeconds() const;
    /// The start time, ISO 8601 UTC.
    const std::string& startedAt() const { return m_startedAt; }

private:
    const RunConfig& m_config;
    std::chrono::steady_clock::time_point m_start;
    std::string m_startedAt;
};

} // namespace accelscope::labs
