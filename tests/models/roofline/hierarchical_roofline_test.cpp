// SPDX-License-Identifier: MIT
// The hierarchical roofline: roofs per level with a bandwidth, ridges, the level a kernel's working set lives in.
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::roofline;
using accelscope::models::memory::deviceHierarchy;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinRel;

namespace {

constexpr double mb = 1e6;
constexpr double gb = 1e9;

/// A synthetic device, fastest first: L1 10 MB at 20,000 GB/s, L2 50 MB with no bandwidth figure,
/// HBM 80 GB at 2,000 GB/s, a 64 GB/s host link, host DRAM with nothing known, a 200 GB/s scale-up link.
std::vector<HierarchyLevel> syntheticLevels()
{
    return {
        {MemoryLevel::SharedL1, "L1", 10 * mb, 20000.0, Basis::Sourced, "test L1", "test", std::nullopt},
        {MemoryLevel::L2, "L2", 50 * mb, std::nullopt, Basis::Unknown, "no L2 figure in this test", "test", std::nullopt},
        {MemoryLevel::DeviceMemory, "HBM", 80 * gb, 2000.0, Basis::Sourced, "test HBM", "test", std::nullopt},
        {MemoryLevel::HostLink, "link", std::nullopt, 64.0, Basis::Derived, "test link", "", std::nullopt},
        {MemoryLevel::HostMemory, "host DRAM", std::nullopt, std::nullopt, Basis::Unknown, "depends on the host", "", std::nullopt},
        {MemoryLevel::ScaleUp, "scale-up", std::nullopt, 200.0, Basis::Sourced, "test scale-up", "", std::nullopt},
    };
}

ComputeCeiling thousandTflops() { return {"bf16", ComputeUnit::Tensor, Sparsity::Dense, 1000.0, "bf16_tflops_dense", false}; }

KernelCost streaming(double bytes) { return {"stream", "", bytes / 4, bytes, ""}; }

} // namespace

TEST_CASE("hierarchical roofline keeps levels with a bandwidth in order and lists the others as skipped", "[roofline][hierarchy]")
{
    const auto levels = syntheticLevels();
    const auto h = hierarchicalRoofline("t", "T", thousandTflops(), levels);
    REQUIRE(h.roofs.size() == 4);
    CHECK(h.roofs[0].level == MemoryLevel::SharedL1);
    CHECK(h.roofs[1].level == MemoryLevel::DeviceMemory);
    CHECK(h.roofs[2].level == MemoryLevel::HostLink);
    CHECK(h.roofs[3].level == MemoryLevel::ScaleUp);
    CHECK(h.roofs[1].levelIndex == 2);
    REQUIRE(h.skipped.size() == 2);
    CHECK(h.skipped[0].level == MemoryLevel::L2);
    CHECK(h.skipped[0].reason == "no L2 figure in this test");
    CHECK(h.skipped[1].level == MemoryLevel::HostMemory);
}

TEST_CASE("each level's ridge point is the compute peak over that level's bandwidth", "[roofline][hierarchy]")
{
    const auto levels = syntheticLevels();
    const auto h = hierarchicalRoofline("t", "T", thousandTflops(), levels);
    // 1000 TFLOP/s = 10^15 FLOP/s over 2·10^13, 2·10^12, 6.4·10^10 and 2·10^11 B/s.
    CHECK_THAT(h.roofs[0].ridgeFlopPerByte, WithinRel(50.0, 1e-12));
    CHECK_THAT(h.roofs[1].ridgeFlopPerByte, WithinRel(500.0, 1e-12));
    CHECK_THAT(h.roofs[2].ridgeFlopPerByte, WithinRel(15625.0, 1e-12));
    CHECK_THAT(h.roofs[3].ridgeFlopPerByte, WithinRel(5000.0, 1e-12));
    // Faster levels have lower ridges: a kernel that is memory bound from HBM can be compute bound from L1.
    CHECK(h.roofs[0].ridgeFlopPerByte < h.roofs[1].ridgeFlopPerByte);
}

