// SPDX-License-Identifier: MIT
// Ceilings, ridge points and the kernel library: hand-derived counts and the H100 ridge point.
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace accelscope::models::roofline;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinRel;

TEST_CASE("ridge point is peak compute over bandwidth")
{
    // 1000 TFLOP/s / 2000 GB/s = 10^15 / (2·10^12) = 500 FLOP/byte.
    CHECK_THAT(ridgeFlopPerByte(1000, 2000), WithinRel(500.0, 1e-12));
    CHECK_THAT(attainableTflops(1000, 2000, 100), WithinRel(200.0, 1e-12));
    CHECK_THAT(attainableTflops(1000, 2000, 1000), WithinRel(1000.0, 1e-12));
}

TEST_CASE("the H100 SXM BF16 dense ridge point is about 295 FLOP per byte")
{
    // NVIDIA H100 page: BF16 1979 TFLOPS with sparsity → 989.5 dense; 3.35 TB/s.
    // 989.5 × 1000 / 3350 = 295.4 FLOP/byte (often quoted as "~295" for H100 SXM BF16).
    const auto h100 = accelscope::tests::bundledDevice("nvidia-h100-sxm");
    const auto compute = computeCeiling(h100, "bf16");
    REQUIRE(compute.has_value());
    const auto memory = deviceMemoryCeiling(h100);
    REQUIRE(memory.has_value());
    CHECK_THAT(ridgeFlopPerByte(compute->peakTflops, memory->bandwidthGBps), WithinRel(295.37, 1e-3));
    CHECK(compute->derivedInCatalog);
}

TEST_CASE("tensor and vector roofs are separate, dense by default and sparse on request")
{
    const auto d = roundDevice();
    const auto dense = deviceRoofline(d);
    REQUIRE(dense.compute.size() == 2);
    CHECK(dense.compute[0].figureKey == "fp32_tflops");
    CHECK(dense.compute[0].unit == ComputeUnit::Vector);
    CHECK(dense.compute[1].figureKey == "bf16_tflops_dense");
    CHECK(deviceRoofline(d, true).compute.size() == 3);
    const auto sparse = computeCeiling(d, "bf16", ComputeUnit::Tensor, Sparsity::Sparse);
    REQUIRE(sparse.has_value());
    CHECK(sparse->peakTflops == 2000);
}

TEST_CASE("a precision the device has no figure for is an error naming figure and alternatives")
{
    const auto d = roundDevice();
    const auto fp8 = computeCeiling(d, "fp8");
    REQUIRE_FALSE(fp8.has_value());
    CHECK_THAT(fp8.error().message, Catch::Contains("no fp8 tensor dense figure (fp8_tflops_dense)"));
    CHECK_THAT(fp8.error().message, Catch::Contains("bf16 tensor"));
    CHECK_FALSE(computeCeiling(d, "fp12").has_value());
}

TEST_CASE("bandwidth roofs: device memory, PCIe from the spec rates, scale-up per direction")
{
    const auto roof = deviceRoofline(roundDevice());
    REQUIRE(roof.bandwidth.size() == 3);
    CHECK(roof.bandwidth[0].bandwidthGBps == 2000);
    // PCIe 5.0: 32 GT/s × 128/130 / 8 = 3.938 GB/s per lane and direction; × 16 = 63.02 GB/s.
    CHECK_THAT(roof.bandwidth[1].bandwidthGBps, WithinRel(63.0154, 1e-5));
    CHECK(roof.bandwidth[1].basis == Basis::Derived);
    CHECK(roof.bandwidth[2].bandwidthGBps == 200);
}

TEST_CASE("GEMM counts: minimal traffic and the naive no-reuse variant")
{
    // 4096³ BF16: 2·4096³ = 137438953472 FLOPs; A, B, C once: 3·4096²·2 = 100663296 bytes.
    const auto g = gemm(4096, 4096, 4096, 2, 2, 2);
    CHECK(g.flops == 137438953472.0);
    CHECK(g.bytes == 100663296.0);
    // Naive: 2·M·N·K·2 + M·N·2 bytes = 274877906944 + 33554432.
    CHECK(gemmNaive(4096, 4096, 4096, 2, 2).bytes == 274877906944.0 + 33554432.0);
    // On the round device (ridge 500): intensity 1365.3 → compute bound, time = FLOPs / 10^15.
    const auto b = boundOn(g, 1000, 2000);
    CHECK(b.bound == Bound::Compute);
    CHECK_THAT(b.intensityFlopPerByte, WithinRel(4096.0 / 3.0, 1e-12));
    CHECK_THAT(b.timeS, WithinRel(137438953472.0 / 1e15, 1e-12));
}

