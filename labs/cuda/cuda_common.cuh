// SPDX-License-Identifier: MIT
// Shared plumbing of the CUDA lab entry points: status and messages, device selection, memory
// checked against cudaMemGetInfo, event timing with the median of N, progress and cancellation.
#pragma once

#include "labs/cuda/cuda_abi.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

namespace accelscope_cuda {

/// Where an entry point writes its one-line message.
struct Message {
    char* text;
    int bytes;

    int set(int status, const char* format, ...) const __attribute__((format(printf, 3, 4)))
    {
        if (text != nullptr && bytes > 0) {
            va_list args;
            va_start(args, format);
            std::vsnprintf(text, static_cast<std::size_t>(bytes), format, args);
            va_end(args);
        }
        return status;
    }

    /// Turns a CUDA error into a status and a message naming the call that failed.
    int cuda(cudaError_t error, const char* what) const
    {
        int status = ACCELSCOPE_CUDA_ERROR;
        if (error == cudaErrorNoDevice || error == cudaErrorInvalidDevice) status = ACCELSCOPE_CUDA_NO_DEVICE;
        if (error == cudaErrorInsufficientDriver) status = ACCELSCOPE_CUDA_NO_DRIVER;
        if (error == cudaErrorMemoryAllocation) status = ACCELSCOPE_CUDA_OUT_OF_MEMORY;
        return set(status, "%s: %s (%s)", what, cudaGetErrorString(error), cudaGetErrorName(error));
    }
};

/// Evaluates a CUDA call; on failure returns its status from the enclosing function.
#define ACCELSCOPE_CUDA_TRY(msg, call)                                                                                 \
    do {                                                                                                               \
        const cudaError_t accelscopeError = (call);                                                                    \
        if (accelscopeError != cudaSuccess) return (msg).cuda(accelscopeError, #call);                                 \
    } while (0)

/// Checks the launch just made (configuration errors) without waiting for it.
#define ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, what)                                                                        \
    do {                                                                                                               \
        const cudaError_t accelscopeError = cudaGetLastError();                                                        \
        if (accelscopeError != cudaSuccess) return (msg).cuda(accelscopeError, what);                                  \
    } while (0)

/// Device memory released on scope exit.
template <typename T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer()
    {
        if (m_data != nullptr) cudaFree(m_data);
    }
    /// cudaMalloc of `count` elements; the caller has checked the size against free memory.
    cudaError_t allocate(std::size_t count)
    {
        m_count = count;
        return cudaMalloc(reinterpret_cast<void**>(&m_data), count * sizeof(T));
    }
    T* get() const { return m_data; }
    std::size_t count() const { return m_count; }

private:
    T* m_data = nullptr;
    std::size_t m_count = 0;
};

/// A pair of events released on scope exit.
class EventPair {
public:
    EventPair() = default;
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    ~EventPair()
    {
        if (m_start != nullptr) cudaEventDestroy(m_start);
        if (m_stop != nullptr) cudaEventDestroy(m_stop);
    }
    cudaError_t create()
    {
        const cudaError_t e = cudaEventCreate(&m_start);
        return e != cudaSuccess ? e : cudaEventCreate(&m_stop);
    }
    cudaError_t start(cudaStream_t stream = nullptr) { return cudaEventRecord(m_start, stream); }
    cudaError_t stop(cudaStream_t stream = nullptr) { return cudaEventRecord(m_stop, stream); }
    /// Waits for the stop event and gives the time between the two in milliseconds.
    cudaError_t elapsedMs(float* ms)
    {
        const cudaError_t e = cudaEventSynchronize(m_stop);
        return e != cudaSuccess ? e : cudaEventElapsedTime(ms, m_start, m_stop);
    }

private:
    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_stop = nullptr;
};

/// Median, min and max of timed repetitions, each turned into a rate by `convert(ms)`.
template <typename Convert>
AccelscopeCudaPoint summarise(double x, std::vector<float> ms, Convert convert)
{
    std::sort(ms.begin(), ms.end());
    AccelscopeCudaPoint p{x, 0, 0, 0};
    if (ms.empty()) return p;
    // Rates are decreasing in time: the fastest run gives the max.
    const std::size_t n = ms.size();
    const double medianMs = n % 2 == 1 ? ms[n / 2] : 0.5 * (static_cast<double>(ms[n / 2 - 1]) + ms[n / 2]);
    p.median = convert(medianMs);
    p.max = convert(static_cast<double>(ms.front()));
    p.min = convert(static_cast<double>(ms.back()));
    return p;
}

/// Appends a point if there is room; returns false when the caller's array is full.
inline bool append(AccelscopeCudaSeries* series, const AccelscopeCudaPoint& p)
{
    if (series == nullptr || series->count >= series->capacity) return false;
    series->points[series->count++] = p;
    return true;
}

/// Reports progress; true when the caller asked to stop.
inline bool stopRequested(const AccelscopeCudaCallbacks* callbacks, double fraction, const char* what)
{
    if (callbacks == nullptr || callbacks->progress == nullptr) return false;
    return callbacks->progress(callbacks->user, fraction, what) != 0;
}

/// Selects `device` and reads its properties; fills `info->device` when info is given.
inline int selectDevice(int device, cudaDeviceProp* prop, AccelscopeCudaRunInfo* info, const Message& msg)
{
    int count = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaGetDeviceCount(&count));
    if (device < 0 || device >= count) {
        return msg.set(ACCELSCOPE_CUDA_NO_DEVICE, "there is no CUDA device %d (this machine has %d)", device, count);
    }
    ACCELSCOPE_CUDA_TRY(msg, cudaSetDevice(device));
    ACCELSCOPE_CUDA_TRY(msg, cudaGetDeviceProperties(prop, device));
    if (info != nullptr) {
        std::memset(info, 0, sizeof *info);
        std::snprintf(info->device, sizeof info->device, "%.255s", prop->name); // both 256 bytes
    }
    return ACCELSCOPE_CUDA_OK;
}

