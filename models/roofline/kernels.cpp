// SPDX-License-Identifier: MIT
// Kernel FLOP and byte formulas, and the "name:K=v,…" spec parser.
#include "models/roofline/kernels.hpp"

#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace accelscope::models::roofline {
namespace {

constexpr double softmaxFlopsPerElement = 5.0;

using Params = std::map<std::string, std::string>;

std::string lower(std::string_view text)
{
    std::string out(text);
    std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

struct SpecReader {
    std::string spec;
    Params params;
    Params spelled; // lower-case key → the key as the user wrote it, for messages
    std::vector<std::string> used;

    std::string shown(const std::string& key) const
    {
        const auto it = spelled.find(key);
        return it == spelled.end() ? key : it->second;
    }

    Result<double> number(const std::string& key, std::optional<double> fallback = std::nullopt, bool allowZero = false)
    {
        used.push_back(key);
        const auto it = params.find(key);
        if (it == params.end()) {
            if (fallback) return *fallback;
            return fail(ErrorCode::InvalidArgument, "kernel '" + spec + "': missing " + key + "=<number>");
        }
        double v = 0.0;
        const auto& text = it->second;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc{} || ptr != text.data() + text.size() || !std::isfinite(v)) {
            return fail(ErrorCode::InvalidArgument, "kernel '" + spec + "': " + shown(key) + " must be a finite number, got '" + text + "'");
        }
        if (v < 0.0 || (v == 0.0 && !allowZero)) {
            return fail(ErrorCode::InvalidArgument, "kernel '" + spec + "': " + shown(key) + " must be " +
                                                        (allowZero ? "zero or positive" : "positive") + ", got " + text);
        }
        return v;
    }

    Result<double> dtypeBytes(const std::string& key, std::string_view fallback)
    {
        used.push_back(key);
        const auto it = params.find(key);
        const std::string name = it == params.end() ? std::string(fallback) : it->second;
        auto t = dataTypeFromName(name);
        if (!t) return fail(ErrorCode::InvalidArgument, "kernel '" + spec + "': " + key + ": " + t.error().message);
        return t->bytesPerElement;
    }

    Result<void> noExtraKeys() const
    {
        for (const auto& [key, value] : params) {
            if (std::ranges::find(used, key) == used.end()) {
                std::string known;
                for (const auto& u : used) known += (known.empty() ? "" : ", ") + u;
                return fail(ErrorCode::InvalidArgument, "kernel '" + spec + "': unknown key '" + shown(key) + "' (known: " + known + ")");
            }
        }
        return {};
    }
};

template <typename... T>
std::optional<Error> firstError(const Result<T>&... r)
{
    std::optional<Error> e;
    ((e = e ? e : (r ? std::nullopt : std::optional<Error>(r.error()))), ...);
    return e;
}

Result<KernelCost> dispatch(const std::string& name, SpecReader& r, std::string_view defaultDtype)
{
    const auto a = r.dtypeBytes("dtype", defaultDtype);
    if (!a) return std::unexpected(a.error());
    if (name == "gemm" || name == "gemm-naive") {
        auto m = r.number("m"), n = r.number("n"), k = r.number("k");
        if (auto e = firstError(m, n, k)) return std::unexpected(*e);
        return name == "gemm" ? gemm(*m, *n, *k, *a, *a, *a) : gemmNaive(*m, *n, *k, *a, *a);
    }
    if (name == "gemv") {
        auto m = r.number("m"), k = r.number("k");
        if (auto e = firstError(m, k)) return std::unexpected(*e);
        return gemv(*m, *k, *a, *a);
    }
    if (name == "decode-attention") {
        auto b = r.number("b"), h = r.number("h");
        auto kvh = r.number("kvh", h ? std::optional<double>(*h) : std::nullopt), d = r.number("d"), l = r.number("l");
        auto kv = r.dtypeBytes("kv", defaultDtype);
        if (auto e = firstError(b, h, kvh, d, l, kv)) return std::unexpected(*e);
        return decodeAttention(*b, *h, *kvh, *d, *l, *kv, *a);
    }
    if (name == "elementwise") {
        auto n = r.number("n"), in = r.number("inputs", 2.0, true), f = r.number("flops", 1.0, true);
        if (auto e = firstError(n, in, f)) return std::unexpected(*e);
        return elementwise(*n, *in, *f, *a);
    }
    if (name == "softmax" || name == "layernorm" || name == "rmsnorm") {
        auto rows = r.number("rows"), cols = r.number("cols");
        if (auto e = firstError(rows, cols)) return std::unexpected(*e);
        if (name == "softmax") return softmax(*rows, *cols, *a);
        return name == "layernorm" ? layerNorm(*rows, *cols, *a) : rmsNorm(*rows, *cols, *a);
    }
    if (name == "conv2d") {
        auto n = r.number("n"), c = r.number("c"), h = r.number("h"), w = r.number("w"), k = r.number("k"),
             rr = r.number("r"), s = r.number("s"), stride = r.number("stride", 1.0), pad = r.number("pad", 0.0, true);
        if (auto e = firstError(n, c, h, w, k, rr, s, stride, pad)) return std::unexpected(*e);
        if (*h + 2 * *pad < *rr || *w + 2 * *pad < *s) {
            return fail(ErrorCode::InvalidArgument, "kernel '" + r.spec + "': filter R×S larger than the padded input H×W");
        }
        return conv2d(*n, *c, *h, *w, *k, *rr, *s, *stride, *pad, *a);
    }
    if (name == "attention" || name == "flash-attention") {
        auto b = r.number("b"), h = r.number("h"), s = r.number("s"), d = r.number("d");
        auto br = name == "flash-attention" ? r.number("br", 128.0) : Result<double>(1.0);
        if (auto e = firstError(b, h, s, d, br)) return std::unexpected(*e);
        return name == "attention" ? standardAttention(*b, *h, *s, *d, *a) : flashAttention(*b, *h, *s, *d, *br, *a);
    }
    std::string known;
    for (const auto k : kernelNames()) known += (known.empty() ? "" : ", ") + std::string(k);
    return fail(ErrorCode::InvalidArgument, "unknown kernel '" + name + "' in '" + r.spec + "' (known: " + known + ")");
}

} // namespace

