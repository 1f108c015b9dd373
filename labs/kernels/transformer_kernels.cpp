// SPDX-License-Identifier: MIT
// GEMV, softmax, RMSNorm and attention. The hot loops are compiled three times (AVX-512F, AVX2,
// baseline) and the loader picks one by the CPU's features (GCC target_clones, an ifunc). Not
// "arch=" clones: those match CPU models, and a newer model than the one named (a Sapphire Rapids
// for "arch=skylake-avx512") got the baseline SSE2 code.
#include "labs/kernels/transformer_kernels.hpp"

#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/kernels/dot_entries.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace accelscope::labs::kernels {
namespace {

// 32 partial sums: enough independent adds to hide the add latency at any vector width, so the
// loop streams at the memory's pace, not the adder's.
constexpr std::size_t partials = 32;

[[gnu::target_clones("avx512f", "avx2", "default")]]
float dotKernel(const float* a, const float* b, std::size_t n)
{
    float acc[partials] = {};
    std::size_t i = 0;
    for (; i + partials <= n; i += partials) {
        for (std::size_t j = 0; j < partials; ++j) acc[j] += a[i + j] * b[i + j];
    }
    float sum = 0;
    for (; i < n; ++i) sum += a[i] * b[i];
    for (const float x : acc) sum += x;
    return sum;
}

// Four consecutive rows of `w`, n floats each, dotted with the same x: four streams through memory
// at once, as the bandwidth lab's kernels walk several pages at once, and each x vector loaded
// once for four rows. One row at a time, a 65536 x 4096 GEMV read its weights at about 80 % of the
// read kernel's bandwidth on the development VM.
[[gnu::target_clones("avx512f", "avx2", "default")]]
void dotRows4(const float* w, const float* x, std::size_t n, float* out)
{
    constexpr std::size_t rows = 4;
    constexpr std::size_t lanes = 16; // one AVX-512 vector per row: four independent sums
    float acc[rows][lanes] = {};
    std::size_t i = 0;
    for (; i + lanes <= n; i += lanes) {
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t j = 0; j < lanes; ++j) acc[r][j] += w[r * n + i + j] * x[i + j];
        }
    }
    for (std::size_t r = 0; r < rows; ++r) {
        float sum = 0;
        for (std::size_t k = i; k < n; ++k) sum += w[r * n + k] * x[k];
        for (const float v : acc[r]) sum += v;
        out[r] = sum;
    }
}

[[gnu::target_clones("avx512f", "avx2", "default")]]
float dotInt8(const std::int8_t* w, const float* x, std::size_t n)
{
    float acc[partials] = {};
    std::size_t i = 0;
    for (; i + partials <= n; i += partials) {
        for (std::size_t j = 0; j < partials; ++j) acc[j] += static_cast<float>(w[i + j]) * x[i + j];
    }
    float sum = 0;
    for (; i < n; ++i) sum += static_cast<float>(w[i]) * x[i];
    for (const float v : acc) sum += v;
    return sum;
}

// y += alpha·x
[[gnu::target_clones("avx512f", "avx2", "default")]]
void axpy(float alpha, const float* x, float* y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i) y[i] += alpha * x[i];
}

void scale(float factor, float* y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i) y[i] *= factor;
}

} // namespace

float dot(const float* a, const float* b, std::size_t n) { return dotKernel(a, b, n); }

void gemv(const float* w, const float* x, float* y, std::size_t rows, std::size_t cols)
{
    std::size_t r = 0;
    for (; r + 4 <= rows; r += 4) dotRows4(w + r * cols, x, cols, y + r);
    for (; r < rows; ++r) y[r] = dotKernel(w + r * cols, x, cols);
}

void gemvInt8(const std::int8_t* w, const float* scales, const float* x, float* y, std::size_t rows, std::size_t cols)
{
    // Hand-written widening (one vpmovsxbd per vector) where the CPU has AVX2 or AVX-512: the
    // compiler's version widened through 16-bit lanes and reached a third of the memory's pace.
    using compute_peak::Isa;
    float (*dotRow)(const std::int8_t*, const float*, std::size_t) = dotInt8;
    if (compute_peak::isaSupported(Isa::Avx512)) dotRow = detail::dotInt8Avx512;
    else if (compute_peak::isaSupported(Isa::Avx2Fma)) dotRow = detail::dotInt8Avx2;
    // One row at a time: four rows at once (as gemv does) read a 32 MiB GEMV 1.10x faster in
    // kernels_bench but slowed the lab's 8-bit decode step from about 44 to about 40 tokens/s.
    for (std::size_t r = 0; r < rows; ++r) y[r] = scales[r] * dotRow(w + r * cols, x, cols);
}

