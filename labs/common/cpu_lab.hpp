// SPDX-License-Identifier: MIT
// What every CPU lab does around its measurement, as CudaLab does for the GPU labs: start the run
// (parameters, machine description, result record), resolve the thread count and the streamed
// array size from the machine, and stamp the duration at the end.
#pragma once

#include "labs/lab.hpp"
#include "labs/lab_result_json.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace accelscope::labs {

/// A started CPU run: the parameters, machine and result record of startLabRun, and the figures
/// most CPU labs derive from them.
struct CpuRunStart {
    LabRunStart start;
    /// Worker threads: the "threads" parameter, or every logical CPU when it is 0 or absent.
    int threads = 1;
    /// Data cache bytes hwloc reports (machine::dataCacheBytes), at least 1 MiB.
    std::uint64_t dataCacheBytes = 0;
    /// Size of the streamed array(s): the "array_mib" parameter in bytes (MiB = 2^20 B), or, when it
    /// is 0 or absent, 4x the data caches and at least 64 MiB (so the array lives in DRAM).
    std::size_t arrayBytes = 0;
    /// RunConfig::quick: tiny sizes and short timings (tests), not meaningful figures.
    bool quick = false;
};

/// startLabRun, then the thread count and array size above.
models::Result<CpuRunStart> startCpuRun(const LabDescription& description, const RunConfig& config, const RunMonitor& monitor);

/// The logical CPUs of this machine (at least 1): the largest useful "threads" value.
int logicalCpuCount();

/// The standard "threads" parameter: 0 .. logical CPUs, 0 = all. `quickValue` for --quick.
LabParameter threadsParameter(std::string description, double quickValue);

/// The standard "array_mib" parameter: 0 .. 16384 MiB, 0 = 4x all data caches, at least 64 MiB.
LabParameter arrayMibParameter(std::string description, double quickValue);

/// Base of the CPU labs: does what every run starts and ends with (parameters, machine, threads,
/// array size; the duration); each lab implements measure().
class CpuLab : public Lab {
public:
    models::Result<LabResult> run(const RunConfig& config) final;

protected:
    /// The lab's own work on a started run: fills `run.start.result`.
    virtual models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) = 0;
};

} // namespace accelscope::labs
