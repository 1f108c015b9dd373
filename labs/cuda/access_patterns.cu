// SPDX-License-Identifier: MIT
// Access patterns: global-memory coalescing (out[i] = in[i * stride]) and shared-memory bank
// conflicts (lane l reads word l * stride), each swept over the stride.
#include "labs/cuda/cuda_common.cuh"

namespace accelscope_cuda {
namespace {

constexpr int threadsPerBlock = 256;
constexpr int sharedWords = 2048; // lane 31 * stride 64 = 1984 < 2048

__host__ __device__ inline float inputValue(std::size_t j) { return static_cast<float>(j & 0xfffffu); }

__global__ void fillInput(float* in, std::size_t n)
{
    for (std::size_t j = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; j < n;
         j += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        in[j] = inputValue(j);
    }
}

// Neighbouring threads read words `stride` apart: one 32-byte sector serves 8 / stride of them
// up to stride 8, one each beyond. The writes stay coalesced.
__global__ void stridedCopy(const float* __restrict__ in, float* __restrict__ out, std::size_t m, int stride)
{
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < m;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        out[i] = in[i * static_cast<std::size_t>(stride)];
    }
}

__global__ void countWrongStrided(const float* out, std::size_t m, int stride, unsigned long long* wrong)
{
    unsigned long long mine = 0;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < m;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        if (out[i] != inputValue(i * static_cast<std::size_t>(stride))) ++mine; // NaN poison fails too
    }
    if (mine != 0) atomicAdd(wrong, mine);
}

// words[j] == j ^ key with key = 0 at run time: each load returns its own index, so the next load
// depends on it (the compiler cannot hoist it) and every lane keeps hitting word lane * stride.
__global__ void bankKernel(int stride, int iterations, unsigned key, unsigned* out)
{
    __shared__ unsigned words[sharedWords];
    for (int i = static_cast<int>(threadIdx.x); i < sharedWords; i += static_cast<int>(blockDim.x)) {
        words[i] = static_cast<unsigned>(i) ^ key;
    }
    __syncthreads();
    unsigned j = (threadIdx.x & 31u) * static_cast<unsigned>(stride);
    for (int it = 0; it < iterations; ++it) j = words[j];
    out[blockIdx.x * blockDim.x + threadIdx.x] = j;
}

