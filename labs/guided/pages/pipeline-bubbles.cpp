// SPDX-License-Identifier: MIT
// The Pipeline bubbles page's lesson settings contract: what a lesson may set there (app/gui/pipeline-bubbles/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::pipeline_bubbles {

PageContract contract()
{
    return {"pipeline-bubbles",
            "Pipeline bubbles",
            {kindSetting("schedule", SettingKind::Schedule, "the top schedule"), kindSetting("schedule2", SettingKind::Schedule, "the bottom schedule"),
             integerSetting("p", 1, 16, "pipeline stages"), integerSetting("m", 1, 64, "micro-batches"),
             integerSetting("v", 2, 4, "model chunks per stage (interleaved 1F1B)")}};
}

} // namespace accelscope::labs::guided::pages::pipeline_bubbles
