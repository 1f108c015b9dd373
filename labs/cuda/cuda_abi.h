/* SPDX-License-Identifier: MIT */
/* The C interface between the run-time-loaded CUDA module and labs/ (no CUDA headers here). */
#ifndef ACCELSCOPE_CUDA_ABI_H
#define ACCELSCOPE_CUDA_ABI_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when the structs or functions below change; the loader refuses other versions. */
#define ACCELSCOPE_CUDA_ABI_VERSION 1

/* Outcome of a module call. */
enum AccelscopeCudaStatus {
    ACCELSCOPE_CUDA_OK = 0,
    ACCELSCOPE_CUDA_NO_DRIVER = 1, /* no driver, or one older than the runtime */
    ACCELSCOPE_CUDA_NO_DEVICE = 2, /* a driver but no CUDA GPU */
    ACCELSCOPE_CUDA_ERROR = 3      /* any other CUDA error; see the message */
};

/* What the device query reports for one GPU (units in the names). */
struct AccelscopeCudaDevice {
    char name[256];
    int computeCapabilityMajor;
    int computeCapabilityMinor;
    int smCount;
    unsigned long long globalMemoryBytes;
    int l2CacheBytes;
    int sharedMemoryPerSmBytes;
    int maxClockKhz;       /* cudaDevAttrClockRate: peak SM clock */
    int memoryClockKhz;    /* cudaDevAttrMemoryClockRate */
    int memoryBusWidthBits;
    int pciBusId;
};

/* ACCELSCOPE_CUDA_ABI_VERSION of the module. */
int accelscope_cuda_abi_version(void);

/* Fills up to `capacity` devices, sets *count to how many exist, and the driver and runtime
   versions (CUDA's 1000*major + 10*minor). On failure writes a message into `message`. */
int accelscope_cuda_query(struct AccelscopeCudaDevice* devices, int capacity, int* count, int* driverVersion,
                          int* runtimeVersion, char* message, int messageBytes);

#ifdef __cplusplus
}
#endif

#endif
