// SPDX-License-Identifier: MIT
// Cross-check of models/system/chip/occupancy against NVIDIA's own calculator
// (cuda_occupancy.h) for every supported compute capability over a grid of
// launches. Host code only: needs no GPU.
#include "models/system/chip/occupancy.hpp"

#include <cuda_occupancy.h>

#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace accelscope::models::system;

// The calculator's device description, filled from our limits (the header reads
// only these).
cudaOccDeviceProp deviceFor(const ArchLimits& a)
{
    cudaOccDeviceProp p;
    p.computeMajor = a.computeMajor;
    p.computeMinor = a.computeMinor;
    p.maxThreadsPerBlock = a.maxThreadsPerBlock;
    p.maxThreadsPerMultiprocessor = a.maxWarpsPerSm * a.warpSize;
    p.regsPerBlock = a.maxRegistersPerBlock;
    p.regsPerMultiprocessor = a.registersPerSm;
    p.warpSize = a.warpSize;
    p.sharedMemPerBlock = static_cast<size_t>(a.maxSharedMemoryPerBlockBytes);
    p.sharedMemPerMultiprocessor = static_cast<size_t>(a.sharedMemoryPerSmBytes);
    p.numSms = 1; // occupancy is per SM; the calculator only checks that it is positive
    p.sharedMemPerBlockOptin = static_cast<size_t>(a.maxSharedMemoryPerBlockOptInBytes);
    p.reservedSharedMemPerBlock = static_cast<size_t>(a.reservedSharedMemoryPerBlockBytes);
    return p;
}

struct Mismatch {
    std::string cc;
    LaunchConfig launch;
    int ours;
    int nvidia;
    std::string field;
};

struct Tally {
    long configurations = 0;
    long mismatches = 0;
    std::vector<Mismatch> first; // the first few, for the report
};

void compare(const char* field, int ours, int nvidia, const std::string& cc, const LaunchConfig& l, Tally& t, bool& bad)
{
    if (ours == nvidia) return;
    bad = true;
    if (t.first.size() < 20) t.first.push_back({cc, l, ours, nvidia, field});
}

// One launch: our blocks per SM and each resource's count against the header's.
void checkOne(const ArchLimits& a, const cudaOccDeviceProp& prop, const LaunchConfig& l, const std::string& cc,
              Tally& t)
{
    cudaOccFuncAttributes attr;
    attr.maxThreadsPerBlock = INT_MAX;
    attr.numRegs = l.registersPerThread;
    attr.sharedSizeBytes = 0;
    attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    attr.shmemLimitConfig = l.sharedMemoryOptIn ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
    attr.maxDynamicSharedSizeBytes = static_cast<size_t>(l.sharedMemoryPerBlockBytes);
    attr.numBlockBarriers = 1; // every __syncthreads kernel; one barrier never limits on 7.0–12.x
    attr.virtualResourceCount = 0;
    cudaOccDeviceState state;
    state.carveoutConfig = l.carveoutPercent;
    cudaOccResult result{};
    const cudaOccError err = cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, &state, l.threadsPerBlock,
                                                                     static_cast<size_t>(l.sharedMemoryPerBlockBytes));
    const Occupancy ours = computeOccupancyNoCliff(a, l);
    ++t.configurations;
    bool bad = false;
    if (err != CUDA_OCC_SUCCESS) {
        compare("calculator error", 0, static_cast<int>(err), cc, l, t, bad);
    } else {
        compare("blocks", ours.activeBlocksPerSm, result.activeBlocksPerMultiprocessor, cc, l, t, bad);
        compare("blocksByWarps", ours.blocksByWarps, result.blockLimitWarps, cc, l, t, bad);
        compare("blocksByRegisters", ours.blocksByRegisters, result.blockLimitRegs, cc, l, t, bad);
        compare("blocksBySharedMemory", ours.blocksBySharedMemory, result.blockLimitSharedMem, cc, l, t, bad);
        compare("blocksByBlockSlots", ours.blocksByBlockSlots, result.blockLimitBlocks, cc, l, t, bad);
        compare("registersPerBlock", ours.registersPerBlock, result.allocatedRegistersPerBlock, cc, l, t, bad);
        compare("sharedPerBlock", ours.sharedMemoryPerBlockBytes, static_cast<int>(result.allocatedSharedMemPerBlock),
                cc, l, t, bad);
    }
    if (bad) ++t.mismatches;
}

