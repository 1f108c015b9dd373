// SPDX-License-Identifier: MIT
// GEMM ladder, C = A B (n x n, row-major, FP32 accumulate and output): naive, shared-memory tiled,
// tensor cores through WMMA, and cuBLAS when it can be loaded at run time. Inputs are random,
// the output is poisoned before each run, and sampled outputs are checked against a float64 sum.
#include "labs/cuda/cuda_common.cuh"

#include <cublas_v2.h> // types and prototypes only: libcublas is dlopen'ed, never linked
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include <dlfcn.h>

#include <cmath>
#include <random>

namespace accelscope_cuda {
namespace {

__host__ __device__ inline float toFloat(float x) { return x; }
__host__ __device__ inline float toFloat(__half x) { return __half2float(x); }
__host__ __device__ inline float toFloat(__nv_bfloat16 x) { return __bfloat162float(x); }

template <typename T> T fromFloat(float x);
template <> float fromFloat<float>(float x) { return x; }
template <> __half fromFloat<__half>(float x) { return __float2half_rn(x); }
template <> __nv_bfloat16 fromFloat<__nv_bfloat16>(float x) { return __float2bfloat16_rn(x); }

// One thread per output; every operand comes from global memory (through L1/L2).
template <typename T>
__global__ void gemmNaive(const T* a, const T* b, float* c, int n)
{
    const int col = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    const int row = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
    if (row >= n || col >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) acc = fmaf(toFloat(a[row * n + k]), toFloat(b[k * n + col]), acc);
    c[row * n + col] = acc;
}

constexpr int tile = 64;     // block tile of C
constexpr int tileK = 16;
constexpr int tilePad = 4;   // keeps the transposed A stores off one bank

// 64 x 64 tile of C per block of 256 threads; each thread keeps a 4 x 4 block of outputs in
// registers (rows ty + 16 r, columns tx + 16 c), so each shared value loaded feeds 4 FMAs.
template <typename T>
__global__ void __launch_bounds__(256) gemmTiled(const T* a, const T* b, float* c, int n)
{
    __shared__ float as[tileK][tile + tilePad]; // A tile, transposed: as[k][m]
    __shared__ float bs[tileK][tile + tilePad]; // B tile: bs[k][n]
    const int tx = static_cast<int>(threadIdx.x % 16);
    const int ty = static_cast<int>(threadIdx.x / 16);
    const int row0 = static_cast<int>(blockIdx.y) * tile;
    const int col0 = static_cast<int>(blockIdx.x) * tile;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < n; k0 += tileK) {
        for (int e = static_cast<int>(threadIdx.x); e < tile * tileK; e += 256) {
            as[e % tileK][e / tileK] = toFloat(a[(row0 + e / tileK) * n + k0 + e % tileK]);
            bs[e / tile][e % tile] = toFloat(b[(k0 + e / tile) * n + col0 + e % tile]);
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < tileK; ++k) {
            float av[4];
            float bv[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                av[i] = as[k][ty + 16 * i];
                bv[i] = bs[k][tx + 16 * i];
            }
#pragma unroll
            for (int r = 0; r < 4; ++r) {
#pragma unroll
                for (int q = 0; q < 4; ++q) acc[r][q] = fmaf(av[r], bv[q], acc[r][q]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) {
#pragma unroll
        for (int q = 0; q < 4; ++q) c[(row0 + ty + 16 * r) * n + col0 + tx + 16 * q] = acc[r][q];
    }
}

// Tensor cores through WMMA, with the operands staged in shared memory: a block of 8 warps owns a
// 128 x 128 tile of C; each K step of 32 copies a 128 x 32 slice of A and a 32 x 128 slice of B
// into shared memory with cp.async (16 bytes per copy, two stages, so the next slice arrives while
// the tensor cores work on this one); each warp computes 64 x 32 of C as 4 x 2 fragments of
// 16 x 16. Loading fragments straight from global memory instead ran at 53-55 TFLOP/s on an H100
// (5 % of its dense peak, labs/cuda/results/); reuse from shared memory is what tensor cores need.
// It uses mma.sync through WMMA, not Hopper's wgmma/TMA, so it stays well below cuBLAS there.
constexpr int wmmaTile = 128;   // block tile of C
constexpr int wmmaTileK = 32;   // K slice per stage
constexpr int wmmaPad = 8;      // 16 bytes of padding per shared row: ldmatrix rows fall on other banks
constexpr int wmmaThreads = 256;

__device__ inline void copyAsync16(void* shared, const void* global)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const auto address = static_cast<unsigned>(__cvta_generic_to_shared(shared));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(address), "l"(global));
#endif
}
__device__ inline void copyAsyncCommit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}
template <int Pending>
__device__ inline void copyAsyncWait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending));
#endif
}

