// SPDX-License-Identifier: MIT
// Presets, parameter counts, KV cache and the LLM roofline analysis.
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"
#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::roofline;
using Catch::Matchers::WithinRel;
using accelscope::tests::preset;

namespace {

LlmHardware roundHardware() { return *llmHardware(accelscope::tests::roundDevice(), "bf16"); }

} // namespace

TEST_CASE("every bundled preset parses, validates and names its source")
{
    const auto presets = modelPresets();
    REQUIRE(presets.has_value());
    CHECK(presets->size() == 11);
    for (const auto& c : *presets) {
        CHECK(validateConfig(c).has_value());
        CHECK_THAT(c.sourceUrl, Catch::StartsWith("https://"));
    }
    CHECK_FALSE(findModelPreset("llama9-1t").has_value());
    CHECK_THAT(findModelPreset("llama9-1t").error().message, Catch::Contains("llama2-7b"));
}

TEST_CASE("parameter counts match the published model sizes")
{
    struct Row {
        const char* id;
        double params;
    };
    // Hand-derived from config.json and equal to the Hugging Face model cards' counts:
    // Llama 2 7B: 2·32000·4096 + 32·(4·4096² + 3·4096·11008 + 2·4096) + 4096 = 6738415616.
    // Llama 3.1 8B: 2·128256·4096 + 32·(2·4096² + 2·4096·1024 + 3·4096·14336 + 8192) + 4096 = 8030261248.
    // Mixtral 8x7B: 2·32000·4096 + 32·(41943040 + 8·3·4096·14336 + 4096·8 + 8192) + 4096 = 46702792704.
    const auto row = GENERATE(Row{"llama2-7b", 6738415616.0}, Row{"llama3.1-8b", 8030261248.0},
                              Row{"mixtral-8x7b", 46702792704.0});
    CHECK(countParameters(preset(row.id)).total == row.params);
}

TEST_CASE("DeepSeek-V3 counts 671B parameters with MLA and 256 experts, 37B active")
{
    // DeepSeek-V3 technical report (arXiv 2412.19437), abstract: 671B total, 37B activated per token.
    const auto p = countParameters(preset("deepseek-v3"));
    CHECK_THAT(p.total, WithinRel(671e9, 0.001));
    CHECK_THAT(p.activePerToken, WithinRel(37e9, 0.03));
}

TEST_CASE("the Megatron SC21 parameter formula matches a GPT-style count")
{
    // Narayanan et al. SC21 §5.1: P = 12lh²(1 + 13/(12h) + (V + s)/(12lh)); our count adds the
    // final LayerNorm (2h), which the formula leaves out. GPT-3 175B with the padded V = 51200.
    auto c = preset("gpt3-175b");
    c.vocab = 51200;
    const double formula = megatronParameterCount(96, 12288, 51200, 2048);
    // Exactly: 12lh² + 13lh + (V + s)h + 2h = 174615846912.
    CHECK(countParameters(c).total == 12.0 * 96 * 12288 * 12288 + 13.0 * 96 * 12288 + (51200.0 + 2048) * 12288 + 2 * 12288);
    CHECK_THAT(countParameters(c).total, WithinRel(formula + 2 * 12288, 1e-14));
    CHECK_THAT(formula, WithinRel(174.6e9, 0.001));
}

TEST_CASE("KV cache per token: Llama 2 70B at FP16 is 327680 bytes, MLA caches the latent")
{
    // 2 (K, V) · 80 layers · 8 KV heads · 128 dims · 2 bytes = 327680.
    CHECK(kvElementsPerToken(preset("llama2-70b")) * 2 == 327680.0);
    // DeepSeek-V3: 61 layers · (512 latent + 64 RoPE key) = 35136 elements.
    CHECK(kvElementsPerToken(preset("deepseek-v3")) == 35136.0);
    // Mistral 7B caps the cache at its 4096-token window.
    CHECK(cachedTokens(preset("mistral-7b"), 10000) == 4096.0);
}

TEST_CASE("decode at batch 1 is bound by reading the weights once per token")
{
    LlmWorkload w;
    w.promptTokens = 16;
    w.generatedTokens = 1;
    const auto a = analyzeLlm(preset("llama2-7b"), w, roundHardware());
    REQUIRE(a.has_value());
    // Every weight is read once per step except the input embedding table (only one row per token):
    // (6738415616 − 32000·4096) · 2 bytes / 2000 GB/s = 6.607 ms.
    const double weightTime = (a->weightBytes - 32000.0 * 4096 * 2) / 2000e9;
    CHECK(a->tpotS >= weightTime);
    CHECK_THAT(a->tpotS, WithinRel(weightTime, 0.01));
    CHECK(a->kvCacheBytes == 17 * kvElementsPerToken(preset("llama2-7b")) * 2);
    CHECK_THAT(a->tokensPerS, WithinRel(1.0 / a->tpotS, 1e-12));
    for (const auto& op : a->decode.ops) {
        if (op.name == "ffn_gate_up") CHECK(op.bound.bound == Bound::Memory);
    }
    // Prefill of 16 tokens is memory bound too; ttft is at least one pass over the weights.
    CHECK(a->ttftS >= weightTime);
}

