// SPDX-License-Identifier: MIT
// CSV reader for MLPerf Inference rows: columns found by header name, quoted fields, file:line errors.
#include "models/serving/mlperf_rows.hpp"

#include "models/common/bounded_file.hpp"
#include "models/common/csv_records.hpp"
#include "models/common/number_range.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <sstream>

namespace accelscope::models::serving {
namespace {

/// The records of `text`, or the file's first CSV syntax error as "file:line: what".
Result<std::vector<CsvRecord>> csvRecords(std::string_view text, const std::string& fileName)
{
    CsvRecords csv = splitCsvRecords(text);
    if (!csv.error.empty()) return fail(ErrorCode::InvalidData, fileName + ":" + std::to_string(csv.errorLine) + ": " + csv.error);
    return std::move(csv.records);
}

std::string trim(std::string s)
{
    const auto notSpace = [](unsigned char c) { return std::isspace(c) == 0; };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), notSpace));
    s.erase(std::find_if(s.rbegin(), s.rend(), notSpace).base(), s.end());
    return s;
}

std::string lowerCase(std::string s)
{
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::optional<double> number(const std::string& s)
{
    const std::string t = trim(s);
    double v = 0.0;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
    return v;
}

/// A CSV file's records (the header row first) and its header's column names, trimmed and lower-case;
/// an error for a CSV syntax error or a file without a header row.
struct CsvTable {
    std::vector<CsvRecord> records;
    std::vector<std::string> header;
};
Result<CsvTable> csvTable(std::string_view text, const std::string& fileName)
{
    auto records = csvRecords(text, fileName);
    if (!records) return std::unexpected(records.error());
    if (records->empty()) return fail(ErrorCode::InvalidData, fileName + ":1: empty file, a header row is required");
    CsvTable table{std::move(*records), {}};
    for (const auto& f : table.records.front().fields) table.header.push_back(lowerCase(trim(f)));
    return table;
}

/// A column found under any of its spellings; -1 when absent.
int column(const std::vector<std::string>& header, std::initializer_list<std::string_view> names)
{
    for (const auto name : names) {
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (header[i] == name) return static_cast<int>(i);
        }
    }
    return -1;
}

/// Weight/KV precision as printed ("FP8", "fp8 (e4m3)", "BF16") to a format name; "" when unknown.
std::string formatName(const std::string& printed)
{
    const std::string p = lowerCase(trim(printed));
    for (const auto name : {"nvfp4", "mxfp4", "fp4", "fp8", "bf16", "fp16", "int8", "int4"}) {
        if (p.find(name) != std::string::npos) return name;
    }
    return "";
}

} // namespace

std::string presetOfBenchmark(std::string_view benchmark)
{
    const std::string b = lowerCase(std::string(benchmark));
    if (b.starts_with("llama2-70b")) return "llama2-70b";
    if (b.starts_with("llama3.1-405b")) return "llama3.1-405b";
    if (b.starts_with("llama3.1-8b")) return "llama3.1-8b";
    if (b.starts_with("mixtral-8x7b")) return "mixtral-8x7b";
    return "";
}