TEST_CASE("a kernel is placed against the level its working set fits in", "[roofline][hierarchy]")
{
    const auto levels = syntheticLevels();
    const auto h = hierarchicalRoofline("t", "T", thousandTflops(), levels);

    const auto small = placeOnHierarchy(h, levels, streaming(1 * mb));
    REQUIRE(small.has_value());
    CHECK(small->resident == MemoryLevel::SharedL1);
    CHECK(small->roof == 0);
    // 1 MB at 20,000 GB/s = 50 ns; 0.25 FLOP/byte is far below the L1 ridge. But no kernel on an
    // accelerator (a device with a host link) finishes before its launch floor of 4 µs.
    CHECK(small->bound.bound == Bound::Memory);
    CHECK(small->launchBound);
    CHECK(small->bound.timeS == kernelLaunchFloorS);
    CHECK_THAT(small->bound.attainableTflops, WithinRel(0.25e6 / kernelLaunchFloorS / 1e12, 1e-12));
    CHECK_THAT(small->note, Catch::Matchers::Contains("50 ns") && Catch::Matchers::Contains("4 µs"));

    const auto large = placeOnHierarchy(h, levels, streaming(1 * gb));
    REQUIRE(large.has_value());
    CHECK(large->resident == MemoryLevel::DeviceMemory);
    CHECK(h.roofs[large->roof].level == MemoryLevel::DeviceMemory);
    CHECK_THAT(large->bound.timeS, WithinRel(5e-4, 1e-12)); // 1 GB at 2,000 GB/s
    CHECK_FALSE(large->launchBound);

    const auto huge = placeOnHierarchy(h, levels, streaming(100 * gb));
    REQUIRE(huge.has_value());
    CHECK(huge->resident == MemoryLevel::HostMemory);
    CHECK(h.roofs[huge->roof].level == MemoryLevel::HostLink);
    CHECK_THAT(huge->bound.timeS, WithinRel(100.0 / 64.0, 1e-12)); // 100 GB at 64 GB/s
}

TEST_CASE("a working set in a level without a bandwidth is placed on the next slower roof and says so", "[roofline][hierarchy]")
{
    const auto levels = syntheticLevels();
    const auto h = hierarchicalRoofline("t", "T", thousandTflops(), levels);
    const auto mid = placeOnHierarchy(h, levels, streaming(20 * mb)); // more than L1's 10 MB, less than L2's 50 MB
    REQUIRE(mid.has_value());
    CHECK(mid->resident == MemoryLevel::L2);
    CHECK(h.roofs[mid->roof].level == MemoryLevel::DeviceMemory);
    CHECK_THAT(mid->note, Catch::Matchers::Contains("L2 has no bandwidth figure") && Catch::Matchers::Contains("HBM"));
}

TEST_CASE("the working set decides the level, not the traffic of a kernel that re-reads", "[roofline][hierarchy]")
{
    // Naive GEMM 1024^3 fp32 moves 2·1024^3·4 + 1024^2·4 = 8.6 GB but keeps only A, B and C: 3·1024^2·4 = 12.6 MB.
    const KernelCost naive = gemmNaive(1024, 1024, 1024, 4, 4);
    CHECK_THAT(workingSetBytes(naive), WithinRel(3.0 * 1024 * 1024 * 4, 1e-12));
    CHECK_THAT(naive.bytes, WithinRel(2.0 * 1024 * 1024 * 1024 * 4 + 1024.0 * 1024 * 4, 1e-12));
    const auto levels = syntheticLevels();
    const auto h = hierarchicalRoofline("t", "T", thousandTflops(), levels);
    const auto p = placeOnHierarchy(h, levels, naive);
    REQUIRE(p.has_value());
    CHECK(p->resident == MemoryLevel::L2);
    // A kernel whose traffic is its footprint keeps workingSetBytes = bytes.
    const KernelCost g = gemm(1024, 1024, 1024, 4, 4, 4);
    CHECK(workingSetBytes(g) == g.bytes);
}