TEST_CASE("decode turns compute bound above the ridge point when the KV cache is small")
{
    // The GEMMs' intensity is ≈ batch FLOP/byte (2 FLOPs and 2 bytes per weight), so the balance
    // cannot come before the ridge point of 500. Unfused norms, residual adds and the SwiGLU move
    // activations without FLOPs (at batch 500 they add about 60% of the weight traffic), which
    // moves it up; it stays below twice the ridge point.
    LlmWorkload w;
    w.promptTokens = 1;
    w.generatedTokens = 1;
    const auto a = analyzeLlm(preset("llama2-7b"), w, roundHardware());
    REQUIRE(a.has_value());
    REQUIRE(a->decodeComputeBoundBatch.has_value());
    CHECK(*a->decodeComputeBoundBatch >= 500);
    CHECK(*a->decodeComputeBoundBatch <= 1000);
}

TEST_CASE("decode attends the mean KV length, capped by a sliding window")
{
    LlmWorkload w;
    w.promptTokens = 4000;
    w.generatedTokens = 200;
    // Unwindowed: steps attend 4001 … 4200 tokens, mean 4100.5.
    CHECK(analyzeLlm(preset("llama2-7b"), w, roundHardware())->decodeContextTokens == 4100.5);
    // Mistral's 4096 window: 96 steps attend 4001 … 4096 (sum 388656), 104 attend 4096 (425984).
    CHECK_THAT(analyzeLlm(preset("mistral-7b"), w, roundHardware())->decodeContextTokens,
               WithinRel((388656.0 + 425984.0) / 200, 1e-12));
}

TEST_CASE("MoE decode at batch 1 reads only the routed experts")
{
    LlmWorkload w;
    w.promptTokens = 1;
    w.generatedTokens = 1;
    const auto a = analyzeLlm(preset("mixtral-8x7b"), w, roundHardware());
    REQUIRE(a.has_value());
    for (const auto& op : a->decode.ops) {
        if (op.name != "experts_gate_up") continue;
        // top-2 of 8 experts: 2 · 4096 · 2 · 14336 weights at 2 bytes, + activations.
        CHECK(op.cost.bytes == 2 * 4096.0 * 2 * 14336 * 2 + 2 * 4096.0 * 2 + 2 * 2 * 14336.0 * 2);
    }
}

TEST_CASE("tensor parallelism divides weights and adds ring all-reduce time")
{
    LlmWorkload w;
    w.tensorParallel = 8;
    const auto c = preset("llama2-70b");
    const auto a = analyzeLlm(c, w, roundHardware());
    REQUIRE(a.has_value());
    CHECK(a->weightBytesPerDevice < a->weightBytes / 7.9);
    CHECK(a->weightBytesPerDevice > a->weightBytes / 8);
    // Decode all-reduce: n = 1·8192·2 bytes, β = 200 GB/s per direction, α = 0:
    // 2·(7/8)·16384 / 200e9 per all-reduce, 2 per layer, 80 layers.
    CHECK_THAT(a->decode.commTimeS, WithinRel(160 * 2 * 7.0 / 8 * 16384 / 200e9, 1e-9));
}

TEST_CASE("a layout that does not divide the model is a clear error")
{
    const auto c = preset("llama2-70b");
    CHECK(validateTensorParallel(c, 3).error().message == "heads 64 not divisible by tp 3");
    LlmWorkload w;
    w.tensorParallel = 3;
    CHECK_FALSE(analyzeLlm(c, w, roundHardware()).has_value());
    w.tensorParallel = 1;
    w.batch = 0;
    CHECK(analyzeLlm(c, w, roundHardware()).error().message == "batch must be positive, got 0");
    w.batch = 1;
    w.weights = "fp12";
    CHECK_THAT(analyzeLlm(c, w, roundHardware()).error().message, Catch::StartsWith("weights: unknown data type 'fp12'"));
    LlmHardware noLink = roundHardware();
    noLink.linkBandwidthGBps = 0;
    w.weights = "bf16";
    w.tensorParallel = 2;
    CHECK_THAT(analyzeLlm(c, w, noLink).error().message, Catch::Contains("no interconnect_gbs figure"));
}

TEST_CASE("model files give file:line:field errors")
{
    const std::string text = "{\n  \"id\": \"mine\",\n  \"layers\": 2,\n  \"hidden\": 64,\n  \"heads\": 6,\n"
                             "  \"kv_heads\": 4,\n  \"ffn\": 128,\n  \"vocab\": 100\n}\n";
    const auto r = parseModelConfigs(text, "mine.json");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message == "mine.json:5: heads: heads 6 not divisible by kv_heads 4");
    const auto typo = parseModelConfigs("{\n  \"id\": \"x\",\n  \"layerz\": 2\n}\n", "typo.json");
    CHECK(typo.error().message == "typo.json:3: layerz: unknown key");
    const auto neg = parseModelConfigs("{\"id\": \"x\", \"layers\": -2, \"hidden\": 1, \"heads\": 1, \"ffn\": 1, \"vocab\": 1}", "neg.json");
    CHECK_THAT(neg.error().message, Catch::StartsWith("neg.json:1: layers: must be a whole number"));
    const auto ok = parseModelConfigs("{\"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"ffn\": 128, \"vocab\": 100}", "t.json");
    REQUIRE(ok.has_value());
    CHECK(ok->front().headDim == 16);
    CHECK(ok->front().kvHeads == 4);
}
