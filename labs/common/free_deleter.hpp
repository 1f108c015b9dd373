// SPDX-License-Identifier: MIT
// Owns memory from std::aligned_alloc / std::malloc in a std::unique_ptr.
#pragma once

#include <cstdlib>

namespace accelscope::labs {

struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};

} // namespace accelscope::labs
