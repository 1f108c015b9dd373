// SPDX-License-Identifier: MIT
// A temporary folder removed at the end of a test.
#pragma once

#include <filesystem>
#include <string_view>

namespace accelscope::tests {

/// Creates a unique folder under the system temp dir; removes it (recursively) on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    /// Writes (creating folders) `content` to `name` inside the folder and returns its path.
    std::filesystem::path write(std::string_view name, std::string_view content) const;

private:
    std::filesystem::path m_path;
};

/// Reads a whole file (empty when missing).
std::string readText(const std::filesystem::path& file);

} // namespace accelscope::tests
