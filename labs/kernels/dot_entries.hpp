// SPDX-License-Identifier: MIT
// Entry points of the per-instruction-set 8-bit dot products. Only <cstddef> and <cstdint> here:
// those files are compiled with -mavx2/-mavx512f and must not emit shared inline functions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accelscope::labs::kernels::detail {

// Σ w[i]·x[i] over n elements, 8-bit weights widened to FP32.
float dotInt8Avx2(const std::int8_t* w, const float* x, std::size_t n);
float dotInt8Avx512(const std::int8_t* w, const float* x, std::size_t n);

} // namespace accelscope::labs::kernels::detail
