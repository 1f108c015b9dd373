// SPDX-License-Identifier: MIT
// The functions lesson text may call: thin adapters from words and numbers to models/ calls.
#include "labs/guided/lesson_context.hpp"

#include "labs/roofline/cpu_roofline_lab.hpp"
#include "models/catalog/device_query.hpp"
#include "models/memory/collectives.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/training_memory.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/distributions.hpp"
#include "models/precision/tensor_quantizer.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/simt/memory_access.hpp"
#include "models/simt/warp_simulator.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;
using Args = std::span<const Value>;
namespace roof = models::roofline;
namespace mem = models::memory;
namespace prec = models::precision;

Result<double> num(Args a, std::size_t i, const char* what)
{
    if (const double* d = std::get_if<double>(&a[i])) return *d;
    return fail(ErrorCode::InvalidArgument, std::string(what) + " must be a number, not '" + std::get<std::string>(a[i]) + "'");
}

Result<int> whole(Args a, std::size_t i, const char* what, int lo, int hi)
{
    auto d = num(a, i, what);
    if (!d) return std::unexpected(d.error());
    if (*d != std::floor(*d) || *d < lo || *d > hi) {
        return fail(ErrorCode::InvalidArgument, std::string(what) + " must be a whole number from " + std::to_string(lo) +
                                                    " to " + std::to_string(hi) + ", not " + valueText(a[i]));
    }
    return static_cast<int>(*d);
}

std::string word(Args a, std::size_t i) { return valueText(a[i]); }

Result<const models::catalog::Device*> device(const LessonContext& ctx, const std::string& id)
{
    for (const auto& d : ctx.devices) {
        if (d.id == id) return &d;
    }
    auto near = models::catalog::findDevice(ctx.devices, id);
    if (near) return fail(ErrorCode::NotFound, "unknown device id '" + id + "' (did you mean '" + (*near)->id + "'?)");
    return fail(ErrorCode::NotFound, "unknown device id '" + id + "': " + near.error().message);
}

Result<roof::TransformerConfig> model(const std::string& id) { return roof::findModelPreset(id); }

Result<double> bytesPerElement(const std::string& name)
{
    if (const auto b = prec::blockFormatFromName(name)) return prec::blockBytesPerElement(prec::blockFormatInfo(*b));
    if (const auto e = prec::formatFromName(name)) return prec::formatInfo(*e).bits / 8.0;
    auto dt = roof::dataTypeFromName(name);
    if (!dt) return std::unexpected(dt.error());
    return dt->bytesPerElement;
}

Result<const prec::FormatInfo*> elementFormat(const std::string& name)
{
    const auto f = prec::formatFromName(name);
    if (!f) return fail(ErrorCode::NotFound, "unknown element format '" + name + "' (fp32, bf16, fp16, fp8-e4m3, fp8-e5m2, fp6-e2m3, fp6-e3m2, fp4-e2m1, e8m0, int8, int4)");
    return &prec::formatInfo(*f);
}

Result<roof::ComputeUnit> unitOf(Args a, std::size_t i)
{
    if (a.size() <= i) return roof::ComputeUnit::Tensor;
    const std::string u = word(a, i);
    if (u == "tensor") return roof::ComputeUnit::Tensor;
    if (u == "vector") return roof::ComputeUnit::Vector;
    return fail(ErrorCode::InvalidArgument, "unit must be tensor or vector, not '" + u + "'");
}

Result<roof::ComputeCeiling> ceiling(const LessonContext& ctx, Args a)
{
    auto d = device(ctx, word(a, 0));
    if (!d) return std::unexpected(d.error());
    auto unit = unitOf(a, 2);
    if (!unit) return std::unexpected(unit.error());
    return roof::computeCeiling(**d, word(a, 1), *unit);
}

Result<double> memoryBandwidth(const LessonContext& ctx, const std::string& id)
{
    auto d = device(ctx, id);
    if (!d) return std::unexpected(d.error());
    auto bw = roof::deviceMemoryCeiling(**d);
    if (!bw) return std::unexpected(bw.error());
    return bw->bandwidthGBps;
}

Result<double> ridge(const LessonContext& ctx, Args a)
{
    auto c = ceiling(ctx, a);
    if (!c) return std::unexpected(c.error());
    auto bw = memoryBandwidth(ctx, word(a, 0));
    if (!bw) return std::unexpected(bw.error());
    return roof::ridgeFlopPerByte(c->peakTflops, *bw);
}

