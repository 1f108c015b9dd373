// SPDX-License-Identifier: MIT
// Where the lesson files are: the one function both faces use to find them.
#pragma once

#include <filesystem>

namespace accelscope::labs::guided {

/// The lessons folder for a program in `executableDir`: the installed copy
/// (`<prefix>/share/accelscope/lessons`, beside `<prefix>/bin`) when it exists, else the source
/// tree this build came from (ACCELSCOPE_LESSONS_DIR). Reads only whether the folder exists.
std::filesystem::path lessonsDirectory(const std::filesystem::path& executableDir);

} // namespace accelscope::labs::guided