Result<std::vector<MlperfRow>> parseMlperfRows(std::string_view text, const std::string& fileName)
{
    const auto parsed = csvTable(text, fileName);
    if (!parsed) return std::unexpected(parsed.error());
    const auto& [records, header] = *parsed;
    const int cRound = column(header, {"round", "mlperf_round", "version"});
    const int cDivision = column(header, {"division"});
    const int cSubmitter = column(header, {"submitter"});
    const int cSystem = column(header, {"system", "system_name"});
    const int cDevice = column(header, {"catalog_id", "accelscope_id", "device_id", "catalog_device_id"});
    const int cCount = column(header, {"accelerator_count", "accelerators", "accelerators_per_system", "count"});
    const int cBenchmark = column(header, {"benchmark", "model"});
    const int cScenario = column(header, {"scenario"});
    const int cValue = column(header, {"tokens_per_s", "tokens_per_second", "result_tokens_per_s", "metric_value", "result", "value"});
    const int cWeights = column(header, {"weights_precision", "weight_precision", "precision_weights", "weights"});
    const int cKv = column(header, {"kv_precision", "kv_cache_precision", "precision_kv", "kv_cache"});
    const int cIn = column(header, {"input_tokens_mean", "mean_input_tokens", "input_tokens"});
    const int cOut = column(header, {"output_tokens_mean", "mean_output_tokens", "output_tokens", "output_tokens_per_sample"});
    const int cTtft = column(header, {"ttft_limit_ms", "ttft_ms", "server_ttft_ms", "ttft_constraint_ms"});
    const int cTpot = column(header, {"tpot_limit_ms", "tpot_ms", "server_tpot_ms", "tpot_constraint_ms"});
    const int cSource = column(header, {"source", "source_path", "source_url"});
    for (const auto& [c, name] : std::array{std::pair{cRound, "round"}, std::pair{cDevice, "catalog_id"},
                                            std::pair{cCount, "accelerator_count"}, std::pair{cBenchmark, "benchmark"},
                                            std::pair{cScenario, "scenario"}, std::pair{cValue, "tokens_per_s"},
                                            std::pair{cOut, "output_tokens_mean"}}) {
        if (c < 0) return fail(ErrorCode::InvalidData, fileName + ":1: no '" + std::string(name) + "' column");
    }
    std::vector<MlperfRow> out;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& rec = records[r];
        const auto get = [&](int c) { return c >= 0 && static_cast<std::size_t>(c) < rec.fields.size() ? trim(rec.fields[static_cast<std::size_t>(c)]) : std::string(); };
        const std::string where = fileName + ":" + std::to_string(rec.line) + ": ";
        if (cDivision >= 0 && lowerCase(get(cDivision)) != "closed") continue;
        MlperfRow row;
        row.line = rec.line;
        row.round = get(cRound);
        row.submitter = get(cSubmitter);
        row.system = get(cSystem);
        row.deviceId = get(cDevice);
        row.benchmark = get(cBenchmark);
        row.modelId = presetOfBenchmark(row.benchmark);
        row.scenario = get(cScenario);
        row.source = get(cSource);
        if (row.deviceId.empty() || row.modelId.empty() || get(cValue).empty()) continue;
        const auto count = number(get(cCount));
        if (!count || *count < 1.0 || *count != std::floor(*count)) return fail(ErrorCode::InvalidData, where + "accelerator_count: a whole number >= 1 is required, not '" + get(cCount) + "'");
        row.count = static_cast<int>(*count);
        const auto value = number(get(cValue));
        if (!value || !(*value > 0.0)) return fail(ErrorCode::InvalidData, where + "tokens_per_s: a positive number is required, not '" + get(cValue) + "'");
        row.tokensPerS = *value;
        const auto outTokens = number(get(cOut));
        if (!outTokens || !(*outTokens >= 1.0)) return fail(ErrorCode::InvalidData, where + "output_tokens_mean: a number >= 1 is required");
        // Without an input column the mean prompt is taken equal to the mean output (an assumption the
        // fit absorbs; data/serving/README.md says which rows rely on it).
        const auto in = cIn >= 0 ? number(get(cIn)) : outTokens;
        if (!in || !(*in >= 1.0)) return fail(ErrorCode::InvalidData, where + "input_tokens_mean: a number >= 1 is required");
        row.inputTokens = *in;
        row.outputTokens = *outTokens;
        row.weights = formatName(get(cWeights));
        row.kvCache = formatName(get(cKv));
        if (!get(cTtft).empty()) row.ttftLimitMs = number(get(cTtft));
        if (!get(cTpot).empty()) row.tpotLimitMs = number(get(cTpot));
        if (row.scenario != "Offline" && row.scenario != "Server") continue;
        out.push_back(std::move(row));
    }
    return out;
}

Result<std::vector<BandwidthMeasurement>> parseBandwidthMeasurements(std::string_view text, const std::string& fileName)
{
    const auto parsed = csvTable(text, fileName);
    if (!parsed) return std::unexpected(parsed.error());
    const auto& [records, header] = *parsed;
    const int cDevice = column(header, {"catalog_id"});
    const int cKind = column(header, {"kind"});
    const int cPct = column(header, {"efficiency_pct"});
    const int cSource = column(header, {"source_url", "source"});
    for (const auto& [c, name] : std::array{std::pair{cDevice, "catalog_id"}, std::pair{cKind, "kind"}, std::pair{cPct, "efficiency_pct"}}) {
        if (c < 0) return fail(ErrorCode::InvalidData, fileName + ":1: no '" + std::string(name) + "' column");
    }
    std::vector<BandwidthMeasurement> out;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& rec = records[r];
        const auto get = [&](int c) { return c >= 0 && static_cast<std::size_t>(c) < rec.fields.size() ? trim(rec.fields[static_cast<std::size_t>(c)]) : std::string(); };
        if (get(cKind) != "memory_bandwidth" || get(cDevice).empty()) continue;
        const std::string at = fileName + ":" + std::to_string(rec.line) + ": efficiency_pct";
        const auto pct = number(get(cPct));
        if (!pct) return fail(ErrorCode::InvalidData, at + ": a number from 1 to 100 is required");
        // Below 1 % no measurement is plausible, and 4.9e-324 turned every prediction to 0 (issue #29).
        const auto checked = numberInRange(at, *pct, minEfficiencyPct, 100.0);
        if (!checked) return fail(ErrorCode::InvalidData, checked.error().message);
        out.push_back({rec.line, get(cDevice), *checked / 100.0, get(cSource)});
    }
    return out;
}

Result<std::vector<BandwidthMeasurement>> loadBandwidthMeasurements(const std::string& path)
{
    auto text = readFileWithLimit(path, inputLimits::dataCsvBytes);
    if (!text) return std::unexpected(text.error());
    return parseBandwidthMeasurements(*text, path);
}

Result<std::vector<MlperfRow>> loadMlperfRows(const std::string& path)
{
    auto text = readFileWithLimit(path, inputLimits::dataCsvBytes);
    if (!text) return std::unexpected(text.error());
    return parseMlperfRows(*text, path);
}

} // namespace accelscope::models::serving
