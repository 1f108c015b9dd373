// SPDX-License-Identifier: MIT
// dlopen of the CUDA module and translation of its C interface.
#include "labs/gpu/cuda_module.hpp"

#include "accelscope/config.hpp"
#include "labs/cuda/cuda_abi.h"

#include <dlfcn.h>
#include <unistd.h>

#include <array>
#include <memory>

namespace accelscope::labs::gpu {
namespace {

struct LibraryCloser {
    void operator()(void* handle) const { dlclose(handle); }
};
using Library = std::unique_ptr<void, LibraryCloser>;

using AbiVersionFn = int (*)();
using QueryFn = int (*)(AccelscopeCudaDevice*, int, int*, int*, int*, char*, int);

template <typename Fn>
Fn lookup(void* library, const char* name)
{
    return reinterpret_cast<Fn>(dlsym(library, name));
}

// Loads the module and asks it for the GPUs; the library stays open in `library` when found.
CudaProbe loadAndProbe(const std::vector<std::filesystem::path>& searchDirs, Library& library)
{
    CudaProbe probe;
    if (!ACCELSCOPE_WITH_CUDA) {
        probe.message = "this build has no CUDA labs (configure with nvcc installed, ACCELSCOPE_WITH_CUDA=ON)";
        return probe;
    }
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
    const auto abi = lookup<AbiVersionFn>(library.get(), "accelscope_cuda_abi_version");
    const auto query = lookup<QueryFn>(library.get(), "accelscope_cuda_query");
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

std::filesystem::path selfDirectory()
{
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::current_path(ec) : self.parent_path();
}

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

std::string unavailableReason(const CudaProbe& probe)
{
    switch (probe.availability) {
    case CudaAvailability::Ready: return {};
    case CudaAvailability::NotBuilt: return "no CUDA module in this build: " + probe.message;
    case CudaAvailability::ModuleMissing: return "no CUDA module: " + probe.message;
    case CudaAvailability::NoDriver: return "no NVIDIA driver: " + probe.message;
    case CudaAvailability::NoDevice: return "no CUDA GPU: " + probe.message;
    case CudaAvailability::Error: return "CUDA error: " + probe.message;
    }
    return probe.message;
}

CudaProbe probeCuda(const std::vector<std::filesystem::path>& searchDirs)
{
    Library library;
    return loadAndProbe(searchDirs, library);
}

models::Result<std::unique_ptr<CudaModule>> CudaModule::open(const std::vector<std::filesystem::path>& searchDirs)
{
    Library library;
    CudaProbe probe = loadAndProbe(searchDirs, library);
    if (probe.availability != CudaAvailability::Ready) {
        return models::fail(models::ErrorCode::Unsupported, "needs CUDA: " + unavailableReason(probe));
    }
    std::unique_ptr<CudaModule> module(new CudaModule());
    CudaEntryPoints& e = module->m_entry;
    void* handle = library.get();
    e.bandwidth = lookup<decltype(e.bandwidth)>(handle, "accelscope_cuda_bandwidth");
    e.transfer = lookup<decltype(e.transfer)>(handle, "accelscope_cuda_transfer");
    e.chase = lookup<decltype(e.chase)>(handle, "accelscope_cuda_chase");
    e.divergence = lookup<decltype(e.divergence)>(handle, "accelscope_cuda_divergence");
    e.coalescing = lookup<decltype(e.coalescing)>(handle, "accelscope_cuda_coalescing");
    e.bankConflicts = lookup<decltype(e.bankConflicts)>(handle, "accelscope_cuda_bank_conflicts");
    e.gemm = lookup<decltype(e.gemm)>(handle, "accelscope_cuda_gemm");
    e.roofline = lookup<decltype(e.roofline)>(handle, "accelscope_cuda_roofline");
    if (!e.bandwidth || !e.transfer || !e.chase || !e.divergence || !e.coalescing || !e.bankConflicts || !e.gemm ||
        !e.roofline) {
        return models::fail(models::ErrorCode::Unsupported,
                            "needs CUDA: " + probe.modulePath.string() + " lacks lab entry points (another Accelscope version)");
    }
    module->m_probe = std::move(probe);
    module->m_library = library.release();
    return module;
}

CudaModule::~CudaModule()
{
    if (m_library != nullptr) dlclose(m_library);
}

CudaRuntime::CudaRuntime(std::filesystem::path executableDir)
    : m_executableDir(executableDir.empty() ? selfDirectory() : std::move(executableDir))
{
}

models::Result<const CudaModule*> CudaRuntime::module()
{
    const std::lock_guard lock(m_mutex);
    if (m_module) return m_module.get();
    if (m_error) return std::unexpected(*m_error);
    auto opened = CudaModule::open(cudaModuleSearchDirs(m_executableDir));
    if (!opened) {
        m_error = opened.error();
        return std::unexpected(*m_error);
    }
    m_module = std::move(*opened);
    return m_module.get();
}

const CudaProbe& CudaRuntime::probe()
{
    const std::lock_guard lock(m_mutex);
    if (m_module) return m_module->probe();
    if (!m_probe) m_probe = probeCuda(cudaModuleSearchDirs(m_executableDir));
    return *m_probe;
}

} // namespace accelscope::labs::gpu
