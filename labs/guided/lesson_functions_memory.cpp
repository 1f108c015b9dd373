// SPDX-License-Identifier: MIT
// Lesson functions over LLM inference and training: parameters, KV cache, time bounds, memory, all-reduce.
#include "labs/guided/lesson_function_support.hpp"

#include "models/system/fabric/collectives.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_model.hpp"

#include <optional>

namespace accelscope::labs::guided::detail {

using models::ErrorCode;
using models::fail;
using models::Result;
namespace roof = models::roofline;
namespace mem = models::memory;

namespace {

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

} // namespace

void addLlmFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    // The serving planner's estimate (models/serving, bundled fit): offline, the dtype for weights
    // and KV cache, the workload defaults' prompt and output tokens unless given (models/system/workload).
    // A layout that does not fit is an error.
    const auto serve = [&ctx](Args a) -> Result<models::serving::ServingEstimate> {
        auto m = model(word(a, 0));
        if (!m) return std::unexpected(m.error());
        auto d = device(ctx, word(a, 1));
        if (!d) return std::unexpected(d.error());
        auto n = whole(a, 2, "devices", 1, 4096);
        if (!n) return std::unexpected(n.error());
        models::serving::ServingRequest r;
        r.weights = r.kvCache = word(a, 3);
        if (a.size() > 4) {
            auto in = whole(a, 4, "prompt tokens", 1, 1 << 20);
            if (!in) return std::unexpected(in.error());
            r.inputTokens = *in;
        }
        if (a.size() > 5) {
            auto o = whole(a, 5, "output tokens", 1, 1 << 20);
            if (!o) return std::unexpected(o.error());
            r.outputTokens = *o;
        }
        auto table = models::serving::bundledEfficiencies();
        if (!table) return std::unexpected(table.error());
        auto sd = models::serving::servingDevice(**d, r, *table);
        if (!sd) return std::unexpected(sd.error());
        return models::serving::estimateServing(*m, *sd, r, *n);
    };
    out.push_back(fn("serve_power_factor", "serve_power_factor()",
                     "system watts per accelerator TDP watt in the serving planner (DGX H100 datasheet: 10.2 kW for 8 x 700 W)", 0, 0,
                     [](Args) -> Result<double> { return models::serving::constants::systemPowerPerTdp; }));
    out.push_back(fn("serve_headroom", "serve_headroom()", "fraction of device memory the serving planner keeps free at run time (0.1)", 0, 0,
                     [](Args) -> Result<double> { return models::serving::constants::runtimeHeadroom; }));
    out.push_back(fn("serve_fits", "serve_fits(model, device, count, dtype)", "1 when the model fits count devices with the runtime headroom, else 0", 4, 4,
                     [serve](Args a) -> Result<double> {
                         auto e = serve(a);
                         if (!e) return std::unexpected(e.error());
                         return e->fits ? 1.0 : 0.0;
                     }));
    out.push_back(fn("serve_tps", "serve_tps(model, device, count, dtype[, prompt, output])", "serving planner output tokens/s (offline, all devices)", 4, 6,
                     [serve](Args a) -> Result<double> {
                         auto e = serve(a);
                         if (!e) return std::unexpected(e.error());
                         if (!e->fits) return fail(ErrorCode::InvalidArgument, models::memory::doesNotFitText(e->needBytesPerDevice - e->headroomBytesPerDevice, e->capacityBytesPerDevice));
                         return e->tokensPerS;
                     }));
    out.push_back(fn("serve_j_per_token", "serve_j_per_token(model, device, count, dtype[, prompt, output])", "serving planner joules per output token (TDP x devices x system overhead / tokens/s)", 4, 6,
                     [serve](Args a) -> Result<double> {
                         auto e = serve(a);
                         if (!e) return std::unexpected(e.error());
                         if (!e->fits || !e->joulesPerToken) return fail(ErrorCode::NotFound, "no TDP or no fit for this layout");
                         return *e->joulesPerToken;
                     }));
    out.push_back(fn("serve_usd_per_mtok", "serve_usd_per_mtok(model, device, count, dtype[, prompt, output])", "serving planner $ per million output tokens", 4, 6,
                     [serve](Args a) -> Result<double> {
                         auto e = serve(a);
                         if (!e) return std::unexpected(e.error());
                         if (!e->fits || !e->usdPerMillionTokens) return fail(ErrorCode::NotFound, "no price or no fit for this layout");
                         return *e->usdPerMillionTokens;
                     }));
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
                         // Unless given: the workload defaults (the InferenceMemoryInput's own).
                         if (a.size() > 3) in.batch = static_cast<int>(num(a, 3, "batch").value_or(in.batch));
                         if (a.size() > 4) in.promptTokens = static_cast<int>(num(a, 4, "prompt").value_or(in.promptTokens));
                         if (a.size() > 5) in.generatedTokens = static_cast<int>(num(a, 5, "gen").value_or(in.generatedTokens));
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
                         namespace sys = accelscope::models::system;
                         return sys::ringCollectiveUs(sys::Collective::AllReduce, *bytes, *n, *bw, 0.0, *lat) * 1e-6;
                     }));
    out.push_back(fn("allreduce_bytes", "allreduce_bytes(bytes, devices)", "bytes each device sends in a ring all-reduce", 2, 2,
                     [](Args a) -> Result<double> {
                         auto bytes = num(a, 0, "bytes");
                         auto n = whole(a, 1, "devices", 1, 1 << 20);
                         if (!bytes || !n) return fail(ErrorCode::InvalidArgument, "allreduce_bytes(bytes, devices)");
                         namespace sys = accelscope::models::system;
                         return sys::ringBytesPerRank(sys::Collective::AllReduce, *n, *bytes);
                     }));
}

} // namespace accelscope::labs::guided::detail
