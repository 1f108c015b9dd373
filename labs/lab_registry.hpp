// SPDX-License-Identifier: MIT
// The labs this build has, constructed once by main() (no static registration).
#pragma once

#include "labs/lab.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::labs {

namespace gpu {
class CudaRuntime;
}

/// Every lab of this build. Building it touches no CUDA: the GPU labs share one CUDA runtime that
/// loads the module on first use (a GPU run, or cudaUnavailableReason()).
class LabRegistry {
public:
    /// Every lab of this build, in display order. `executableDir` is where the GPU labs look for
    /// the CUDA module (empty: the folder of the running program).
    static LabRegistry withAllLabs(const std::filesystem::path& executableDir = {});

    const std::vector<std::unique_ptr<Lab>>& labs() const { return m_labs; }
    /// The lab with this id, or nullptr.
    Lab* find(std::string_view id) const;

    /// Why the GPU labs cannot run here ("no NVIDIA driver: …"), empty when they can. The first
    /// call loads the CUDA module to ask it (thread-safe); later calls return what it said.
    std::string cudaUnavailableReason() const;
    /// Whether the lab with this description can run here: a CPU lab always, a GPU lab when CUDA is
    /// ready (which probes CUDA on first use).
    bool canRun(const LabDescription& description) const;

private:
    std::vector<std::unique_ptr<Lab>> m_labs;
    std::shared_ptr<gpu::CudaRuntime> m_cuda;
};

} // namespace accelscope::labs