void softmaxRows(float* x, std::size_t rows, std::size_t cols)
{
    for (std::size_t r = 0; r < rows; ++r) {
        float* row = x + r * cols;
        const float max = *std::max_element(row, row + cols);
        float sum = 0;
        for (std::size_t c = 0; c < cols; ++c) {
            row[c] = std::exp(row[c] - max);
            sum += row[c];
        }
        scale(1.0f / sum, row, cols);
    }
}

void rmsNorm(const float* x, const float* gamma, float* y, std::size_t rows, std::size_t cols, float eps)
{
    for (std::size_t r = 0; r < rows; ++r) {
        const float* in = x + r * cols;
        const float meanSquare = dotKernel(in, in, cols) / static_cast<float>(cols);
        const float inverse = 1.0f / std::sqrt(meanSquare + eps);
        float* out = y + r * cols;
        for (std::size_t c = 0; c < cols; ++c) out[c] = in[c] * inverse * gamma[c];
    }
}

void attentionMaterialised(const AttentionShape& s, const float* q, const float* k, const float* v, float* o,
                           float* scores)
{
    const float factor = 1.0f / std::sqrt(static_cast<float>(s.headDim));
    const std::size_t headElements = s.seq * s.headDim;
    for (std::size_t h = 0; h < s.heads; ++h) {
        const float* qh = q + h * headElements;
        const float* kh = k + h * headElements;
        const float* vh = v + h * headElements;
        float* oh = o + h * headElements;
        for (std::size_t i = 0; i < s.seq; ++i) {
            for (std::size_t j = 0; j < s.seq; ++j) {
                scores[i * s.seq + j] = factor * dotKernel(qh + i * s.headDim, kh + j * s.headDim, s.headDim);
            }
        }
        softmaxRows(scores, s.seq, s.seq);
        std::fill(oh, oh + headElements, 0.0f);
        for (std::size_t i = 0; i < s.seq; ++i) {
            for (std::size_t j = 0; j < s.seq; ++j) axpy(scores[i * s.seq + j], vh + j * s.headDim, oh + i * s.headDim, s.headDim);
        }
    }
}

void attentionTiled(const AttentionShape& s, const float* q, const float* k, const float* v, float* o)
{
    const float factor = 1.0f / std::sqrt(static_cast<float>(s.headDim));
    const std::size_t headElements = s.seq * s.headDim;
    constexpr std::size_t br = attentionQueryTile;
    constexpr std::size_t bc = attentionKeyTile;
    float tile[br * bc];
    float runningMax[br];
    float runningSum[br];
    for (std::size_t h = 0; h < s.heads; ++h) {
        const float* qh = q + h * headElements;
        const float* kh = k + h * headElements;
        const float* vh = v + h * headElements;
        float* oh = o + h * headElements;
        for (std::size_t i0 = 0; i0 < s.seq; i0 += br) {
            const std::size_t rows = std::min(br, s.seq - i0);
            std::fill(runningMax, runningMax + br, -std::numeric_limits<float>::infinity());
            std::fill(runningSum, runningSum + br, 0.0f);
            std::fill(oh + i0 * s.headDim, oh + (i0 + rows) * s.headDim, 0.0f);
            for (std::size_t j0 = 0; j0 < s.seq; j0 += bc) {
                const std::size_t cols = std::min(bc, s.seq - j0);
                for (std::size_t i = 0; i < rows; ++i) {
                    float* t = tile + i * bc;
                    float tileMax = -std::numeric_limits<float>::infinity();
                    for (std::size_t j = 0; j < cols; ++j) {
                        t[j] = factor * dotKernel(qh + (i0 + i) * s.headDim, kh + (j0 + j) * s.headDim, s.headDim);
                        tileMax = std::max(tileMax, t[j]);
                    }
                    // Online softmax: rescale what was summed so far to the new maximum.
                    const float newMax = std::max(runningMax[i], tileMax);
                    const float correction = std::exp(runningMax[i] - newMax);
                    float* out = oh + (i0 + i) * s.headDim;
                    scale(correction, out, s.headDim);
                    float sum = runningSum[i] * correction;
                    for (std::size_t j = 0; j < cols; ++j) {
                        const float p = std::exp(t[j] - newMax);
                        sum += p;
                        axpy(p, vh + (j0 + j) * s.headDim, out, s.headDim);
                    }
                    runningMax[i] = newMax;
                    runningSum[i] = sum;
                }
            }
            for (std::size_t i = 0; i < rows; ++i) scale(1.0f / runningSum[i], oh + (i0 + i) * s.headDim, s.headDim);
        }
    }
}

} // namespace accelscope::labs::kernels
