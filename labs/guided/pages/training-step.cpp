// SPDX-License-Identifier: MIT
// The Training step page's lesson settings contract: what a lesson may set there (app/gui/training-step/ reads its
// ranges); its state adds step_s, mfu, bubble_share, tp_share and fits (the layout shown).
#include "labs/guided/page_contracts.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/system/step/training_step.hpp"

namespace accelscope::labs::guided::pages::training_step {

PageContract contract()
{
    std::vector<std::string> precisions; // the step model's list, as the page's combo and the CLI offer it
    for (const auto p : models::system::trainingGemmPrecisions()) precisions.emplace_back(p);
    return {"training-step",
            "Training step",
            {kindSetting("model", SettingKind::Model, "the model trained"), kindSetting("device", SettingKind::Device, "the accelerator"),
             integerSetting("devices", 1, 65536, "devices in the run (TP x CP x PP x DP)"),
             integerSetting("global_batch", 1, 1048576, "sequences per optimizer step"),
             integerSetting("sequence", 128, 1048576, "tokens per sequence"),
             choiceSetting("precision", std::move(precisions), "the linear layers' format"),
             integerSetting("tp", 1, 72, "tensor parallel"), integerSetting("pp", 1, 256, "pipeline stages"),
             integerSetting("vp", 1, 32, "virtual stages per pipeline rank"), integerSetting("cp", 1, 64, "context parallel"),
             integerSetting("ep", 1, 1024, "expert parallel"), integerSetting("zero", 0, 3, "ZeRO stage"),
             choiceSetting("recompute", models::memory::recomputeNames(), "activation recomputation"),
             integerSetting("micro_batch", 1, 1024, "sequences per micro-batch")}};
}

} // namespace accelscope::labs::guided::pages::training_step
