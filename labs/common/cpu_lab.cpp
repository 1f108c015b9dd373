// SPDX-License-Identifier: MIT
// CpuLab: the shared start and end of the CPU labs' runs.
#include "labs/common/cpu_lab.hpp"

#include "labs/machine/machine_info.hpp"

#include <algorithm>
#include <thread>

namespace accelscope::labs {
namespace {

double parameter(const std::map<std::string, double>& parameters, const std::string& name)
{
    const auto it = parameters.find(name);
    return it == parameters.end() ? 0.0 : it->second;
}

} // namespace

int logicalCpuCount() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

LabParameter threadsParameter(std::string description, double quickValue)
{
    return {"threads", std::move(description), "", 0, static_cast<double>(logicalCpuCount()), 0, quickValue, true};
}

LabParameter arrayMibParameter(std::string description, double quickValue)
{
    return {"array_mib", std::move(description), "MiB", 0, 16384, 0, quickValue, true};
}

models::Result<CpuRunStart> startCpuRun(const LabDescription& description, const RunConfig& config, const RunMonitor& monitor)
{
    auto start = startLabRun(description, config, monitor);
    if (!start) return std::unexpected(start.error());
    CpuRunStart run;
    const double threads = parameter(start->parameters, "threads");
    run.threads = threads > 0 ? static_cast<int>(threads) : logicalCpuCount();
    run.dataCacheBytes = std::max<std::uint64_t>(machine::dataCacheBytes(start->machine), 1 << 20);
    const double arrayMib = parameter(start->parameters, "array_mib");
    run.arrayBytes = arrayMib > 0 ? static_cast<std::size_t>(arrayMib) << 20
                                  : std::max<std::size_t>(4 * run.dataCacheBytes, std::size_t{64} << 20);
    run.quick = config.quick;
    run.start = std::move(*start);
    return run;
}

models::Result<LabResult> CpuLab::run(const RunConfig& config)
{
    RunMonitor monitor(config);
    auto run = startCpuRun(describe(), config, monitor);
    if (!run) return std::unexpected(run.error());
    if (auto measured = measure(*run, monitor); !measured) return std::unexpected(measured.error());
    run->start.result.durationSeconds = monitor.elapsedSeconds();
    return std::move(run->start.result);
}

} // namespace accelscope::labs
