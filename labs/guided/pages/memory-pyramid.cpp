// SPDX-License-Identifier: MIT
// The Memory pyramid page's lesson settings contract: what a lesson may set there (app/gui/memory-pyramid/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::memory_pyramid {

PageContract contract()
{
    using K = SettingKind;
    return {"memory-pyramid",
            "Memory pyramid",
            {kindSetting("device", K::Device, "the first device"), kindSetting("device2", K::Device, "the second device"),
             kindSetting("local", K::Bool, "this machine's caches beside them"),
             kindSetting("move_bytes", K::Number, "bytes to move at every level", 1e3, 1e13)}};
}

} // namespace accelscope::labs::guided::pages::memory_pyramid
