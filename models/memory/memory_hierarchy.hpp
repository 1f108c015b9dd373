// SPDX-License-Identifier: MIT
// The per-architecture memory hierarchy of data/memory/hierarchy.json: parsed, checked, and evaluated for a device.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/roofline/ceilings.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::memory {

/// One figure of the file: a printed or measured number, a formula, or unknown with the reason.
struct HierarchyValue {
    enum class Kind { Number, Formula, Unknown };
    Kind kind = Kind::Unknown;
    double number = 0.0;            ///< Kind::Number, already in the canonical unit (bytes, GB/s, ns) for level figures
    std::string formula;            ///< Kind::Formula: over input names and catalog figure keys
    double scale = 1.0;             ///< Kind::Formula: factor from `unit` to the canonical unit (KiB: 1024)
    std::string unit;               ///< as written in the file ("KiB", "GB/s", "cycles")
    roofline::Basis basis = roofline::Basis::Unknown;
    std::string source;             ///< document (URL + table/row) or what the formula means
    std::string why;                ///< Kind::Unknown: why nothing citable is recorded
};

/// A named number the formulas of one architecture use.
struct HierarchyInput {
    std::string name;
    HierarchyValue value;
};

/// One level of the file. A DeviceMemory level carries only a latency.
struct HierarchyLevel {
    roofline::MemoryLevel level = roofline::MemoryLevel::Registers;
    std::string label;
    std::string scope;
    HierarchyValue capacity;  ///< canonical unit: bytes
    HierarchyValue bandwidth; ///< canonical unit: GB/s (10^9 B/s)
    HierarchyValue latency;   ///< canonical unit: ns
};

/// One entry: the levels of an architecture (matched by substring) or of listed devices (by id).
struct ArchitectureHierarchy {
    std::string id;
    std::string name;
    std::vector<std::string> architectures; ///< substrings of Device::architecture
    std::vector<std::string> devices;       ///< exact device ids; when non-empty, only these match
    std::vector<HierarchyInput> inputs;
    std::vector<HierarchyLevel> levels;     ///< fastest first

    bool appliesTo(const catalog::Device& device) const;
};

/// The whole file.
struct MemoryHierarchy {
    std::vector<ArchitectureHierarchy> architectures;

    /// The entry for `device`: the first whose device list names it, else the first whose
    /// architecture substring it contains; nullptr when none applies.
    const ArchitectureHierarchy* find(const catalog::Device& device) const;
};

/// Parses and checks the text of a hierarchy file. Errors (InvalidData) read
/// "FILE:LINE: FIELD: what is wrong" for bad JSON, a missing or mistyped field, an unknown level,
/// basis or unit, a formula that does not parse or names an unknown input, an input named like a
/// catalog figure key, or a duplicate id.
Result<MemoryHierarchy> parseMemoryHierarchy(std::string_view json, const std::string& fileName);

/// The bundled data/memory/hierarchy.json (compiled in), parsed once.
const Result<MemoryHierarchy>& bundledMemoryHierarchy();

/// A figure of `entry` evaluated for `device`: formulas resolve input names first, then the
/// device's catalog figures. The result is empty with `why` set when a needed figure is missing.
struct EvaluatedValue {
    std::optional<double> value;
    std::string why;      ///< when empty: the name that had no value, or the file's reason
    std::string formula;  ///< the formula as written, empty for a number
    std::string inputs;   ///< "name = value unit (source); …" for every name the formula used
};
EvaluatedValue evaluateHierarchyValue(const ArchitectureHierarchy& entry, const HierarchyValue& value,
                                      const catalog::Device& device);

} // namespace accelscope::models::memory
