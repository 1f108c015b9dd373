/* SPDX-License-Identifier: MIT */
/* The C interface between the run-time-loaded CUDA module and labs/ (no CUDA headers here). */
#ifndef ACCELSCOPE_CUDA_ABI_H
#define ACCELSCOPE_CUDA_ABI_H

#ifdef __cplusplus
extern "C" {
#endif

/* The module is built with hidden visibility; only these entry points are exported. */
#if defined(__GNUC__)
#define ACCELSCOPE_CUDA_EXPORT __attribute__((visibility("default")))
#else
#define ACCELSCOPE_CUDA_EXPORT
#endif

/* Bumped when the structs or functions below change; the loader refuses other versions.
   2: lab entry points, progress callback, timing statistics. */
#define ACCELSCOPE_CUDA_ABI_VERSION 2

/* Outcome of a module call. Every entry point returns one and, unless OK, writes a one-line
   message into its `message` buffer. */
enum AccelscopeCudaStatus {
    ACCELSCOPE_CUDA_OK = 0,
    ACCELSCOPE_CUDA_NO_DRIVER = 1,       /* no driver, or one older than the runtime */
    ACCELSCOPE_CUDA_NO_DEVICE = 2,       /* a driver but no CUDA GPU (or no GPU with that index) */
    ACCELSCOPE_CUDA_ERROR = 3,           /* any other CUDA error; see the message */
    ACCELSCOPE_CUDA_CANCELLED = 4,       /* the progress callback asked to stop */
    ACCELSCOPE_CUDA_OUT_OF_MEMORY = 5,   /* the request needs more device (or pinned host) memory than is free */
    ACCELSCOPE_CUDA_INVALID_ARGUMENT = 6,/* a parameter the module cannot use (the message names it) */
    ACCELSCOPE_CUDA_WRONG_RESULT = 7     /* a kernel's output failed its check: the timing is not reported */
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
    int sharedMemoryPerBlockOptinBytes;
    int maxThreadsPerSm;
    int registersPerSm;
    int warpSize;
    int eccEnabled;
    int pciDomainId;
    int pciDeviceId;
};

/* Called between sweep points and repetitions with the fraction done (0..1) and what runs.
   Returns non-zero to stop: the entry point then returns ACCELSCOPE_CUDA_CANCELLED. May be null. */
typedef int (*AccelscopeCudaProgressFn)(void* user, double fraction, const char* what);

struct AccelscopeCudaCallbacks {
    AccelscopeCudaProgressFn progress;
    void* user;
};

/* One point of a measured curve: x, and the median / min / max of the timed repetitions, already
   converted to the unit the entry point documents. */
struct AccelscopeCudaPoint {
    double x;
    double median;
    double min;
    double max;
};

/* Where an entry point writes a curve: up to `capacity` points; `count` is set to how many. */
struct AccelscopeCudaSeries {
    struct AccelscopeCudaPoint* points;
    int capacity;
    int count;
};

/* Launch shape and facts an entry point reports back for the result notes. */
struct AccelscopeCudaRunInfo {
    int blocks;                       /* grid size of the main kernel */
    int threadsPerBlock;
    int vectorBytes;                  /* width of each thread's loads and stores */
    int repetitions;                  /* timed repetitions per point (after one warm-up) */
    unsigned long long bytesPerArray; /* size of each device array actually used */
    double smClockMhz;                /* clock64() cycles per µs measured by a spin kernel (0 = not measured) */
    char device[256];
};

/* ACCELSCOPE_CUDA_ABI_VERSION of the module. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_abi_version(void);

/* Fills up to `capacity` devices, sets *count to how many exist, and the driver and runtime
   versions (CUDA's 1000*major + 10*minor). On failure writes a message into `message`. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_query(struct AccelscopeCudaDevice* devices, int capacity, int* count, int* driverVersion,
                          int* runtimeVersion, char* message, int messageBytes);

/* ---- device memory bandwidth: copy, scale, add, triad (BabelStream kernels, double) ---- */
struct AccelscopeCudaBandwidthParams {
    int device;
    unsigned long long arrayBytes;  /* each of the three arrays; 0 = max(4 x L2, 512 MiB) capped by free memory */
    int repetitions;                /* timed repetitions after one warm-up */
    unsigned long long sweepMinBytes; /* copy working-set sweep from here, doubling up to arrayBytes; 0 = no sweep */
};
/* kernels: GB/s (10^9 B/s, reads + writes counted once) of copy, scale, add, triad in that order
   (x = kernel index). sweep: copy GB/s against working set (x in KiB, both arrays together). */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_bandwidth(const struct AccelscopeCudaBandwidthParams* params, struct AccelscopeCudaSeries* kernels,
                              struct AccelscopeCudaSeries* sweep, struct AccelscopeCudaRunInfo* info,
                              const struct AccelscopeCudaCallbacks* callbacks, char* message, int messageBytes);

/* ---- host <-> device copies over the bus, pageable and pinned host memory ---- */
struct AccelscopeCudaTransferParams {
    int device;
    unsigned long long minBytes;    /* transfer sizes from here, doubling up to maxBytes */
    unsigned long long maxBytes;
    int repetitions;
};
/* Four curves, GB/s against transfer size in KiB: [0] host-to-device pageable, [1] host-to-device
   pinned, [2] device-to-host pageable, [3] device-to-host pinned. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_transfer(const struct AccelscopeCudaTransferParams* params, struct AccelscopeCudaSeries* curves,
                             struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                             char* message, int messageBytes);

/* ---- latency by pointer chasing, timed with clock64() in one thread ---- */
struct AccelscopeCudaChaseParams {
    int device;
    const unsigned* chain;          /* host array: chain[i] is the node after node i (one random cycle) */
    unsigned long long nodes;
    int strideBytes;                /* distance between nodes in device memory (multiple of 4) */
    unsigned long long warmSteps;   /* untimed steps first (fills caches and TLBs) */
    unsigned long long steps;       /* timed dependent loads */
    int bypassL1;                   /* 1: ld.global.cg (L2 and below), 0: ld.global.ca (through L1) */
};
/* *cycles: clock64() cycles per dependent load; *smClockMhz: the measured SM clock. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_chase(const struct AccelscopeCudaChaseParams* params, double* cycles, double* smClockMhz,
                          char* message, int messageBytes);

/* ---- warp divergence: k-way branches inside every warp ---- */
struct AccelscopeCudaDivergenceParams {
    int device;
    int maxWays;                    /* k from 1 to maxWays (<= 32) */
    int workPerBranch;              /* dependent FMAs in each branch body */
    int perWarp;                    /* 1: the branch depends on the warp index (no divergence) instead of the lane */
    int repetitions;
};
/* ms per launch against k (median / min / max). */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_divergence(const struct AccelscopeCudaDivergenceParams* params, struct AccelscopeCudaSeries* out,
                               struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                               char* message, int messageBytes);

/* ---- coalescing: out[i] = in[i * stride], 4-byte elements ---- */
struct AccelscopeCudaCoalescingParams {
    int device;
    unsigned long long arrayBytes;  /* the input array; 0 = max(8 x L2, 512 MiB) capped by free memory */
    int maxStride;                  /* strides 1..maxStride (elements) */
    int repetitions;
};
/* Effective GB/s (useful bytes: 4 read + 4 written per thread) against stride in elements. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_coalescing(const struct AccelscopeCudaCoalescingParams* params, struct AccelscopeCudaSeries* out,
                               struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                               char* message, int messageBytes);

/* ---- shared-memory bank conflicts: lane l reads word l * stride ---- */
struct AccelscopeCudaBankParams {
    int device;
    int maxStride;                  /* strides 1..maxStride (4-byte words), <= 64 */
    int iterations;                 /* dependent shared loads per thread */
    int repetitions;
};
/* Shared loads per ns over the whole GPU (one per thread per iteration) against stride. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_bank_conflicts(const struct AccelscopeCudaBankParams* params, struct AccelscopeCudaSeries* out,
                                   struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                                   char* message, int messageBytes);

/* ---- GEMM ladder: C = A B, row-major, FP32 accumulate and output ---- */
enum AccelscopeCudaPrecision { ACCELSCOPE_CUDA_FP32 = 0, ACCELSCOPE_CUDA_FP16 = 1, ACCELSCOPE_CUDA_BF16 = 2 };
enum AccelscopeCudaGemmKernel {
    ACCELSCOPE_CUDA_GEMM_NAIVE = 0,  /* one thread per output, operands from global memory */
    ACCELSCOPE_CUDA_GEMM_TILED = 1,  /* 64x64 shared-memory tiles, 4x4 outputs per thread */
    ACCELSCOPE_CUDA_GEMM_WMMA = 2,   /* tensor cores through nvcuda::wmma 16x16x16 (FP16/BF16 only) */
    ACCELSCOPE_CUDA_GEMM_CUBLAS = 3  /* cublasGemmEx, when libcublas can be dlopen'ed */
};
struct AccelscopeCudaGemmParams {
    int device;
    int precision;                  /* AccelscopeCudaPrecision of A and B */
    int kernel;                     /* AccelscopeCudaGemmKernel */
    int size;                       /* M = N = K, a multiple of 128 */
    int repetitions;
    unsigned long long seed;        /* random inputs in [-1, 1) */
};
struct AccelscopeCudaGemmResult {
    struct AccelscopeCudaPoint tflops; /* x = size; TFLOP/s (2 M N K per product) */
    double maxRelativeError;        /* over sampled outputs: |c - ref| / sum_k |a b| */
    int checkedOutputs;
    char library[128];              /* for cuBLAS: which library file was loaded */
};
/* Returns ACCELSCOPE_CUDA_INVALID_ARGUMENT with a message when the kernel is not available for this
   precision or device (WMMA in FP32, cuBLAS not found): the caller notes it and goes on. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_gemm(const struct AccelscopeCudaGemmParams* params, struct AccelscopeCudaGemmResult* result,
                         struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                         char* message, int messageBytes);

/* ---- empirical roofline: FLOPs per byte as a parameter ---- */
struct AccelscopeCudaRooflineParams {
    int device;
    unsigned long long arrayBytes;  /* 0 = max(4 x L2, 256 MiB) capped by free memory */
    int maxFmasPerElement;          /* powers of two from 1 up to this (<= 4096) */
    int repetitions;
};
/* Two curves against arithmetic intensity (FLOP/byte, x): [0] GFLOP/s, [1] GB/s. */
ACCELSCOPE_CUDA_EXPORT int accelscope_cuda_roofline(const struct AccelscopeCudaRooflineParams* params, struct AccelscopeCudaSeries* curves,
                             struct AccelscopeCudaRunInfo* info, const struct AccelscopeCudaCallbacks* callbacks,
                             char* message, int messageBytes);

#ifdef __cplusplus
}
#endif

#endif
