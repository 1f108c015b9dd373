// SPDX-License-Identifier: MIT
// Pointer chasing in one GPU thread, timed with clock64(): every node holds the address of the
// next one, so the dependency path is the load alone (no index arithmetic between loads).
#include "labs/cuda/cuda_common.cuh"

namespace accelscope_cuda {
namespace {

using Node = unsigned long long;

template <bool BypassL1>
__device__ __forceinline__ const Node* follow(const Node* p)
{
    // ld.global.cg caches in L2 only; ld.global.ca also in L1.
    return reinterpret_cast<const Node*>(BypassL1 ? __ldcg(p) : __ldca(p));
}

// The last load of the timed loop may still be in flight when the second clock64() is read: one
// load in `steps` (≥ 4096) is missed, under 0.03 % of the figure.
template <bool BypassL1>
__global__ void chaseKernel(const Node* start, unsigned long long warm, unsigned long long steps, long long* cycles,
                            const Node** sink)
{
    const Node* p = start;
    for (unsigned long long i = 0; i < warm; ++i) p = follow<BypassL1>(p);
    const long long t0 = clock64();
    for (unsigned long long i = 0; i < steps; ++i) p = follow<BypassL1>(p);
    const long long t1 = clock64();
    *cycles = t1 - t0;
    *sink = p; // keeps the chain observable (MEASURING.md §9)
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_chase(const AccelscopeCudaChaseParams* p, double* cycles, double* smClockMhz,
                                     char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    *cycles = 0;
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, nullptr, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->nodes < 2 || p->steps < 1 || p->strideBytes < static_cast<int>(sizeof(Node)) ||
        p->strideBytes % static_cast<int>(sizeof(Node)) != 0) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need at least 2 nodes, 1 step and a stride that is a multiple of 8 bytes");
    }
    const std::size_t stride = static_cast<std::size_t>(p->strideBytes) / sizeof(Node);
    const std::size_t bytes = p->nodes * static_cast<std::size_t>(p->strideBytes);
    if (int s = checkFreeMemory(bytes, "the pointer chain", msg); s != ACCELSCOPE_CUDA_OK) return s;
    DeviceBuffer<Node> chain;
    ACCELSCOPE_CUDA_TRY(msg, chain.allocate(bytes / sizeof(Node)));
    DeviceBuffer<long long> elapsed;
    ACCELSCOPE_CUDA_TRY(msg, elapsed.allocate(1));
    DeviceBuffer<const Node*> sink;
    ACCELSCOPE_CUDA_TRY(msg, sink.allocate(1));

    // Node i sits at element i * stride and holds the device address of node chain[i].
    std::vector<Node> image(bytes / sizeof(Node), 0);
    const auto base = reinterpret_cast<Node>(chain.get());
    for (std::size_t i = 0; i < p->nodes; ++i) {
        if (p->chain[i] >= p->nodes) return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "chain[%zu] is out of range", i);
        image[i * stride] = base + static_cast<Node>(p->chain[i]) * static_cast<Node>(p->strideBytes);
    }
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(chain.get(), image.data(), bytes, cudaMemcpyHostToDevice));
    if (p->bypassL1 != 0) chaseKernel<true><<<1, 1>>>(chain.get(), p->warmSteps, p->steps, elapsed.get(), sink.get());
    else chaseKernel<false><<<1, 1>>>(chain.get(), p->warmSteps, p->steps, elapsed.get(), sink.get());
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "pointer-chase kernel");
    long long ticks = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&ticks, elapsed.get(), sizeof ticks, cudaMemcpyDeviceToHost));
    const Node* end = nullptr;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&end, sink.get(), sizeof end, cudaMemcpyDeviceToHost));
    // The chain must end where walking it on the host ends, or the kernel followed something else.
    unsigned long long at = 0;
    for (unsigned long long i = 0; i < p->warmSteps + p->steps; ++i) at = p->chain[at];
    if (reinterpret_cast<Node>(end) != base + at * static_cast<Node>(p->strideBytes)) {
        return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "the pointer chase did not end on the expected node");
    }
    *cycles = static_cast<double>(ticks) / static_cast<double>(p->steps);
    if (smClockMhz != nullptr) return measureSmClockMhz(smClockMhz, msg);
    return ACCELSCOPE_CUDA_OK;
}
