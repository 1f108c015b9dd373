// SPDX-License-Identifier: MIT
// Reading a whole input file with a size limit, and the limit of each kind of input (issue #29).
#pragma once

#include "models/common/result.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace accelscope::models {

/// The largest file each input accepts, in bytes (MiB = 2^20). Each is sized so that a file at the
/// limit is read, parsed and used in seconds on a laptop; README "Broken and hostile files" lists them.
namespace inputLimits {
constexpr std::uint64_t mib = std::uint64_t{1} << 20;
constexpr std::uint64_t catalogFileBytes = 16 * mib;   ///< `catalog import` JSON or CSV, a bundled catalog file
constexpr std::uint64_t labResultBytes = 4 * mib;      ///< `lab import`, the Labs page's import
constexpr std::uint64_t warpProgramBytes = 1 * mib;    ///< `warp run --program`
constexpr std::uint64_t lessonFileBytes = 1 * mib;     ///< a lesson's Markdown file
constexpr std::uint64_t tensorFileBytes = 16 * mib;    ///< `format quantize --input` (.npy or text values)
constexpr std::uint64_t dataCsvBytes = 16 * mib;       ///< `serve calibrate` CSVs
constexpr std::uint64_t modelConfigBytes = 4 * mib;    ///< `--config` model JSON
constexpr std::uint64_t toolOutputBytes = 16 * mib;    ///< `fabric import` nccl-tests output
} // namespace inputLimits

/// What a path is, for messages: "a directory", "a FIFO", "a socket", "a block device", "a character device",
/// else "not a regular file".
std::string_view fileKindName(std::filesystem::file_type type);

/// The whole content of `path`, refused without reading it all when it holds more than `limitBytes`:
/// a regular file by its size before it is opened (`FILE: too large (N > L bytes)`), anything else
/// (a FIFO, /dev/zero, a character device) by reading at most `limitBytes` + 1 bytes
/// (`FILE: too large (more than L bytes)`). A directory or a file that cannot be opened or read is an
/// `ErrorCode::Io` naming the path. Numbers in the messages are grouped ("16,777,216").
Result<std::string> readFileWithLimit(const std::filesystem::path& path, std::uint64_t limitBytes);

} // namespace accelscope::models