/// The LLM analysis of a preset on a device: args (model, device, batch, prompt, …) and the format at `dtypeIndex`.
Result<roof::LlmAnalysis> llm(const LessonContext& ctx, Args a, int gen, std::size_t dtypeIndex)
{
    auto m = model(word(a, 0));
    if (!m) return std::unexpected(m.error());
    auto d = device(ctx, word(a, 1));
    if (!d) return std::unexpected(d.error());
    auto batch = whole(a, 2, "batch", 1, 1 << 20);
    auto prompt = whole(a, 3, "prompt tokens", 1, 1 << 24);
    if (!batch || !prompt) return std::unexpected(!batch ? batch.error() : prompt.error());
    roof::LlmWorkload w;
    w.batch = *batch;
    w.promptTokens = *prompt;
    w.generatedTokens = gen;
    if (a.size() > dtypeIndex) w.weights = w.activations = w.kvCache = word(a, dtypeIndex);
    auto type = roof::dataTypeFromName(w.weights);
    if (!type) return std::unexpected(type.error());
    auto hw = roof::llmHardware(**d, type->computePrecision);
    if (!hw) return std::unexpected(hw.error());
    return roof::analyzeLlm(*m, w, *hw);
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
    if (!schedule) return fail(ErrorCode::NotFound, "unknown schedule '" + word(a, 0) + "' (gpipe, 1f1b, interleaved, zb-h1, zb-h2)");
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

Result<const mem::PyramidLevel*> pyramidLevel(const mem::MemoryPyramid& pyramid, const std::string& level)
{
    for (const auto& l : pyramid.levels) {
        if (roof::memoryLevelName(l.level) == level) return &l;
    }
    return fail(ErrorCode::NotFound, "no level '" + level + "' in the pyramid of " + pyramid.subject);
}

Result<double> known(const mem::SourcedValue& v, const std::string& what)
{
    if (!v.value) return fail(ErrorCode::NotFound, what + " is unknown (" + v.source + ")");
    return *v.value;
}

template <typename F>
FunctionSpec fn(std::string name, std::string signature, std::string description, int minArgs, int maxArgs, F body)
{
    return FunctionSpec{std::move(name), std::move(signature), std::move(description), minArgs, maxArgs,
                        [body](Args a) -> Result<Value> {
                            auto r = body(a);
                            if (!r) return std::unexpected(r.error());
                            return Value{*r};
                        }};
}

Result<double> math(Args a, double (*f)(double))
{
    auto x = num(a, 0, "x");
    if (!x) return x;
    return f(*x);
}

void addCatalogFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    out.push_back(fn("figure", "figure(device, key)", "a catalog figure in its canonical unit (memory_bw_gbs: GB/s)", 2, 2,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto key = models::catalog::figureFromJsonKey(word(a, 1));
                         if (!key) return fail(ErrorCode::NotFound, "unknown figure key '" + word(a, 1) + "'");
                         const auto v = (*d)->value(*key);
                         if (!v) return fail(ErrorCode::NotFound, word(a, 0) + " has no " + word(a, 1) + " figure");
                         return *v;
                     }));
    out.push_back(fn("peak", "peak(device, precision[, tensor|vector])", "dense peak TFLOP/s (roofline::computeCeiling)", 2, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a);
                         if (!c) return std::unexpected(c.error());
                         return c->peakTflops;
                     }));
    out.push_back(fn("bandwidth", "bandwidth(device)", "device-memory GB/s (roofline::deviceMemoryCeiling)", 1, 1,
                     [&ctx](Args a) { return memoryBandwidth(ctx, word(a, 0)); }));
    out.push_back(fn("ridge", "ridge(device, precision[, tensor|vector])", "ridge point, FLOP/byte", 2, 3,
                     [&ctx](Args a) { return ridge(ctx, a); }));
    out.push_back(fn("attainable", "attainable(device, precision, intensity)", "min(peak, bandwidth × intensity), TFLOP/s", 3, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a.first(2));
                         auto bw = memoryBandwidth(ctx, word(a, 0));
                         auto x = num(a, 2, "intensity");
                         if (!c || !bw || !x) return fail(ErrorCode::InvalidArgument, !c ? c.error().message : !bw ? bw.error().message : x.error().message);
                         return roof::attainableTflops(c->peakTflops, *bw, *x);
                     }));
    out.push_back(fn("host_link", "host_link(device)", "host link GB/s per direction (PCIe or C2C)", 1, 1,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto c = roof::hostLinkCeiling(**d);
                         if (!c) return fail(ErrorCode::NotFound, word(a, 0) + " has no known host link bandwidth");
                         return c->bandwidthGBps;
                     }));
    out.push_back(fn("scale_up", "scale_up(device)", "scale-up link GB/s per direction (interconnect_gbs / 2)", 1, 1,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto c = roof::scaleUpCeiling(**d);
                         if (!c) return fail(ErrorCode::NotFound, word(a, 0) + " has no scale-up link figure");
                         return c->bandwidthGBps;
                     }));
    out.push_back(fn("level_bw", "level_bw(device, level)", "memory pyramid bandwidth of a level (registers, shared_l1, l2, device_memory, host_link, scale_up), GB/s", 2, 2,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto pyramid = mem::devicePyramid(**d);
                         auto l = pyramidLevel(pyramid, word(a, 1));
                         if (!l) return std::unexpected(l.error());
                         return known((*l)->bandwidthGBps, word(a, 0) + " " + word(a, 1) + " bandwidth");
                     }));
    out.push_back(fn("level_capacity", "level_capacity(device, level)", "memory pyramid capacity of a level, bytes (its scope: per SM, per device)", 2, 2,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto pyramid = mem::devicePyramid(**d);
                         auto l = pyramidLevel(pyramid, word(a, 1));
                         if (!l) return std::unexpected(l.error());
                         return known((*l)->capacityBytes, word(a, 0) + " " + word(a, 1) + " capacity");
                     }));
}

void addKernelFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    const auto cost = [](Args a) { return roof::kernelFromSpec(word(a, 0)); };
    out.push_back(fn("intensity", "intensity(\"kernel spec\")", "FLOP/byte of a kernel (roofline::kernelFromSpec)", 1, 1,
                     [cost](Args a) -> Result<double> {
                         auto k = cost(a);
                         if (!k) return std::unexpected(k.error());
                         return k->flops / k->bytes;
                     }));
    out.push_back(fn("kernel_flops", "kernel_flops(\"kernel spec\")", "FLOPs of a kernel", 1, 1, [cost](Args a) -> Result<double> {
        auto k = cost(a);
        if (!k) return std::unexpected(k.error());
        return k->flops;
    }));
    out.push_back(fn("kernel_bytes", "kernel_bytes(\"kernel spec\")", "device-memory bytes of a kernel", 1, 1, [cost](Args a) -> Result<double> {
        auto k = cost(a);
        if (!k) return std::unexpected(k.error());
        return k->bytes;
    }));
    out.push_back(fn("kernel_time", "kernel_time(device, precision, \"kernel spec\")", "roofline lower bound, seconds", 3, 3,
                     [&ctx, cost](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a.first(2));
                         if (!c) return std::unexpected(c.error());
                         auto bw = memoryBandwidth(ctx, word(a, 0));
                         if (!bw) return std::unexpected(bw.error());
                         auto k = cost(a.subspan(2));
                         if (!k) return std::unexpected(k.error());
                         return roof::boundOn(*k, c->peakTflops, *bw).timeS;
                     }));
    out.push_back(fn("gemm_ridge_size", "gemm_ridge_size(device, precision[, dtype])",
                     "smallest square GEMM size N (M = N = K) whose intensity reaches the ridge point", 2, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto r = ridge(ctx, a.first(2));
                         if (!r) return r;
                         auto b = bytesPerElement(a.size() > 2 ? word(a, 2) : "bf16");
                         if (!b) return b;
                         for (double n = 1; n <= 1 << 20; ++n) {
                             const auto k = roof::gemm(n, n, n, *b, *b, *b);
                             if (k.flops / k.bytes >= *r) return n;
                         }
                         return fail(ErrorCode::NotFound, "no square GEMM up to 2^20 reaches the ridge");
                     }));
}

void addLlmFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    out.push_back(fn("params", "params(model)", "parameters of a model preset (elements)", 1, 1, [](Args a) -> Result<double> {
        auto m = model(word(a, 0));
        if (!m) return std::unexpected(m.error());
        return roof::countParameters(*m).total;
    }));
    out.push_back(fn("active_params", "active_params(model)", "parameters one token passes through (MoE: top-k)", 1, 1, [](Args a) -> Result<double> {
        auto m = model(word(a, 0));
        if (!m) return std::unexpected(m.error());
        return roof::countParameters(*m).activePerToken;
    }));
    out.push_back(fn("kv_bytes_per_token", "kv_bytes_per_token(model, dtype)", "KV-cache bytes of one token, all layers", 2, 2,
                     [](Args a) -> Result<double> {
                         auto m = model(word(a, 0));
                         auto b = bytesPerElement(word(a, 1));
                         if (!m) return std::unexpected(m.error());
                         if (!b) return b;
                         return roof::kvElementsPerToken(*m) * *b;
                     }));
    out.push_back(fn("kv_cache_bytes", "kv_cache_bytes(model, dtype, batch, tokens)", "KV cache of a batch, bytes (window-capped)", 4, 4,
                     [](Args a) -> Result<double> {
                         auto m = model(word(a, 0));
                         auto b = bytesPerElement(word(a, 1));
                         auto batch = num(a, 2, "batch");
                         auto tokens = num(a, 3, "tokens");
                         if (!m) return std::unexpected(m.error());
                         if (!b || !batch || !tokens) return fail(ErrorCode::InvalidArgument, "kv_cache_bytes(model, dtype, batch, tokens)");
                         return *batch * roof::cachedTokens(*m, *tokens) * roof::kvElementsPerToken(*m) * *b;
                     }));
    out.push_back(fn("weight_bytes", "weight_bytes(model, dtype)", "bytes of all weights in a format (scales included)", 2, 2,
                     [](Args a) -> Result<double> {
                         auto m = model(word(a, 0));
                         auto b = bytesPerElement(word(a, 1));
                         if (!m) return std::unexpected(m.error());
                         if (!b) return b;
                         return roof::countParameters(*m).total * *b;
                     }));
    out.push_back(fn("ttft", "ttft(model, device, batch, prompt[, dtype])", "time to first token lower bound, s", 4, 5,
                     [&ctx](Args a) -> Result<double> {
                         auto r = llm(ctx, a, 1, 4);
                         if (!r) return std::unexpected(r.error());
                         return r->ttftS;
                     }));
    out.push_back(fn("tpot", "tpot(model, device, batch, prompt, gen[, dtype])", "time per output token lower bound, s", 5, 6,
                     [&ctx](Args a) -> Result<double> {
                         auto gen = whole(a, 4, "generated tokens", 1, 1 << 20);
                         if (!gen) return std::unexpected(gen.error());
                         auto r = llm(ctx, a, *gen, 5);
                         if (!r) return std::unexpected(r.error());
                         return r->tpotS;
                     }));
    out.push_back(fn("prefill_intensity", "prefill_intensity(model, device, batch, prompt[, dtype])", "prefill FLOP/byte", 4, 5,
                     [&ctx](Args a) -> Result<double> {
                         auto r = llm(ctx, a, 1, 4);
                         if (!r) return std::unexpected(r.error());
                         return r->prefill.flops / r->prefill.bytes;
                     }));
    out.push_back(fn("decode_intensity", "decode_intensity(model, device, batch, prompt, gen[, dtype])", "one decode step's FLOP/byte", 5, 6,
                     [&ctx](Args a) -> Result<double> {
                         auto gen = whole(a, 4, "generated tokens", 1, 1 << 20);
                         if (!gen) return std::unexpected(gen.error());
                         auto r = llm(ctx, a, *gen, 5);
                         if (!r) return std::unexpected(r.error());
                         return r->decode.flops / r->decode.bytes;
                     }));
    out.push_back(fn("decode_bound_batch", "decode_bound_batch(model, device, prompt, gen[, dtype])",
                     "smallest batch whose decode step is compute bound", 4, 5, [&ctx](Args a) -> Result<double> {
                         std::vector<Value> args{a[0], a[1], Value{1.0}, a[2], a[3]};
                         if (a.size() > 4) args.push_back(a[4]);
                         auto gen = whole(a, 3, "generated tokens", 1, 1 << 20);
                         if (!gen) return std::unexpected(gen.error());
                         auto r = llm(ctx, args, *gen, 5);
                         if (!r) return std::unexpected(r.error());
                         if (!r->decodeComputeBoundBatch) return fail(ErrorCode::NotFound, "decode never becomes compute bound");
                         return static_cast<double>(*r->decodeComputeBoundBatch);
                     }));
    out.push_back(fn("infer_bytes", "infer_bytes(model, dtype, batch, prompt, gen[, tp])", "inference memory per device, bytes", 5, 6,
                     [](Args a) -> Result<double> {
                         auto m = model(word(a, 0));
                         if (!m) return std::unexpected(m.error());
                         mem::InferenceMemoryInput in;
                         in.weights = in.activations = in.kvCache = word(a, 1);
                         auto batch = whole(a, 2, "batch", 1, 1 << 20);
                         auto prompt = whole(a, 3, "prompt", 1, 1 << 24);
                         auto gen = whole(a, 4, "gen", 0, 1 << 24);
                         auto tp = a.size() > 5 ? whole(a, 5, "tp", 1, 1024) : Result<int>(1);
                         if (!batch || !prompt || !gen || !tp) return fail(ErrorCode::InvalidArgument, "infer_bytes: bad batch, prompt, gen or tp");
                         in.batch = *batch;
                         in.promptTokens = *prompt;
                         in.generatedTokens = *gen;
                         in.tensorParallel = *tp;
                         auto r = mem::inferenceMemory(*m, in);
                         if (!r) return std::unexpected(r.error());
                         return r->totalBytes;
                     }));
    out.push_back(fn("fit_devices", "fit_devices(model, dtype, device[, batch, prompt, gen])",
                     "fewest devices (tensor parallel) whose memory holds the inference", 3, 6, [&ctx](Args a) -> Result<double> {
                         auto m = model(word(a, 0));
                         if (!m) return std::unexpected(m.error());
                         auto d = device(ctx, word(a, 2));
                         if (!d) return std::unexpected(d.error());
                         mem::InferenceMemoryInput in;
                         in.weights = in.activations = in.kvCache = word(a, 1);
                         in.batch = a.size() > 3 ? static_cast<int>(num(a, 3, "batch").value_or(1)) : 1;
                         in.promptTokens = a.size() > 4 ? static_cast<int>(num(a, 4, "prompt").value_or(1024)) : 1024;
                         in.generatedTokens = a.size() > 5 ? static_cast<int>(num(a, 5, "gen").value_or(256)) : 256;
                         const std::vector<models::catalog::Device> one{**d};
                         const auto fits = mem::fewestDevices(one, [&](int n) -> std::optional<double> {
                             auto c = in;
                             c.tensorParallel = n;
                             auto r = mem::inferenceMemory(*m, c);
                             return r ? std::optional<double>(r->totalBytes) : std::nullopt;
                         });
                         if (fits.empty() || !fits[0].devices) return fail(ErrorCode::NotFound, "does not fit on 64 devices");
                         return static_cast<double>(*fits[0].devices);
                     }));
}