int checkStrided(const float* out, std::size_t m, int stride, int blocks, const Message& msg)
{
    DeviceBuffer<unsigned long long> wrong;
    ACCELSCOPE_CUDA_TRY(msg, wrong.allocate(1));
    ACCELSCOPE_CUDA_TRY(msg, cudaMemset(wrong.get(), 0, sizeof(unsigned long long)));
    countWrongStrided<<<blocks, threadsPerBlock>>>(out, m, stride, wrong.get());
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "coalescing check kernel");
    unsigned long long count = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&count, wrong.get(), sizeof count, cudaMemcpyDeviceToHost));
    if (count != 0) return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "%llu outputs wrong at stride %d", count, stride);
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_coalescing(const AccelscopeCudaCoalescingParams* p, AccelscopeCudaSeries* out,
                                          AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                          char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->maxStride < 1 || p->maxStride > 1024 || p->repetitions < 1) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need 1 <= max stride <= 1024 and repetitions >= 1");
    }
    const std::size_t l2 = static_cast<std::size_t>(std::max(prop.l2CacheSize, 1 << 20));
    std::size_t bytes = p->arrayBytes;
    if (bytes == 0) bytes = std::min<std::size_t>(std::max<std::size_t>(8 * l2, std::size_t{512} << 20), freeDeviceBytes() / 4);
    bytes = bytes / 4096 * 4096;
    if (bytes == 0) return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "array size must be at least 4 KiB");
    // Input, output (as large as the stride-1 output) and the 2 x L2 flush buffer.
    if (int s = checkFreeMemory(2ull * bytes + 2ull * l2, "input, output and L2 flush buffers", msg); s != ACCELSCOPE_CUDA_OK) {
        return s;
    }
    const std::size_t n = bytes / sizeof(float);
    DeviceBuffer<float> in;
    DeviceBuffer<float> result;
    DeviceBuffer<unsigned> scratch;
    ACCELSCOPE_CUDA_TRY(msg, in.allocate(n));
    ACCELSCOPE_CUDA_TRY(msg, result.allocate(n));
    int blocks = 0;
    if (int s = fullGrid(stridedCopy, threadsPerBlock, prop, &blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    info->blocks = blocks;
    info->threadsPerBlock = threadsPerBlock;
    info->vectorBytes = 4;
    info->repetitions = p->repetitions;
    info->bytesPerArray = bytes;
    fillInput<<<blocks, threadsPerBlock>>>(in.get(), n);
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "fill kernel");
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    for (int stride = 1; stride <= p->maxStride; ++stride) {
        const std::size_t m = n / static_cast<std::size_t>(stride);
        ACCELSCOPE_CUDA_TRY(msg, cudaMemset(result.get(), 0xff, m * sizeof(float)));
        std::vector<float> times;
        for (int rep = 0; rep <= p->repetitions; ++rep) {
            // Untimed: the previous repetition's lines must not be found in L2.
            if (int s = flushL2(prop, scratch, msg); s != ACCELSCOPE_CUDA_OK) return s;
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            stridedCopy<<<blocks, threadsPerBlock>>>(in.get(), result.get(), m, stride);
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "strided copy kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times.push_back(ms);
        }
        if (int s = checkStrided(result.get(), m, stride, blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
        const double useful = 8.0 * static_cast<double>(m);
        append(out, summarise(stride, times, [useful](double ms) { return useful / (ms * 1e6); }));
        if (stopRequested(callbacks, static_cast<double>(stride) / p->maxStride, "stride sweep")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return ACCELSCOPE_CUDA_OK;
}

extern "C" int accelscope_cuda_bank_conflicts(const AccelscopeCudaBankParams* p, AccelscopeCudaSeries* out,
                                              AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                              char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->maxStride < 1 || p->maxStride > 64 || p->iterations < 1 || p->repetitions < 1) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need 1 <= max stride <= 64, iterations >= 1, repetitions >= 1");
    }
    int blocks = 0;
    if (int s = fullGrid(bankKernel, threadsPerBlock, prop, &blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    const std::size_t threads = static_cast<std::size_t>(blocks) * threadsPerBlock;
    info->blocks = blocks;
    info->threadsPerBlock = threadsPerBlock;
    info->vectorBytes = 4;
    info->repetitions = p->repetitions;
    if (int s = checkFreeMemory(threads * sizeof(unsigned), "the output", msg); s != ACCELSCOPE_CUDA_OK) return s;
    DeviceBuffer<unsigned> result;
    ACCELSCOPE_CUDA_TRY(msg, result.allocate(threads));
    std::vector<unsigned> host(threads);
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    for (int stride = 1; stride <= p->maxStride; ++stride) {
        std::vector<float> times;
        for (int rep = 0; rep <= p->repetitions; ++rep) {
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            bankKernel<<<blocks, threadsPerBlock>>>(stride, p->iterations, 0u, result.get());
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "bank-conflict kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times.push_back(ms);
        }
        ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(host.data(), result.get(), threads * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (std::size_t t = 0; t < threads; ++t) {
            if (host[t] != static_cast<unsigned>((t % threadsPerBlock) & 31u) * static_cast<unsigned>(stride)) {
                return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "thread %zu ended on the wrong word at stride %d", t, stride);
            }
        }
        const double loads = static_cast<double>(threads) * p->iterations;
        append(out, summarise(stride, times, [loads](double ms) { return loads / (ms * 1e6); }));
        if (stopRequested(callbacks, static_cast<double>(stride) / p->maxStride, "stride sweep")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return ACCELSCOPE_CUDA_OK;
}
