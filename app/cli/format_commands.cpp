// SPDX-License-Identifier: MIT
// The number-format commands: argument wiring and output; the codecs live in models/precision.
#include "app/cli/format_commands.hpp"

#include "app/cli/format_explain.hpp"
#include "app/cli/format_output.hpp"
#include "app/cli/text_table.hpp"
#include "models/common/number_text.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/distributions.hpp"
#include "models/precision/tensor_file.hpp"
#include "models/precision/tensor_quantizer.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <istream>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::precision;
using nlohmann::json;

std::string allNames()
{
    std::string out;
    for (const auto& f : allFormats()) out += std::string(out.empty() ? "" : ", ") + std::string(f.name);
    for (const auto& b : allBlockFormats()) out += ", " + std::string(b.name);
    return out;
}

std::unexpected<models::Error> unknownFormat(const std::string& name)
{
    return models::fail(models::ErrorCode::InvalidArgument, "unknown format '" + name + "' (known: " + allNames() + ")");
}

json infoJson(const FormatInfo& f)
{
    const bool isFloat = f.special != SpecialEncoding::Integer;
    return json{{"name", f.name}, {"label", f.label}, {"kind", "element"}, {"bits", f.bits},
                {"exponent_bits", f.exponentBits}, {"mantissa_bits", f.mantissaBits}, {"bias", f.bias},
                {"signed", f.isSigned}, {"max_normal", f.maxNormal},
                {"min_normal", isFloat ? json(f.minNormal) : json(nullptr)},
                {"min_subnormal", isFloat ? json(f.minSubnormal) : json(nullptr)}, {"epsilon", f.epsilon},
                {"decimal_digits", decimalDigits(f)}, {"dynamic_range_binades", dynamicRangeBinades(f)},
                {"has_inf", f.special == SpecialEncoding::Ieee},
                {"has_nan", f.special == SpecialEncoding::Ieee || f.special == SpecialEncoding::FiniteNanFn ||
                                f.special == SpecialEncoding::ScaleE8M0}};
}

// One `format info` value as text for people: format values exact (float's shortest digits, "× 10^"
// for the extremes), derived measures to 4 significant digits, strings without quotes.
std::string infoValueText(const std::string& key, const json& value)
{
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number_float()) {
        const double v = value.get<double>();
        return key == "decimal_digits" || key == "dynamic_range_binades" ? models::engineeringText(v) : models::exactDisplayText(v);
    }
    return value.dump();
}

json blockInfoJson(const BlockFormatInfo& b)
{
    const FormatInfo& e = formatInfo(b.element);
    return json{{"name", b.name}, {"label", b.label}, {"kind", "block"}, {"element", formatInfo(b.element).name},
                {"block_size", b.blockSize}, {"scale_format", formatInfo(b.scale).name},
                {"tensor_scale", b.tensorScale ? json("fp32") : json(nullptr)},
                {"bits", e.bits}, {"bytes_per_element", blockBytesPerElement(b)}};
}

// Values from arguments or, when there are none, one per line from `in`; errors name the value.
models::Result<std::vector<double>> readValues(const std::vector<std::string>& args, std::istream& in)
{
    std::vector<double> values;
    if (!args.empty()) {
        for (const auto& text : args) {
            const auto v = parseNumber(text);
            if (!v) return models::fail(models::ErrorCode::InvalidArgument, "'" + text + "' is not a number");
            values.push_back(*v);
        }
        return values;
    }
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        const auto last = line.find_last_not_of(" \t\r");
        const auto v = parseNumber(std::string_view(line).substr(first, last - first + 1));
        if (!v) {
            return models::fail(models::ErrorCode::InvalidArgument,
                                "stdin:" + std::to_string(number) + ": '" + line + "' is not a number");
        }
        values.push_back(*v);
    }
    if (values.empty()) return models::fail(models::ErrorCode::InvalidArgument, "no values given (arguments or stdin)");
    return values;
}