Result<mem::TrainingMemory> training(Args a, bool withModel)
{
    mem::TrainingInput in;
    if (withModel) {
        auto m = model(word(a, 0));
        if (!m) return std::unexpected(m.error());
        in.model = *m;
    } else {
        auto p = num(a, 0, "parameters");
        if (!p) return std::unexpected(p.error());
        in.parameters = *p;
    }
    auto dp = whole(a, 1, "dp", 1, 1 << 20);
    auto zero = whole(a, 2, "zero stage", 0, 3);
    if (!dp || !zero) return std::unexpected(!dp ? dp.error() : zero.error());
    in.dataParallel = *dp;
    in.zeroStage = *zero;
    if (withModel) {
        auto tp = whole(a, 3, "tp", 1, 1024);
        auto pp = whole(a, 4, "pp", 1, 1024);
        auto mbs = whole(a, 6, "micro-batch", 1, 4096);
        auto seq = whole(a, 7, "sequence", 1, 1 << 24);
        const auto rc = mem::recomputeFromName(word(a, 5));
        if (!tp || !pp || !mbs || !seq || !rc) return fail(ErrorCode::InvalidArgument, "train_bytes: bad tp, pp, recompute (none|selective|full), mbs or seq");
        in.tensorParallel = *tp;
        in.pipelineParallel = *pp;
        in.recompute = *rc;
        in.microBatch = *mbs;
        in.sequence = *seq;
    }
    return mem::trainingMemory(in);
}

