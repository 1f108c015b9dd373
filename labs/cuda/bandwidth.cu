// SPDX-License-Identifier: MIT
// Device memory bandwidth: BabelStream's copy, mul, add and triad on doubles with 16-byte vector
// accesses, a grid of every block that fits on every SM, grid-stride loops, event timing and the
// median of N after a warm-up; then a copy working-set sweep that shows L1, L2 and HBM.
#include "labs/cuda/cuda_common.cuh"

#include <cmath>

namespace accelscope_cuda {
namespace {

constexpr double scalar = 0.4;
constexpr int threadsPerBlock = 256;

enum Kind { Copy = 0, Mul = 1, Add = 2, Triad = 3 };

// BabelStream's kernels (Deakin et al.): copy c = a, mul b = s c, add c = a + b, triad a = b + s c.
template <int K>
__global__ void streamKernel(double2* __restrict__ a, double2* __restrict__ b, double2* __restrict__ c, std::size_t n2)
{
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n2;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        if constexpr (K == Copy) {
            c[i] = a[i];
        } else if constexpr (K == Mul) {
            const double2 v = c[i];
            b[i] = make_double2(scalar * v.x, scalar * v.y);
        } else if constexpr (K == Add) {
            const double2 x = a[i];
            const double2 y = b[i];
            c[i] = make_double2(x.x + y.x, x.y + y.y);
        } else {
            const double2 x = b[i];
            const double2 y = c[i];
            a[i] = make_double2(x.x + scalar * y.x, x.y + scalar * y.y);
        }
    }
}

// `passes` copies of the same n2 elements in one launch, so a small working set is timed over
// enough bytes that launch overhead does not count. Each thread copies the same elements every
// pass (no dependency between blocks); the asm barrier keeps the compiler from merging passes.
__global__ void copyPasses(const double2* __restrict__ a, double2* __restrict__ c, std::size_t n2, int passes)
{
    for (int p = 0; p < passes; ++p) {
        for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n2;
             i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
            c[i] = a[i];
        }
        asm volatile("" ::: "memory");
    }
}

__global__ void fillKernel(double* x, std::size_t n, double value)
{
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        x[i] = value;
    }
}

// Counts elements of x that differ from `expected` by more than rounding.
__global__ void countWrong(const double* x, std::size_t n, double expected, unsigned long long* wrong)
{
    unsigned long long mine = 0;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        if (!(fabs(x[i] - expected) <= 1e-12 * fabs(expected))) ++mine;
    }
    if (mine != 0) atomicAdd(wrong, mine);
}

void launch(int kind, int blocks, double* a, double* b, double* c, std::size_t n2)
{
    auto* a2 = reinterpret_cast<double2*>(a);
    auto* b2 = reinterpret_cast<double2*>(b);
    auto* c2 = reinterpret_cast<double2*>(c);
    switch (kind) {
    case Copy: streamKernel<Copy><<<blocks, threadsPerBlock>>>(a2, b2, c2, n2); break;
    case Mul: streamKernel<Mul><<<blocks, threadsPerBlock>>>(a2, b2, c2, n2); break;
    case Add: streamKernel<Add><<<blocks, threadsPerBlock>>>(a2, b2, c2, n2); break;
    default: streamKernel<Triad><<<blocks, threadsPerBlock>>>(a2, b2, c2, n2); break;
    }
}

int checkArrays(double* const arrays[3], std::size_t n, const double expected[3], int blocks, const Message& msg)
{
    DeviceBuffer<unsigned long long> wrong;
    ACCELSCOPE_CUDA_TRY(msg, wrong.allocate(1));
    ACCELSCOPE_CUDA_TRY(msg, cudaMemset(wrong.get(), 0, sizeof(unsigned long long)));
    for (int k = 0; k < 3; ++k) countWrong<<<blocks, threadsPerBlock>>>(arrays[k], n, expected[k], wrong.get());
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "result check kernel");
    unsigned long long count = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&count, wrong.get(), sizeof count, cudaMemcpyDeviceToHost));
    if (count != 0) {
        return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "%llu array elements hold wrong values after the kernels", count);
    }
    return ACCELSCOPE_CUDA_OK;
}

