// SPDX-License-Identifier: MIT
// Finds the lessons folder: installed beside the program, else the source tree.
#include "labs/guided/lessons_directory.hpp"

#include "accelscope/config.hpp"

#include <system_error>

namespace accelscope::labs::guided {

std::filesystem::path lessonsDirectory(const std::filesystem::path& executableDir)
{
    const auto installed = executableDir.parent_path() / "share" / "accelscope" / "lessons";
    std::error_code ec;
    if (std::filesystem::is_directory(installed, ec)) return installed;
    return ACCELSCOPE_LESSONS_DIR;
}

} // namespace accelscope::labs::guided