TEST_CASE("placing fails clearly with no bytes or no roof for a working set past every level", "[roofline][hierarchy]")
{
    std::vector<HierarchyLevel> levels{{MemoryLevel::DeviceMemory, "DRAM", 1 * gb, 100.0, Basis::Sourced, "x", "x", std::nullopt}};
    const auto h = hierarchicalRoofline("c", "CPU", thousandTflops(), levels);
    const auto none = placeOnHierarchy(h, levels, {"empty", "", 1, 0, ""});
    REQUIRE_FALSE(none.has_value());
    CHECK(none.error().code == accelscope::models::ErrorCode::InvalidArgument);
    const auto tooBig = placeOnHierarchy(h, levels, streaming(2 * gb));
    REQUIRE_FALSE(tooBig.has_value());
    CHECK_THAT(tooBig.error().message, Catch::Matchers::Contains("no host link roof"));
}

TEST_CASE("DRAM only keeps the device-memory roof", "[roofline][hierarchy]")
{
    const auto levels = syntheticLevels();
    const auto h = dramOnly(hierarchicalRoofline("t", "T", thousandTflops(), levels));
    REQUIRE(h.roofs.size() == 1);
    CHECK(h.roofs[0].level == MemoryLevel::DeviceMemory);
}

TEST_CASE("a catalog device's hierarchy has roofs for HBM, host link and scale-up and skips the rest", "[roofline][hierarchy]")
{
    const auto d = deviceHierarchy(roundDevice(), "bf16");
    REQUIRE(d.has_value());
    const auto& h = d->roofline;
    REQUIRE(h.roofs.size() == 3);
    CHECK(h.roofs[0].level == MemoryLevel::DeviceMemory);
    CHECK_THAT(h.roofs[0].ridgeFlopPerByte, WithinRel(500.0, 1e-12));
    CHECK(h.roofs[1].level == MemoryLevel::HostLink);
    // PCIe 5.0: 32 GT/s × 128/130 ÷ 8 = 3.938 GB/s per lane and direction, × 16 lanes = 63.02 GB/s.
    CHECK_THAT(h.roofs[1].bandwidthGBps, WithinRel(32.0 * 128 / 130 / 8 * 16, 1e-9));
    CHECK(h.roofs[2].level == MemoryLevel::ScaleUp);
    CHECK_THAT(h.roofs[2].bandwidthGBps, WithinRel(200.0, 1e-12)); // 400 GB/s both directions ÷ 2
    CHECK_FALSE(h.skipped.empty());
    // 100 GB does not fit in its 80 GB: host memory over PCIe.
    const auto p = placeOnHierarchy(h, d->levels, streaming(100 * gb));
    REQUIRE(p.has_value());
    CHECK(h.roofs[p->roof].level == MemoryLevel::HostLink);
    CHECK_FALSE(deviceHierarchy(roundDevice(), "fp99").has_value());
}

TEST_CASE("per-SM capacities are multiplied by the SM count for the level's size, and placement uses one SM's", "[roofline][hierarchy]")
{
    const auto h100 = accelscope::tests::bundledDevice("nvidia-h100-sxm");
    const auto d = deviceHierarchy(h100, "bf16");
    REQUIRE(d.has_value());
    const auto l1 = std::ranges::find(d->levels, MemoryLevel::SharedL1, &HierarchyLevel::level);
    REQUIRE(l1 != d->levels.end());
    REQUIRE(l1->capacityBytes.has_value());
    const auto sms = h100.value(accelscope::models::catalog::FigureKey::ComputeUnits);
    REQUIRE(sms.has_value());
    CHECK_THAT(*l1->capacityBytes, WithinRel(228.0 * 1024 * *sms, 1e-12)); // GH100 whitepaper: 228 KB per SM
    // Placement counts one SM's share: a 393 kB working set (256³ BF16 GEMM) does not live in L1
    // (it did, against the 30 MB sum of 132 SMs, issue #30).
    REQUIRE(l1->capacityPerUnitBytes.has_value());
    CHECK_THAT(*l1->capacityPerUnitBytes, WithinRel(228.0 * 1024, 1e-12));
    const auto p = placeOnHierarchy(d->roofline, d->levels, gemm(256, 256, 256, 2, 2, 2));
    REQUIRE(p.has_value());
    CHECK(p->resident == MemoryLevel::L2);
}
