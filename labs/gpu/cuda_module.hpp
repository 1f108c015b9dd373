// SPDX-License-Identifier: MIT
// Finds and loads the optional CUDA module at run time (dlopen), so the app starts without CUDA.
#pragma once

#include "labs/cuda/cuda_abi.h"
#include "models/common/result.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
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

/// The module's entry points (types from cuda_abi.h; nothing is linked).
struct CudaEntryPoints {
    decltype(&accelscope_cuda_bandwidth) bandwidth = nullptr;
    decltype(&accelscope_cuda_transfer) transfer = nullptr;
    decltype(&accelscope_cuda_chase) chase = nullptr;
    decltype(&accelscope_cuda_divergence) divergence = nullptr;
    decltype(&accelscope_cuda_coalescing) coalescing = nullptr;
    decltype(&accelscope_cuda_bank_conflicts) bankConflicts = nullptr;
    decltype(&accelscope_cuda_gemm) gemm = nullptr;
    decltype(&accelscope_cuda_roofline) roofline = nullptr;
};

/// The loaded module with a driver and at least one GPU: keeps the library open while it lives.
class CudaModule {
public:
    /// Loads the module from the first of `searchDirs` that has it and probes the GPUs. Without a
    /// module, driver or GPU the error (Unsupported) says which is missing, starting "needs CUDA: ".
    static models::Result<std::unique_ptr<CudaModule>> open(const std::vector<std::filesystem::path>& searchDirs);
    ~CudaModule();
    CudaModule(const CudaModule&) = delete;
    CudaModule& operator=(const CudaModule&) = delete;

    const CudaProbe& probe() const { return m_probe; }
    const CudaEntryPoints& entry() const { return m_entry; }

private:
    CudaModule() = default;
    void* m_library = nullptr;
    CudaProbe m_probe;
    CudaEntryPoints m_entry;
};

/// What the GPU labs share: where the module and the catalog are, and the module once loaded
/// (on the first run, not at start-up: listing labs never touches CUDA). Thread-safe.
class CudaRuntime {
public:
    /// `executableDir`: the program's folder (module search, bundled catalog); empty: the folder of
    /// /proc/self/exe.
    explicit CudaRuntime(std::filesystem::path executableDir = {});

    /// The module, loaded on first use; the error names what is missing (module, driver or GPU).
    models::Result<const CudaModule*> module();
    /// Whether GPU labs can run here, probed on the first call (that call loads the module once to
    /// ask it) and remembered; later calls cost nothing.
    const CudaProbe& probe();
    const std::filesystem::path& executableDir() const { return m_executableDir; }

private:
    std::mutex m_mutex;
    std::filesystem::path m_executableDir;
    std::unique_ptr<CudaModule> m_module;
    std::optional<models::Error> m_error;
    std::optional<CudaProbe> m_probe;
};

/// One line saying why GPU labs cannot run ("no NVIDIA driver: …"), empty when Ready.
std::string unavailableReason(const CudaProbe& probe);

/// "ready", "not_built", "module_missing", "no_driver", "no_device", "error".
const char* availabilityName(CudaAvailability availability);

} // namespace accelscope::labs::gpu
