// SPDX-License-Identifier: MIT
// The lists written once (issue #32 item 3): the pipeline schedules, the LLM storage formats, the kernel formats,
// the training GEMM precisions, the recomputation modes and the workload defaults each have one definition in
// models/, and no other source file writes the list again by hand.
#include "models/memory/inference_memory.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/memory/training_memory.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernel_catalog.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/serving/serving_model.hpp"
#include "models/serving/training_plan.hpp"
#include "models/system/step/serving_step.hpp"
#include "models/system/step/training_search.hpp"
#include "models/system/step/training_step.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

using namespace accelscope::models;
namespace fs = std::filesystem;

namespace {

// The repository root: this file's folder is tests/, the data dir the test build names.
fs::path sourceRoot() { return fs::path(ACCELSCOPE_TEST_DATA_DIR).parent_path(); }

struct Hit {
    std::string where; ///< file:line
    std::string line;
};

// Every line of a C++ source under app/, labs/, models/ and tests/ that quotes at least `atLeast` names of `names`
// (a list written by hand), except in `allowed` (relative paths). Comments are passed over: prose may name formats.
std::vector<Hit> handWrittenLists(const std::vector<std::string>& names, std::size_t atLeast, const std::set<std::string>& allowed)
{
    const std::set<std::string> wanted(names.begin(), names.end());
    std::vector<Hit> hits;
    for (const char* top : {"app", "labs", "models", "tests"}) {
        for (const auto& entry : fs::recursive_directory_iterator(sourceRoot() / top)) {
            const auto ext = entry.path().extension();
            if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".cu")) continue;
            const std::string relative = fs::relative(entry.path(), sourceRoot()).generic_string();
            if (allowed.count(relative)) continue;
            std::ifstream in(entry.path());
            int number = 0;
            for (std::string line; std::getline(in, line);) {
                ++number;
                if (const auto comment = line.find("//"); comment != std::string::npos) line.erase(comment);
                std::set<std::string> found; // the quoted strings of the line that are names of the list
                for (auto open = line.find('"'); open != std::string::npos;) {
                    const auto close = line.find('"', open + 1);
                    if (close == std::string::npos) break;
                    if (const std::string quoted = line.substr(open + 1, close - open - 1); wanted.count(quoted)) found.insert(quoted);
                    open = line.find('"', close + 1);
                }
                if (found.size() >= atLeast) hits.push_back({relative + ":" + std::to_string(number), line});
            }
        }
    }
    return hits;
}

std::string describe(const std::vector<Hit>& hits)
{
    std::string out;
    for (const auto& h : hits) out += h.where + ": " + h.line + "\n";
    return out;
}

} // namespace

TEST_CASE("the schedule list has every schedule once and its ids name them both ways")
{
    using namespace pipeline;
    // The enumerators, GPipe to ZbH2, each exactly once in the list.
    std::set<std::string> ids;
    for (auto s = static_cast<int>(Schedule::GPipe); s <= static_cast<int>(Schedule::ZbH2); ++s) {
        const auto schedule = static_cast<Schedule>(s);
        const ScheduleInfo& info = scheduleInfo(schedule);
        CHECK(info.schedule == schedule);
        CHECK(scheduleFromName(info.id) == schedule);
        CHECK_FALSE(info.displayName.empty());
        CHECK_FALSE(info.description.empty());
        CHECK_FALSE(info.source.empty());
        ids.emplace(info.id);
    }
    CHECK(schedules().size() == 5);
    CHECK(ids.size() == schedules().size());
    CHECK(scheduleIdsText() == "gpipe, 1f1b, interleaved, zb-h1, zb-h2");
    CHECK(scheduleIds() == std::vector<std::string>{"gpipe", "1f1b", "interleaved", "zb-h1", "zb-h2"});
    CHECK_FALSE(scheduleFromName("zb-h3").has_value());
}

TEST_CASE("every offered storage format, kernel format, training precision and recomputation resolves")
{
    for (const auto name : roofline::llmStorageFormats()) {
        INFO(name);
        CHECK(roofline::dataTypeFromName(name).has_value());
    }
    CHECK(roofline::llmStorageFormatsText() == "bf16, fp16, fp8, fp4, nvfp4, mxfp4, int8, int4, fp32");
    for (const auto name : system::trainingGemmPrecisions()) CHECK(roofline::dataTypeFromName(name).has_value());
    CHECK(system::trainingGemmPrecisionsText() == "bf16 or fp8");
    CHECK(system::isTrainingGemmPrecision("fp8"));
    CHECK(memory::recomputeNames() == std::vector<std::string>{"none", "selective", "full"});
    CHECK(memory::recomputeNamesText() == "none, selective or full");
    for (const auto& name : memory::recomputeNames()) CHECK(memory::recomputeName(*memory::recomputeFromName(name)) == name);
    const auto roofs = roofline::knownPrecisions();
    for (const auto name : roofline::kernelDataTypes()) {
        INFO(name);
        const auto type = roofline::dataTypeFromName(name);
        REQUIRE(type.has_value());
        CHECK(std::find(roofs.begin(), roofs.end(), type->computePrecision) != roofs.end());
    }
    CHECK_FALSE(system::isTrainingGemmPrecision("fp4"));
}

