// SPDX-License-Identifier: MIT
// Lab results as JSON files: written by `lab run --out` (e.g. on a GPU server), read by `lab import`.
#pragma once

#include "labs/lab.hpp"
#include "labs/machine/machine_info.hpp"

#include <string>
#include <string_view>

namespace accelscope::labs {

nlohmann::json labResultJson(const LabResult& result);

/// Parses a result file. Errors name `fileName` and the problem: not JSON, a missing or mistyped
/// key, or a schema version newer than this program reads.
models::Result<LabResult> labResultFromJson(std::string_view text, const std::string& fileName);

/// The machine description as it goes into a result record.
nlohmann::json machineJson(const machine::MachineInfo& info);

} // namespace accelscope::labs