ExitCode encodeElements(const CliContext& ctx, ElementFormat format, const std::vector<double>& values, bool saturate,
                        bool tiesAway, bool explain)
{
    const FormatInfo& f = formatInfo(format);
    const bool hasNan = f.special == SpecialEncoding::Ieee || f.special == SpecialEncoding::FiniteNanFn ||
                        f.special == SpecialEncoding::ScaleE8M0;
    for (const double v : values) {
        if (std::isnan(v) && !hasNan) return ctx.error(std::string(f.name) + " has no NaN: 'nan' cannot be encoded");
    }
    const Overflow overflow = saturate ? Overflow::Saturate : Overflow::Standard;
    const Rounding rounding = tiesAway ? Rounding::NearestTiesAway : Rounding::NearestEven;
    if (explain) { // each value with why it is stored so and the stored code's fields (the bit editor's text)
        json doc = json::array();
        std::string text;
        for (const double v : values) {
            const std::uint32_t code = encode(format, v, overflow, rounding);
            const std::string note = storageNote(format, v, overflow);
            json item{{"input", jsonValue(v)}, {"code", hexCode(code, f.bits)}, {"decoding", decodingJson(decodeBits(format, code))}};
            if (!note.empty()) item["note"] = note;
            doc.push_back(item);
            text += valueText(v) + "\t" + hexCode(code, f.bits) + "\t" + valueText(decode(format, code)) + "\n" +
                    (note.empty() ? "" : "  note: " + note + "\n") + decodingText(decodeBits(format, code));
        }
        if (ctx.json) ctx.printJson(doc);
        else *ctx.out << text;
        return ExitCode::Ok;
    }
    if (ctx.json) {
        // Streamed by hand: a DOM of a million small objects would take seconds.
        const auto number = [](double v) { return std::isfinite(v) ? valueText(v) : "\"" + valueText(v) + "\""; };
        std::string text = "[\n";
        text.reserve(values.size() * 64);
        for (std::size_t i = 0; i < values.size(); ++i) {
            const std::uint32_t code = encode(format, values[i], overflow, rounding);
            text += "  {\"input\": " + number(values[i]) + ", \"code\": \"" + hexCode(code, f.bits) +
                    "\", \"value\": " + number(decode(format, code)) + (i + 1 < values.size() ? "},\n" : "}\n");
        }
        *ctx.out << text << "]\n";
        return ExitCode::Ok;
    }
    std::string text;
    text.reserve(values.size() * 32);
    for (const double v : values) {
        const std::uint32_t code = encode(format, v, overflow, rounding);
        text += valueText(v) + "\t" + hexCode(code, f.bits) + "\t" + valueText(decode(format, code)) + "\n";
    }
    *ctx.out << text;
    return ExitCode::Ok;
}

