// SPDX-License-Identifier: MIT
// Composition checks of systems (see system_check.hpp).
#include "models/catalog/system_check.hpp"

#include "models/catalog/figure_parser.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace accelscope::models::catalog {
namespace {

using DeviceIndex = std::unordered_map<std::string, const Device*>;

const Device* findPart(const DeviceIndex& index, const std::string& id)
{
    const auto it = index.find(id);
    return it == index.end() ? nullptr : it->second;
}

/// Figures whose system total is the sum of its parts: capacity and dense/vector throughput.
/// Sparse figures follow from dense ones; bandwidths are not summed (a board's NVLink total is an
/// aggregate the vendor defines per board).
bool isSummedFigure(const FigureInfo& info)
{
    if (info.key == FigureKey::MemoryGb) return true;
    if (info.group != FigureGroup::Vector && info.group != FigureGroup::Tensor) return false;
    if (info.key == FigureKey::AiTopsUnspecified) return false;
    return !std::ranges::any_of(denseSparsePairs(), [&](const DenseSparsePair& p) { return p.sparse == info.key; });
}

std::optional<double> sumOver(const Device& system, FigureKey key, const DeviceIndex& index)
{
    if (system.contains.empty()) return std::nullopt;
    double sum = 0.0;
    for (const auto& part : system.contains) {
        const Device* device = findPart(index, part.deviceId);
        const auto value = device ? device->value(key) : std::nullopt;
        if (!value) return std::nullopt;
        sum += part.count * *value;
    }
    return sum;
}

std::string partsText(const Device& system, FigureKey key, const DeviceIndex& index)
{
    std::string out;
    for (const auto& part : system.contains) {
        const Device* device = findPart(index, part.deviceId);
        out += (out.empty() ? "" : " + ") + std::to_string(part.count) + " x " +
               formatFigureValue(displayValue(key, device->value(key).value_or(0.0))) + " (" + part.deviceId + ")";
    }
    return out;
}

class SystemChecker {
public:
    SystemChecker(ParsedCatalog& catalog, std::span<const Device> known) : m_catalog(catalog)
    {
        for (const auto& d : known) m_index.emplace(d.id, &d);
        for (const auto& d : catalog.devices) m_index.insert_or_assign(d.id, &d);
    }

    void run()
    {
        std::set<std::string> failed;
        for (const auto& system : m_catalog.devices) {
            if (system.contains.empty()) continue;
            const std::size_t before = m_catalog.issues.size();
            checkParts(system);
            if (m_catalog.issues.size() == before) checkTotals(system);
            if (m_catalog.issues.size() != before) failed.insert(system.id);
        }
        std::erase_if(m_catalog.devices, [&](const Device& d) { return failed.contains(d.id); });
    }

private:
    void issue(const Device& d, int line, std::string field, std::string message)
    {
        m_catalog.issues.push_back(
            ValidationIssue{d.sourceFile, line > 0 ? line : d.sourceLine, std::move(field), std::move(message)});
    }

    void checkParts(const Device& system)
    {
        for (const auto& part : system.contains) {
            const Device* device = findPart(m_index, part.deviceId);
            if (part.deviceId == system.id) {
                issue(system, part.line, "contains", "a system cannot contain itself");
            } else if (device == nullptr) {
                issue(system, part.line, "contains", "part '" + part.deviceId + "' is not a device of the catalog");
            } else if (device->scope > system.scope) {
                issue(system, part.line, "contains",
                      "part '" + part.deviceId + "' (" + std::string(scopeName(device->scope)) +
                          ") is larger than the system (" + std::string(scopeName(system.scope)) + ")");
            } else if (reaches(*device, system.id, 0)) {
                issue(system, part.line, "contains", "part '" + part.deviceId + "' contains this system (a loop)");
            }
        }
    }

    bool reaches(const Device& from, const std::string& target, int depth) const
    {
        constexpr int deepest = 16; // scope ranks bound real nesting far below this
        if (depth > deepest) return true;
        for (const auto& part : from.contains) {
            if (part.deviceId == target) return true;
            if (const Device* next = findPart(m_index, part.deviceId); next && reaches(*next, target, depth + 1)) return true;
        }
        return false;
    }

    void checkTotals(const Device& system)
    {
        for (const auto& info : allFigures()) {
            if (!isSummedFigure(info) && info.key != FigureKey::TdpW) continue;
            const Figure* total = system.figure(info.key);
            const auto sum = sumOver(system, info.key, m_index);
            if (total == nullptr || !sum) continue;
            const std::string field(info.jsonKey);
            // Said in display units (memory in GiB), as people read the figures.
            const std::string unit(displayUnit(info.key));
            const std::string stated = formatFigureValue(displayValue(info.key, total->value)) + (unit.empty() ? "" : " " + unit);
            const std::string sumText = formatFigureValue(displayValue(info.key, *sum));
            if (info.key == FigureKey::TdpW) {
                if (total->value < *sum * (1 - systemTotalTolerance)) {
                    issue(system, total->line, field,
                          "system TDP " + stated + " is below the sum of its parts' TDP " + sumText +
                              " W = " + partsText(system, info.key, m_index));
                }
                continue;
            }
            if (std::abs(total->value - *sum) > systemTotalTolerance * *sum) {
                issue(system, total->line, field,
                      "system total " + stated + " is not the sum of its parts " + sumText + " = " +
                          partsText(system, info.key, m_index) + " (tolerance 1 %)");
            }
        }
    }

    ParsedCatalog& m_catalog;
    DeviceIndex m_index;
};

} // namespace

void checkSystems(ParsedCatalog& catalog, std::span<const Device> known)
{
    SystemChecker(catalog, known).run();
}

std::optional<double> sumOfParts(const Device& system, FigureKey key, std::span<const Device* const> devices)
{
    DeviceIndex index;
    for (const Device* d : devices) index.emplace(d->id, d);
    return sumOver(system, key, index);
}

} // namespace accelscope::models::catalog
