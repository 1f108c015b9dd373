// SPDX-License-Identifier: MIT
// nccl-tests runs kept in the user database (`fabric import` stores them as lab "nccl-tests" results), read
// back as the measured points the collective figure draws beside the model.
#pragma once

#include "labs/lab.hpp"
#include "labs/measured/stored_results.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/system/fabric/fabric_figure.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace accelscope::labs {

/// The lab id `fabric import` stores nccl-tests and rccl-tests runs under.
inline constexpr const char* ncclTestsLabId = "nccl-tests";

/// Every stored nccl-tests run, newest first; the parse error of a record that cannot be read.
models::Result<std::vector<StoredResult>> storedNcclTestsRuns(const models::catalog::UserStore& store);

/// The run's out-of-place rows (series "measured bus bandwidth", and "measured algorithm bandwidth" for the
/// time = size / algbw), labelled "<title>, result #<id>". An error when `result` is not a nccl-tests result
/// or has no bus bandwidth series.
models::Result<models::system::MeasuredRun> measuredRunOf(const LabResult& result, std::int64_t id);

/// The collective the run measured, from the title `fabric import` gave it ("nccl-tests all-gather (imported …)");
/// nothing when the output did not name it.
std::optional<models::system::Collective> measuredCollectiveOf(const LabResult& result);

} // namespace accelscope::labs
