// SPDX-License-Identifier: MIT
// CUDA device query for the run-time-loaded module: properties of every visible GPU.
#include "labs/cuda/cuda_abi.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

namespace {

int attribute(cudaDeviceAttr which, int device)
{
    int value = 0;
    // A failing attribute read leaves 0 ("unknown"); the device list is still useful.
    if (cudaDeviceGetAttribute(&value, which, device) != cudaSuccess) return 0;
    return value;
}

int fail(cudaError_t error, const char* what, char* message, int messageBytes)
{
    std::snprintf(message, static_cast<std::size_t>(messageBytes), "%s: %s (%s)", what, cudaGetErrorString(error),
                  cudaGetErrorName(error));
    if (error == cudaErrorNoDevice) return ACCELSCOPE_CUDA_NO_DEVICE;
    if (error == cudaErrorInsufficientDriver) return ACCELSCOPE_CUDA_NO_DRIVER;
    return ACCELSCOPE_CUDA_ERROR;
}

} // namespace

extern "C" int accelscope_cuda_abi_version(void) { return ACCELSCOPE_CUDA_ABI_VERSION; }

extern "C" int accelscope_cuda_query(AccelscopeCudaDevice* devices, int capacity, int* count, int* driverVersion,
                                     int* runtimeVersion, char* message, int messageBytes)
{
    *count = 0;
    *driverVersion = 0;
    *runtimeVersion = 0;
    message[0] = '\0';
    cudaRuntimeGetVersion(runtimeVersion);
    if (cudaError_t e = cudaDriverGetVersion(driverVersion); e != cudaSuccess) {
        return fail(e, "cudaDriverGetVersion", message, messageBytes);
    }
    if (*driverVersion == 0) {
        std::snprintf(message, static_cast<std::size_t>(messageBytes), "the CUDA driver library (libcuda.so.1) is not installed or reports no version");
        return ACCELSCOPE_CUDA_NO_DRIVER;
    }
    int found = 0;
    if (cudaError_t e = cudaGetDeviceCount(&found); e != cudaSuccess) {
        return fail(e, "cudaGetDeviceCount", message, messageBytes);
    }
    *count = found;
    for (int d = 0; d < found && d < capacity; ++d) {
        cudaDeviceProp prop{};
        if (cudaError_t e = cudaGetDeviceProperties(&prop, d); e != cudaSuccess) {
            return fail(e, "cudaGetDeviceProperties", message, messageBytes);
        }
        AccelscopeCudaDevice& out = devices[d];
        std::memset(&out, 0, sizeof out);
        std::snprintf(out.name, sizeof out.name, "%.255s", prop.name); // both 256 bytes
        out.computeCapabilityMajor = prop.major;
        out.computeCapabilityMinor = prop.minor;
        out.smCount = prop.multiProcessorCount;
        out.globalMemoryBytes = prop.totalGlobalMem;
        out.l2CacheBytes = prop.l2CacheSize;
        out.sharedMemoryPerSmBytes = static_cast<int>(prop.sharedMemPerMultiprocessor);
        out.maxClockKhz = attribute(cudaDevAttrClockRate, d);
        out.memoryClockKhz = attribute(cudaDevAttrMemoryClockRate, d);
        out.memoryBusWidthBits = attribute(cudaDevAttrGlobalMemoryBusWidth, d);
        out.pciBusId = prop.pciBusID;
        out.sharedMemoryPerBlockOptinBytes = static_cast<int>(prop.sharedMemPerBlockOptin);
        out.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
        out.registersPerSm = prop.regsPerMultiprocessor;
        out.warpSize = prop.warpSize;
        out.eccEnabled = prop.ECCEnabled;
        out.pciDomainId = prop.pciDomainID;
        out.pciDeviceId = prop.pciDeviceID;
    }
    return found == 0 ? ACCELSCOPE_CUDA_NO_DEVICE : ACCELSCOPE_CUDA_OK;
}
