// SPDX-License-Identifier: MIT
// Shared checks of the libFuzzer targets: an input is text, and a refusal is one line.
#pragma once

#include "models/common/result.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace accelscope::fuzz {

inline std::string_view textOf(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

/// The contract of every parser (issue #17): an error is one non-empty line for people. A
/// violation aborts, so libFuzzer keeps the input as a crash file.
inline void requireOneLine(const models::Error& error)
{
    if (error.message.empty() || error.message.find('\n') != std::string::npos) {
        std::fprintf(stderr, "error message is not one line: [%s]\n", error.message.c_str());
        std::abort();
    }
}

template <typename T>
void requireOneLine(const models::Result<T>& result)
{
    if (!result) requireOneLine(result.error());
}

} // namespace accelscope::fuzz