KernelBound boundOn(const KernelCost& cost, double peakTflops, double bandwidthGBps)
{
    const double computeS = cost.flops / (peakTflops * 1e12);
    const double memoryS = cost.bytes / (bandwidthGBps * 1e9);
    const double intensity = cost.bytes > 0.0 ? cost.flops / cost.bytes : 0.0;
    return KernelBound{intensity, attainableTflops(peakTflops, bandwidthGBps, intensity), std::max(computeS, memoryS),
                       computeS >= memoryS ? Bound::Compute : Bound::Memory};
}

KernelCost gemm(double m, double n, double k, double aBytes, double bBytes, double cBytes)
{
    return {"gemm", "", 2 * m * n * k, m * k * aBytes + k * n * bBytes + m * n * cBytes,
            "A and B read once, C written once (perfect on-chip reuse), no C read (beta = 0)"};
}

KernelCost gemmNaive(double m, double n, double k, double inBytes, double outBytes)
{
    KernelCost c{"gemm-naive", "", 2 * m * n * k, 2 * m * n * k * inBytes + m * n * outBytes,
                 "no reuse: each output reads K elements of A and K of B from memory"};
    c.workingSetBytes = (m * k + k * n) * inBytes + m * n * outBytes; // A, B and C, each once
    return c;
}

KernelCost gemv(double m, double k, double inBytes, double outBytes)
{
    return {"gemv", "", 2 * m * k, (m * k + k) * inBytes + m * outBytes, "matrix and vector read once, y written once"};
}

KernelCost decodeAttention(double b, double h, double kvHeads, double d, double l, double kvBytes, double actBytes)
{
    return {"decode-attention", "", 4 * b * h * l * d + softmaxFlopsPerElement * b * h * l,
            2 * b * kvHeads * l * d * kvBytes + 2 * b * h * d * actBytes,
            "one new token per sequence; K and V cache read once (query heads of a group share a KV head); "
            "scores stay on chip"};
}

KernelCost elementwise(double n, double inputs, double flopsPerElement, double bytes)
{
    return {"elementwise", "", n * flopsPerElement, n * (inputs + 1) * bytes, "each input read once, output written once"};
}

KernelCost softmax(double rows, double cols, double bytes)
{
    return {"softmax", "", softmaxFlopsPerElement * rows * cols, 2 * rows * cols * bytes,
            "one pass: a row fits on chip (online softmax), read once and written once"};
}

