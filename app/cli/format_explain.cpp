// SPDX-License-Identifier: MIT
// Field decoding and side-by-side values of number formats for the CLI.
#include "app/cli/format_explain.hpp"

#include "app/cli/format_output.hpp"
#include "app/cli/text_table.hpp"
#include "models/common/number_text.hpp"

#include <cmath>

namespace accelscope::cli {

using namespace models::precision;
using nlohmann::json;

json decodingJson(const BitDecoding& d)
{
    json j{{"formula", d.formula}, {"value", jsonValue(d.value)}, {"class", std::string(valueClassName(d.valueClass))}};
    if (!d.signBits.empty()) j["sign"] = {{"bits", d.signBits}, {"means", d.sign}};
    if (!d.exponentBits.empty()) j["exponent"] = {{"bits", d.exponentBits}, {"means", d.exponent}};
    if (!d.mantissaBits.empty()) j["significand"] = {{"bits", d.mantissaBits}, {"means", d.significand}};
    if (!d.note.empty()) j["note"] = d.note;
    return j;
}

std::string decodingText(const BitDecoding& d)
{
    std::string out;
    if (!d.signBits.empty()) out += "  sign " + d.signBits + ": " + d.sign + "\n";
    if (!d.exponentBits.empty() && !d.exponent.empty()) out += "  exponent " + d.exponentBits + ": " + d.exponent + "\n";
    if (!d.mantissaBits.empty() && !d.significand.empty()) out += "  fraction " + d.mantissaBits + ": " + d.significand + "\n";
    out += "  value: " + d.formula + "\n";
    if (!d.note.empty()) out += "  note: " + d.note + "\n";
    return out;
}

ExitCode compareFormats(const CliContext& ctx, double typed, bool saturate)
{
    const auto rows = storeInFormats(typed, comparisonFormats(), saturate ? Overflow::Saturate : Overflow::Standard);
    json doc = json::array();
    TextTable table({"format", "code", "stored", "error", "relative error", "note"});
    for (const auto& r : rows) {
        const FormatInfo& f = formatInfo(r.format);
        const bool finite = std::isfinite(r.error);
        doc.push_back(json{{"format", f.name}, {"code", hexCode(r.code, f.bits)}, {"stored", jsonValue(r.stored)},
                           {"error", jsonValue(r.error)}, {"relative_error", jsonValue(r.relativeError)}, {"note", r.note}});
        table.addRow({std::string(f.label), hexCode(r.code, f.bits), valueText(r.stored), finite ? models::engineeringText(r.error, 4) : "-",
                      finite ? models::engineeringText(100.0 * r.relativeError, 3) + "%" : "-", r.note});
    }
    if (ctx.json) ctx.printJson(doc);
    else *ctx.out << table.render();
    return ExitCode::Ok;
}

} // namespace accelscope::cli