template <typename T>
__global__ void __launch_bounds__(wmmaThreads) gemmWmma(const T* a, const T* b, float* c, int n)
{
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    using namespace nvcuda;
    __shared__ __align__(128) T sa[2][wmmaTile][wmmaTileK + wmmaPad];
    __shared__ __align__(128) T sb[2][wmmaTileK][wmmaTile + wmmaPad];
    const int tid = static_cast<int>(threadIdx.x);
    const int warp = tid / 32;
    const int blockRow = static_cast<int>(blockIdx.y) * wmmaTile;
    const int blockCol = static_cast<int>(blockIdx.x) * wmmaTile;
    const int warpRow = (warp / 4) * 64;
    const int warpCol = (warp % 4) * 32;
    constexpr int perCopy = 16 / sizeof(T); // elements per 16-byte copy
    auto stage = [&](int buffer, int k0) {
        // A slice: 128 rows x 32 columns = 512 copies; B slice: 32 rows x 128 columns = 512 copies.
#pragma unroll
        for (int i = 0; i < 2; ++i) {
            const int chunk = tid + i * wmmaThreads;
            const int ra = chunk / (wmmaTileK / perCopy);
            const int ca = (chunk % (wmmaTileK / perCopy)) * perCopy;
            copyAsync16(&sa[buffer][ra][ca], a + static_cast<std::size_t>(blockRow + ra) * n + k0 + ca);
            const int rb = chunk / (wmmaTile / perCopy);
            const int cb = (chunk % (wmmaTile / perCopy)) * perCopy;
            copyAsync16(&sb[buffer][rb][cb], b + static_cast<std::size_t>(k0 + rb) * n + blockCol + cb);
        }
        copyAsyncCommit();
    };
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    }
    const int slices = n / wmmaTileK;
    stage(0, 0);
    for (int t = 0; t < slices; ++t) {
        const int buffer = t & 1;
        if (t + 1 < slices) {
            stage(buffer ^ 1, (t + 1) * wmmaTileK); // the buffer read in step t - 1, released by its barrier
            copyAsyncWait<1>();
        } else {
            copyAsyncWait<0>();
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < wmmaTileK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa[4];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::row_major> fb[2];
#pragma unroll
            for (int i = 0; i < 4; ++i) wmma::load_matrix_sync(fa[i], &sa[buffer][warpRow + 16 * i][kk], wmmaTileK + wmmaPad);
#pragma unroll
            for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(fb[j], &sb[buffer][kk][warpCol + 16 * j], wmmaTile + wmmaPad);
#pragma unroll
            for (int i = 0; i < 4; ++i) {
#pragma unroll
                for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            wmma::store_matrix_sync(c + static_cast<std::size_t>(blockRow + warpRow + 16 * i) * n + blockCol + warpCol + 16 * j,
                                    acc[i][j], static_cast<unsigned>(n), wmma::mem_row_major);
        }
    }
#endif
}

__global__ void countNonFinite(const float* c, std::size_t count, unsigned long long* bad)
{
    unsigned long long mine = 0;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        if (!isfinite(c[i])) ++mine;
    }
    if (mine != 0) atomicAdd(bad, mine);
}

// cuBLAS entry points looked up with dlsym, so the module never depends on libcublas.
struct Cublas {
    using CreateFn = cublasStatus_t (*)(cublasHandle_t*);
    using DestroyFn = cublasStatus_t (*)(cublasHandle_t);
    // The 32-bit-int cublasGemmEx of cublas_api.h (C linkage; the header also has a 64-bit overload).
    using GemmExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                        const void*, const void*, cudaDataType, int, const void*, cudaDataType, int,
                                        const void*, void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);
    void* library = nullptr;
    CreateFn create = nullptr;
    DestroyFn destroy = nullptr;
    GemmExFn gemmEx = nullptr;
    char name[128] = {};
};

