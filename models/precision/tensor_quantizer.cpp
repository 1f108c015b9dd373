// SPDX-License-Identifier: MIT
// Tensor quantization schemes and metrics.
#include "models/precision/tensor_quantizer.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace accelscope::models::precision {
namespace {

// Stored bytes of one element of an element format (TF32 lives in an FP32 container).
double elementBytes(ElementFormat format)
{
    if (format == ElementFormat::Tf32) return 4.0;
    return formatInfo(format).bits / 8.0;
}

Result<IntegerScheme> parseInteger(std::string_view name, std::size_t channels)
{
    // int<bits>-<sym|asym>[-tensor|-channel|-g<N>]
    IntegerScheme scheme;
    if (name.starts_with("int8-")) scheme.bits = 8;
    else if (name.starts_with("int4-")) scheme.bits = 4;
    else return fail(ErrorCode::InvalidArgument, "unknown format '" + std::string(name) + "'");
    std::string_view rest = name.substr(5);
    if (rest.starts_with("sym")) {
        rest.remove_prefix(3);
    } else if (rest.starts_with("asym")) {
        scheme.symmetric = false;
        rest.remove_prefix(4);
    } else {
        return fail(ErrorCode::InvalidArgument, "'" + std::string(name) + "': expected int8-sym or int8-asym …");
    }
    if (rest.empty() || rest == "-tensor") return scheme;
    if (rest == "-channel") {
        scheme.granularity = Granularity::Channel;
        scheme.channels = channels;
        return scheme;
    }
    if (rest.starts_with("-g")) {
        std::size_t size = 0;
        const auto digits = rest.substr(2);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), size);
        if (ec == std::errc{} && end == digits.data() + digits.size() && size > 0) {
            scheme.granularity = Granularity::Group;
            scheme.groupSize = size;
            return scheme;
        }
    }
    return fail(ErrorCode::InvalidArgument, "'" + std::string(name) + "': granularity must be -tensor, -channel or -g<N>");
}

// Quantizes one slice with one scale (and zero point).
void quantizeIntegerSlice(const IntegerScheme& s, std::span<const double> slice, SchemeResult& out)
{
    const double qmax = std::ldexp(1.0, s.bits - 1) - 1.0; // 127 or 7
    const double levels = std::ldexp(1.0, s.bits) - 1.0;   // 255 or 15
    double lo = 0.0;
    double hi = 0.0;
    for (const double v : slice) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (s.symmetric) {
        const double amax = std::max(-lo, hi);
        const double scale = amax > 0.0 ? amax / qmax : 1.0;
        for (const double v : slice) {
            const double q = std::nearbyint(v / scale);
            if (std::fabs(q) > qmax) ++out.saturated;
            out.values.push_back(std::clamp(q, -qmax, qmax) * scale);
        }
        return;
    }
    const double scale = hi > lo ? (hi - lo) / levels : 1.0;
    const double zero = std::clamp(std::nearbyint(-lo / scale), 0.0, levels);
    for (const double v : slice) {
        const double q = std::nearbyint(v / scale) + zero;
        if (q < 0.0 || q > levels) ++out.saturated;
        out.values.push_back((std::clamp(q, 0.0, levels) - zero) * scale);
    }
}

Result<SchemeResult> applyInteger(const IntegerScheme& s, std::span<const double> input)
{
    SchemeResult out;
    out.values.reserve(input.size());
    std::size_t slice = input.size();
    if (s.granularity == Granularity::Channel) {
        if (s.channels == 0 || input.size() % s.channels != 0) {
            return fail(ErrorCode::InvalidArgument, std::to_string(input.size()) + " values do not split into " +
                                                        std::to_string(s.channels) + " equal channels");
        }
        slice = input.size() / s.channels;
    } else if (s.granularity == Granularity::Group) {
        slice = s.groupSize;
    }
    slice = std::max<std::size_t>(slice, 1);
    for (std::size_t start = 0; start < input.size(); start += slice) {
        quantizeIntegerSlice(s, input.subspan(start, std::min(slice, input.size() - start)), out);
    }
    // One FP32 scale per slice, plus a zero point of `bits` for asymmetric schemes.
    const double slices = std::ceil(static_cast<double>(input.size()) / static_cast<double>(slice));
    const double overheadBytes = slices * (4.0 + (s.symmetric ? 0.0 : s.bits / 8.0));
    out.bytesPerElement = s.bits / 8.0 + (input.empty() ? 0.0 : overheadBytes / static_cast<double>(input.size()));
    return out;
}

} // namespace

