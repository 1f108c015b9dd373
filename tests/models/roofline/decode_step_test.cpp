// SPDX-License-Identifier: MIT
// One decode token's FLOPs and bytes, checked by hand on a tiny shape.
#include "models/roofline/decode_step.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::roofline;

namespace {

// 1 layer, hidden 4, 2 query heads and 1 KV head of dim 2, FFN 8, vocabulary 10.
constexpr DecodeShape tiny{1, 4, 2, 1, 2, 8, 10};

} // namespace

TEST_CASE("decode matrix weights and rows of a tiny Llama-shaped model")
{
    // Q 4x4 (heads·headDim × hidden) + K, V 2x4 each + O 4x4 = 48; gate, up, down 3·4·8 = 96; head 10·4 = 40.
    CHECK(decodeMatrixWeights(tiny) == 184.0);
    // Rows: Q 4, K 2, V 2, O 4, gate 8, up 8, down 4 = 32, head 10.
    CHECK(decodeMatrixRows(tiny) == 42.0);
}

TEST_CASE("a decode token's FLOPs and bytes, FP32 and 8-bit weights")
{
    // Position 2: attention spans l = 3 tokens. FLOPs: 2·184 matrices; attention 2·(4·3·2 + 5·3) = 78;
    // two RMSNorms 2·4·4 = 32, residuals 2·4 = 8, SwiGLU 4·8 = 32; final norm 4·4 = 16: 368 + 150 + 16.
    const KernelCost fp32 = decodeToken(tiny, 2, 4, 0, 4, 4);
    CHECK(fp32.flops == 534.0);
    // Bytes: weights 184·4 = 736; 3 norm vectors + 1 embedding row = 16 floats = 64; K and V cache
    // 2·1·1·2·4 = 16 B per token, read for 3 tokens and written once = 64; logits 10·4 = 40.
    CHECK(fp32.bytes == 904.0);
    const KernelCost int8 = decodeToken(tiny, 2, 1, 4, 4, 4);
    CHECK(int8.flops == 534.0 + 42.0); // one scale multiply per matrix row
    CHECK(int8.bytes == 184.0 + 42.0 * 4 + 64 + 64 + 40);
    // A longer cache costs more: every extra position adds one K and one V read per layer.
    CHECK(decodeToken(tiny, 3, 4, 0, 4, 4).bytes - fp32.bytes == 16.0);
}