// The library stays loaded until the process ends: unloading CUDA libraries while the context
// lives is not supported by them.
bool loadCublas(Cublas* out, const Message& msg)
{
    for (const char* file : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
        void* library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) continue;
        out->library = library;
        out->create = reinterpret_cast<Cublas::CreateFn>(dlsym(library, "cublasCreate_v2"));
        out->destroy = reinterpret_cast<Cublas::DestroyFn>(dlsym(library, "cublasDestroy_v2"));
        out->gemmEx = reinterpret_cast<Cublas::GemmExFn>(dlsym(library, "cublasGemmEx"));
        std::snprintf(out->name, sizeof out->name, "%s", file);
        if (out->create != nullptr && out->destroy != nullptr && out->gemmEx != nullptr) return true;
    }
    msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT,
            "cuBLAS skipped: no usable libcublas.so.13/.12 could be loaded (install the CUDA toolkit's cuBLAS to compare)");
    return false;
}

struct Problem {
    int n;
    int kernel;
    int precision;
    const void* a;
    const void* b;
    float* c;
};

template <typename T>
int launchOwn(const Problem& p, const Message& msg)
{
    const auto* a = static_cast<const T*>(p.a);
    const auto* b = static_cast<const T*>(p.b);
    if (p.kernel == ACCELSCOPE_CUDA_GEMM_NAIVE) {
        gemmNaive<T><<<dim3(static_cast<unsigned>(p.n / 16), static_cast<unsigned>(p.n / 16)), dim3(16, 16)>>>(a, b, p.c, p.n);
    } else if (p.kernel == ACCELSCOPE_CUDA_GEMM_TILED) {
        gemmTiled<T><<<dim3(static_cast<unsigned>(p.n / tile), static_cast<unsigned>(p.n / tile)), 256>>>(a, b, p.c, p.n);
    } else if constexpr (!std::is_same_v<T, float>) {
        gemmWmma<T><<<dim3(static_cast<unsigned>(p.n / wmmaTile), static_cast<unsigned>(p.n / wmmaTile)), wmmaThreads>>>(a, b, p.c, p.n);
    }
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "GEMM kernel");
    return ACCELSCOPE_CUDA_OK;
}

int launch(const Problem& p, const Cublas& cublas, cublasHandle_t handle, const Message& msg)
{
    if (p.kernel == ACCELSCOPE_CUDA_GEMM_CUBLAS) {
        // Row-major C = A B is column-major C^T = B^T A^T: pass B first, with the sizes swapped.
        const cudaDataType_t type = p.precision == ACCELSCOPE_CUDA_FP32   ? CUDA_R_32F
                                    : p.precision == ACCELSCOPE_CUDA_FP16 ? CUDA_R_16F
                                                                          : CUDA_R_16BF;
        const float one = 1.0f;
        const float zero = 0.0f;
        const cublasStatus_t s = cublas.gemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, p.n, p.n, p.n, &one, p.b, type, p.n, p.a,
                                               type, p.n, &zero, p.c, CUDA_R_32F, p.n, CUBLAS_COMPUTE_32F,
                                               CUBLAS_GEMM_DEFAULT);
        if (s != CUBLAS_STATUS_SUCCESS) return msg.set(ACCELSCOPE_CUDA_ERROR, "cublasGemmEx failed (status %d)", static_cast<int>(s));
        return ACCELSCOPE_CUDA_OK;
    }
    if (p.precision == ACCELSCOPE_CUDA_FP32) return launchOwn<float>(p, msg);
    if (p.precision == ACCELSCOPE_CUDA_FP16) return launchOwn<__half>(p, msg);
    return launchOwn<__nv_bfloat16>(p, msg);
}

// Random inputs in [-1, 1), rounded to T; `rounded` keeps them as floats for the reference.
template <typename T>
int upload(DeviceBuffer<unsigned char>& device, std::size_t count, std::mt19937_64& engine, std::vector<float>& rounded,
           const Message& msg)
{
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    std::vector<T> host(count);
    rounded.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        host[i] = fromFloat<T>(value(engine));
        rounded[i] = toFloat(host[i]);
    }
    ACCELSCOPE_CUDA_TRY(msg, device.allocate(count * sizeof(T)));
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(device.get(), host.data(), count * sizeof(T), cudaMemcpyHostToDevice));
    return ACCELSCOPE_CUDA_OK;
}

