// SPDX-License-Identifier: MIT
// Sizes people type: "4096", "64 MiB", "1.5GB", "8G" (nccl-tests' -b/-e spelling).
#pragma once

#include "models/common/result.hpp"

#include <string_view>

namespace accelscope::models {

/// Bytes from a number and an optional unit, case-insensitive: B; kB, MB, GB, TB (powers of 1000);
/// KiB, MiB, GiB, TiB (powers of 1024); and K, M, G, T alone as powers of 1024, the way nccl-tests reads
/// its -b/-e sizes. Spaces between number and unit are allowed. Errors quote the text and say what is
/// wrong (not a number, an unknown unit, zero or negative, above 2^60 bytes).
Result<double> parseByteSize(std::string_view text);

} // namespace accelscope::models
