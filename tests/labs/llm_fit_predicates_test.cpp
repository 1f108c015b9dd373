// SPDX-License-Identifier: MIT
// The LLM calculator's lesson predicates give the page's own verdict (models::memory::fitsDevice on the page's state).
#include "labs/guided/page_predicates.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/training_memory.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::labs::guided;
namespace mem = accelscope::models::memory;

namespace {

const accelscope::models::catalog::Device& device(const LessonContext& c, const std::string& id)
{
    const auto it = std::ranges::find_if(c.devices, [&](const auto& d) { return d.id == id; });
    REQUIRE(it != c.devices.end());
    return *it;
}

// The page's bar verdict for a state, as the page computes it.
bool pageSays(const PageState& state, const accelscope::models::catalog::Device& d, mem::LlmMode mode)
{
    auto settings = mem::llmSettingsFromKeys(state);
    REQUIRE(settings.has_value());
    settings->mode = mode;
    const auto b = mem::memoryBreakdown(*settings);
    return b.has_value() && mem::deviceVerdict(d, b->totalBytes).fits;
}

} // namespace

TEST_CASE("training_fits_device: 70B on 64 A100s with ZeRO-3 and selective recomputation does not fit, as the page's bar says")
{
    const LessonContext ctx = accelscope::tests::lessonDevicesContext();
    const auto& a100 = device(ctx, "nvidia-a100-sxm4-80gb");
    // What the page reports in training mode (main_window_lessons: every settings key).
    mem::LlmMemorySettings page;
    page.mode = mem::LlmMode::Training;
    page.modelId = "llama2-70b";
    page.dataParallel = 64;
    page.zeroStage = 3;
    page.recompute = mem::Recompute::Selective;
    PageState state = mem::llmSettingsKeys(page);

    // The old predicate: model states of 70e9 raw parameters, (2 + 2 + 12)·70e9/64 = 17.5 GB ≤ 80 GB → "fits".
    mem::TrainingInput old;
    old.parameters = 70e9;
    old.dataParallel = 64;
    old.zeroStage = 3;
    CHECK(mem::trainingMemory(old)->totalBytes <= 80e9);
    // The page: the same states plus 91.3 GB of activations (4096·8192·34·80 bytes) → 108.5 GB, "does not fit".
    CHECK_FALSE(pageSays(state, a100, mem::LlmMode::Training));
    const std::map<std::string, std::string> params{{"model", "llama2-70b"}, {"device", "nvidia-a100-sxm4-80gb"}};
    CHECK(evaluatePredicate("training_fits_device", params, state, ctx) == false);

    // Full recomputation leaves 5.4 GB of activations: both say "fits".
    state["recompute"] = "full";
    CHECK(pageSays(state, a100, mem::LlmMode::Training));
    CHECK(evaluatePredicate("training_fits_device", params, state, ctx) == true);
    // The page showing another model does not answer a check about this one.
    state["model"] = "llama2-7b";
    CHECK(evaluatePredicate("training_fits_device", params, state, ctx) == false);
}

TEST_CASE("the LLM predicates agree with the page's bar over a table of states")
{
    const LessonContext ctx = accelscope::tests::lessonDevicesContext();
    struct Row {
        const char* predicate;
        mem::LlmMode mode;
        const char* model;
        const char* device;
        PageState state;
    };
    const auto row = GENERATE(
        Row{"model_fits_device", mem::LlmMode::Inference, "llama2-70b", "nvidia-h100-sxm", {{"weights", "bf16"}, {"tp", "1"}}},
        Row{"model_fits_device", mem::LlmMode::Inference, "llama2-70b", "nvidia-h100-sxm", {{"weights", "bf16"}, {"tp", "2"}}},
        Row{"model_fits_device", mem::LlmMode::Inference, "llama2-70b", "nvidia-h100-sxm", {{"weights", "fp8"}, {"tp", "1"}, {"batch", "64"}}},
        Row{"model_fits_device", mem::LlmMode::Inference, "llama2-70b", "nvidia-h100-sxm", {{"weights", "bf16"}, {"tp", "3"}}},
        Row{"training_fits_device", mem::LlmMode::Training, "llama2-7b", "nvidia-a100-sxm4-80gb", {{"dp", "8"}, {"zero", "0"}}},
        Row{"training_fits_device", mem::LlmMode::Training, "llama2-7b", "nvidia-a100-sxm4-80gb", {{"dp", "8"}, {"zero", "3"}}},
        Row{"training_fits_device", mem::LlmMode::Training, "llama2-70b", "nvidia-a100-sxm4-80gb", {{"dp", "64"}, {"zero", "3"}, {"tp", "8"}}},
        Row{"training_fits_device", mem::LlmMode::Training, "llama2-70b", "nvidia-a100-sxm4-80gb",
            {{"dp", "64"}, {"zero", "3"}, {"seq", "32768"}, {"recompute", "full"}}});
    const std::map<std::string, std::string> params{{"model", row.model}, {"device", row.device}};
    PageState state = row.state;
    state["model"] = row.model;
    CAPTURE(row.predicate, row.model, row.state);
    CHECK(evaluatePredicate(row.predicate, params, state, ctx) == pageSays(state, device(ctx, row.device), row.mode));
}

TEST_CASE("the LLM predicates name a bad parameter or state key")
{
    const LessonContext ctx = accelscope::tests::lessonDevicesContext();
    const std::map<std::string, std::string> good{{"model", "llama2-70b"}, {"device", "nvidia-h100-sxm"}};
    CHECK_THAT(evaluatePredicate("model_fits_device", {{"model", "llama2-70b"}}, {}, ctx).error().message, Catch::Contains("'device'"));
    CHECK_THAT(evaluatePredicate("training_fits_device", {{"model", "nope"}, {"device", "nvidia-h100-sxm"}}, {}, ctx).error().message,
               Catch::Contains("parameter 'model'"));
    CHECK_THAT(evaluatePredicate("training_fits_device", {{"model", "llama2-70b"}, {"device", "nope"}}, {}, ctx).error().message,
               Catch::Contains("no device with id 'nope'"));
    CHECK_THAT(evaluatePredicate("training_fits_device", good, {{"dp", "many"}}, ctx).error().message, Catch::Contains("dp"));
    CHECK(predicateReachable("llm-calculator", "training_fits_device", {{"model", "llama2-70b"}, {"device", "nvidia-a100-sxm4-80gb"}}, ctx)
              .has_value());
    CHECK(predicateReachable("llm-calculator", "model_fits_device", good, ctx).has_value());
}