// Every output finite (the NaN poison is gone) and 256 sampled ones within 1e-3 of a float64 sum,
// relative to sum |a b| (FP32 accumulation over n terms stays far below that).
int check(const float* c, int n, const std::vector<float>& a, const std::vector<float>& b, AccelscopeCudaGemmResult* r,
          const Message& msg)
{
    const std::size_t count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    DeviceBuffer<unsigned long long> bad;
    ACCELSCOPE_CUDA_TRY(msg, bad.allocate(1));
    ACCELSCOPE_CUDA_TRY(msg, cudaMemset(bad.get(), 0, sizeof(unsigned long long)));
    countNonFinite<<<256, 256>>>(c, count, bad.get());
    ACCELSCOPE_CUDA_CHECK_LAUNCH(msg, "GEMM check kernel");
    unsigned long long nonFinite = 0;
    ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&nonFinite, bad.get(), sizeof nonFinite, cudaMemcpyDeviceToHost));
    if (nonFinite != 0) return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "%llu outputs were not written (or not finite)", nonFinite);
    std::mt19937 engine(12345);
    std::uniform_int_distribution<int> pick(0, n - 1);
    r->maxRelativeError = 0;
    for (int s = 0; s < 256; ++s) {
        const int i = s == 0 ? 0 : s == 1 ? n - 1 : pick(engine);
        const int j = s == 0 ? 0 : s == 1 ? n - 1 : pick(engine);
        double ref = 0;
        double scale = 0;
        for (int k = 0; k < n; ++k) {
            const double term = static_cast<double>(a[static_cast<std::size_t>(i) * n + k]) * b[static_cast<std::size_t>(k) * n + j];
            ref += term;
            scale += std::fabs(term);
        }
        float got = 0;
        ACCELSCOPE_CUDA_TRY(msg, cudaMemcpy(&got, c + static_cast<std::size_t>(i) * n + j, sizeof got, cudaMemcpyDeviceToHost));
        const double error = std::fabs(got - ref) / std::max(scale, 1e-30);
        r->maxRelativeError = std::max(r->maxRelativeError, error);
        ++r->checkedOutputs;
        if (!(error <= 1e-3)) {
            return msg.set(ACCELSCOPE_CUDA_WRONG_RESULT, "C[%d][%d] = %g, expected %g (relative error %.2e)", i, j,
                           static_cast<double>(got), ref, error);
        }
    }
    return ACCELSCOPE_CUDA_OK;
}

} // namespace
} // namespace accelscope_cuda

using namespace accelscope_cuda;