ExitCode encodeBlocks(const CliContext& ctx, BlockFormat format, const std::vector<double>& values)
{
    const BlockFormatInfo& b = blockFormatInfo(format);
    const BlockQuantized q = quantizeBlocks(format, values);
    const int elementBits = formatInfo(b.element).bits;
    const int scaleBits = formatInfo(b.scale).bits;
    if (ctx.json) {
        json scales = json::array();
        for (const auto s : q.scaleCodes) scales.push_back(hexCode(s, scaleBits));
        json codes = json::array();
        for (const auto c : q.codes) codes.push_back(hexCode(c, elementBits));
        json dequantized = json::array();
        for (const auto v : q.values) dequantized.push_back(jsonValue(v));
        json doc{{"format", b.name}, {"block_size", b.blockSize}, {"scales", scales}, {"codes", codes},
                 {"values", dequantized}, {"padded_elements", q.paddedElements}, {"saturated", q.saturated}};
        if (q.tensorScale) doc["tensor_scale"] = jsonValue(*q.tensorScale);
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    std::string text;
    if (q.tensorScale) text += "tensor scale (FP32 decode): " + valueText(*q.tensorScale) + "\n";
    for (std::size_t block = 0; block < q.scaleCodes.size(); ++block) {
        const std::size_t start = block * static_cast<std::size_t>(b.blockSize);
        text += "block " + std::to_string(block) + ": scale " + hexCode(q.scaleCodes[block], scaleBits) + " = " +
                valueText(decode(b.scale, q.scaleCodes[block])) + "\n";
        for (std::size_t i = start; i < std::min(values.size(), start + static_cast<std::size_t>(b.blockSize)); ++i) {
            text += "  " + valueText(values[i]) + "\t" + hexCode(q.codes[i], elementBits) + "\t" + valueText(q.values[i]) + "\n";
        }
    }
    if (q.paddedElements > 0) {
        text += "note: the last block was padded with " + std::to_string(q.paddedElements) +
                " zeros (the input length is not a multiple of " + std::to_string(b.blockSize) + ")\n";
    }
    *ctx.out << text;
    return ExitCode::Ok;
}

struct QuantizeOptions {
    std::vector<std::string> formats;
    std::string input;
    std::string dist;
    std::size_t count = 65536;
    std::uint64_t seed = 1;
    std::size_t channels = 1;
    std::string dtype;
};

ExitCode runQuantize(const CliContext& ctx, const QuantizeOptions& o)
{
    if (o.input.empty() == o.dist.empty()) return ctx.error("give either --input FILE or --dist NAME");
    auto tensor = o.input.empty()
                      ? generateDistribution(o.dist, o.count, o.seed)
                      : readTensorFile(o.input, o.dtype == "bf16" ? NpyHint::Bfloat16 : NpyHint::Auto);
    if (!tensor) return ctx.error(tensor.error());
    if (tensor->empty()) return ctx.error("the tensor is empty");
    json results = json::array();
    TextTable table({"format", "bytes/elem", "SQNR [dB]", "MSE", "max abs err", "max rel err", "saturated", "flushed to 0"});
    for (const auto& name : o.formats) {
        auto scheme = schemeFromName(name, o.channels);
        if (!scheme) return ctx.error(scheme.error());
        auto result = applyScheme(*scheme, *tensor);
        if (!result) return ctx.error((o.input.empty() ? "" : o.input + ": ") + result.error().message);
        const QuantMetrics m = measure(*tensor, *result);
        results.push_back(json{{"format", name}, {"bytes_per_element", m.bytesPerElement}, {"sqnr_db", jsonValue(m.sqnrDb)},
                               {"mse", jsonValue(m.mse)}, {"max_abs_error", jsonValue(m.maxAbsError)},
                               {"max_rel_error", jsonValue(m.maxRelError)}, {"fraction_saturated", m.fractionSaturated},
                               {"fraction_flushed_to_zero", m.fractionFlushedToZero},
                               {"padded_elements", result->paddedElements}});
        const QuantMetricTexts t = metricTexts(m);
        table.addRow({name, t.bytesPerElement, t.sqnrDb, t.mse, t.maxAbsError, t.maxRelError, t.saturated, t.flushedToZero});
    }
    const json source = o.input.empty() ? json{{"distribution", o.dist}, {"count", tensor->size()}, {"seed", o.seed}}
                                        : json{{"file", o.input}, {"count", tensor->size()}};
    if (ctx.json) {
        ctx.printJson(json{{"input", source}, {"results", results}});
    } else {
        *ctx.out << (o.input.empty() ? "distribution " + o.dist + ", seed " + std::to_string(o.seed) : o.input) << ", "
                 << tensor->size() << " values\n" << table.render();
    }
    return ExitCode::Ok;
}

} // namespace

void addFormatCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode, std::istream& in)
{
    CLI::App* format = app.add_subcommand("format", "number formats: FP32 … FP4, E8M0, INT8/4, MX and NVFP4 blocks");
    format->require_subcommand(1);

    format->add_subcommand("list", "every format with its size")->callback([&ctx, &exitCode] {
        json list = json::array();
        TextTable table({"name", "format", "bits", "kind"});
        for (const auto& f : allFormats()) {
            list.push_back(infoJson(f));
            table.addRow({std::string(f.name), std::string(f.label), std::to_string(f.bits), "element"});
        }
        for (const auto& b : allBlockFormats()) {
            list.push_back(blockInfoJson(b));
            table.addRow({std::string(b.name), std::string(b.label), std::to_string(formatInfo(b.element).bits),
                          "block of " + std::to_string(b.blockSize) + ", " + std::string(formatInfo(b.scale).name) + " scale"});
        }
        if (ctx.json) ctx.printJson(list);
        else *ctx.out << table.render() << "scaled integers for `format quantize`: int8-sym, int8-asym, int4-sym-channel, int4-asym-g128, …\n";
        exitCode = ExitCode::Ok;
    });

    auto infoName = std::make_shared<std::string>();
    CLI::App* info = format->add_subcommand("info", "properties of one format");
    info->add_option("format", *infoName, "format name")->required();
    info->callback([&ctx, &exitCode, infoName] {
        json doc;
        if (const auto f = formatFromName(*infoName)) doc = infoJson(formatInfo(*f));
        else if (const auto b = blockFormatFromName(*infoName)) doc = blockInfoJson(blockFormatInfo(*b));
        else { exitCode = ctx.error(unknownFormat(*infoName).error()); return; }
        if (ctx.json) ctx.printJson(doc);
        else for (const auto& [key, value] : doc.items()) *ctx.out << key << ": " << infoValueText(key, value) << "\n";
        exitCode = ExitCode::Ok;
    });

    auto encodeName = std::make_shared<std::string>();
    auto encodeValues = std::make_shared<std::vector<std::string>>();
    auto saturate = std::make_shared<bool>(false);
    auto tiesAway = std::make_shared<bool>(false);
    auto encodeExplain = std::make_shared<bool>(false);
    CLI::App* encodeCmd = format->add_subcommand("encode", "encode values (arguments, or stdin one per line)");
    encodeCmd->add_option("format", *encodeName, "format name")->required();
    encodeCmd->add_option("values", *encodeValues, "decimal or hex-float values, nan, inf, -inf");
    encodeCmd->add_flag("--saturate", *saturate, "clamp overflow to ±max instead of Inf/NaN (like .satfinite)");
    encodeCmd->add_flag("--ties-away", *tiesAway, "round ties away from zero (NVIDIA's FP32→TF32 conversion)");
    encodeCmd->add_flag("--explain", *encodeExplain, "element formats: why each value is stored so, and the stored code field by field");
    encodeCmd->allow_extras(false);
    encodeCmd->positionals_at_end(false);
    encodeCmd->callback([&ctx, &exitCode, encodeName, encodeValues, saturate, tiesAway, encodeExplain, &in] {
        const auto element = formatFromName(*encodeName);
        const auto block = blockFormatFromName(*encodeName);
        if (!element && !block) { exitCode = ctx.error(unknownFormat(*encodeName).error()); return; }
        auto values = readValues(*encodeValues, in);
        if (!values) { exitCode = ctx.error(values.error()); return; }
        exitCode = element ? encodeElements(ctx, *element, *values, *saturate, *tiesAway, *encodeExplain) : encodeBlocks(ctx, *block, *values);
    });

    auto decodeName = std::make_shared<std::string>();
    auto decodeCodes = std::make_shared<std::vector<std::string>>();
    auto decodeExplain = std::make_shared<bool>(false);
    CLI::App* decodeCmd = format->add_subcommand("decode", "decode codes (0x… or decimal)");
    decodeCmd->add_option("format", *decodeName, "element format name")->required();
    decodeCmd->add_option("codes", *decodeCodes, "codes")->required();
    decodeCmd->add_flag("--explain", *decodeExplain, "each code field by field: sign, 2^(e - bias), 1.f and the formula");
    decodeCmd->callback([&ctx, &exitCode, decodeName, decodeCodes, decodeExplain] {
        const auto element = formatFromName(*decodeName);
        if (!element) { exitCode = ctx.error(unknownFormat(*decodeName).error()); return; }
        const FormatInfo& f = formatInfo(*element);
        json array = json::array();
        std::string text;
        for (const auto& raw : *decodeCodes) {
            const auto code = parseCode(raw);
            if (!code || (f.bits < 32 && *code >= (1u << f.bits))) {
                exitCode = ctx.error("'" + raw + "' is not a " + std::to_string(f.bits) + "-bit code of " + std::string(f.name));
                return;
            }
            const double value = decode(*element, *code);
            const std::string cls(valueClassName(classify(*element, *code)));
            array.push_back(json{{"code", hexCode(*code, f.bits)}, {"value", jsonValue(value)}, {"class", cls}});
            text += hexCode(*code, f.bits) + "\t" + valueText(value) + "\t" + cls + "\n";
            if (*decodeExplain) {
                array.back()["decoding"] = decodingJson(decodeBits(*element, *code));
                text += decodingText(decodeBits(*element, *code));
            }
        }
        if (ctx.json) ctx.printJson(array);
        else *ctx.out << text;
        exitCode = ExitCode::Ok;
    });

    auto compareValue = std::make_shared<std::string>();
    auto compareSaturate = std::make_shared<bool>(false);
    CLI::App* compareCmd = format->add_subcommand("compare", "one value in FP32, BF16, FP16, FP8 E4M3, FP8 E5M2 and FP4 side by side");
    compareCmd->add_option("value", *compareValue, "decimal or hex-float value")->required();
    compareCmd->add_flag("--saturate", *compareSaturate, "clamp overflow to ±max instead of Inf/NaN (like .satfinite)");
    compareCmd->callback([&ctx, &exitCode, compareValue, compareSaturate] {
        const auto value = parseNumber(*compareValue);
        if (!value) { exitCode = ctx.error("'" + *compareValue + "' is not a number"); return; }
        exitCode = compareFormats(ctx, *value, *compareSaturate);
    });

    auto tableName = std::make_shared<std::string>();
    CLI::App* tableCmd = format->add_subcommand("table", "every code of a format up to 8 bits");
    tableCmd->add_option("format", *tableName, "element format name")->required();
    tableCmd->callback([&ctx, &exitCode, tableName] {
        const auto element = formatFromName(*tableName);
        if (!element) { exitCode = ctx.error(unknownFormat(*tableName).error()); return; }
        const FormatInfo& f = formatInfo(*element);
        if (f.bits > 8) {
            exitCode = ctx.error(std::string(f.name) + " has " + std::to_string(codeCount(f)) +
                                 " codes; `format table` lists formats up to 8 bits");
            return;
        }
        json array = json::array();
        TextTable table({"code", "value", "class"});
        for (std::uint32_t code = 0; code < codeCount(f); ++code) {
            const double value = decode(*element, code);
            const std::string cls(valueClassName(classify(*element, code)));
            array.push_back(json{{"code", hexCode(code, f.bits)}, {"value", jsonValue(value)}, {"class", cls}});
            table.addRow({hexCode(code, f.bits), valueText(value), cls});
        }
        if (ctx.json) ctx.printJson(array);
        else *ctx.out << table.render();
        exitCode = ExitCode::Ok;
    });

    auto q = std::make_shared<QuantizeOptions>();
    CLI::App* quantizeCmd = format->add_subcommand("quantize", "error metrics of one or more formats on a tensor");
    quantizeCmd->add_option("formats", q->formats, "formats or schemes (fp8-e4m3, mxfp4, nvfp4, int8-sym, int4-asym-g128 …), at most 16")
        ->required()->expected(1, 16);
    quantizeCmd->add_option("--input", q->input, ".npy (float32/float16/bfloat16) or a text file of numbers");
    quantizeCmd->add_option("--dist", q->dist, "generated distribution: normal, laplace, uniform, student-t");
    quantizeCmd->add_option("--count", q->count, "values to generate")->capture_default_str()->check(CLI::Range(std::size_t{1}, maxGeneratedValues));
    quantizeCmd->add_option("--seed", q->seed, "random seed")->capture_default_str();
    quantizeCmd->add_option("--channels", q->channels, "rows of the tensor, for per-channel schemes")->capture_default_str();
    quantizeCmd->add_option("--dtype", q->dtype, "treat a raw 2-byte .npy dtype as this type")->check(CLI::IsMember({"bf16"}));
    quantizeCmd->callback([&ctx, &exitCode, q] { exitCode = runQuantize(ctx, *q); });
}

} // namespace accelscope::cli
