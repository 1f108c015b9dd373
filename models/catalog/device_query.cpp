// SPDX-License-Identifier: MIT
// Device filters and name resolution.
#include "models/catalog/device_query.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace accelscope::models::catalog {
namespace {

bool hasAny(const Device& device, FigureKey a, FigureKey b)
{
    return device.figures.contains(a) || device.figures.contains(b);
}

std::string listCandidates(const std::vector<const Device*>& candidates)
{
    std::string out;
    for (std::size_t i = 0; i < candidates.size() && i < 12; ++i) {
        out += (i == 0 ? "" : ", ") + candidates[i]->id;
    }
    if (candidates.size() > 12) {
        out += ", … (" + std::to_string(candidates.size()) + " in all)";
    }
    return out;
}

} // namespace

std::string toLower(std::string_view text)
{
    std::string out(text);
    std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool DeviceFilter::matches(const Device& device) const
{
    if (!vendors.empty() && !std::ranges::any_of(vendors, [&](const std::string& v) {
            return toLower(v) == toLower(device.vendor);
        })) {
        return false;
    }
    if (!kinds.empty() && !kinds.contains(device.kind)) return false;
    if (origin && device.origin != *origin) return false;
    if (yearMin && (!device.releaseYear || *device.releaseYear < *yearMin)) return false;
    if (yearMax && (!device.releaseYear || *device.releaseYear > *yearMax)) return false;
    if (memoryGibMin) {
        const auto memory = device.value(FigureKey::MemoryGb);
        if (!memory || displayValue(FigureKey::MemoryGb, *memory) < *memoryGibMin * (1 - 1e-12)) return false;
    }
    if (needsFp8 && !hasAny(device, FigureKey::Fp8TflopsDense, FigureKey::Fp8TflopsSparse)) return false;
    if (needsFp4 && !hasAny(device, FigureKey::Fp4TflopsDense, FigureKey::Fp4TflopsSparse)) return false;
    if (!statuses.empty()) {
        const auto status = lifecycleStatus(device.lifecycle, statusAsOf);
        if (!status || !statuses.contains(*status)) return false;
    }
    if (!text.empty()) {
        const std::string haystack = toLower(device.id + " " + device.name + " " + device.vendor + " " +
                                             device.architecture + " " + device.memoryType + " " +
                                             std::string(kindName(device.kind)) + " " + device.interconnectName);
        std::istringstream words(toLower(text));
        std::string word;
        while (words >> word) {
            if (haystack.find(word) == std::string::npos) return false;
        }
    }
    return true;
}

std::vector<const Device*> filterDevices(const std::vector<Device>& devices, const DeviceFilter& filter)
{
    std::vector<const Device*> out;
    for (const auto& device : devices) {
        if (filter.matches(device)) out.push_back(&device);
    }
    return out;
}

Result<const Device*> findDevice(const std::vector<Device>& devices, std::string_view query)
{
    const std::string wanted = toLower(query);
    if (wanted.empty()) {
        return fail(ErrorCode::InvalidArgument, "empty device name");
    }
    for (const auto& device : devices) {
        if (device.id == query) return &device;
    }
    std::vector<const Device*> exactName;
    std::vector<const Device*> partial;
    for (const auto& device : devices) {
        const std::string name = toLower(device.name);
        if (name == wanted) exactName.push_back(&device);
        if (name.find(wanted) != std::string::npos || device.id.find(wanted) != std::string::npos) {
            partial.push_back(&device);
        }
    }
    if (exactName.size() == 1) return exactName.front();
    if (partial.size() == 1) return partial.front();
    if (partial.size() > 1) {
        return fail(ErrorCode::Ambiguous, "device name '" + std::string(query) + "' is ambiguous: it matches " +
                                              listCandidates(partial) + "; give more of the name or the id");
    }
    return fail(ErrorCode::NotFound, "no device matches '" + std::string(query) +
                                         "' (try `accelscope-cli catalog list --search WORD`)");
}

std::vector<std::string> vendorsOf(const std::vector<Device>& devices)
{
    std::vector<std::string> out;
    for (const auto& d : devices) out.push_back(d.vendor);
    std::ranges::sort(out);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace accelscope::models::catalog
