// SPDX-License-Identifier: MIT
// The activation recomputation modes as the faces offer them: one list for the CLI's --recompute, the pages' combos
// and the lesson contracts.
#pragma once

#include <string>
#include <vector>

namespace accelscope::models::memory {

/// Every Recompute's name (training_memory.hpp recomputeName), None to Full: "none", "selective", "full".
std::vector<std::string> recomputeNames();
/// recomputeNames as "none, selective or full", for help and error text.
std::string recomputeNamesText();

} // namespace accelscope::models::memory