KernelCost layerNorm(double rows, double cols, double bytes)
{
    return {"layernorm", "", 8 * rows * cols, 2 * rows * cols * bytes + 2 * cols * bytes,
            "a row fits on chip; input read once, output written once, gamma and beta read once"};
}

KernelCost rmsNorm(double rows, double cols, double bytes)
{
    return {"rmsnorm", "", 4 * rows * cols, 2 * rows * cols * bytes + cols * bytes,
            "a row fits on chip; input read once, output written once, gamma read once"};
}

KernelCost conv2d(double n, double c, double h, double w, double k, double r, double s, double stride, double pad,
                  double bytes)
{
    const double p = std::floor((h + 2 * pad - r) / stride) + 1;
    const double q = std::floor((w + 2 * pad - s) / stride) + 1;
    return {"conv2d", "", 2 * n * k * p * q * c * r * s, (n * c * h * w + k * c * r * s + n * k * p * q) * bytes,
            "direct convolution; input and filters read once, output (" + std::to_string(static_cast<long long>(p)) +
                "x" + std::to_string(static_cast<long long>(q)) + ") written once"};
}

KernelCost standardAttention(double b, double h, double s, double d, double bytes)
{
    KernelCost c{"attention", "", 4 * b * h * s * s * d + softmaxFlopsPerElement * b * h * s * s,
                 4 * b * h * s * d * bytes + 4 * b * h * s * s * bytes,
                 "no mask; S = QK^T written, read by softmax, P written, read by PV (FlashAttention paper, Algorithm 0)"};
    c.workingSetBytes = 4 * b * h * s * d * bytes + 2 * b * h * s * s * bytes; // Q, K, V, O, S and P, each once
    return c;
}

KernelCost flashAttention(double b, double h, double s, double d, double blockRows, double bytes)
{
    const double passes = std::ceil(s / blockRows);
    KernelCost c{"flash-attention", "", 4 * b * h * s * s * d + softmaxFlopsPerElement * b * h * s * s,
                 b * h * (2 * s * d + 2 * s * d * passes) * bytes,
                 "no mask; scores stay on chip; K and V re-read once per block of " +
                     std::to_string(static_cast<long long>(blockRows)) + " query rows"};
    c.workingSetBytes = 4 * b * h * s * d * bytes; // Q, K, V and O, each once
    return c;
}

Result<KernelSpec> parseKernelSpec(std::string_view spec)
{
    KernelSpec out;
    const auto colon = spec.find(':');
    out.name = lower(trim(spec.substr(0, colon)));
    if (colon != std::string_view::npos) {
        std::string_view rest = spec.substr(colon + 1);
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            const std::string item = trim(rest.substr(0, comma));
            rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
            if (item.empty()) continue;
            const auto eq = item.find('=');
            if (eq == std::string::npos || eq == 0) {
                return fail(ErrorCode::InvalidArgument, "kernel '" + std::string(spec) + "': '" + item + "' is not KEY=value");
            }
            const std::string key = lower(trim(item.substr(0, eq)));
            if (out.params.contains(key)) {
                return fail(ErrorCode::InvalidArgument, "kernel '" + std::string(spec) + "': key '" + key + "' given twice");
            }
            out.params[key] = trim(item.substr(eq + 1));
            out.spelled[key] = trim(item.substr(0, eq));
        }
    }
    return out;
}

Result<KernelCost> kernelFromSpec(std::string_view spec, std::string_view defaultDtype)
{
    auto parsed = parseKernelSpec(spec);
    if (!parsed) return std::unexpected(parsed.error());
    SpecReader reader{std::string(spec), std::move(parsed->params), std::move(parsed->spelled), {}};
    const auto colon = spec.find(':');
    auto cost = dispatch(parsed->name, reader, defaultDtype);
    if (!cost) return cost;
    if (auto extra = reader.noExtraKeys(); !extra) return std::unexpected(extra.error());
    cost->shape = colon == std::string_view::npos ? "" : trim(spec.substr(colon + 1));
    return cost;
}

std::vector<std::string_view> kernelNames()
{
    return {"gemm", "gemm-naive", "gemv", "decode-attention", "elementwise", "softmax", "layernorm", "rmsnorm",
            "conv2d", "attention", "flash-attention"};
}

std::string_view boundName(Bound bound) { return bound == Bound::Compute ? "compute" : "memory"; }

} // namespace accelscope::models::roofline
