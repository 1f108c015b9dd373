// SPDX-License-Identifier: MIT
// Clock measurement and L2 eviction shared by the CUDA labs.
#include "labs/cuda/cuda_common.cuh"

namespace accelscope_cuda {
namespace {

// One thread spins until `cycles` clock64() ticks have passed and records how many did.
__global__ void spinKernel(long long cycles, long long* elapsed)
{
    const long long start = clock64();
    long long now = start;
    while (now - start < cycles) now = clock64();
    *elapsed = now - start;
}

__global__ void fillKernel(unsigned* data, std::size_t count, unsigned value)
{
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        data[i] = value;
    }
}

} // namespace

int measureSmClockMhz(double* mhz, const Message& msg)
{
    *mhz = 0;
    DeviceBuffer<long long> elapsed;
    ACCELSCOPE_CUDA_TRY(msg, elapsed.allocate(1));
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    spinKernel<<<1, 1>>>(1000, elapsed.get()); // warm-up: module load and first launch stay out of the timing
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "clock spin kernel");
    ACCELSCOPE_CUDA_TRY(msg, cudaDeviceSynchronize());
    // About 30 ms at 1.7 GHz: launch overhead (µs) is under 0.1 % of it.
    ACCELSCOPE_CUDA_TRY(msg, events.start());
    spinKernel<<<1, 1>>>(50'000'000, elapsed.get());
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "clock spin kernel");
    ACCELSCOPE_CUDA_TRY(msg, events.stop());
    float ms = 0;
    ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
    long long cycles = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&cycles, elapsed.get(), sizeof cycles, cudaMemcpyDeviceToHost));
    if (ms > 0) *mhz = static_cast<double>(cycles) / (static_cast<double>(ms) * 1000.0);
    return ACCELSCOPE_CUDA_OK;
}

int flushL2(const cudaDeviceProp& prop, DeviceBuffer<unsigned>& scratch, const Message& msg)
{
    const std::size_t count = 2 * static_cast<std::size_t>(std::max(prop.l2CacheSize, 1 << 20)) / sizeof(unsigned);
    if (scratch.get() == nullptr) ACCELSCOPE_CUDA_TRY(msg, scratch.allocate(count));
    fillKernel<<<prop.multiProcessorCount * 4, 256>>>(scratch.get(), count, 0x5a5a5a5au);
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "L2 flush kernel");
    ACCELSCOPE_CUDA_TRY(msg, cudaDeviceSynchronize());
    return ACCELSCOPE_CUDA_OK;
}

} // namespace accelscope_cuda