TEST_CASE("every struct that carries a workload starts from the one set of workload defaults")
{
    const system::WorkloadDefaults& d = system::workloadDefaults;
    // The values and their sources are in workload_defaults.hpp; a change there is a change of every face.
    CHECK(d.promptTokens == 1024);
    CHECK(d.outputTokens == 256);
    CHECK(d.batch == 1);
    CHECK(d.sequence == 4096);
    CHECK(d.globalBatch == 1024);
    CHECK(d.microBatch == 1);
    CHECK(d.servingFormat == "fp8");

    const roofline::LlmWorkload analysis;
    CHECK((analysis.batch == d.batch && analysis.promptTokens == d.promptTokens && analysis.generatedTokens == d.outputTokens));
    const memory::InferenceMemoryInput inference;
    CHECK((inference.batch == d.batch && inference.promptTokens == d.promptTokens && inference.generatedTokens == d.outputTokens));
    const memory::LlmMemorySettings calculator;
    CHECK((calculator.batch == d.batch && calculator.promptTokens == d.promptTokens && calculator.generatedTokens == d.outputTokens));
    CHECK((calculator.sequence == d.sequence && calculator.microBatch == d.microBatch));
    const memory::TrainingInput training;
    CHECK((training.sequence == d.sequence && training.microBatch == d.microBatch));
    const serving::ServingRequest request;
    CHECK((request.inputTokens == d.promptTokens && request.outputTokens == d.outputTokens));
    CHECK((request.weights == d.servingFormat && request.kvCache == d.servingFormat));
    const system::ServingSpec spec;
    CHECK((spec.weights == d.servingFormat && spec.kvCache == d.servingFormat));
    const system::ServingLoad load;
    CHECK((load.inputTokens == d.promptTokens && load.outputTokens == d.outputTokens));
    const serving::TrainingRequest plan;
    CHECK((plan.globalBatch == d.globalBatch && plan.sequence == d.sequence && plan.microBatch == d.microBatch));
    const system::TrainingSearch search;
    CHECK((search.globalBatch == d.globalBatch && search.sequence == d.sequence));
    const system::TrainingLayoutSpec step;
    CHECK((step.globalBatch == d.globalBatch && step.sequence == d.sequence && step.microBatch == d.microBatch));
}

TEST_CASE("no source file writes the schedule, storage-format or recomputation list again by hand")
{
    // Three schedule ids quoted on one line is a copy of the list (models/pipeline/pipeline_schedule.cpp holds it;
    // this test names the list on purpose).
    const auto schedules = handWrittenLists(pipeline::scheduleIds(), 3,
                                            {"models/pipeline/pipeline_schedule.cpp", "tests/models/lists_written_once_test.cpp"});
    INFO(describe(schedules));
    CHECK(schedules.empty());

    // Four storage formats quoted on one line likewise (models/roofline/dtype.cpp holds the list; the Roofline's
    // kernel formats are their own list, models/roofline/kernel_catalog.cpp). MLPerf's reader keeps its own search
    // order: it finds a format inside a printed precision, longest name first.
    std::vector<std::string> formats;
    for (const auto f : roofline::llmStorageFormats()) formats.emplace_back(f);
    const auto lists = handWrittenLists(formats, 4,
                                        {"models/roofline/dtype.cpp", "models/roofline/kernel_catalog.cpp", "models/serving/mlperf_rows.cpp",
                                         "tests/models/lists_written_once_test.cpp"});
    INFO(describe(lists));
    CHECK(lists.empty());

    // The recomputation modes: models/memory/training_memory.cpp names them.
    const auto recompute = handWrittenLists(memory::recomputeNames(), 3,
                                            {"models/memory/training_memory.cpp", "tests/models/lists_written_once_test.cpp"});
    INFO(describe(recompute));
    CHECK(recompute.empty());
}

TEST_CASE("the CLI reference names the schedules, training precisions and recomputation modes the models list")
{
    // docs/cli.md writes the choices out for readers; they must be the models' lists, in order.
    std::ifstream in(sourceRoot() / "docs" / "cli.md");
    REQUIRE(in.good());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string schedules;
    for (const auto& id : pipeline::scheduleIds()) schedules += (schedules.empty() ? "" : "|") + id;
    CHECK_THAT(text, Catch::Contains("--schedule " + schedules + " "));
    std::string precisions;
    for (const auto p : system::trainingGemmPrecisions()) precisions += (precisions.empty() ? "" : "|") + std::string(p);
    const std::regex precisionChoice(R"(--precision ([a-z0-9|]+)\])");
    int found = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), precisionChoice); it != std::sregex_iterator(); ++it, ++found) {
        CHECK((*it)[1] == precisions);
    }
    CHECK(found >= 2); // train plan and train estimate
    std::string recompute;
    for (const auto& name : memory::recomputeNames()) recompute += (recompute.empty() ? "" : "|") + name;
    const std::regex recomputeChoice(R"(--recompute ([a-z|]+)\])");
    found = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), recomputeChoice); it != std::sregex_iterator(); ++it, ++found) {
        CHECK((*it)[1] == recompute);
    }
    CHECK(found >= 2); // memory train and train estimate
}
