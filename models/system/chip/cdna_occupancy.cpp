// SPDX-License-Identifier: MIT
// AMD CDNA 2/3 occupancy per CU with the rules of AMD's compiler (LLVM AMDGPU
// backend).
#include "models/system/chip/cdna_occupancy.hpp"

#include "models/system/chip/occupancy.hpp"

#include <algorithm>
#include <cassert>

namespace accelscope::models::system {

// Sources.
// [ISA]  AMD Instinct MI200 (CDNA 2) ISA reference, section 3.6.4 (as quoted in
// LLVM commit
//        b761137, github.com/llvm/llvm-project): "a total of 512 registers, but
//        a maximum of only 256 of each of AGPR and VGPR" per wave, one unified
//        file.
// [LLVM] AMD's compiler, llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp
// (IsaInfo), for every
//        subtarget with FeatureGFX90AInsts (gfx90a, gfx940/941/942):
//        getTotalNumVGPRs = 512, getVGPRAllocGranule = 8, getMaxWavesPerEU = 8,
//        getEUsPerCU = 4, getMaxFlatWorkGroupSize = 1024, getMaxWorkGroupsPerCU
//        (16 barriers unless the workgroup is one wave),
//        getNumWavesPerEUWithNumVGPRs (⌊512 ÷ rounded count⌋, at least 1, at
//        most 8; under one granule gives the maximum),
//        getTotalNumVGPRs(has90AInsts, AGPR, VGPR) = alignTo(VGPR, 4) + AGPR
//        when AGPRs are used. The same arithmetic is printed by
//        llvm-calc-occupancy
//        (llvm.org/docs/CommandGuide/llvm-calc-occupancy.html: gfx90a, "Max
//        waves/EU: 8", "EUs (SIMDs) per CU: 4", wavefront size 64).
// [SPEC] ROCm documentation, "AMD GPU specifications"
// (rocm.docs.amd.com/en/latest/reference/
//        gpu-specs.html): LDS 64 KiB per CU and wavefront size 64 for
//        MI300X/MI300A/MI325X (gfx942) and MI250X/MI250/MI210 (gfx90a).
//
// Left out: the LDS allocation granularity (the sources above do not state it
// for these targets, so LDS is counted to the byte); SGPR limits (on gfx9 they
// bind only above 100 SGPRs per wave, [LLVM] getOccupancyWithNumSGPRs);
// scratch; CDNA 4 (gfx950: 160 KiB LDS), whose occupancy rules I did not read
// in a primary source.

std::optional<CdnaLimits> cdnaLimits(std::string_view target)
{
    if (target != "gfx90a" && target != "gfx942") return std::nullopt;
    CdnaLimits l;
    l.target = target == "gfx90a" ? std::string_view("gfx90a") : std::string_view("gfx942");
    l.wavefrontSize = 64;                 // [SPEC] wavefront size
    l.simdsPerCu = 4;                     // [LLVM] getEUsPerCU
    l.maxWavesPerSimd = 8;                // [LLVM] getMaxWavesPerEU for gfx90a-class
    l.unifiedVgprsPerLane = 512;          // [LLVM] getTotalNumVGPRs, [ISA] 512 in total
    l.maxArchVgprsPerWave = 256;          // [ISA] at most 256 VGPRs
    l.maxAgprsPerWave = 256;              // [ISA] at most 256 AGPRs
    l.vgprAllocationGranule = 8;          // [LLVM] getVGPRAllocGranule
    l.agprOffsetAlignment = 4;            // [LLVM] getTotalNumVGPRs: alignTo(VGPR, 4) + AGPR
    l.ldsPerCuBytes = 64 * 1024;          // [SPEC] LDS (KiB) = 64
    l.maxWorkgroupSize = 1024;            // [LLVM] getMaxFlatWorkGroupSize
    l.maxWorkgroupsPerCuWithBarrier = 16; // [LLVM] getMaxWorkGroupsPerCU, MaxBarriers
    return l;
}

CdnaOccupancy computeCdnaOccupancy(const CdnaLimits& limits, const CdnaLaunch& launch)
{
    assert(launch.workgroupSize >= 1 && launch.archVgprs >= 0 && launch.agprs >= 0 && launch.ldsBytesPerWorkgroup >= 0);
    CdnaOccupancy out;
    out.wavesPerWorkgroup = (launch.workgroupSize + limits.wavefrontSize - 1) / limits.wavefrontSize;
    const int n = out.wavesPerWorkgroup;

    // AGPRs follow the VGPRs in the one file, starting at the next multiple of the alignment.
    const int align = limits.agprOffsetAlignment;
    const int agprOffset = (launch.archVgprs + align - 1) / align * align;
    const int unified = launch.agprs > 0 ? agprOffset + launch.agprs : launch.archVgprs;
    const int granule = limits.vgprAllocationGranule;
    out.allocatedVgprsPerLane = (unified + granule - 1) / granule * granule;
    const bool registersFit = launch.archVgprs <= limits.maxArchVgprsPerWave &&
                              launch.agprs <= limits.maxAgprsPerWave && unified <= limits.unifiedVgprsPerLane;
    if (!registersFit)
        out.wavesPerSimdByVgprs = 0;
    else if (unified < granule)
        out.wavesPerSimdByVgprs = limits.maxWavesPerSimd;
    else
        out.wavesPerSimdByVgprs =
            std::clamp(limits.unifiedVgprsPerLane / out.allocatedVgprsPerLane, 1, limits.maxWavesPerSimd);

    const bool sizeFits = launch.workgroupSize <= limits.maxWorkgroupSize;
    out.workgroupsByWaveSlots = sizeFits ? limits.simdsPerCu * limits.maxWavesPerSimd / n : 0;
    out.workgroupsByVgprs = limits.simdsPerCu * out.wavesPerSimdByVgprs / n;
    if (launch.ldsBytesPerWorkgroup == 0)
        out.workgroupsByLds = unlimitedBlocks;
    else
        out.workgroupsByLds = limits.ldsPerCuBytes / launch.ldsBytesPerWorkgroup; // 0 when it exceeds the CU
    out.workgroupsByBarriers = n == 1 ? unlimitedBlocks : limits.maxWorkgroupsPerCuWithBarrier;

    out.activeWorkgroupsPerCu =
        std::min({out.workgroupsByWaveSlots, out.workgroupsByVgprs, out.workgroupsByLds, out.workgroupsByBarriers});
    const std::pair<CdnaLimiter, int> counts[] = {{CdnaLimiter::WaveSlots, out.workgroupsByWaveSlots},
                                                  {CdnaLimiter::Vgprs, out.workgroupsByVgprs},
                                                  {CdnaLimiter::Lds, out.workgroupsByLds},
                                                  {CdnaLimiter::Barriers, out.workgroupsByBarriers}};
    out.limiter = std::find_if(std::begin(counts), std::end(counts), [&](const auto& c) {
                      return c.second == out.activeWorkgroupsPerCu;
                  })->first;
    out.activeWavesPerCu = out.activeWorkgroupsPerCu * n;
    out.wavesPerSimd = static_cast<double>(out.activeWavesPerCu) / limits.simdsPerCu;
    out.occupancy = static_cast<double>(out.activeWavesPerCu) / (limits.simdsPerCu * limits.maxWavesPerSimd);
    return out;
}

std::string_view cdnaLimiterName(CdnaLimiter limiter)
{
    switch (limiter) {
    case CdnaLimiter::WaveSlots: return "wave slots";
    case CdnaLimiter::Vgprs: return "VGPRs";
    case CdnaLimiter::Lds: return "LDS";
    case CdnaLimiter::Barriers: return "barriers";
    }
    return "unknown";
}

} // namespace accelscope::models::system