TEST_CASE("kernel formulas match hand counts")
{
    // GEMV 4096x4096 BF16: 2·4096² FLOPs; (4096² + 4096)·2 + 4096·2 bytes → intensity ≈ 1.
    const auto v = gemv(4096, 4096, 2, 2);
    CHECK(v.flops == 33554432.0);
    CHECK(v.bytes == 33570816.0);
    CHECK(boundOn(v, 1000, 2000).bound == Bound::Memory);
    // Decode attention b=1, 32 heads, 8 KV heads, d=128, l=1000, FP16 cache:
    // FLOPs 4·32·1000·128 + 5·32·1000 = 16544000; bytes 2·8·1000·128·2 + 2·32·128·2 = 4112384.
    const auto a = decodeAttention(1, 32, 8, 128, 1000, 2, 2);
    CHECK(a.flops == 16544000.0);
    CHECK(a.bytes == 4112384.0);
    CHECK(elementwise(1000, 2, 1, 2).bytes == 6000.0);
    CHECK(softmax(10, 100, 2).flops == 5000.0);
    CHECK(layerNorm(10, 100, 2).bytes == 4400.0);
    CHECK(rmsNorm(10, 100, 2).bytes == 4200.0);
    // ResNet-50 first layer: 1x3x224x224, 64 filters 7x7, stride 2, pad 3 → 112x112;
    // 2·64·112·112·3·49 = 236027904 FLOPs.
    const auto c = conv2d(1, 3, 224, 224, 64, 7, 7, 2, 3, 2);
    CHECK(c.flops == 236027904.0);
    CHECK(c.bytes == (3.0 * 224 * 224 + 64.0 * 3 * 49 + 64.0 * 112 * 112) * 2);
}

TEST_CASE("FlashAttention moves far fewer bytes than standard attention for the same FLOPs")
{
    // b=1, h=16, s=4096, d=64, FP16. Standard: 4·bhsd·2 + 4·bhs²·2 = 33554432 + 2147483648.
    const auto standard = standardAttention(1, 16, 4096, 64, 2);
    const auto flash = flashAttention(1, 16, 4096, 64, 128, 2);
    CHECK(standard.flops == flash.flops);
    CHECK(standard.bytes == 33554432.0 + 2147483648.0);
    // Flash: bh(2sd + 2sd·⌈s/128⌉)·2 = 16·(524288 + 524288·32)·2 = 553648128.
    CHECK(flash.bytes == 553648128.0);
}

TEST_CASE("kernel specs parse and bad specs name the key")
{
    const auto g = kernelFromSpec("gemm:M=8,N=16,K=32");
    REQUIRE(g.has_value());
    CHECK(g->flops == 2.0 * 8 * 16 * 32);
    CHECK(g->shape == "M=8,N=16,K=32");
    const auto fp8 = kernelFromSpec("gemv:m=10,k=10,dtype=fp8");
    REQUIRE(fp8.has_value());
    CHECK(fp8->bytes == 100 + 10 + 10);
    CHECK(kernelFromSpec("gemv:m=10,k=10", "fp64")->bytes == 8.0 * 120);
    CHECK(kernelFromSpec("gemv:m=10,k=10", "fp4")->bytes == 0.5 * 120);
    const auto nvfp4 = kernelFromSpec("gemv:m=16,k=16,dtype=nvfp4");
    REQUIRE(nvfp4.has_value());
    CHECK(nvfp4->bytes == (256.0 + 16 + 16) * 0.5625); // (4 + 8/16) / 8 bytes per element

    struct Bad {
        const char* spec;
        const char* says;
    };
    const auto bad = GENERATE(Bad{"gemm:M=0,N=1,K=1", "M must be positive, got 0"},
                              Bad{"gemm:M=-4,N=1,K=1", "M must be positive, got -4"},
                              Bad{"gemm:M=nan,N=1,K=1", "M must be a finite number, got 'nan'"},
                              Bad{"gemm:M=1,N=1", "missing k=<number>"},
                              Bad{"gemm:M=1,N=1,K=1,Q=3", "unknown key 'Q'"},
                              Bad{"gemm:M=1,M=2,N=1,K=1", "given twice"},
                              Bad{"matmul:M=1", "unknown kernel 'matmul'"},
                              Bad{"gemm:M=1,N=1,K=1,dtype=fp12", "unknown data type 'fp12'"},
                              Bad{"conv2d:N=1,C=1,H=2,W=2,K=1,R=5,S=5", "larger than the padded input"});
    const auto r = kernelFromSpec(bad.spec);
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::Contains(bad.says));
}
TEST_CASE("a kernel spec splits into its name and lower-case keys, refusing bad items")
{
    const auto spec = accelscope::models::roofline::parseKernelSpec("GEMM: M=8, n=16 ,K=32");
    REQUIRE(spec.has_value());
    CHECK(spec->name == "gemm");
    CHECK(spec->params.at("m") == "8");
    CHECK(spec->params.at("n") == "16");
    CHECK(spec->spelled.at("m") == "M");
    CHECK_THAT(accelscope::models::roofline::parseKernelSpec("gemm:M=8,M=9").error().message, Catch::Contains("key 'm' given twice"));
    CHECK_THAT(accelscope::models::roofline::parseKernelSpec("gemm:M8").error().message, Catch::Contains("'M8' is not KEY=value"));
}
