// SPDX-License-Identifier: MIT
// AMD CDNA 2/3 occupancy per CU: VGPR-limited waves per SIMD with the unified
// VGPR+AGPR file, LDS, wave slots and invalid launches, derived by hand below.
#include "models/system/chip/cdna_occupancy.hpp"

#include "models/system/chip/occupancy.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::system;

namespace {

CdnaLaunch dispatch(int workgroupSize, int vgprs, int agprs = 0, int lds = 0)
{
    return CdnaLaunch{workgroupSize, vgprs, agprs, lds};
}

} // namespace

TEST_CASE("CDNA waves per SIMD fall with the rounded unified register count")
{
    const auto target = GENERATE(std::string_view("gfx90a"), std::string_view("gfx942"));
    const auto limits = cdnaLimits(target);
    REQUIRE(limits.has_value());
    struct Row {
        int vgprs, agprs, allocated, wavesPerSimd;
    };
    const Row rows[] = {
        {0, 0, 0, 8},     // under one 8-register granule: the 8-wave maximum
        {64, 0, 64, 8},   // ⌊512 / 64⌋ = 8
        {65, 0, 72, 7},   // 72 → ⌊512 / 72⌋ = 7
        {128, 0, 128, 4}, // ⌊512 / 128⌋ = 4
        {256, 0, 256, 2},
        {61, 67, 136, 3}, // AGPRs start at alignTo(61, 4) = 64: 64 + 67 = 131 →
                          // 136 → 3 (a plain sum, 128, would give 4)
        {256, 256, 512, 1},
    };
    for (const Row& r : rows) {
        CAPTURE(target, r.vgprs, r.agprs);
        const CdnaOccupancy o = computeCdnaOccupancy(*limits, dispatch(64, r.vgprs, r.agprs));
        CHECK(o.allocatedVgprsPerLane == r.allocated);
        CHECK(o.wavesPerSimdByVgprs == r.wavesPerSimd);
    }
}

TEST_CASE("CDNA workgroups per CU and their limiter")
{
    const CdnaLimits mi300 = *cdnaLimits("gfx942");
    // 256 work-items = 4 waves, 128 VGPRs → 4 waves per SIMD → 16 wave slots per
    // CU → 4 workgroups; wave slots alone allow 32 / 4 = 8; 16 waves per CU = 4
    // per SIMD = 50 %.
    const CdnaOccupancy v = computeCdnaOccupancy(mi300, dispatch(256, 128));
    CHECK(v.wavesPerWorkgroup == 4);
    CHECK(v.workgroupsByWaveSlots == 8);
    CHECK(v.workgroupsByVgprs == 4);
    CHECK(v.activeWorkgroupsPerCu == 4);
    CHECK(v.activeWavesPerCu == 16);
    CHECK_THAT(v.wavesPerSimd, Catch::Matchers::WithinAbs(4.0, 1e-12));
    CHECK_THAT(v.occupancy, Catch::Matchers::WithinAbs(0.5, 1e-12));
    CHECK(v.limiter == CdnaLimiter::Vgprs);

    // One-wave workgroups with 16 KiB LDS each: ⌊65536 / 16384⌋ = 4 per CU → 4
    // waves = 12.5 %. One-wave workgroups hold no barrier, so that limit does not
    // apply.
    const CdnaOccupancy l = computeCdnaOccupancy(mi300, dispatch(64, 32, 0, 16 * 1024));
    CHECK(l.workgroupsByLds == 4);
    CHECK(l.workgroupsByBarriers == unlimitedBlocks);
    CHECK(l.activeWavesPerCu == 4);
    CHECK_THAT(l.occupancy, Catch::Matchers::WithinAbs(0.125, 1e-12));
    CHECK(l.limiter == CdnaLimiter::Lds);

    // 1024 work-items = 16 waves at 32 VGPRs: 32 slots / 16 = 2 workgroups = 32
    // waves = 100 %; the 16-workgroup barrier limit does not bind.
    const CdnaOccupancy w = computeCdnaOccupancy(mi300, dispatch(1024, 32));
    CHECK(w.activeWorkgroupsPerCu == 2);
    CHECK(w.workgroupsByBarriers == 16);
    CHECK_THAT(w.occupancy, Catch::Matchers::WithinAbs(1.0, 1e-12));
    CHECK(w.limiter == CdnaLimiter::WaveSlots);
    CHECK(cdnaLimiterName(w.limiter) == "wave slots");
    CHECK(cdnaLimiterName(CdnaLimiter::Vgprs) == "VGPRs");
}

TEST_CASE("CDNA launches over a per-wave or per-workgroup limit do not fit")
{
    const CdnaLimits mi250 = *cdnaLimits("gfx90a");
    CHECK(computeCdnaOccupancy(mi250, dispatch(64, 257)).activeWorkgroupsPerCu == 0);
    CHECK(computeCdnaOccupancy(mi250, dispatch(64, 200, 257)).activeWorkgroupsPerCu == 0);
    CHECK(computeCdnaOccupancy(mi250, dispatch(64, 0, 0, 65537)).activeWorkgroupsPerCu == 0);
    CHECK(computeCdnaOccupancy(mi250, dispatch(1025, 16)).activeWorkgroupsPerCu == 0);
    CHECK_FALSE(cdnaLimits("gfx950").has_value());
    CHECK_FALSE(cdnaLimits("gfx908").has_value());
}
