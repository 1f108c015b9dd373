// SPDX-License-Identifier: MIT
// The LLM calculator page's lesson settings contract: what a lesson may set there (app/gui/llm-calculator/ reads its ranges).
#include "labs/guided/page_contracts.hpp"
#include "models/memory/recompute_names.hpp"

namespace accelscope::labs::guided::pages::llm_calculator {

PageContract contract()
{
    using K = SettingKind;
    return {"llm-calculator",
            "LLM calculator",
            {choiceSetting("mode", {"inference", "training"}, "inference or training memory"), kindSetting("model", K::Model, "the model preset"),
             kindSetting("devices", K::DeviceList, "the devices drawn as bars", 1, 4),
             kindSetting("weights", K::DataType, "the weight (and activation) data type"), kindSetting("kv", K::DataType, "the KV-cache data type"),
             integerSetting("batch", 1, 1024, "sequences served together"), integerSetting("prompt", 1, 131072, "prompt tokens per sequence"),
             integerSetting("gen", 1, 32768, "generated tokens per sequence"), integerSetting("tp", 1, 64, "tensor-parallel devices"),
             integerSetting("pp", 1, 32, "pipeline stages (training)"), integerSetting("dp", 1, 64, "data-parallel degree (training)"),
             integerSetting("zero", 0, 3, "ZeRO stage (training)"),
             choiceSetting("recompute", models::memory::recomputeNames(), "activation recomputation (training)"),
             kindSetting("sp", K::Bool, "Megatron sequence parallelism (training)"),
             integerSetting("seq", 128, 131072, "tokens per sequence (training)"), integerSetting("mbs", 1, 64, "sequences per micro-batch (training)")}};
}

} // namespace accelscope::labs::guided::pages::llm_calculator
