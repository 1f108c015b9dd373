// SPDX-License-Identifier: MIT
// RFC 4180 records with their line numbers.
#include "models/common/csv_records.hpp"

namespace accelscope::models {

CsvRecords splitCsvRecords(std::string_view text)
{
    CsvRecords out;
    CsvRecord row{1, {}};
    std::string field;
    bool quoted = false;
    bool fieldStarted = false;
    int line = 1;
    const auto fieldNumber = [&] { return std::to_string(row.fields.size() + 1); };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                if (c == '\n') ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            quoted = true;
            fieldStarted = true;
        } else if (c == '"') {
            out.errorLine = line;
            out.error = "a quote inside an unquoted field (field " + fieldNumber() + ")";
            return out;
        } else if (c == ',') {
            row.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            row.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
            if (!(row.fields.size() == 1 && row.fields.front().empty())) out.records.push_back(std::move(row));
            ++line;
            row = CsvRecord{line, {}};
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted) {
        out.errorLine = line;
        out.error = "a quoted field is not closed (field " + fieldNumber() + ")";
        return out;
    }
    if (fieldStarted || !row.fields.empty()) {
        row.fields.push_back(std::move(field));
        out.records.push_back(std::move(row));
    }
    return out;
}

} // namespace accelscope::models
