// SPDX-License-Identifier: MIT
// dlopen of the CUDA module and translation of its C interface.
#include "labs/gpu/cuda_module.hpp"

#include "accelscope/config.hpp"
#include "labs/cuda/cuda_abi.h"

#include <dlfcn.h>

#include <array>
#include <memory>

namespace accelscope::labs::gpu {
namespace {

struct LibraryCloser {
    void operator()(void* handle) const { dlclose(handle); }
};

using AbiVersionFn = int (*)();
using QueryFn = int (*)(AccelscopeCudaDevice*, int, int*, int*, int*, char*, int);

} // namespace

std::vector<std::filesystem::path> cudaModuleSearchDirs(const std::filesystem::path& executableDir)
{
    return {executableDir, executableDir.parent_path() / "lib" / "accelscope"};
}

const char* availabilityName(CudaAvailability availability)
{
    switch (availability) {
    case CudaAvailability::Ready: return "ready";
    case CudaAvailability::NotBuilt: return "not_built";
    case CudaAvailability::ModuleMissing: return "module_missing";
    case CudaAvailability::NoDriver: return "no_driver";
    case CudaAvailability::NoDevice: return "no_device";
    case CudaAvailability::Error: return "error";
    }
    return "error";
}

CudaProbe probeCuda(const std::vector<std::filesystem::path>& searchDirs)
{
    CudaProbe probe;
    if (!ACCELSCOPE_WITH_CUDA) {
        probe.message = "this build has no CUDA labs (configure with nvcc installed, ACCELSCOPE_WITH_CUDA=ON)";
        return probe;
    }
    std::unique_ptr<void, LibraryCloser> library;
    for (const auto& dir : searchDirs) {
        const auto candidate = dir / ACCELSCOPE_CUDA_MODULE_NAME;
        std::error_code ec;
        if (!std::filesystem::exists(candidate, ec)) continue;
        library.reset(dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL));
        probe.modulePath = candidate;
        if (!library) {
            probe.availability = CudaAvailability::Error;
            probe.message = std::string("cannot load ") + candidate.string() + ": " + dlerror();
            return probe;
        }
        break;
    }
    if (!library) {
        probe.availability = CudaAvailability::ModuleMissing;
        probe.message = std::string(ACCELSCOPE_CUDA_MODULE_NAME) + " was not found beside the program";
        return probe;
    }
    const auto abi = reinterpret_cast<AbiVersionFn>(dlsym(library.get(), "accelscope_cuda_abi_version"));
    const auto query = reinterpret_cast<QueryFn>(dlsym(library.get(), "accelscope_cuda_query"));
    if (abi == nullptr || query == nullptr || abi() != ACCELSCOPE_CUDA_ABI_VERSION) {
        probe.availability = CudaAvailability::Error;
        probe.message = probe.modulePath.string() + " is from another Accelscope version";
        return probe;
    }
    std::array<AccelscopeCudaDevice, 16> raw{};
    std::array<char, 512> message{};
    int count = 0;
    const int status = query(raw.data(), static_cast<int>(raw.size()), &count, &probe.driverVersion,
                             &probe.runtimeVersion, message.data(), static_cast<int>(message.size()));
    probe.message = message.data();
    switch (status) {
    case ACCELSCOPE_CUDA_OK: probe.availability = CudaAvailability::Ready; break;
    case ACCELSCOPE_CUDA_NO_DRIVER: probe.availability = CudaAvailability::NoDriver; break;
    case ACCELSCOPE_CUDA_NO_DEVICE: probe.availability = CudaAvailability::NoDevice; break;
    default: probe.availability = CudaAvailability::Error; break;
    }
    for (int i = 0; i < count && i < static_cast<int>(raw.size()); ++i) {
        const auto& d = raw[static_cast<std::size_t>(i)];
        probe.devices.push_back(CudaDevice{d.name, d.computeCapabilityMajor, d.computeCapabilityMinor, d.smCount,
                                           d.globalMemoryBytes, d.l2CacheBytes, d.sharedMemoryPerSmBytes,
                                           d.maxClockKhz, d.memoryClockKhz, d.memoryBusWidthBits});
    }
    if (probe.availability == CudaAvailability::Ready) {
        probe.message = std::to_string(probe.devices.size()) + " CUDA GPU(s)";
    }
    return probe;
}

} // namespace accelscope::labs::gpu
