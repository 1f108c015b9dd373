// SPDX-License-Identifier: MIT
// The labs this build has, constructed once by main() (no static registration).
#pragma once

#include "labs/lab.hpp"

#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

namespace accelscope::labs {

class LabRegistry {
public:
    /// Every lab of this build, in display order. `executableDir` is where the GPU labs look for
    /// the CUDA module and the bundled catalog (empty: the folder of the running program).
    static LabRegistry withAllLabs(const std::filesystem::path& executableDir = {});

    const std::vector<std::unique_ptr<Lab>>& labs() const { return m_labs; }
    /// The lab with this id, or nullptr.
    Lab* find(std::string_view id) const;

private:
    std::vector<std::unique_ptr<Lab>> m_labs;
};

} // namespace accelscope::labs