// The grid: threads 32…1024 step 32 plus a few that are not whole warps or
// exceed 1024; registers 16…255 spread over allocation-unit edges; shared
// memory 0…the opt-in maximum in 24 steps, each also one byte over; four
// carve-outs; opt-in on/off.
void checkCc(const ArchLimits& a, Tally& total, std::vector<std::pair<std::string, Tally>>& perCc)
{
    const std::string cc = std::to_string(a.computeMajor) + "." + std::to_string(a.computeMinor);
    const cudaOccDeviceProp prop = deviceFor(a);
    const int registers[] = {16, 24, 31, 32, 33, 37, 40, 48, 56, 63, 64, 65, 72, 80, 96, 128, 168, 200, 232, 255};
    const int carveouts[] = {-1, 0, 25, 50, 100};
    std::vector<int> shared;
    for (int k = 0; k <= 24; ++k) {
        const int s = static_cast<int>(static_cast<long>(a.maxSharedMemoryPerBlockOptInBytes) * k / 24);
        shared.push_back(s);
        shared.push_back(s + 1);
    }
    std::vector<int> threadCounts = {1, 33, 100, 257, 1000, 1056};
    for (int threads = 32; threads <= 1024; threads += 32) threadCounts.push_back(threads);
    Tally t;
    for (int threads : threadCounts)
        for (int r : registers)
            for (int s : shared)
                for (int c : carveouts)
                    for (bool optIn : {true, false}) {
                        LaunchConfig l;
                        l.threadsPerBlock = threads;
                        l.registersPerThread = r;
                        l.sharedMemoryPerBlockBytes = s;
                        l.carveoutPercent = c;
                        l.sharedMemoryOptIn = optIn;
                        checkOne(a, prop, l, cc, t);
                    }
    total.configurations += t.configurations;
    total.mismatches += t.mismatches;
    for (const Mismatch& m : t.first)
        if (total.first.size() < 20) total.first.push_back(m);
    perCc.emplace_back(cc, t);
}

} // namespace

int main(int argc, char** argv)
{
    const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
    Tally total;
    std::vector<std::pair<std::string, Tally>> perCc;
    for (const auto& [major, minor] : supportedComputeCapabilities())
        checkCc(*archLimitsForComputeCapability(major, minor), total, perCc);
    if (json) {
        std::printf("{\"configurations\":%ld,\"mismatches\":%ld,\"perComputeCapability\":[", total.configurations,
                    total.mismatches);
        for (std::size_t i = 0; i < perCc.size(); ++i)
            std::printf("%s{\"cc\":\"%s\",\"configurations\":%ld,\"mismatches\":%ld}", i ? "," : "",
                        perCc[i].first.c_str(), perCc[i].second.configurations, perCc[i].second.mismatches);
        std::printf("],\"firstMismatches\":[");
        for (std::size_t i = 0; i < total.first.size(); ++i) {
            const Mismatch& m = total.first[i];
            std::printf("%s{\"cc\":\"%s\",\"threads\":%d,\"registers\":%d,"
                        "\"sharedBytes\":%d,\"carveout\":%d,"
                        "\"optIn\":%s,\"field\":\"%s\",\"ours\":%d,\"nvidia\":%d}",
                        i ? "," : "", m.cc.c_str(), m.launch.threadsPerBlock, m.launch.registersPerThread,
                        m.launch.sharedMemoryPerBlockBytes, m.launch.carveoutPercent,
                        m.launch.sharedMemoryOptIn ? "true" : "false", m.field.c_str(), m.ours, m.nvidia);
        }
        std::printf("]}\n");
    } else {
        for (const auto& [cc, t] : perCc)
            std::printf("cc %-5s %ld configurations, %ld mismatches\n", cc.c_str(), t.configurations, t.mismatches);
        for (const Mismatch& m : total.first)
            std::printf("mismatch cc %s threads %d registers %d shared %d carveout %d opt-in "
                        "%d: %s ours %d, "
                        "calculator %d\n",
                        m.cc.c_str(), m.launch.threadsPerBlock, m.launch.registersPerThread,
                        m.launch.sharedMemoryPerBlockBytes, m.launch.carveoutPercent, m.launch.sharedMemoryOptIn,
                        m.field.c_str(), m.ours, m.nvidia);
        std::printf("%ld configurations, %ld mismatches\n", total.configurations, total.mismatches);
    }
    return total.mismatches == 0 ? 0 : 1;
}
