// SPDX-License-Identifier: MIT
// Name matching between CUDA device names and catalog devices.
#include "labs/gpu/catalog_match.hpp"

#include "models/catalog/device_query.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace accelscope::labs::gpu {
namespace {

using models::catalog::Device;
using models::catalog::FormFactor;

std::vector<std::string> words(std::string_view text)
{
    std::vector<std::string> out;
    std::string current;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
            current += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!current.empty()) {
            out.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty()) out.push_back(std::move(current));
    return out;
}

bool hasWord(const std::vector<std::string>& w, std::string_view word) { return std::ranges::find(w, word) != w.end(); }

// "h100", "a100", "l40s", "v100", "gh200": letters and digits, not a memory size ("80gb").
std::string modelToken(const std::vector<std::string>& w)
{
    for (const auto& word : w) {
        const bool letters = std::ranges::any_of(word, [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
        const bool digits = std::ranges::any_of(word, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
        const bool size = word.ends_with("gb") && std::isdigit(static_cast<unsigned char>(word.front())) != 0;
        if (letters && digits && !size && word != "sxm4" && word != "sxm5" && word != "hbm3" && word != "hbm3e") return word;
    }
    return {};
}

// The form factor the CUDA name implies, if any: "PCIe", "NVL" or SXM (named, or HBM3 on a non-PCIe card).
std::optional<std::string> formWord(const std::vector<std::string>& w)
{
    if (hasWord(w, "pcie")) return "pcie";
    if (hasWord(w, "nvl")) return "nvl";
    if (std::ranges::any_of(w, [](const std::string& s) { return s.starts_with("sxm"); }) || hasWord(w, "hbm3")) return "sxm";
    return std::nullopt;
}

bool deviceHasForm(const Device& d, const std::string& form)
{
    const auto w = words(d.name);
    if (form == "nvl") return hasWord(w, "nvl");
    if (form == "pcie") return d.formFactor == FormFactor::Pcie && !hasWord(w, "nvl");
    return d.formFactor == FormFactor::Sxm;
}

} // namespace

std::optional<CatalogMatch> matchCatalogDevice(std::string_view cudaName, std::uint64_t memoryBytes,
                                               const std::vector<Device>& devices)
{
    const auto w = words(cudaName);
    const std::string model = modelToken(w);
    if (model.empty()) return std::nullopt;
    std::vector<const Device*> candidates;
    for (const auto& d : devices) {
        if (d.kind == models::catalog::DeviceKind::Gpu && models::catalog::toLower(d.vendor) == "nvidia" &&
            hasWord(words(d.name), model)) {
            candidates.push_back(&d);
        }
    }
    if (candidates.empty()) return std::nullopt;
    std::string reason = "model " + model;
    if (const auto form = formWord(w)) {
        std::vector<const Device*> sameForm;
        std::ranges::copy_if(candidates, std::back_inserter(sameForm), [&](const Device* d) { return deviceHasForm(*d, *form); });
        if (!sameForm.empty()) {
            candidates = std::move(sameForm);
            reason += ", form factor " + *form;
        }
    } else {
        // NVIDIA names its PCIe and NVL cards so ("NVIDIA H100 PCIe", "NVIDIA H200 NVL"); a name with
        // neither is an SXM module ("NVIDIA H200", seen on an H200 SXM, 2026-11-27).
        std::vector<const Device*> module;
        std::ranges::copy_if(candidates, std::back_inserter(module), [](const Device* d) { return deviceHasForm(*d, "sxm"); });
        if (!module.empty() && module.size() < candidates.size()) {
            candidates = std::move(module);
            reason += ", form factor sxm (the name says neither PCIe nor NVL)";
        }
    }
    // The catalog holds memory as bytes (an H100's "80GB" is 80 GiB); the runtime reports a little
    // less (79.1 GiB), so compare in GiB and take the nearest.
    const double gib = static_cast<double>(memoryBytes) / models::catalog::bytesPerGib;
    const auto distance = [gib](const Device* d) {
        const auto gb = d->value(models::catalog::FigureKey::MemoryGb);
        return gb ? std::fabs(models::catalog::displayValue(models::catalog::FigureKey::MemoryGb, *gb) - gib) : 1e9;
    };
    const Device* best = *std::ranges::min_element(candidates, {}, distance);
    if (candidates.size() > 1) {
        char text[96];
        std::snprintf(text, sizeof text, ", memory nearest to %.1f GiB", gib);
        reason += text;
    }
    return CatalogMatch{*best, reason};
}

std::optional<CatalogMatch> findCatalogEntry(std::string_view cudaName, std::uint64_t memoryBytes,
                                             const std::vector<Device>* devices, std::string* note)
{
    if (devices == nullptr || devices->empty()) {
        *note = "no catalog comparison: no catalog was given to the lab";
        return std::nullopt;
    }
    auto match = matchCatalogDevice(cudaName, memoryBytes, *devices);
    *note = match ? "catalog entry '" + match->device.id + "' (" + match->device.name + "), chosen by " + match->reason
                  : "no catalog entry matches '" + std::string(cudaName) + "'";
    return match;
}

} // namespace accelscope::labs::gpu