int sweepCopy(const AccelscopeCudaBandwidthParams& p, double* a, double* c, std::size_t maxBytes, int blocks,
              AccelscopeCudaSeries* sweep, const AccelscopeCudaCallbacks* callbacks, const Message& msg)
{
    if (p.sweepMinBytes == 0 || sweep == nullptr) return ACCELSCOPE_CUDA_OK;
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    // Start where every thread of the grid has at least one element: below that the sweep would
    // measure too few busy SMs, not a cache level.
    const std::size_t everyThread = static_cast<std::size_t>(blocks) * threadsPerBlock * sizeof(double2);
    for (std::size_t bytes = std::max<std::size_t>(p.sweepMinBytes, everyThread) / 16 * 16; bytes <= maxBytes; bytes *= 2) {
        const std::size_t n2 = bytes / sizeof(double2);
        // At least 1 GB moved per timed launch (reads + writes).
        const int passes = static_cast<int>(std::max<std::size_t>(1, (std::size_t{1} << 30) / (2 * bytes)));
        std::vector<float> times;
        for (int rep = 0; rep <= p.repetitions; ++rep) {
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            copyPasses<<<blocks, threadsPerBlock>>>(reinterpret_cast<const double2*>(a), reinterpret_cast<double2*>(c),
                                                   n2, passes);
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "copy sweep kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times.push_back(ms); // repetition 0 is the warm-up
        }
        const double moved = 2.0 * static_cast<double>(bytes) * passes;
        append(sweep, summarise(2.0 * static_cast<double>(bytes) / 1024.0, times,
                                [moved](double ms) { return moved / (ms * 1e6); }));
        if (stopRequested(callbacks, 0.5 + 0.5 * static_cast<double>(bytes) / static_cast<double>(maxBytes),
                          "copy working-set sweep")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_bandwidth(const AccelscopeCudaBandwidthParams* p, AccelscopeCudaSeries* kernels,
                                         AccelscopeCudaSeries* sweep, AccelscopeCudaRunInfo* info,
                                         const AccelscopeCudaCallbacks* callbacks, char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->repetitions < 1) return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "repetitions must be at least 1");
    std::size_t bytes = p->arrayBytes;
    if (bytes == 0) {
        // Far beyond L2 (MEASURING.md §1), and at most a quarter of the free memory for all three.
        bytes = std::max<std::size_t>(4 * static_cast<std::size_t>(prop.l2CacheSize), std::size_t{512} << 20);
        bytes = std::min<std::size_t>(bytes, freeDeviceBytes() / 12);
    }
    bytes = bytes / 4096 * 4096;
    if (bytes == 0) return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "array size must be at least 4 KiB");
    if (int s = checkFreeMemory(3ull * bytes, "three arrays", msg); s != ACCELSCOPE_CUDA_OK) return s;
    const std::size_t n = bytes / sizeof(double);
    DeviceBuffer<double> buffers[3];
    for (auto& buffer : buffers) ACCELSCOPE_CUDA_TRY(msg, buffer.allocate(n));
    double* const arrays[3] = {buffers[0].get(), buffers[1].get(), buffers[2].get()};
    int blocks = 0;
    if (int s = fullGrid(streamKernel<Triad>, threadsPerBlock, prop, &blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    info->blocks = blocks;
    info->threadsPerBlock = threadsPerBlock;
    info->vectorBytes = static_cast<int>(sizeof(double2));
    info->repetitions = p->repetitions;
    info->bytesPerArray = bytes;

    double expected[3] = {0.1, 0.2, 0.0}; // a, b, c, updated exactly as the kernels do
    for (int k = 0; k < 3; ++k) fillKernel<<<blocks, threadsPerBlock>>>(arrays[k], n, expected[k]);
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "fill kernel");
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    std::vector<float> times[4];
    for (int rep = 0; rep <= p->repetitions; ++rep) {
        for (int kind = Copy; kind <= Triad; ++kind) {
            ACCELSCOPE_CUDA_TRY(msg, events.start());
            launch(kind, blocks, arrays[0], arrays[1], arrays[2], n / 2);
            ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "stream kernel");
            ACCELSCOPE_CUDA_TRY(msg, events.stop());
            float ms = 0;
            ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
            if (rep > 0) times[kind].push_back(ms); // repetition 0 is the warm-up
        }
        expected[2] = expected[0];
        expected[1] = scalar * expected[2];
        expected[2] = expected[0] + expected[1];
        expected[0] = expected[1] + scalar * expected[2];
        if (stopRequested(callbacks, 0.5 * rep / p->repetitions, "copy, mul, add, triad")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    if (int s = checkArrays(arrays, n, expected, blocks, msg); s != ACCELSCOPE_CUDA_OK) return s;
    for (int kind = Copy; kind <= Triad; ++kind) {
        const double moved = (kind == Copy || kind == Mul ? 2.0 : 3.0) * static_cast<double>(bytes);
        append(kernels, summarise(kind, times[kind], [moved](double ms) { return moved / (ms * 1e6); }));
    }
    return sweepCopy(*p, arrays[0], arrays[2], bytes, blocks, sweep, callbacks, msg);
}