void addTrainingFunctions(std::vector<FunctionSpec>& out)
{
    out.push_back(fn("zero_bytes", "zero_bytes(parameters, dp, stage)", "model-state bytes per device with mixed-precision Adam (ZeRO, K = 12)", 3, 3,
                     [](Args a) -> Result<double> {
                         auto r = training(a, false);
                         if (!r) return std::unexpected(r.error());
                         return r->totalBytes;
                     }));
    out.push_back(fn("train_bytes", "train_bytes(model, dp, zero, tp, pp, recompute, mbs, seq)", "training memory per device, bytes", 8, 8,
                     [](Args a) -> Result<double> {
                         auto r = training(a, true);
                         if (!r) return std::unexpected(r.error());
                         return r->totalBytes;
                     }));
    out.push_back(fn("train_activation_bytes", "train_activation_bytes(model, dp, zero, tp, pp, recompute, mbs, seq)",
                     "activation bytes per device (Korthikanti et al. 2022)", 8, 8, [](Args a) -> Result<double> {
                         auto r = training(a, true);
                         if (!r) return std::unexpected(r.error());
                         return r->activationsBytes;
                     }));
    out.push_back(fn("allreduce_time", "allreduce_time(bytes, devices, GB/s[, latency_us])", "ring all-reduce seconds (alpha-beta)", 3, 4,
                     [](Args a) -> Result<double> {
                         auto bytes = num(a, 0, "bytes");
                         auto n = whole(a, 1, "devices", 1, 1 << 20);
                         auto bw = num(a, 2, "bandwidth");
                         auto lat = a.size() > 3 ? num(a, 3, "latency") : Result<double>(0.0);
                         if (!bytes || !n || !bw || !lat || *bw <= 0) return fail(ErrorCode::InvalidArgument, "allreduce_time(bytes, devices, GB/s > 0[, latency_us])");
                         return mem::ringAllReduceTimeS(*bytes, *n, *bw, *lat);
                     }));
    out.push_back(fn("allreduce_bytes", "allreduce_bytes(bytes, devices)", "bytes each device sends in a ring all-reduce", 2, 2,
                     [](Args a) -> Result<double> {
                         auto bytes = num(a, 0, "bytes");
                         auto n = whole(a, 1, "devices", 1, 1 << 20);
                         if (!bytes || !n) return fail(ErrorCode::InvalidArgument, "allreduce_bytes(bytes, devices)");
                         return mem::ringAllReduceBytesPerDevice(*bytes, *n);
                     }));
}

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

void addMathFunctions(std::vector<FunctionSpec>& out)
{
    out.push_back(fn("cpu_lab_intensity", "cpu_lab_intensity(fmas)", "FLOP/byte of the cpu-roofline lab's kernel with k multiply-adds per float", 1, 1,
                     [](Args a) -> Result<double> {
                         auto k = whole(a, 0, "fmas", 0, 1 << 20);
                         if (!k) return std::unexpected(k.error());
                         return labs::roofline::intensityFlopPerByte(*k);
                     }));
    out.push_back(fn("min", "min(a, b)", "smaller", 2, 2, [](Args a) -> Result<double> {
        auto x = num(a, 0, "a");
        auto y = num(a, 1, "b");
        if (!x || !y) return fail(ErrorCode::InvalidArgument, "min of numbers");
        return std::min(*x, *y);
    }));
    out.push_back(fn("max", "max(a, b)", "larger", 2, 2, [](Args a) -> Result<double> {
        auto x = num(a, 0, "a");
        auto y = num(a, 1, "b");
        if (!x || !y) return fail(ErrorCode::InvalidArgument, "max of numbers");
        return std::max(*x, *y);
    }));
    out.push_back(fn("ceil", "ceil(x)", "round up", 1, 1, [](Args a) { return math(a, [](double x) { return std::ceil(x); }); }));
    out.push_back(fn("floor", "floor(x)", "round down", 1, 1, [](Args a) { return math(a, [](double x) { return std::floor(x); }); }));
    out.push_back(fn("round", "round(x)", "nearest whole", 1, 1, [](Args a) { return math(a, [](double x) { return std::round(x); }); }));
    out.push_back(fn("log2", "log2(x)", "base-2 logarithm", 1, 1, [](Args a) { return math(a, [](double x) { return std::log2(x); }); }));
    out.push_back(fn("log10", "log10(x)", "base-10 logarithm", 1, 1, [](Args a) { return math(a, [](double x) { return std::log10(x); }); }));
    out.push_back(fn("sqrt", "sqrt(x)", "square root", 1, 1, [](Args a) { return math(a, [](double x) { return std::sqrt(x); }); }));
}

} // namespace

std::vector<FunctionSpec> lessonFunctions(const LessonContext& context)
{
    std::vector<FunctionSpec> out;
    addCatalogFunctions(out, context);
    addKernelFunctions(out, context);
    addLlmFunctions(out, context);
    addTrainingFunctions(out);
    addPrecisionFunctions(out);
    addSimulatorFunctions(out);
    addMathFunctions(out);
    return out;
}

Evaluator lessonEvaluator(const LessonContext& context) { return Evaluator(lessonFunctions(context)); }

} // namespace accelscope::labs::guided
