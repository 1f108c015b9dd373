// SPDX-License-Identifier: MIT
// Host <-> device copies over the bus: pageable (malloc) against pinned (cudaMallocHost) host
// memory, transfer sizes doubling, event timing, the median of N after a warm-up, data checked.
#include "labs/cuda/cuda_common.cuh"

#include <cstdlib>
#include <memory>

namespace accelscope_cuda {
namespace {

struct PinnedDeleter {
    void operator()(unsigned char* p) const { cudaFreeHost(p); }
};
struct FreeDeleter {
    void operator()(unsigned char* p) const { std::free(p); }
};

// Times `repetitions` copies of `bytes` (after one warm-up copy) with events on the default stream.
// For pageable memory the runtime stages through its own pinned buffer; the stop event still
// completes only after the last chunk has arrived, so the event time covers the whole copy.
int timeCopies(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, int repetitions,
               std::vector<float>* times, const Message& msg)
{
    EventPair events;
    ACCELSCOPE_CUDA_TRY(msg, events.create());
    for (int rep = 0; rep <= repetitions; ++rep) {
        ACCELSCOPE_CUDA_TRY(msg, events.start());
        ACCELSCOPE_CUDA_TRY(msg, cudaMemcpyAsync(dst, src, bytes, kind, nullptr));
        ACCELSCOPE_CUDA_TRY(msg, events.stop());
        float ms = 0;
        ACCELSCOPE_CUDA_TRY(msg, events.elapsedMs(&ms));
        if (rep > 0) times->push_back(ms);
    }
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_transfer(const AccelscopeCudaTransferParams* p, AccelscopeCudaSeries* curves,
                                        AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                        char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->repetitions < 1 || p->minBytes == 0 || p->maxBytes < p->minBytes) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need repetitions >= 1 and 0 < min size <= max size");
    }
    const std::size_t maxBytes = p->maxBytes;
    if (int s = checkFreeMemory(maxBytes, "the device buffer", msg); s != ACCELSCOPE_CUDA_OK) return s;
    info->repetitions = p->repetitions;
    info->bytesPerArray = maxBytes;
    DeviceBuffer<unsigned char> device;
    ACCELSCOPE_CUDA_TRY(msg, device.allocate(maxBytes));
    std::unique_ptr<unsigned char, FreeDeleter> pageable(static_cast<unsigned char*>(std::malloc(maxBytes)));
    std::unique_ptr<unsigned char, FreeDeleter> back(static_cast<unsigned char*>(std::malloc(maxBytes)));
    if (!pageable || !back) {
        return msg.set(ACCELSCOPE_CUDA_OUT_OF_MEMORY, "cannot allocate 2 x %.1f MiB of host memory",
                       static_cast<double>(maxBytes) / 1048576.0);
    }
    unsigned char* pinnedRaw = nullptr;
    if (cudaError_t e = cudaMallocHost(reinterpret_cast<void**>(&pinnedRaw), maxBytes); e != cudaSuccess) {
        return msg.cuda(e, "cudaMallocHost (pinned host buffer)");
    }
    std::unique_ptr<unsigned char, PinnedDeleter> pinned(pinnedRaw);
    // Touch every page first, so that page faults are not timed, with data that the check can follow.
    for (std::size_t i = 0; i < maxBytes; ++i) {
        pageable.get()[i] = static_cast<unsigned char>(i * 7u + 1u);
        pinned.get()[i] = static_cast<unsigned char>(i * 13u + 5u);
    }
    std::memset(back.get(), 0, maxBytes);

    int points = 0;
    for (std::size_t b = p->minBytes; b <= maxBytes; b *= 2) ++points;
    int done = 0;
    for (std::size_t bytes = p->minBytes; bytes <= maxBytes; bytes *= 2) {
        const double x = static_cast<double>(bytes) / 1024.0;
        const auto rate = [bytes](double ms) { return static_cast<double>(bytes) / (ms * 1e6); };
        unsigned char* const hosts[2] = {pageable.get(), pinned.get()};
        for (int pin = 0; pin < 2; ++pin) {
            std::vector<float> up;
            std::vector<float> down;
            if (int s = timeCopies(device.get(), hosts[pin], bytes, cudaMemcpyHostToDevice, p->repetitions, &up, msg);
                s != ACCELSCOPE_CUDA_OK) {
                return s;
            }
            // The device now holds hosts[pin]: copy it back and compare (MEASURING.md §9).
            ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(back.get(), device.get(), bytes, cudaMemcpyDeviceToHost));
            if (std::memcmp(back.get(), hosts[pin], bytes) != 0) {
                return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "data copied to the device and back differ (%zu bytes)", bytes);
            }
            if (int s = timeCopies(hosts[pin], device.get(), bytes, cudaMemcpyDeviceToHost, p->repetitions, &down, msg);
                s != ACCELSCOPE_CUDA_OK) {
                return s;
            }
            append(&curves[pin], summarise(x, up, rate));
            append(&curves[2 + pin], summarise(x, down, rate));
        }
        if (stopRequested(callbacks, static_cast<double>(++done) / points, "host-device copies")) {
            return msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    return ACCELSCOPE_CUDA_OK;
}
