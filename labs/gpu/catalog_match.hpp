// SPDX-License-Identifier: MIT
// Finds the catalog entry for a GPU the CUDA runtime reports ("NVIDIA H100 80GB HBM3").
#pragma once

#include "models/catalog/device.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::labs::gpu {

/// The catalog device that a CUDA device name and memory size describe, with why it was chosen.
struct CatalogMatch {
    models::catalog::Device device;
    std::string reason; ///< "model h100, form factor SXM, memory 80 GB nearest to 79.1 GiB"
};

/// Matches by the model token of the name (h100, a100, l40s …: the first word with letters and
/// digits), then by form factor words (PCIe, NVL, SXM; HBM3 without PCIe means SXM), then by the
/// memory size nearest to `memoryBytes`. Only NVIDIA GPUs of `devices` are considered. nullopt
/// when no catalog device has the model token.
std::optional<CatalogMatch> matchCatalogDevice(std::string_view cudaName, std::uint64_t memoryBytes,
                                               const std::vector<models::catalog::Device>& devices);

/// Matches against `devices` (the catalog the caller holds; null: none was given) and says in
/// `note` what happened (no catalog, no match, or the match and its reason). Opens nothing.
std::optional<CatalogMatch> findCatalogEntry(std::string_view cudaName, std::uint64_t memoryBytes,
                                             const std::vector<models::catalog::Device>* devices, std::string* note);

} // namespace accelscope::labs::gpu
