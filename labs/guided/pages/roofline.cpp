// SPDX-License-Identifier: MIT
// The Roofline page's lesson settings contract: what a lesson may set there (app/gui/roofline/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::roofline {

PageContract contract()
{
    using K = SettingKind;
    return {"roofline",
            "Roofline",
            {kindSetting("devices", K::DeviceList, "the devices whose roofs are drawn", 1, 4),
             kindSetting("precision", K::Precision, "the one precision whose roofs are shown"),
             kindSetting("kernel", K::Kernel, "one kernel on the chart, adjustable with its size and batch controls"),
             kindSetting("model", K::Model, "the LLM mode with this model preset"), kindSetting("sparse", K::Bool, "2:4 sparse compute roofs"),
             integerSetting("batch", 1, 1024, "the LLM mode's batch"), integerSetting("prompt", 1, 131072, "the LLM mode's prompt tokens")}};
}

} // namespace accelscope::labs::guided::pages::roofline