/// Refuses, before any cudaMalloc, a request larger than the free device memory (with 64 MiB left
/// for the runtime): a clear error instead of a failed or thrashing allocation.
inline int checkFreeMemory(unsigned long long neededBytes, const char* what, const Message& msg)
{
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemGetInfo(&freeBytes, &totalBytes));
    const unsigned long long reserve = 64ull << 20;
    if (neededBytes + reserve > freeBytes) {
        return msg.set(ACCELSCOPE_CUDA_OUT_OF_MEMORY,
                       "%s needs %.1f MiB of device memory, but only %.1f MiB of %.1f MiB is free (64 MiB kept for "
                       "the runtime); choose a smaller size",
                       what, static_cast<double>(neededBytes) / 1048576.0, static_cast<double>(freeBytes) / 1048576.0,
                       static_cast<double>(totalBytes) / 1048576.0);
    }
    return ACCELSCOPE_CUDA_OK;
}

/// Free device memory in bytes, 0 when it cannot be read.
inline unsigned long long freeDeviceBytes()
{
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    return cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess ? freeBytes : 0;
}

/// Measures the SM clock in MHz: clock64() cycles of a spinning thread over the event time.
int measureSmClockMhz(double* mhz, const Message& msg);

/// Evicts the L2 cache by writing a buffer of twice its size (untimed), so that a repetition does
/// not find the previous one's lines. `scratch` is allocated on first use (2 x L2; the caller
/// counts it in its free-memory check).
int flushL2(const cudaDeviceProp& prop, DeviceBuffer<unsigned>& scratch, const Message& msg);

/// Blocks of `threads` threads for `kernel`: every SM gets as many as fit (occupancy API).
template <typename Kernel>
int fullGrid(Kernel kernel, int threads, const cudaDeviceProp& prop, int* blocks, const Message& msg)
{
    int perSm = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, 0));
    *blocks = std::max(1, perSm) * prop.multiProcessorCount;
    return ACCELSCOPE_CUDA_OK;
}

} // namespace accelscope_cuda
