// SPDX-License-Identifier: MIT
// The roofline chart's kernel vocabulary: names, costs, entries from kernel specs and from kind:size:batch text.
#include "models/roofline/kernel_catalog.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::roofline;

TEST_CASE("a chart kernel costs what models/roofline/kernels says for its shape")
{
    // GEMM M = batch, N = K = size: 2·M·N·K FLOPs, (M·K + K·N + M·N) · 2 bytes in BF16.
    const auto gemmCost = kernelCost({KernelKind::Gemm, 1024, 256, "bf16", true});
    REQUIRE(gemmCost.has_value());
    CHECK(gemmCost->flops == gemm(256, 1024, 1024, 2, 2, 2).flops);
    CHECK(gemmCost->bytes == gemm(256, 1024, 1024, 2, 2, 2).bytes);
    // Decode GEMV with batch 1 is a GEMV of the N × N weights.
    CHECK(kernelCost({KernelKind::DecodeGemv, 4096, 1, "fp8", true})->bytes == gemv(4096, 4096, 1, 1).bytes);
    CHECK_FALSE(kernelCost({KernelKind::Gemm, 16, 16, "fp12", true}).has_value());
}

TEST_CASE("kernel kinds have a display name, a command-line name and size meanings")
{
    for (int i = 0; i <= static_cast<int>(KernelKind::Conv2d); ++i) {
        const auto kind = static_cast<KernelKind>(i);
        CHECK(kernelKindFromName(kernelKindId(kind)) == kind);
        CHECK(kernelKindFromName(kernelKindName(kind)) == kind);
        CHECK(std::string(kernelSizeMeaning(kind)).size() > 0);
        CHECK(std::string(kernelBatchMeaning(kind)).size() > 0);
    }
    CHECK(std::string(kernelKindName(KernelKind::DecodeGemv)) == "decode GEMV");
    CHECK(std::string(kernelBatchMeaning(KernelKind::Gemm)) == "M (tokens)");
    CHECK(kernelLabel({KernelKind::Gemm, 4096, 4096, "bf16", true}) == "GEMM 4096^3 bf16");
    CHECK(kernelLabel({KernelKind::DecodeGemv, 4096, 1, "bf16", true}) == "decode GEMV b=1 4096x4096 bf16");
}

TEST_CASE("kernel specs become chart entries that cost the same, or say why the controls cannot show them")
{
    const auto e = kernelEntryFromSpec("gemm:M=256,N=512,K=512,dtype=fp8");
    REQUIRE(e.has_value());
    CHECK(e->kind == KernelKind::Gemm);
    CHECK(e->batch == 256);
    CHECK(e->size == 512);
    CHECK(e->dtype == "fp8");
    CHECK(kernelCost(*e)->flops == kernelFromSpec("gemm:M=256,N=512,K=512,dtype=fp8")->flops);
    const auto gemvEntry = kernelEntryFromSpec("gemv:M=4096,K=4096");
    REQUIRE(gemvEntry.has_value());
    CHECK(gemvEntry->kind == KernelKind::DecodeGemv);
    const auto notSquare = kernelEntryFromSpec("gemm:M=256,N=512,K=256");
    REQUIRE_FALSE(notSquare.has_value());
    CHECK_THAT(notSquare.error().message, Catch::Contains("cannot show"));
}

TEST_CASE("kind:size:batch[:dtype] text names a chart kernel")
{
    const auto e = parseKernelEntry("decode-gemv:4096:8:fp8");
    REQUIRE(e.has_value());
    CHECK(e->kind == KernelKind::DecodeGemv);
    CHECK(e->size == 4096);
    CHECK(e->batch == 8);
    CHECK(e->dtype == "fp8");
    CHECK(parseKernelEntry("gemm:64:32")->dtype == "bf16");
    CHECK_THAT(parseKernelEntry("gemm:64").error().message, Catch::Contains("kind:size:batch[:dtype]"));
    CHECK_THAT(parseKernelEntry("gemmm:64:64").error().message, Catch::Contains("unknown kind 'gemmm'"));
    CHECK_THAT(parseKernelEntry("gemm:0:64").error().message, Catch::Contains("size must be a positive whole number"));
    CHECK_FALSE(parseKernelEntry("gemm:64:64:fp12").has_value());
}
