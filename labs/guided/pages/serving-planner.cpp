// SPDX-License-Identifier: MIT
// The Serving planner page's lesson settings contract: what a lesson may set there (app/gui/serving-planner/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::serving_planner {

PageContract contract()
{
    using K = SettingKind;
    return {"serving-planner",
            "Serving planner",
            {kindSetting("model", K::Model, "the model preset served"), kindSetting("weights", K::DataType, "the weight data type"),
             kindSetting("kv", K::DataType, "the KV-cache data type"), integerSetting("input", 1, 131072, "mean prompt tokens"),
             integerSetting("output", 1, 32768, "mean generated tokens"),
             choiceSetting("scenario", {"offline", "server"}, "offline (all requests at once) or server (Poisson arrivals under limits)"),
             kindSetting("ttft_ms", K::Number, "server: p99 time-to-first-token limit in ms (the page's 'none' is below the range)", 1, 60000),
             kindSetting("tpot_ms", K::Number, "server: p99 time-per-output-token limit in ms (the page's 'none' is below the range)", 1, 5000),
             choiceSetting("rank", {"cost", "devices", "power"}, "what the ranking orders by"),
             kindSetting("all_kinds", K::Bool, "include CPUs, SoCs, boards and systems")}};
}

} // namespace accelscope::labs::guided::pages::serving_planner
