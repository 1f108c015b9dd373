// SPDX-License-Identifier: MIT
// Shared steps of the GPU labs.
#include "labs/gpu/cuda_lab_support.hpp"

#include <algorithm>
#include <cstdio>

namespace accelscope::labs::gpu {

using models::ErrorCode;
using models::fail;

models::Result<CudaRunStart> startCudaRun(const LabDescription& description, const RunConfig& config,
                                          const RunMonitor& monitor, CudaRuntime& runtime)
{
    auto start = startLabRun(description, config, monitor);
    if (!start) return std::unexpected(start.error());
    auto module = runtime.module();
    if (!module) return std::unexpected(module.error());
    const auto& devices = (*module)->probe().devices;
    const int index = static_cast<int>(start->parameters["device"]);
    if (index < 0 || index >= static_cast<int>(devices.size())) {
        return fail(ErrorCode::InvalidArgument, "parameter 'device' = " + std::to_string(index) + ": this machine has " +
                                                    std::to_string(devices.size()) + " CUDA GPU(s), numbered from 0");
    }
    CudaRunStart out{std::move(*start), *module, devices[static_cast<std::size_t>(index)], index, config.catalog};
    const CudaDevice& d = out.device;
    out.start.result.machine["cuda"] = {
        {"device_index", index},
        {"name", d.name},
        {"compute_capability", std::to_string(d.computeCapabilityMajor) + "." + std::to_string(d.computeCapabilityMinor)},
        {"sm_count", d.smCount},
        {"memory_bytes", d.globalMemoryBytes},
        {"l2_cache_bytes", d.l2CacheBytes},
        {"max_clock_khz", d.maxClockKhz},
        {"driver_version", (*module)->probe().driverVersion},
        {"runtime_version", (*module)->probe().runtimeVersion}};
    return out;
}

ProgressBridge::ProgressBridge(const RunMonitor& monitor, double base, double span)
    : m_monitor(monitor), m_base(base), m_span(span)
{
}

AccelscopeCudaCallbacks ProgressBridge::callbacks() { return AccelscopeCudaCallbacks{&ProgressBridge::callback, this}; }

int ProgressBridge::callback(void* user, double fraction, const char* what)
{
    auto* self = static_cast<ProgressBridge*>(user);
    if (!self->m_monitor.report(self->m_base + self->m_span * fraction, what)) return 1;
    if (self->m_monitor.overBudget()) {
        self->m_overBudget = true;
        return 1;
    }
    return 0;
}

CurveBuffer::CurveBuffer(int capacity) : m_points(static_cast<std::size_t>(std::max(capacity, 1)))
{
    m_raw.points = m_points.data();
    m_raw.capacity = static_cast<int>(m_points.size());
    m_raw.count = 0;
}

Series CurveBuffer::toSeries(Series shape, std::vector<std::string>* notes) const
{
    double worst = 0;
    for (int i = 0; i < m_raw.count; ++i) {
        const auto& p = m_points[static_cast<std::size_t>(i)];
        shape.points.push_back(Point{p.x, p.median});
        if (p.median > 0) worst = std::max(worst, (p.max - p.min) / p.median);
    }
    if (notes != nullptr && worst > 0.1) {
        char text[160];
        std::snprintf(text, sizeof text, "%s: repetitions spread by up to %.0f%% of the median (min to max); the GPU may be shared or changing clocks",
                      shape.name.c_str(), 100 * worst);
        notes->push_back(text);
    }
    return shape;
}

models::Result<void> moduleStatus(int status, const char* message, const ProgressBridge* bridge)
{
    const std::string text = message;
    switch (status) {
    case ACCELSCOPE_CUDA_OK: return {};
    case ACCELSCOPE_CUDA_CANCELLED:
        if (bridge != nullptr && bridge->overBudget()) return {};
        return fail(ErrorCode::Cancelled, "cancelled; no result was recorded");
    case ACCELSCOPE_CUDA_NO_DRIVER: return fail(ErrorCode::Unsupported, "needs CUDA: no NVIDIA driver: " + text);
    case ACCELSCOPE_CUDA_NO_DEVICE: return fail(ErrorCode::Unsupported, "needs CUDA: no CUDA GPU: " + text);
    case ACCELSCOPE_CUDA_OUT_OF_MEMORY: return fail(ErrorCode::InvalidArgument, "not enough GPU memory: " + text);
    case ACCELSCOPE_CUDA_INVALID_ARGUMENT: return fail(ErrorCode::InvalidArgument, text);
    case ACCELSCOPE_CUDA_WRONG_RESULT: return fail(ErrorCode::InvalidData, "a GPU kernel computed wrong results: " + text);
    default: return fail(ErrorCode::Unsupported, "CUDA error: " + text);
    }
}

void addRunInfoNotes(const AccelscopeCudaRunInfo& info, LabResult& result)
{
    char text[640];
    if (info.blocks > 0) {
        std::snprintf(text, sizeof text,
                      "GPU '%s': grid of %d blocks x %d threads (every block that fits on every SM), %d-byte accesses per "
                      "thread; each point is the median of %d event-timed repetitions after one warm-up",
                      info.device, info.blocks, info.threadsPerBlock, info.vectorBytes, info.repetitions);
    } else { // copies by the copy engines (cudaMemcpyAsync): no kernel of ours, no grid
        std::snprintf(text, sizeof text, "GPU '%s': each point is the median of %d event-timed repetitions after one warm-up",
                      info.device, info.repetitions);
    }
    result.notes.emplace_back(text);
    if (info.bytesPerArray > 0) {
        std::snprintf(text, sizeof text, "arrays of %.1f MiB each", static_cast<double>(info.bytesPerArray) / 1048576.0);
        result.notes.emplace_back(text);
    }
    if (info.smClockMhz > 0) {
        std::snprintf(text, sizeof text, "SM clock measured right after the run: %.0f MHz (clock64() over event time)", info.smClockMhz);
        result.notes.emplace_back(text);
    }
}

LabParameter deviceParameter() { return {"device", "CUDA device index", "", 0, 15, 0, 0, true}; }

models::Result<LabResult> CudaLab::run(const RunConfig& config)
{
    RunMonitor monitor(config);
    auto run = startCudaRun(describe(), config, monitor, *m_runtime);
    if (!run) return std::unexpected(run.error());
    if (auto measured = measure(*run, monitor); !measured) return std::unexpected(measured.error());
    run->start.result.durationSeconds = monitor.elapsedSeconds();
    return std::move(run->start.result);
}

} // namespace accelscope::labs::gpu
