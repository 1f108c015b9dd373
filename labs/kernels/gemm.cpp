// SPDX-License-Identifier: MIT
// The GEMM ladder's portable rungs, the dispatch to the SIMD files, and the OpenBLAS call.
#include "labs/kernels/gemm.hpp"

#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/kernels/gemm_entries.hpp"

#include <cblas.h>

#include <algorithm>

namespace accelscope::labs::kernels {
namespace {

using compute_peak::Isa;

// One output element at a time: a dot product whose additions depend on each other, so the loop
// runs at one add per add latency, and B is walked down a column (a new cache line per step).
template <class T>
void naive(std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b, T* c)
{
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            T sum{0};
            for (std::size_t p = 0; p < k; ++p) sum += a[i * k + p] * b[p * n + j];
            c[i * n + j] = sum;
        }
    }
}

// Tiles of 64 rows × 256 columns of C, 128 deep: the B tile (128 KiB in FP32) stays in L2 while
// the innermost loop runs along a row of B and C (contiguous, independent, vectorised by the
// compiler at the baseline instruction set).
template <class T>
void blocked(std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b, T* c)
{
    constexpr std::size_t bm = 64;
    constexpr std::size_t bn = 256;
    constexpr std::size_t bk = 128;
    std::fill(c, c + m * n, T{0});
    for (std::size_t i0 = 0; i0 < m; i0 += bm) {
        for (std::size_t p0 = 0; p0 < k; p0 += bk) {
            for (std::size_t j0 = 0; j0 < n; j0 += bn) {
                const std::size_t i1 = std::min(m, i0 + bm);
                const std::size_t p1 = std::min(k, p0 + bk);
                const std::size_t j1 = std::min(n, j0 + bn);
                for (std::size_t i = i0; i < i1; ++i) {
                    for (std::size_t p = p0; p < p1; ++p) {
                        const T aip = a[i * k + p];
                        T* __restrict crow = c + i * n;
                        const T* __restrict brow = b + p * n;
                        for (std::size_t j = j0; j < j1; ++j) crow[j] += aip * brow[j];
                    }
                }
            }
        }
    }
}

template <class T>
void run(GemmRung rung, std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b, T* c)
{
    switch (rung) {
    case GemmRung::Naive: naive(m, n, k, a, b, c); return;
    case GemmRung::Blocked: blocked(m, n, k, a, b, c); return;
    case GemmRung::Simd:
        if (compute_peak::isaSupported(Isa::Avx512)) {
            detail::gemmAvx512(m, n, k, a, b, c);
        } else if (compute_peak::isaSupported(Isa::Avx2Fma)) {
            detail::gemmAvx2(m, n, k, a, b, c);
        } else {
            blocked(m, n, k, a, b, c);
        }
        return;
    case GemmRung::Blas:
        openblas_set_num_threads(1);
        const auto im = static_cast<blasint>(m);
        const auto in = static_cast<blasint>(n);
        const auto ik = static_cast<blasint>(k);
        if constexpr (sizeof(T) == 4) {
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, im, in, ik, 1.0f, a, ik, b, in, 0.0f, c, in);
        } else {
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, im, in, ik, 1.0, a, ik, b, in, 0.0, c, in);
        }
        return;
    }
}

} // namespace

const char* gemmRungKey(GemmRung rung)
{
    switch (rung) {
    case GemmRung::Naive: return "naive";
    case GemmRung::Blocked: return "blocked";
    case GemmRung::Simd: return "simd";
    default: return "blas";
    }
}

std::string gemmRungDescription(GemmRung rung, bool doublePrecision)
{
    switch (rung) {
    case GemmRung::Naive: return "triple loop, one dependent dot product per element";
    case GemmRung::Blocked: return "64x256x128 cache tiles, inner loop vectorised by the compiler (baseline SSE2)";
    case GemmRung::Simd: {
        const bool avx512 = compute_peak::isaSupported(Isa::Avx512);
        if (!avx512 && !compute_peak::isaSupported(Isa::Avx2Fma)) return "no AVX2: falls back to the blocked loop";
        const int lanes = (avx512 ? 16 : 8) / (doublePrecision ? 2 : 1);
        return "packed panels, 6x" + std::to_string(2 * lanes) + (avx512 ? " AVX-512" : " AVX2") +
               " FMA micro-kernel, 12 vector accumulators";
    }
    default: return "system BLAS (" + blasConfig() + "), one thread";
    }
}

void gemm(GemmRung rung, std::size_t m, std::size_t n, std::size_t k, const float* a, const float* b, float* c)
{
    run(rung, m, n, k, a, b, c);
}

void gemm(GemmRung rung, std::size_t m, std::size_t n, std::size_t k, const double* a, const double* b, double* c)
{
    run(rung, m, n, k, a, b, c);
}

std::string blasConfig()
{
    const char* config = openblas_get_config();
    return config == nullptr ? std::string("OpenBLAS") : std::string(config);
}

} // namespace accelscope::labs::kernels
