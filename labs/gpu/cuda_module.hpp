// SPDX-License-Identifier: MIT
// Finds and loads the optional CUDA module at run time (dlopen), so the app starts without CUDA.
#pragma once

#include "models/common/result.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace accelscope::labs::gpu {

/// One GPU as the CUDA runtime reports it.
struct CudaDevice {
    std::string name;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int smCount = 0;
    std::uint64_t globalMemoryBytes = 0;
    int l2CacheBytes = 0;
    int sharedMemoryPerSmBytes = 0;
    int maxClockKhz = 0;
    int memoryClockKhz = 0;
    int memoryBusWidthBits = 0;
};

/// Why no GPU lab can run, or that one can.
enum class CudaAvailability {
    Ready,         ///< module loaded, driver present, at least one GPU
    NotBuilt,      ///< this build has no CUDA module (built without nvcc)
    ModuleMissing, ///< built with CUDA, but the module file is not where it should be
    NoDriver,      ///< no NVIDIA driver (or one too old for the module's runtime)
    NoDevice,      ///< a driver but no CUDA GPU
    Error,         ///< the module or CUDA reported another error
};

/// Result of probing for CUDA: the reason in words, versions, and the devices when Ready.
struct CudaProbe {
    CudaAvailability availability = CudaAvailability::NotBuilt;
    std::string message;             ///< one line a user can act on
    std::filesystem::path modulePath;
    int driverVersion = 0;           ///< 1000 × major + 10 × minor, 0 when unknown
    int runtimeVersion = 0;
    std::vector<CudaDevice> devices;
};

/// Looks for the module in `searchDirs` (the executable's folder, then `../lib/accelscope`),
/// loads it and asks it for the GPUs. Never throws; every outcome is a CudaProbe.
CudaProbe probeCuda(const std::vector<std::filesystem::path>& searchDirs);

/// Default search folders for an executable in `executableDir`.
std::vector<std::filesystem::path> cudaModuleSearchDirs(const std::filesystem::path& executableDir);

/// "ready", "not_built", "module_missing", "no_driver", "no_device", "error".
const char* availabilityName(CudaAvailability availability);

} // namespace accelscope::labs::gpu