extern "C" int accelscope_cuda_gemm(const AccelscopeCudaGemmParams* p, AccelscopeCudaGemmResult* result,
                                    AccelscopeCudaRunInfo* info, const AccelscopeCudaCallbacks* callbacks,
                                    char* message, int messageBytes)
{
    const Message msg{message, messageBytes};
    std::memset(result, 0, sizeof *result);
    cudaDeviceProp prop{};
    if (int s = selectDevice(p->device, &prop, info, msg); s != ACCELSCOPE_CUDA_OK) return s;
    if (p->size < 128 || p->size % 128 != 0 || p->size > 32768 || p->repetitions < 1 || p->precision < 0 ||
        p->precision > 2 || p->kernel < 0 || p->kernel > 3) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "need a size that is a multiple of 128 (128..32768), repetitions >= 1, a known kernel and precision");
    }
    if (p->kernel == ACCELSCOPE_CUDA_GEMM_WMMA && p->precision == ACCELSCOPE_CUDA_FP32) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "WMMA rung skipped in FP32: this ladder uses tensor cores for FP16/BF16 only (TF32 not included)");
    }
    if (p->kernel == ACCELSCOPE_CUDA_GEMM_WMMA && prop.major < 8) {
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "WMMA rung skipped: BF16/FP16 WMMA as built here needs compute capability 8.0+");
    }
    if (p->kernel == ACCELSCOPE_CUDA_GEMM_CUBLAS && p->device != 0) {
        // libcublas brings its own (shared) CUDA runtime, whose current device is 0: our pointers
        // on another device would not be its.
        return msg.set(ACCELSCOPE_CUDA_INVALID_ARGUMENT, "cuBLAS skipped: this lab runs it on device 0 only");
    }
    Cublas cublas;
    if (p->kernel == ACCELSCOPE_CUDA_GEMM_CUBLAS && !loadCublas(&cublas, msg)) return ACCELSCOPE_CUDA_INVALID_ARGUMENT;
    const int n = p->size;
    const std::size_t count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    const std::size_t element = p->precision == ACCELSCOPE_CUDA_FP32 ? 4 : 2;
    if (int s = checkFreeMemory(2 * count * element + count * sizeof(float), "A, B and C", msg); s != ACCELSCOPE_CUDA_OK) return s;
    std::mt19937_64 engine(p->seed);
    std::vector<float> hostA;
    std::vector<float> hostB;
    DeviceBuffer<unsigned char> a;
    DeviceBuffer<unsigned char> b;
    DeviceBuffer<float> c;
    for (auto [device, host] : {std::pair{&a, &hostA}, std::pair{&b, &hostB}}) {
        int s = p->precision == ACCELSCOPE_CUDA_FP32   ? upload<float>(*device, count, engine, *host, msg)
                : p->precision == ACCELSCOPE_CUDA_FP16 ? upload<__half>(*device, count, engine, *host, msg)
                                                       : upload<__nv_bfloat16>(*device, count, engine, *host, msg);
        if (s != ACCELSCOPE_CUDA_OK) return s;
    }
    ACCELSCOPE_CUDA_TRY(msg, c.allocate(count));
    ACCELSCOPE_CUDA_TRY(msg, cudaMemset(c.get(), 0xff, count * sizeof(float))); // NaN poison
    cublasHandle_t handle = nullptr;
    if (p->kernel == ACCELSCOPE_CUDA_GEMM_CUBLAS) {
        if (cublas.create(&handle) != CUBLAS_STATUS_SUCCESS) return msg.set(ACCELSCOPE_CUDA_ERROR, "cublasCreate failed");
        std::snprintf(result->library, sizeof result->library, "%s", cublas.name);
    }
    const Problem problem{n, p->kernel, p->precision, a.get(), b.get(), c.get()};
    info->repetitions = p->repetitions;
    info->bytesPerArray = count * element;
    info->threadsPerBlock = p->kernel == ACCELSCOPE_CUDA_GEMM_NAIVE ? 256 : p->kernel == ACCELSCOPE_CUDA_GEMM_WMMA ? 128 : 256;
    info->blocks = p->kernel == ACCELSCOPE_CUDA_GEMM_NAIVE ? (n / 16) * (n / 16) : (n / tile) * (n / tile);
    EventPair events;
    int status = events.create() == cudaSuccess ? ACCELSCOPE_CUDA_OK : msg.set(ACCELSCOPE_CUDA_ERROR, "cudaEventCreate failed");
    std::vector<float> times;
    for (int rep = 0; rep <= p->repetitions && status == ACCELSCOPE_CUDA_OK; ++rep) {
        if (rep == 1) status = check(c.get(), n, hostA, hostB, result, msg); // check the warm-up's output
        if (status != ACCELSCOPE_CUDA_OK) break;
        float ms = 0;
        if (events.start() != cudaSuccess) status = msg.set(ACCELSCOPE_CUDA_ERROR, "cudaEventRecord failed");
        if (status == ACCELSCOPE_CUDA_OK) status = launch(problem, cublas, handle, msg);
        if (status == ACCELSCOPE_CUDA_OK && events.stop() != cudaSuccess) status = msg.set(ACCELSCOPE_CUDA_ERROR, "cudaEventRecord failed");
        if (status == ACCELSCOPE_CUDA_OK) {
            if (cudaError_t e = events.elapsedMs(&ms); e != cudaSuccess) status = msg.cuda(e, "GEMM kernel");
        }
        if (rep > 0) times.push_back(ms);
        if (status == ACCELSCOPE_CUDA_OK && stopRequested(callbacks, static_cast<double>(rep + 1) / (p->repetitions + 1), "GEMM")) {
            status = msg.set(ACCELSCOPE_CUDA_CANCELLED, "cancelled");
        }
    }
    if (handle != nullptr) cublas.destroy(handle);
    if (status != ACCELSCOPE_CUDA_OK) return status;
    const double flops = 2.0 * n * static_cast<double>(n) * n;
    result->tflops = summarise(n, times, [flops](double ms) { return flops / (ms * 1e9); });
    return measureSmClockMhz(&info->smClockMhz, msg);
}
