// SPDX-License-Identifier: MIT
// The memory-bound and attention kernels of the CPU kernels lab: GEMV (FP32 and 8-bit weights),
// row softmax, RMSNorm, and attention two ways (materialised scores vs tiled online softmax).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace accelscope::labs::kernels {

/// Sum of a[i]·b[i] over n elements (vectorised with 32 independent partial sums).
float dot(const float* a, const float* b, std::size_t n);

/// y[r] = Σ_k w[r·cols + k]·x[k] for r < rows (row-major W).
void gemv(const float* w, const float* x, float* y, std::size_t rows, std::size_t cols);

/// y[r] = scale[r]·Σ_k w[r·cols + k]·x[k]: 8-bit weights with one FP32 scale per row.
void gemvInt8(const std::int8_t* w, const float* scale, const float* x, float* y, std::size_t rows, std::size_t cols);

/// Row-wise softmax of rows × cols in place (max-subtracted, so large inputs do not overflow).
void softmaxRows(float* x, std::size_t rows, std::size_t cols);

/// y = x / sqrt(mean(x²) + eps) · gamma for each of `rows` rows of `cols` elements.
void rmsNorm(const float* x, const float* gamma, float* y, std::size_t rows, std::size_t cols, float eps);

/// Shape of the attention kernels: `heads` independent heads of `seq` queries, keys and values of
/// `headDim` elements, laid out [head][position][dim]; no mask; scores scaled by 1/sqrt(headDim).
struct AttentionShape {
    std::size_t heads = 0;
    std::size_t seq = 0;
    std::size_t headDim = 0;
};

/// Query rows per tile of the tiled kernel (the K and V re-read count is seq / this).
inline constexpr std::size_t attentionQueryTile = 16;
/// Keys per tile of the tiled kernel: a 16 × 64 score tile (4 KiB) stays in L1.
inline constexpr std::size_t attentionKeyTile = 64;

/// Standard attention: S = QK^T·scale written to `scores` (seq × seq floats, reused per head),
/// softmax in place, O = S·V.
void attentionMaterialised(const AttentionShape& shape, const float* q, const float* k, const float* v, float* o,
                           float* scores);

/// Tiled attention with an online softmax (FlashAttention's algorithm, Dao et al. 2022, Alg. 1):
/// scores exist only for one 16 × 64 tile at a time; a running max and sum rescale the output.
void attentionTiled(const AttentionShape& shape, const float* q, const float* k, const float* v, float* o);

} // namespace accelscope::labs::kernels
