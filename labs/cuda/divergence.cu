// SPDX-License-Identifier: MIT
// Warp divergence: each thread takes one of k branches (by lane, or by warp for the control run);
// every branch is a chain of dependent FMAs with its own constant, so no two can be merged.
#include "labs/cuda/cuda_common.cuh"

#include <cmath>
#include <random>

namespace accelscope_cuda {
namespace {

constexpr int threadsPerBlock = 256;

__host__ __device__ inline float branchWork(float x, int branch, int work)
{
    const float add = static_cast<float>(branch + 1) * 1e-3f;
    for (int i = 0; i < work; ++i) x = fmaf(x, 0.999f, add);
    return x;
}

__host__ __device__ inline float startValue(unsigned tid) { return static_cast<float>(tid % 4096u) * 1e-3f; }

// The loop over b is warp-uniform; `path == b` is true for 1/k of the lanes when the key is the
// lane, so the warp runs the k bodies one after another with the other lanes masked off.
__global__ void divergentKernel(float* out, int ways, int work, int perWarp)
{
    const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned key = perWarp != 0 ? tid / 32u : (threadIdx.x & 31u);
    const int path = static_cast<int>(key % static_cast<unsigned>(ways));
    float x = startValue(tid);
    for (int b = 0; b < ways; ++b) {
        if (path == b) x = branchWork(x, b, work);
    }
    out[tid] = x; // observable (MEASURING.md §9)
}

// Checks a spread of outputs against the same arithmetic on the host (fmaf is exactly rounded on both).
int checkOutputs(const float* out, std::size_t threads, int ways, int work, int perWarp, const Message& msg)
{
    std::vector<float> host(threads);
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(host.data(), out, threads * sizeof(float), cudaMemcpyDeviceToHost));
    std::mt19937 engine(static_cast<unsigned>(ways));
    std::uniform_int_distribution<std::size_t> pick(0, threads - 1);
    for (int sample = 0; sample < 96; ++sample) { // two whole warps, then random threads
        const auto tid = static_cast<unsigned>(sample < 64 ? static_cast<std::size_t>(sample) : pick(engine));
        const unsigned key = perWarp != 0 ? tid / 32u : (tid % threadsPerBlock) & 31u;
        const float expected = branchWork(startValue(tid), static_cast<int>(key % static_cast<unsigned>(ways)), work);
        if (host[tid] != expected) {
            return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "thread %u computed %g instead of %g (k = %d)", tid,
                           static_cast<double>(host[tid]), static_cast<double>(expected), ways);
        }
    }
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_divergence(const AccelscopeCudaDivergenceParams* p, AccelscopeCudaSeries* out,
                                          AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                          char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->maxWays < 1 || p->maxWays > 32 || p->workPerBranch < 1 || p->repetitions < 1) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need 1 <= ways <= 32, work >= 1, repetitions >= 1");
    }
    int blocks = 0;
    if (int s = fullGrid(divergentKernel, threadsPerBlock, prop, &blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    const std::size_t threads = static_cast<std::size_t>(blocks) * threadsPerBlock;
    info->blocks = blocks;
    info->threadsPerBlock = threadsPerBlock;
    info->vectorBytes = 4;
    info->repetitions = p->repetitions;
    if (int s = checkFreeMemory(threads * sizeof(float), "the output", msg); s != ACCELSCOPE_CUDA_OK) return s;
    DeviceBuffer<float> result;
    ACCELSCOPE_CUDA_TRY(msg, result.allocate(threads));
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    for (int ways = 1; ways <= p->maxWays; ++ways) {
        ACCELSCOPE_CUDA_TRY(msg, cudaMemset(result.get(), 0xff, threads * sizeof(float))); // NaN: unwritten shows
        std::vector<float> times;
        for (int rep = 0; rep <= p->repetitions; ++rep) {
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            divergentKernel<<<blocks, threadsPerBlock>>>(result.get(), ways, p->workPerBranch, p->perWarp);
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "divergence kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times.push_back(ms);
        }
        if (int s = checkOutputs(result.get(), threads, ways, p->workPerBranch, p->perWarp, msg); s != ACCELSCOPE_CUDA_OK) {
            return s;
        }
        // The "rate" here is the time itself: median / min / max in ms (min and max swap back).
        AccelscopeCudaPoint point = summarise(ways, times, [](double ms) { return ms; });
        std::swap(point.min, point.max);
        append(out, point);
        if (stopRequested(callbacks, static_cast<double>(ways) / p->maxWays, "k-way branches")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return ACCELSCOPE_CUDA_OK;
}
