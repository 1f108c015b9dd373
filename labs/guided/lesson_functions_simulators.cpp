// SPDX-License-Identifier: MIT
// Lesson functions over number formats, the warp and memory-access simulators and pipeline schedules.
#include "labs/guided/lesson_function_support.hpp"

#include "models/pipeline/pipeline_schedule.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/distributions.hpp"
#include "models/precision/tensor_quantizer.hpp"
#include "models/simt/memory_access.hpp"
#include "models/simt/warp_simulator.hpp"

#include <algorithm>
#include <tuple>

namespace accelscope::labs::guided::detail {

using models::ErrorCode;
using models::fail;
using models::Result;
namespace prec = models::precision;

namespace {

Result<const prec::FormatInfo*> elementFormat(const std::string& name)
{
    const auto f = prec::formatFromName(name);
    if (!f) return fail(ErrorCode::NotFound, "unknown element format '" + name + "' (fp32, bf16, fp16, fp8-e4m3, fp8-e5m2, fp6-e2m3, fp6-e3m2, fp4-e2m1, e8m0, int8, int4)");
    return &prec::formatInfo(*f);
}

Result<models::simt::WarpRun> warp(Args a)
{
    const auto* preset = models::simt::findWarpPreset(word(a, 0));
    if (preset == nullptr) return fail(ErrorCode::NotFound, "unknown warp preset '" + word(a, 0) + "'");
    auto program = models::simt::parseWarpProgram(preset->source);
    if (!program) return std::unexpected(program.error());
    models::simt::WarpConfig config;
    config.data = preset->data;
    if (a.size() > 1) {
        const std::string m = word(a, 1);
        if (m != "prevolta" && m != "its") return fail(ErrorCode::InvalidArgument, "model must be prevolta or its, not '" + m + "'");
        config.model = m == "its" ? models::simt::ExecutionModel::Its : models::simt::ExecutionModel::PreVolta;
    }
    if (a.size() > 2) {
        auto warps = whole(a, 2, "warps", 1, 64);
        if (!warps) return std::unexpected(warps.error());
        config.warps = *warps;
    }
    return models::simt::runWarps(*program, config);
}

Result<models::pipeline::PipelineResult> pipe(Args a, bool closedForm, double* closed)
{
    const auto schedule = models::pipeline::scheduleFromName(word(a, 0));
    if (!schedule) return fail(ErrorCode::NotFound, "unknown schedule '" + word(a, 0) + "' (" + models::pipeline::scheduleIdsText() + ")");
    auto p = whole(a, 1, "p", 1, 256);
    auto m = whole(a, 2, "m", 1, 4096);
    if (!p || !m) return std::unexpected(!p ? p.error() : m.error());
    models::pipeline::PipelineConfig c;
    c.schedule = *schedule;
    c.stages = *p;
    c.microbatches = *m;
    if (a.size() > 3) {
        auto v = whole(a, 3, "v", 1, 16);
        if (!v) return std::unexpected(v.error());
        c.chunks = *v;
    }
    if (closedForm && closed != nullptr) *closed = models::pipeline::closedFormBubbleTime(c);
    return models::pipeline::simulatePipeline(c);
}

} // namespace

void addPrecisionFunctions(std::vector<FunctionSpec>& out)
{
    using Field = double (*)(const prec::FormatInfo&);
    const std::vector<std::tuple<const char*, const char*, Field>> fields{
        {"format_max", "largest finite value", [](const prec::FormatInfo& f) { return f.maxNormal; }},
        {"format_min_normal", "smallest positive normal", [](const prec::FormatInfo& f) { return f.minNormal; }},
        {"format_min_subnormal", "smallest positive value", [](const prec::FormatInfo& f) { return f.minSubnormal; }},
        {"format_epsilon", "gap between 1 and the next value", [](const prec::FormatInfo& f) { return f.epsilon; }},
        {"format_bits", "bits per element", [](const prec::FormatInfo& f) { return static_cast<double>(f.bits); }},
        {"format_mantissa_bits", "explicit fraction bits", [](const prec::FormatInfo& f) { return static_cast<double>(f.mantissaBits); }},
        {"format_exponent_bits", "exponent bits", [](const prec::FormatInfo& f) { return static_cast<double>(f.exponentBits); }},
        {"format_digits", "decimal digits of precision", [](const prec::FormatInfo& f) { return prec::decimalDigits(f); }},
        {"format_binades", "dynamic range in binades", [](const prec::FormatInfo& f) { return prec::dynamicRangeBinades(f); }},
    };
    for (const auto& [name, what, field] : fields) {
        out.push_back(fn(name, std::string(name) + "(format)", what, 1, 1, [field](Args a) -> Result<double> {
            auto f = elementFormat(word(a, 0));
            if (!f) return std::unexpected(f.error());
            return field(**f);
        }));
    }
    out.push_back(fn("quantize", "quantize(format, x)", "the value the format stores for x (nearest even)", 2, 2, [](Args a) -> Result<double> {
        auto f = elementFormat(word(a, 0));
        auto x = num(a, 1, "x");
        if (!f) return std::unexpected(f.error());
        if (!x) return x;
        return prec::quantize((*f)->format, *x, prec::Overflow::Saturate);
    }));
    out.push_back(fn("bytes_per_element", "bytes_per_element(format)", "storage bytes per element, block scales included", 1, 1,
                     [](Args a) { return bytesPerElement(word(a, 0)); }));
    out.push_back(fn("block_size", "block_size(block format)", "elements sharing one scale", 1, 1, [](Args a) -> Result<double> {
        const auto b = prec::blockFormatFromName(word(a, 0));
        if (!b) return fail(ErrorCode::NotFound, "unknown block format '" + word(a, 0) + "'");
        return static_cast<double>(prec::blockFormatInfo(*b).blockSize);
    }));
    out.push_back(fn("sqnr", "sqnr(scheme, distribution[, count, seed])", "signal-to-quantization-noise ratio, dB", 2, 4,
                     [](Args a) -> Result<double> {
                         const auto count = a.size() > 2 ? whole(a, 2, "count", 16, 1 << 22) : Result<int>(65536);
                         const auto seed = a.size() > 3 ? whole(a, 3, "seed", 0, 1 << 30) : Result<int>(1);
                         if (!count || !seed) return std::unexpected(!count ? count.error() : seed.error());
                         auto data = prec::generateDistribution(word(a, 1), static_cast<std::size_t>(*count), static_cast<std::uint64_t>(*seed));
                         if (!data) return std::unexpected(data.error());
                         auto scheme = prec::schemeFromName(word(a, 0));
                         if (!scheme) return std::unexpected(scheme.error());
                         auto r = prec::applyScheme(*scheme, *data);
                         if (!r) return std::unexpected(r.error());
                         return prec::measure(*data, *r).sqnrDb;
                     }));
}

void addSimulatorFunctions(std::vector<FunctionSpec>& out)
{
    out.push_back(fn("warp_efficiency", "warp_efficiency(preset[, prevolta|its, warps])", "SIMD efficiency, 0–1", 1, 3, [](Args a) -> Result<double> {
        auto r = warp(a);
        if (!r) return std::unexpected(r.error());
        return r->total.simdEfficiency;
    }));
    out.push_back(fn("warp_cycles", "warp_cycles(preset[, prevolta|its, warps])", "issue cycles, summed over warps", 1, 3, [](Args a) -> Result<double> {
        auto r = warp(a);
        if (!r) return std::unexpected(r.error());
        return static_cast<double>(r->total.cycles);
    }));
    out.push_back(fn("warp_serialization", "warp_serialization(preset[, prevolta|its, warps])", "cycles ÷ busiest lane's cycles", 1, 3, [](Args a) -> Result<double> {
        auto r = warp(a);
        if (!r) return std::unexpected(r.error());
        return r->total.serialization;
    }));
    out.push_back(fn("warp_completes", "warp_completes(preset, prevolta|its)", "1 when the run completes, 0 when it is stuck", 2, 2, [](Args a) -> Result<double> {
        auto r = warp(a);
        if (!r) return std::unexpected(r.error());
        return r->completed ? 1.0 : 0.0;
    }));
    out.push_back(fn("sectors", "sectors(stride, element_bytes)", "32-byte sectors one warp request touches", 2, 2, [](Args a) -> Result<double> {
        auto s = whole(a, 0, "stride", 1, 4096);
        auto b = whole(a, 1, "element bytes", 1, 16);
        if (!s || !b) return std::unexpected(!s ? s.error() : b.error());
        return static_cast<double>(models::simt::sectorsPerWarpRequest(*s, *b));
    }));
    out.push_back(fn("coalescing", "coalescing(stride, element_bytes)", "useful bytes ÷ moved bytes, 0–1", 2, 2, [](Args a) -> Result<double> {
        auto s = whole(a, 0, "stride", 1, 4096);
        auto b = whole(a, 1, "element bytes", 1, 16);
        if (!s || !b) return std::unexpected(!s ? s.error() : b.error());
        return models::simt::coalescingEfficiency(*s, *b);
    }));
    out.push_back(fn("bank_ways", "bank_ways(stride_words)", "shared-memory bank conflict degree (1 = none)", 1, 1, [](Args a) -> Result<double> {
        auto s = whole(a, 0, "stride", 1, 4096);
        if (!s) return std::unexpected(s.error());
        return static_cast<double>(models::simt::bankConflictWays(*s));
    }));
    out.push_back(fn("bubble", "bubble(schedule, p, m[, v])", "simulated bubble ÷ (ideal + bubble), F = B = W = 1", 3, 4, [](Args a) -> Result<double> {
        auto r = pipe(a, false, nullptr);
        if (!r) return std::unexpected(r.error());
        return r->bubbleFractionOfTotal;
    }));
    out.push_back(fn("bubble_time", "bubble_time(schedule, p, m[, v])", "simulated bubble in units of F", 3, 4, [](Args a) -> Result<double> {
        auto r = pipe(a, false, nullptr);
        if (!r) return std::unexpected(r.error());
        return r->bubbleTime;
    }));
    out.push_back(fn("bubble_formula", "bubble_formula(schedule, p, m[, v])", "the paper's closed-form bubble ÷ (ideal + bubble)", 3, 4, [](Args a) -> Result<double> {
        double closed = 0;
        auto r = pipe(a, true, &closed);
        if (!r) return std::unexpected(r.error());
        return closed / (r->idealTime + closed);
    }));
    out.push_back(fn("peak_activations", "peak_activations(schedule, p, m[, v])", "most micro-batches' activations a device holds", 3, 4, [](Args a) -> Result<double> {
        auto r = pipe(a, false, nullptr);
        if (!r) return std::unexpected(r.error());
        return *std::max_element(r->peakActivations.begin(), r->peakActivations.end());
    }));
}

} // namespace accelscope::labs::guided::detail
