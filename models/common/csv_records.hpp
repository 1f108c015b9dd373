// SPDX-License-Identifier: MIT
// CSV text split into records (RFC 4180), each with the line it starts on: the one splitter of every CSV
// the project reads (device imports, MLPerf rows, published nccl-tests rows).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models {

/// One record and the 1-based line it starts on.
struct CsvRecord {
    int line = 0;
    std::vector<std::string> fields;
};

/// The records of a text, or the first syntax error (`error` non-empty, with its line).
struct CsvRecords {
    std::vector<CsvRecord> records;
    int errorLine = 0;
    std::string error;
};

/// Splits `text`: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF line ends;
/// blank lines are skipped. A quote inside an unquoted field or a quote left open is an error naming the
/// field ("a quoted field is not closed (field 2)").
CsvRecords splitCsvRecords(std::string_view text);

} // namespace accelscope::models
