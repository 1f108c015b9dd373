// SPDX-License-Identifier: MIT
// The Warp divergence page's lesson settings contract: what a lesson may set there (app/gui/warp-divergence/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::warp_divergence {

PageContract contract()
{
    return {"warp-divergence",
            "Warp divergence",
            {kindSetting("preset", SettingKind::WarpPreset, "the program (a preset; it resets the other settings)"),
             choiceSetting("model", {"prevolta", "its"}, "the execution model to look at (framed on the page)"),
             integerSetting("warps", 1, 8, "warps in the block"), choiceSetting("width", {"32", "64"}, "lanes per warp"),
             choiceSetting("data", {"random", "sorted", "identity"}, "the data the program reads")}};
}

} // namespace accelscope::labs::guided::pages::warp_divergence
