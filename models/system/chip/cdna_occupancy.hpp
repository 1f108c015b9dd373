// SPDX-License-Identifier: MIT
// AMD CDNA 2/3 (gfx90a MI200, gfx942 MI300) compute-unit occupancy: resident
// waves per SIMD and workgroups per CU from workgroup size, unified VGPR+AGPR
// use and LDS per workgroup.
#pragma once

#include <optional>
#include <string_view>

namespace accelscope::models::system {

/// The per-CU limits of one CDNA target. Register counts are 32-bit registers
/// per lane (per work-item); sizes in bytes. Filled by `cdnaLimits`, where each
/// value names its source.
struct CdnaLimits {
    std::string_view target;                ///< LLVM target name, "gfx90a" or "gfx942"
    int wavefrontSize = 64;                 ///< work-items per wave
    int simdsPerCu = 4;                     ///< SIMDs (execution units) per CU
    int maxWavesPerSimd = 8;                ///< wave slots per SIMD
    int unifiedVgprsPerLane = 512;          ///< per-SIMD register file seen by one lane: VGPRs + AGPRs
    int maxArchVgprsPerWave = 256;          ///< architectural VGPRs one wave may address
    int maxAgprsPerWave = 256;              ///< accumulation registers one wave may address
    int vgprAllocationGranule = 8;          ///< a wave's unified register count rounds up to this
    int agprOffsetAlignment = 4;            ///< AGPRs start at the VGPR count rounded up to this
    int ldsPerCuBytes = 64 * 1024;          ///< local data share per CU
    int maxWorkgroupSize = 1024;            ///< work-items per workgroup
    int maxWorkgroupsPerCuWithBarrier = 16; ///< workgroups of more than one wave per CU
};

/// One kernel dispatch as CDNA occupancy sees it.
struct CdnaLaunch {
    int workgroupSize = 0;        ///< work-items per workgroup, ≥ 1
    int archVgprs = 0;            ///< architectural VGPRs per work-item (".vgpr_count"), ≥ 0
    int agprs = 0;                ///< accumulation registers per work-item (".agpr_count"), ≥ 0
    int ldsBytesPerWorkgroup = 0; ///< LDS (group segment) per workgroup, bytes, ≥ 0
};

/// A resource that caps the resident workgroups per CU.
enum class CdnaLimiter { WaveSlots, Vgprs, Lds, Barriers };

/// The occupancy of one dispatch on one CU.
struct CdnaOccupancy {
    int wavesPerWorkgroup = 0;
    int allocatedVgprsPerLane = 0; ///< unified VGPR+AGPR count after alignment and rounding
    int wavesPerSimdByVgprs = 0;   ///< waves one SIMD holds at that register use
    int workgroupsByWaveSlots = 0; ///< workgroups per CU each resource allows alone
    int workgroupsByVgprs = 0;
    int workgroupsByLds = 0;      ///< `unlimitedBlocks` when no LDS is used
    int workgroupsByBarriers = 0; ///< `unlimitedBlocks` for one-wave workgroups
    int activeWorkgroupsPerCu = 0;
    int activeWavesPerCu = 0;
    double wavesPerSimd = 0.0;                    ///< active waves per CU ÷ SIMDs per CU
    double occupancy = 0.0;                       ///< active waves ÷ (SIMDs × max waves per SIMD), in [0, 1]
    CdnaLimiter limiter = CdnaLimiter::WaveSlots; ///< first binding resource in `CdnaLimiter` order
};

/// Resident waves and workgroups per CU for `launch`. Assumes the waves of a
/// workgroup may sit on any SIMD of its CU, so a CU offers SIMDs × (waves per
/// SIMD) wave slots; AMD's rule of ⌈waves per workgroup ÷ SIMDs⌉ waves per SIMD
/// gives the same count when the waves divide evenly. A launch that breaks a
/// per-wave or per-workgroup limit gives 0 workgroups.
CdnaOccupancy computeCdnaOccupancy(const CdnaLimits& limits, const CdnaLaunch& launch);

/// Limits for "gfx90a" (CDNA 2: MI210, MI250, MI250X) and "gfx942" (CDNA 3:
/// MI300A, MI300X, MI325X); empty for any other target.
std::optional<CdnaLimits> cdnaLimits(std::string_view target);

/// "wave slots", "VGPRs", "LDS" or "barriers".
std::string_view cdnaLimiterName(CdnaLimiter limiter);

} // namespace accelscope::models::system
