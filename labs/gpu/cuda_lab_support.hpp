// SPDX-License-Identifier: MIT
// What every GPU lab does around its module call: start the run, load the module, pick the GPU,
// bridge progress and cancellation, turn module statuses into errors and curves into series.
#pragma once

#include "labs/cuda/cuda_abi.h"
#include "labs/gpu/cuda_module.hpp"
#include "labs/lab.hpp"
#include "labs/lab_result_json.hpp"

#include <memory>
#include <string>
#include <vector>

namespace accelscope::labs::gpu {

/// A started GPU run: parameters, the result record (machine with its "cuda" part), the module
/// and the chosen GPU.
struct CudaRunStart {
    LabRunStart start;
    const CudaModule* module = nullptr;
    CudaDevice device;
    int deviceIndex = 0;
    std::shared_ptr<const std::vector<models::catalog::Device>> catalog; ///< from the RunConfig; may be null
};

/// startLabRun, then the module (Unsupported naming the missing piece: module, driver or GPU),
/// then the "device" parameter checked against the GPUs present.
models::Result<CudaRunStart> startCudaRun(const LabDescription& description, const RunConfig& config,
                                          const RunMonitor& monitor, CudaRuntime& runtime);

/// Passes module progress to the monitor, scaled into [base, base + span]; asks the module to
/// stop when cancelled or over the time budget (then `overBudget` tells which).
class ProgressBridge {
public:
    ProgressBridge(const RunMonitor& monitor, double base, double span);
    AccelscopeCudaCallbacks callbacks();
    bool overBudget() const { return m_overBudget; }

private:
    static int callback(void* user, double fraction, const char* what);
    const RunMonitor& m_monitor;
    double m_base;
    double m_span;
    bool m_overBudget = false;
};

/// A curve the module fills.
class CurveBuffer {
public:
    explicit CurveBuffer(int capacity);
    CurveBuffer(const CurveBuffer&) = delete; // raw() points into this object
    CurveBuffer& operator=(const CurveBuffer&) = delete;
    AccelscopeCudaSeries* raw() { return &m_raw; }
    const AccelscopeCudaSeries& curve() const { return m_raw; }
    /// The medians as a series; the spread goes into `notes` when any point varies by over 10 %.
    Series toSeries(Series shape, std::vector<std::string>* notes) const;

private:
    std::vector<AccelscopeCudaPoint> m_points;
    AccelscopeCudaSeries m_raw{};
};

/// Turns a module status into an error, or nothing for OK. CANCELLED becomes Cancelled unless
/// the bridge stopped for the budget (then the caller keeps the points it has: nothing here).
models::Result<void> moduleStatus(int status, const char* message, const ProgressBridge* bridge = nullptr);

/// Notes for the launch shape, sizes and the statistics the run used.
void addRunInfoNotes(const AccelscopeCudaRunInfo& info, LabResult& result);

/// Base of the GPU labs: holds the shared runtime and does what every run starts and ends with
/// (parameters, module, device; the duration); each lab implements measure().
class CudaLab : public Lab {
public:
    explicit CudaLab(std::shared_ptr<CudaRuntime> runtime) : m_runtime(std::move(runtime)) {}
    models::Result<LabResult> run(const RunConfig& config) final;

protected:
    /// The lab's own work on a started run: fills `run.start.result`.
    virtual models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) = 0;
    CudaRuntime& runtime() const { return *m_runtime; }

private:
    std::shared_ptr<CudaRuntime> m_runtime;
};

/// Standard "device" parameter.
LabParameter deviceParameter();

} // namespace accelscope::labs::gpu
