// SPDX-License-Identifier: MIT
// On a real GPU: the device's own occupancy figures (cudaDeviceGetAttribute) against the limits the
// occupancy model holds for its compute capability, and the runtime's
// cudaOccupancyMaxActiveBlocksPerMultiprocessor against computeOccupancy for real kernels (registers as
// ptxas allocated them, static + dynamic shared memory) over a grid of block sizes and shared-memory
// requests. This is what cuda_occupancy.h cannot check: our per-CC figures themselves. Prints JSON;
// exits 1 on any mismatch, 2 when there is no GPU.
#include "models/system/chip/occupancy.hpp"

#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace accelscope::models::system;

// Register pressure grows with N: N independent accumulators stay live across the loop.
template <int N>
__global__ void pressure(float* out, int iterations)
{
    float acc[N];
#pragma unroll
    for (int j = 0; j < N; ++j) acc[j] = threadIdx.x * 0.001f + j;
    for (int i = 0; i < iterations; ++i) {
#pragma unroll
        for (int j = 0; j < N; ++j) acc[j] = fmaf(acc[j], 1.0001f, acc[(j + 1) % N]);
    }
    float sum = 0;
#pragma unroll
    for (int j = 0; j < N; ++j) sum += acc[j];
    extern __shared__ float dynamic[];
    dynamic[threadIdx.x % 8] = sum;
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum + dynamic[(threadIdx.x + 1) % 8];
}

// 8 KiB of static shared memory on top of any dynamic request.
__global__ void staticShared(float* out)
{
    __shared__ float tile[2048];
    extern __shared__ float dynamic[];
    tile[threadIdx.x % 2048] = threadIdx.x;
    dynamic[0] = 1;
    __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % 2048] + dynamic[0];
}

struct Kernel {
    const char* name;
    const void* function;
};

int attribute(cudaDeviceAttr a, int device)
{
    int v = 0;
    cudaDeviceGetAttribute(&v, a, device);
    return v;
}

} // namespace

int main()
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("{\"error\": \"no CUDA GPU\"}\n");
        return 2;
    }
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    const auto arch = archLimitsForComputeCapability(prop.major, prop.minor);
    if (!arch) {
        std::printf("{\"error\": \"the model has no limits for compute capability %d.%d\"}\n", prop.major, prop.minor);
        return 1;
    }
    int mismatches = 0;
    std::string figures;
    const struct {
        const char* name;
        cudaDeviceAttr attr;
        int model;
    } rows[] = {
        {"max_threads_per_sm", cudaDevAttrMaxThreadsPerMultiProcessor, arch->maxWarpsPerSm * arch->warpSize},
        {"max_blocks_per_sm", cudaDevAttrMaxBlocksPerMultiprocessor, arch->maxBlocksPerSm},
        {"registers_per_sm", cudaDevAttrMaxRegistersPerMultiprocessor, arch->registersPerSm},
        {"registers_per_block", cudaDevAttrMaxRegistersPerBlock, arch->maxRegistersPerBlock},
        {"shared_memory_per_sm", cudaDevAttrMaxSharedMemoryPerMultiprocessor, arch->sharedMemoryPerSmBytes},
        {"shared_memory_per_block", cudaDevAttrMaxSharedMemoryPerBlock, arch->maxSharedMemoryPerBlockBytes},
        {"shared_memory_per_block_optin", cudaDevAttrMaxSharedMemoryPerBlockOptin, arch->maxSharedMemoryPerBlockOptInBytes},
        {"reserved_shared_memory_per_block", cudaDevAttrReservedSharedMemoryPerBlock, arch->reservedSharedMemoryPerBlockBytes},
        {"max_threads_per_block", cudaDevAttrMaxThreadsPerBlock, arch->maxThreadsPerBlock},
        {"warp_size", cudaDevAttrWarpSize, arch->warpSize},
    };
    for (const auto& r : rows) {
        const int device = attribute(r.attr, 0);
        if (device != r.model) ++mismatches;
        char text[256];
        std::snprintf(text, sizeof text, "%s\n  {\"name\": \"%s\", \"device\": %d, \"model\": %d, \"match\": %s}",
                      figures.empty() ? "" : ",", r.name, device, r.model, device == r.model ? "true" : "false");
        figures += text;
    }

    const Kernel kernels[] = {{"pressure<2>", reinterpret_cast<const void*>(&pressure<2>)},
                              {"pressure<24>", reinterpret_cast<const void*>(&pressure<24>)},
                              {"pressure<48>", reinterpret_cast<const void*>(&pressure<48>)},
                              {"pressure<96>", reinterpret_cast<const void*>(&pressure<96>)},
                              {"pressure<160>", reinterpret_cast<const void*>(&pressure<160>)},
                              {"staticShared", reinterpret_cast<const void*>(&staticShared)}};
    const int dynamicBytes[] = {0, 1, 1000, 4096, 12288, 40000, 49152, 65536, 100000, 160000, 200000, 232448};
    int launches = 0;
    int launchMismatches = 0;
    std::string kernelsJson;
    std::string examples;
    for (const auto& k : kernels) {
        cudaFuncAttributes fa{};
        cudaFuncGetAttributes(&fa, k.function);
        const int optIn = arch->maxSharedMemoryPerBlockOptInBytes - static_cast<int>(fa.sharedSizeBytes);
        cudaFuncSetAttribute(k.function, cudaFuncAttributeMaxDynamicSharedMemorySize, optIn);
        char text[256];
        std::snprintf(text, sizeof text, "%s\n  {\"kernel\": \"%s\", \"registers\": %d, \"static_shared\": %zu, \"max_threads\": %d}",
                      kernelsJson.empty() ? "" : ",", k.name, fa.numRegs, fa.sharedSizeBytes, fa.maxThreadsPerBlock);
        kernelsJson += text;
        for (int threads = 32; threads <= fa.maxThreadsPerBlock; threads += 32) {
            for (const int dynamic : dynamicBytes) {
                if (dynamic > optIn) continue;
                int blocks = -1;
                if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k.function, threads, static_cast<std::size_t>(dynamic)) != cudaSuccess) {
                    cudaGetLastError();
                    continue;
                }
                LaunchConfig launch;
                launch.threadsPerBlock = threads;
                launch.registersPerThread = fa.numRegs;
                launch.sharedMemoryPerBlockBytes = static_cast<int>(fa.sharedSizeBytes) + dynamic;
                launch.sharedMemoryOptIn = true;
                const Occupancy o = computeOccupancyNoCliff(*arch, launch);
                ++launches;
                if (o.activeBlocksPerSm != blocks) {
                    ++launchMismatches;
                    if (launchMismatches <= 20) {
                        std::snprintf(text, sizeof text, "%s\n  {\"kernel\": \"%s\", \"threads\": %d, \"dynamic_shared\": %d, \"runtime\": %d, \"model\": %d}",
                                      examples.empty() ? "" : ",", k.name, threads, dynamic, blocks, o.activeBlocksPerSm);
                        examples += text;
                    }
                }
            }
        }
    }
    std::printf("{\"device\": \"%s\", \"compute_capability\": \"%d.%d\",\n\"figures\": [%s\n],\n\"kernels\": [%s\n],\n"
                "\"launches\": %d, \"launch_mismatches\": %d, \"figure_mismatches\": %d,\n\"mismatch_examples\": [%s\n]}\n",
                prop.name, prop.major, prop.minor, figures.c_str(), kernelsJson.c_str(), launches, launchMismatches, mismatches,
                examples.c_str());
    return mismatches + launchMismatches == 0 ? 0 : 1;
}