Result<QuantScheme> schemeFromName(std::string_view name, std::size_t channels)
{
    if (const auto element = formatFromName(name)) return QuantScheme{std::string(name), *element};
    if (const auto block = blockFormatFromName(name)) return QuantScheme{std::string(name), *block};
    auto integer = parseInteger(name, channels);
    if (!integer) {
        return fail(ErrorCode::InvalidArgument,
                    "unknown format '" + std::string(name) +
                        "' (see `accelscope-cli format list`; scaled integers: int8-sym, int4-asym-g128, …)");
    }
    return QuantScheme{std::string(name), *integer};
}

Result<SchemeResult> applyScheme(const QuantScheme& scheme, std::span<const double> input)
{
    // A tensor file may hold NaN or infinity: its error metrics would print "nan" with success
    // (issue #17). Formats' own handling of specials is what `format encode` shows.
    if (const auto bad = std::ranges::find_if(input, [](double v) { return !std::isfinite(v); }); bad != input.end()) {
        return fail(ErrorCode::InvalidArgument, "value " + std::to_string(bad - input.begin() + 1) + " of the tensor is " +
                                                    (std::isnan(*bad) ? "NaN" : "infinite") +
                                                    "; error metrics need finite values");
    }
    if (const auto* element = std::get_if<ElementFormat>(&scheme.kind)) {
        SchemeResult out;
        const FormatInfo& f = formatInfo(*element);
        out.values.reserve(input.size());
        for (const double v : input) {
            if (std::fabs(v) > f.maxNormal && std::isfinite(v)) ++out.saturated;
            out.values.push_back(quantize(*element, v, Overflow::Saturate));
        }
        out.bytesPerElement = elementBytes(*element);
        return out;
    }
    if (const auto* block = std::get_if<BlockFormat>(&scheme.kind)) {
        BlockQuantized q = quantizeBlocks(*block, input);
        return SchemeResult{std::move(q.values), q.saturated, q.paddedElements,
                            blockBytesPerElement(blockFormatInfo(*block))};
    }
    return applyInteger(std::get<IntegerScheme>(scheme.kind), input);
}

QuantMetrics measure(std::span<const double> input, const SchemeResult& result)
{
    QuantMetrics m;
    m.count = input.size();
    m.bytesPerElement = result.bytesPerElement;
    if (input.empty()) return m;
    double signal = 0.0;
    double noise = 0.0;
    std::size_t flushed = 0;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const double x = input[i];
        const double error = x - result.values[i];
        signal += x * x;
        noise += error * error;
        m.maxAbsError = std::max(m.maxAbsError, std::fabs(error));
        if (x != 0.0) {
            m.maxRelError = std::max(m.maxRelError, std::fabs(error) / std::fabs(x));
            if (result.values[i] == 0.0) ++flushed;
        }
    }
    const auto n = static_cast<double>(input.size());
    m.mse = noise / n;
    m.sqnrDb = noise == 0.0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(signal / noise);
    m.fractionSaturated = static_cast<double>(result.saturated) / n;
    m.fractionFlushedToZero = static_cast<double>(flushed) / n;
    return m;
}

QuantMetricTexts metricTexts(const QuantMetrics& m)
{
    const auto percent = [](double share) { return decimalText(100.0 * share, 3) + " %"; };
    return {exactText(m.bytesPerElement),
            std::isfinite(m.sqnrDb) ? decimalText(m.sqnrDb, 2) : std::string(m.sqnrDb > 0 ? "exact" : "—"),
            engineeringText(m.mse, 3),
            engineeringText(m.maxAbsError, 3),
            engineeringText(m.maxRelError, 3),
            percent(m.fractionSaturated),
            percent(m.fractionFlushedToZero)};
}

} // namespace accelscope::models::precision
