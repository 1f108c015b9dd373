// SPDX-License-Identifier: MIT
// Lab results as JSON files: written by `lab run --out` (e.g. on a GPU server), read by `lab import`.
#pragma once

#include "labs/lab.hpp"
#include "labs/machine/machine_info.hpp"
#include "models/catalog/catalog_store.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace accelscope::labs {

/// The most series and points (all series together) a result file may hold: the largest sweep a lab
/// runs has a few hundred points, and the Labs page drew a 5-million-point file for 162 s (issue #29).
constexpr std::size_t maxResultSeries = 64;
constexpr std::size_t maxResultPoints = 100000;

nlohmann::json labResultJson(const LabResult& result);

/// Parses a result file. Errors name `fileName` and the problem: not JSON, a missing or mistyped
/// key, a schema version newer than this program reads, or more series or points than the limits above.
models::Result<LabResult> labResultFromJson(std::string_view text, const std::string& fileName);

/// Reads and parses a result file for `lab import` and the Labs page's Import: the file is refused
/// before it is read whole when it is larger than `models::inputLimits::labResultBytes` (a FIFO or
/// /dev/zero is read up to that cap), then parsed as above.
models::Result<LabResult> labResultFromFile(const std::string& path);

/// The common start of every lab run: parameters resolved against the description, the local
/// machine described, and a result record with its identity, machine, parameters and start time.
struct LabRunStart {
    std::map<std::string, double> parameters;
    machine::MachineInfo machine;
    LabResult result;
};
models::Result<LabRunStart> startLabRun(const LabDescription& description, const RunConfig& config,
                                        const RunMonitor& monitor);

/// The machine description as it goes into a result record.
nlohmann::json machineJson(const machine::MachineInfo& info);

/// One line naming the machine of a record: the CPU model, and the GPU's name when it has one.
std::string machineSummary(const nlohmann::json& machine);

/// The record as the user database keeps it. `origin` is "local" or "imported".
models::catalog::StoredLabResult storedLabResult(const LabResult& result, const std::string& origin,
                                                 const std::string& sourceFile = {});

/// Reads a stored record back (errors name the result's id).
models::Result<LabResult> labResultFromStored(const models::catalog::StoredLabResult& stored);

} // namespace accelscope::labs
