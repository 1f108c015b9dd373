// SPDX-License-Identifier: MIT
// Empirical roofline: each thread loads a float4, runs F dependent FMAs on each of its four lanes
// (four independent chains), and stores it; F sweeps the arithmetic intensity (2 F FLOPs per
// 8 bytes moved per float) from memory-bound to compute-bound.
#include "labs/cuda/cuda_common.cuh"

#include <random>

namespace accelscope_cuda {
namespace {

constexpr int threadsPerBlock = 256;
constexpr float fmaScale = 0.999f; // x -> 0.999 x + 0.001 stays near [0, 1]: no overflow, no subnormals
constexpr float fmaAdd = 0.001f;

__host__ __device__ inline float inputValue(std::size_t j) { return static_cast<float>(j % 1000u) * 1e-3f; }

__host__ __device__ inline float applyFmas(float x, int f)
{
    for (int i = 0; i < f; ++i) x = fmaf(x, fmaScale, fmaAdd);
    return x;
}

__global__ void fillInput(float* in, std::size_t n)
{
    for (std::size_t j = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; j < n;
         j += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        in[j] = inputValue(j);
    }
}

template <int F>
__global__ void intensityKernel(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4)
{
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n4;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        float4 v = in[i];
#pragma unroll 32
        for (int f = 0; f < F; ++f) {
            v.x = fmaf(v.x, fmaScale, fmaAdd);
            v.y = fmaf(v.y, fmaScale, fmaAdd);
            v.z = fmaf(v.z, fmaScale, fmaAdd);
            v.w = fmaf(v.w, fmaScale, fmaAdd);
        }
        out[i] = v;
    }
}

using KernelFn = void (*)(const float4*, float4*, std::size_t);

KernelFn kernelFor(int f)
{
    switch (f) {
    case 1: return intensityKernel<1>;
    case 2: return intensityKernel<2>;
    case 4: return intensityKernel<4>;
    case 8: return intensityKernel<8>;
    case 16: return intensityKernel<16>;
    case 32: return intensityKernel<32>;
    case 64: return intensityKernel<64>;
    case 128: return intensityKernel<128>;
    case 256: return intensityKernel<256>;
    case 512: return intensityKernel<512>;
    case 1024: return intensityKernel<1024>;
    case 2048: return intensityKernel<2048>;
    default: return intensityKernel<4096>;
    }
}

// Sampled outputs equal the host's fmaf chain exactly (fmaf is correctly rounded on both sides).
int check(const float* out, std::size_t n, int f, const Message& msg)
{
    std::mt19937_64 engine(static_cast<unsigned long long>(f));
    std::uniform_int_distribution<std::size_t> pick(0, n - 1);
    for (int s = 0; s < 64; ++s) {
        const std::size_t j = s == 0 ? 0 : s == 1 ? n - 1 : pick(engine);
        float got = 0;
        ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&got, out + j, sizeof got, cudaMemcpyDeviceToHost));
        const float expected = applyFmas(inputValue(j), f);
        if (got != expected) {
            return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "output %zu is %g, expected %g (F = %d)", j,
                           static_cast<double>(got), static_cast<double>(expected), f);
        }
    }
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_roofline(const AccelscopeCudaRooflineParams* p, AccelscopeCudaSeries* curves,
                                        AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                        char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->maxFmasPerElement < 1 || p->maxFmasPerElement > 4096 || p->repetitions < 1) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need 1 <= FMAs per element <= 4096 and repetitions >= 1");
    }
    std::size_t bytes = p->arrayBytes;
    if (bytes == 0) {
        bytes = std::max<std::size_t>(4 * static_cast<std::size_t>(prop.l2CacheSize), std::size_t{256} << 20);
        bytes = std::min<std::size_t>(bytes, freeDeviceBytes() / 4);
    }
    bytes = bytes / 4096 * 4096;
    if (bytes == 0) return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "array size must be at least 4 KiB");
    if (int s = checkFreeMemory(2ull * bytes, "input and output arrays", msg); s != ACCELSCOPE_CUDA_OK) return s;
    const std::size_t n = bytes / sizeof(float);
    DeviceBuffer<float> in;
    DeviceBuffer<float> result;
    ACCELSCOPE_CUDA_TRY(msg, in.allocate(n));
    ACCELSCOPE_CUDA_TRY(msg, result.allocate(n));
    int blocks = 0;
    if (int s = fullGrid(intensityKernel<64>, threadsPerBlock, prop, &blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    info->blocks = blocks;
    info->threadsPerBlock = threadsPerBlock;
    info->vectorBytes = 16;
    info->repetitions = p->repetitions;
    info->bytesPerArray = bytes;
    fillInput<<<blocks, threadsPerBlock>>>(in.get(), n);
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "fill kernel");
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    for (int f = 1; f <= p->maxFmasPerElement; f *= 2) {
        ACCELSCOPE_CUDA_TRY(msg, cudaMemset(result.get(), 0xff, bytes));
        const KernelFn kernel = kernelFor(f);
        std::vector<float> times;
        for (int rep = 0; rep <= p->repetitions; ++rep) {
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            kernel<<<blocks, threadsPerBlock>>>(reinterpret_cast<const float4*>(in.get()),
                                                reinterpret_cast<float4*>(result.get()), n / 4);
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "intensity kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times.push_back(ms);
        }
        if (int s = check(result.get(), n, f, msg); s != ACCELSCOPE_CUDA_OK) return s;
        const double flops = 2.0 * f * static_cast<double>(n);
        const double moved = 8.0 * static_cast<double>(n); // 4 bytes read + 4 written per float
        const double intensity = flops / moved;
        append(&curves[0], summarise(intensity, times, [flops](double ms) { return flops / (ms * 1e6); }));
        append(&curves[1], summarise(intensity, times, [moved](double ms) { return moved / (ms * 1e6); }));
        if (stopRequested(callbacks, static_cast<double>(f) / p->maxFmasPerElement, "intensity sweep")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return measureSmClockMhz(&info->smClockMhz, msg);
}
