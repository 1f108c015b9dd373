// SPDX-License-Identifier: MIT
// Parameter resolution and run monitoring shared by every lab.
#include "labs/lab.hpp"

#include "models/common/number_text.hpp"
#include "models/precision/tensor_file.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace accelscope::labs {

models::Result<std::map<std::string, double>> resolveParameters(const LabDescription& description, const RunConfig& config)
{
    std::map<std::string, double> out;
    for (const auto& [name, value] : config.parameters) {
        const auto it = std::ranges::find(description.parameters, name, &LabParameter::name);
        if (it == description.parameters.end()) {
            std::string known;
            for (const auto& p : description.parameters) known += (known.empty() ? "" : ", ") + p.name;
            return models::fail(models::ErrorCode::InvalidArgument,
                                "lab '" + description.id + "' has no parameter '" + name + "' (" + known + ")");
        }
        if (!std::isfinite(value) || value < it->minValue || value > it->maxValue ||
            (it->integral && value != std::floor(value))) {
            const std::string range = models::exactText(it->minValue) + " to " + models::exactText(it->maxValue) +
                                      (it->integral ? ", whole numbers" : "");
            return models::fail(models::ErrorCode::InvalidArgument,
                                "parameter '" + name + "' = " + models::exactText(value) + " is out of range (" + range + ")");
        }
    }
    for (const auto& p : description.parameters) {
        const auto given = config.parameters.find(p.name);
        out[p.name] = given != config.parameters.end() ? given->second : (config.quick ? p.quickValue : p.defaultValue);
    }
    return out;
}

RunMonitor::RunMonitor(const RunConfig& config) : m_config(config), m_start(std::chrono::steady_clock::now())
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    m_startedAt = text;
}

bool RunMonitor::report(double fraction, const std::string& what) const
{
    if (m_config.progress) m_config.progress(std::clamp(fraction, 0.0, 1.0), what);
    return !cancelled();
}

void RunMonitor::publish(const Series& series) const
{
    if (m_config.seriesUpdated) m_config.seriesUpdated(series);
}

bool RunMonitor::cancelled() const { return m_config.cancel != nullptr && m_config.cancel->load(); }

bool RunMonitor::overBudget() const { return elapsedSeconds() > static_cast<double>(m_config.budget.count()); }

double RunMonitor::elapsedSeconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

std::vector<std::string> xCategories(const Series& series)
{
    const std::string& label = series.xLabel;
    const auto open = label.find(" (0 ");
    if (open == std::string::npos || label.back() != ')') return {};
    std::vector<std::string> names;
    std::size_t at = open + 2;
    while (at < label.size() - 1) {
        // Each entry is "<index> <name>", entries separated by ", ".
        const std::string index = std::to_string(names.size()) + " ";
        if (label.compare(at, index.size(), index) != 0) return {};
        at += index.size();
        const auto comma = label.find(", ", at);
        const auto end = comma == std::string::npos ? label.size() - 1 : comma;
        if (end == at) return {};
        names.push_back(label.substr(at, end - at));
        at = comma == std::string::npos ? label.size() : comma + 2;
    }
    for (const Point& p : series.points) {
        if (!(p.x >= 0) || p.x != std::floor(p.x) || p.x >= static_cast<double>(names.size())) return {};
    }
    return names;
}

std::string xAxisName(const Series& series)
{
    if (xCategories(series).empty()) return series.xLabel;
    return series.xLabel.substr(0, series.xLabel.find(" (0 "));
}

std::optional<double> positiveFigure(const LabResult& result, std::string_view key)
{
    const auto it = std::ranges::find(result.summary, key, &SummaryFigure::key);
    if (it == result.summary.end() || !(it->value > 0)) return std::nullopt;
    return it->value;
}

models::Result<std::map<std::string, double>> parseLabParameters(std::string_view text)
{
    std::map<std::string, double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(',', start), text.size());
        const std::string_view pair = text.substr(start, end - start);
        const std::size_t eq = pair.find('=');
        const auto value = eq == std::string_view::npos ? std::nullopt : models::precision::parseNumber(pair.substr(eq + 1));
        if (eq == 0 || !value || !std::isfinite(*value)) {
            return models::fail(models::ErrorCode::InvalidArgument, "'" + std::string(pair) + "' is not NAME=NUMBER");
        }
        out[std::string(pair.substr(0, eq))] = *value;
        start = end + 1;
    }
    return out;
}

std::string labParametersText(const std::map<std::string, double>& parameters)
{
    std::string out;
    for (const auto& [name, value] : parameters) out += (out.empty() ? "" : ",") + name + "=" + models::exactText(value);
    return out;
}

} // namespace accelscope::labs
