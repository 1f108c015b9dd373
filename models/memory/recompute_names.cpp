// SPDX-License-Identifier: MIT
// The recomputation modes' names, in the enum's order.
#include "models/memory/recompute_names.hpp"

#include "models/memory/training_memory.hpp"

namespace accelscope::models::memory {

std::vector<std::string> recomputeNames()
{
    std::vector<std::string> out;
    for (const Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full}) out.emplace_back(recomputeName(r));
    return out;
}

std::string recomputeNamesText()
{
    const auto names = recomputeNames();
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

} // namespace accelscope::models::memory
