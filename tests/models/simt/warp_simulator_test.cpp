// SPDX-License-Identifier: MIT
// Warp divergence simulator: hand-checked efficiencies, reconvergence points, the spin lock
// under both models, and bad programs.
#include "models/simt/warp_simulator.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>

using namespace accelscope::models::simt;

namespace {

WarpRun runPreset(std::string_view name, ExecutionModel model, int warps = 1, int width = 32)
{
    const WarpPreset* preset = findWarpPreset(name);
    REQUIRE(preset != nullptr);
    auto program = parseWarpProgram(preset->source);
    REQUIRE(program.has_value());
    WarpConfig config;
    config.model = model;
    config.warps = warps;
    config.width = width;
    config.data = preset->data;
    auto run = runWarps(*program, config);
    REQUIRE(run.has_value());
    return *run;
}

WarpRun runSource(std::string_view source, ExecutionModel model)
{
    auto program = parseWarpProgram(source);
    REQUIRE(program.has_value());
    WarpConfig config;
    config.model = model;
    config.stepLimit = 5000;
    auto run = runWarps(*program, config);
    REQUIRE(run.has_value());
    return *run;
}

} // namespace

TEST_CASE("tid < 16 runs at 50% SIMD efficiency and serialises 2x under both models")
{
    const ExecutionModel model = GENERATE(ExecutionModel::PreVolta, ExecutionModel::Its);
    const WarpRun run = runPreset("tid-lt-16", model);
    // Two paths of 10 cycles, 16 lanes each: 320 lane-cycles / (32 lanes × 20 cycles).
    CHECK(run.completed);
    CHECK(run.total.cycles == 20);
    CHECK(run.total.simdEfficiency == 0.5);
    CHECK(run.total.serialization == 2.0);
    CHECK(runPreset("tid-lt-16", model, 1, 64).total.simdEfficiency == 0.5); // 16 + 48 of 64 lanes
}

TEST_CASE("k-way divergence gives 1/k efficiency")
{
    const ExecutionModel model = GENERATE(ExecutionModel::PreVolta, ExecutionModel::Its);
    const WarpRun four = runPreset("four-way", model);
    CHECK(four.total.simdEfficiency == 0.25);
    CHECK(four.total.serialization == 4.0);
    CHECK(runPreset("tid-mod-2", model).total.simdEfficiency == 0.5);
}

TEST_CASE("nested ifs reconverge at the end of each if")
{
    const ExecutionModel model = GENERATE(ExecutionModel::PreVolta, ExecutionModel::Its);
    const WarpRun run = runPreset("nested-ifs", model);
    // Line 10 ("compute 2") runs once, with the whole warp, after both levels rejoin.
    std::vector<Issue> last;
    std::ranges::copy_if(run.issues, std::back_inserter(last), [](const Issue& i) { return i.line == 10; });
    REQUIRE(last.size() == 1);
    CHECK(last.front().mask == 0xFFFFFFFFull);
    // Inner paths: lanes 0–7 then 8–15, then 16–31 (taken path first).
    std::vector<std::uint64_t> computeMasks;
    for (const auto& i : run.issues) {
        if (i.cycles == 4) computeMasks.push_back(i.mask);
    }
    CHECK(computeMasks == std::vector<std::uint64_t>{0x000000FFull, 0x0000FF00ull, 0xFFFF0000ull});
    // 3 × 4 cycles with 8, 8, 16 lanes plus 2 cycles with 32: (32 + 32 + 64 + 64) / (32 × 14).
    CHECK(run.total.simdEfficiency == Approx(192.0 / 448.0));
}

TEST_CASE("a lane-dependent loop runs as long as its longest lane")
{
    const WarpRun run = runPreset("lane-loop", ExecutionModel::PreVolta);
    // Trip counts 1..4: passes with 32, 24, 16, 8 lanes × 2 cycles, then 2 cycles with all 32.
    CHECK(run.total.cycles == 10);
    CHECK(run.total.simdEfficiency == Approx((80.0 * 2 + 64) / 320));
    CHECK(runPreset("lane-loop", ExecutionModel::Its).total.cycles == 10);
}

TEST_CASE("early exit, warp-uniform branches and sorted data")
{
    CHECK(runPreset("early-exit", ExecutionModel::PreVolta).total.simdEfficiency == 0.25);
    CHECK(runPreset("warp-uniform", ExecutionModel::PreVolta, 4).total.simdEfficiency == 1.0);
    const double random = runPreset("data-random", ExecutionModel::PreVolta, 8).total.simdEfficiency;
    const double sorted = runPreset("data-sorted", ExecutionModel::PreVolta, 8).total.simdEfficiency;
    CHECK(sorted > random);
    CHECK(sorted >= 7.0 / 8.0); // at most one of 8 warps straddles the boundary
}

TEST_CASE("the spin lock deadlocks under pre-Volta and completes under ITS")
{
    const WarpRun stack = runPreset("spin-lock", ExecutionModel::PreVolta);
    CHECK_FALSE(stack.completed);
    CHECK_THAT(stack.problem, Catch::Contains("line 1"));
    const WarpRun its = runPreset("spin-lock", ExecutionModel::Its);
    REQUIRE(its.completed);
    // Every lane ran the critical section alone.
    int critical = 0;
    for (const auto& i : its.issues) {
        if (i.line == 2) {
            ++critical;
            CHECK(std::popcount(i.mask) == 1);
        }
    }
    CHECK(critical == 32);
    // ...and all lanes meet again for the last statement.
    CHECK(std::ranges::any_of(its.issues, [](const Issue& i) { return i.line == 4 && i.mask == 0xFFFFFFFFull; }));
}

TEST_CASE("syncwarp gathers the lanes under ITS")
{
    const WarpRun run = runSource("if tid < 8\n  compute 3\nend\nsyncwarp\ncompute 1\n", ExecutionModel::Its);
    REQUIRE(run.completed);
    CHECK(std::ranges::any_of(run.issues, [](const Issue& i) { return i.line == 5 && i.mask == 0xFFFFFFFFull; }));
}

TEST_CASE("an infinite loop is stopped by the step limit with a message")
{
    const WarpRun run = runSource("while 1\n  compute 1\nend\n", ExecutionModel::Its);
    CHECK_FALSE(run.completed);
    CHECK_THAT(run.problem, Catch::Contains("stopped after 5000 issues"));
    const WarpRun zero = runSource("if tid / 0 == 1\n  compute 1\nend\n", ExecutionModel::PreVolta);
    CHECK_THAT(zero.problem, Catch::Contains("division by zero at line 1"));
}

TEST_CASE("program errors name the line and column")
{
    struct Case {
        const char* source;
        const char* message;
    };
    const Case c = GENERATE(values<Case>({
        {"if tid <\ncompute 1\nend\n", "line 1, column 9: expression ends too early"},
        {"compute 2\nif lane == 3 &&& 1\nend\n", "line 2, column 16: unexpected '&'"},
        {"if banana > 2\nend\n", "line 1, column 4: unknown name 'banana'"},
        {"compute\n", "line 1, column 8: 'compute' needs a cycle count"},
        {"compute 0\n", "line 1, column 9: 'compute' needs a cycle count"},
        {"else\n", "line 1, column 1: 'else' without an open 'if'"},
        {"end\n", "line 1, column 1: 'end' without an open"},
        {"loop 4\n  compute 1\n", "line 1, column 1: this block has no 'end'"},
        {"  jump 3\n", "line 1, column 3: unknown statement 'jump'"},
    }));
    INFO(c.source);
    const auto program = parseWarpProgram(c.source);
    REQUIRE_FALSE(program.has_value());
    CHECK_THAT(program.error().message, Catch::StartsWith(c.message));
}

TEST_CASE("bad configurations are refused")
{
    const auto program = parseWarpProgram("compute 1\n");
    WarpConfig config;
    config.width = 48;
    CHECK_THAT(runWarps(*program, config).error().message, Catch::Contains("32 or 64"));
    config.width = 32;
    config.warps = 0;
    CHECK_THAT(runWarps(*program, config).error().message, Catch::Contains("1 to 64"));
    config.warps = 1;
    config.customData = {1, 2, 3};
    CHECK_THAT(runWarps(*program, config).error().message, Catch::Contains("3 values; the block has 32 threads"));
}

TEST_CASE("arithmetic faults in a warp program are problems naming the line, not a crash")
{
    // Issue #17: INT64_MIN / -1 trapped with SIGFPE; x / 0 and x % 0 in a loop count or a while
    // condition went unreported; 64-bit overflow was undefined behaviour.
    struct Case {
        const char* source;
        const char* problem;
    };
    const Case c = GENERATE(values<Case>({
        {"compute 1\nif (0 - 9223372036854775807 - 1) / (0 - 1) == 0\n  compute 1\nend\n", "integer overflow at line 2"},
        {"if -(0 - 9223372036854775807 - 1) == 0\n  compute 1\nend\n", "integer overflow at line 1"},
        {"if 9223372036854775807 + 1 == 0\n  compute 1\nend\n", "integer overflow at line 1"},
        {"if 4611686018427387904 * 2 == 0\n  compute 1\nend\n", "integer overflow at line 1"},
        {"if tid % 0 == 0\n  compute 1\nend\n", "division by zero at line 1"},
        {"compute 1\nloop tid / 0\n  compute 1\nend\n", "division by zero at line 2"},
        {"while i < 2 + tid % 0\n  compute 1\nend\n", "division by zero at line 1"},
    }));
    INFO(c.source);
    const WarpRun run = runSource(c.source, ExecutionModel::Its);
    CHECK_FALSE(run.completed);
    CHECK_THAT(run.problem, Catch::Contains(c.problem));
    // INT64_MIN % -1 is 0, not a fault.
    CHECK(runSource("if (0 - 9223372036854775807 - 1) % (0 - 1) == 0\n  compute 1\nend\n", ExecutionModel::Its).problem.empty());
}

TEST_CASE("deeply nested lane expressions are refused with the line")
{
    // Issue #17: long unary chains and deep parentheses overflowed the stack of the recursive parser,
    // and a long operator chain built a tree too deep to evaluate or free.
    const std::string minuses(100000, '-');
    const std::string parens = std::string(100000, '(') + "1" + std::string(100000, ')');
    std::string chain = "1";
    for (int k = 0; k < 100000; ++k) chain += "+1";
    for (const std::string& expr : {minuses + "1", "!" + minuses + "1", parens}) {
        const auto program = parseWarpProgram("compute 1\nif " + expr + "\nend\n");
        REQUIRE_FALSE(program.has_value());
        CHECK_THAT(program.error().message, Catch::StartsWith("line 2, column "));
        CHECK_THAT(program.error().message, Catch::EndsWith("nested deeper than 200 levels"));
    }
    // A long flat chain is shallow now (issue #29), and refused by its size instead.
    const auto longChain = parseWarpProgram("compute 1\nif " + chain + "\nend\n");
    REQUIRE_FALSE(longChain.has_value());
    CHECK_THAT(longChain.error().message, Catch::EndsWith("more than 1,000 terms in one expression"));
    // 150 levels still parse and evaluate.
    CHECK(parseWarpProgram("if " + std::string(150, '(') + "1" + std::string(150, ')') + "\nend\n").has_value());
    std::string shortChain = "0";
    for (int k = 0; k < 150; ++k) shortChain += "+1";
    CHECK(runSource("if " + shortChain + " == 150\n  compute 1\nend\n", ExecutionModel::Its).problem.empty());
}

TEST_CASE("a flat sum of 251 terms is accepted and evaluated left to right")
{
    // Issue #29: it was refused as "nested deeper than 200 levels". `taken` is whether the body ran.
    const auto taken = [](const std::string& condition) {
        const WarpRun run = runSource("if " + condition + "\n  compute 1\nend\n", ExecutionModel::Its);
        return std::ranges::any_of(run.issues, [](const Issue& i) { return i.line == 2; });
    };
    std::string sum = "0";
    for (int k = 0; k < 250; ++k) sum += "+1";
    CHECK(taken(sum + " == 250"));
    CHECK_FALSE(taken(sum + " == 251"));
    // Left to right within a level, precedence across levels: 100 - 10 - 1 = 89, 2 + 3 * 4 - 6 / 2 = 11.
    CHECK(taken("100 - 10 - 1 == 89 && 2 + 3 * 4 - 6 / 2 == 11 && 7 - 2 + 1 == 6"));
    CHECK_FALSE(taken("100 - 10 - 1 == 91"));
}

TEST_CASE("a run stops at the block's issue limit and at its work limit, and says which")
{
    // Issue #29: 64 warps at the largest step limit grew memory by 140 MB/s, and looping on a long
    // condition ran for minutes. One spinning lane per warp reaches the issue limit first ...
    auto oneLane = parseWarpProgram("if tid == 0\n  while 1\n    compute 1\n  end\nend\n");
    REQUIRE(oneLane.has_value());
    WarpConfig config;
    config.warps = 64;
    config.stepLimit = maxStepLimit;
    const auto issues = runWarps(*oneLane, config);
    REQUIRE(issues.has_value());
    CHECK_FALSE(issues->completed);
    CHECK(issues->issues.size() == maxBlockIssues);
    CHECK_THAT(issues->problem, Catch::Contains("4,000,000 issues in the block"));
    // ... every lane spinning on a longer condition reaches the work limit first.
    auto allLanes = parseWarpProgram("while tid + tid + tid >= 0\n  compute 1\nend\n");
    REQUIRE(allLanes.has_value());
    config.width = 64;
    const auto work = runWarps(*allLanes, config);
    REQUIRE(work.has_value());
    CHECK_FALSE(work->completed);
    CHECK(work->laneTerms <= maxBlockLaneTerms);
    CHECK(work->laneTerms > maxBlockLaneTerms - 64 * 6);
    CHECK_THAT(work->problem, Catch::Contains("100,000,000 lane-terms of work in the block"));
    config.stepLimit = maxStepLimit + 1;
    CHECK_FALSE(runWarps(*oneLane, config).has_value());
}

TEST_CASE("preset descriptions say what a program does, never its outcome")
{
    // The Warp lesson asks for efficiencies, serialization and deadlocks; the preset list (tool tips,
    // `warp presets`) must not answer for the learner.
    for (const auto& preset : accelscope::models::simt::warpPresets()) {
        std::string text(preset.description);
        std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        INFO(preset.name << ": " << text);
        for (std::size_t i = 1; i < text.size(); ++i) CHECK_FALSE((text[i] == '%' && std::isdigit(static_cast<unsigned char>(text[i - 1])))); // "50%", not "tid % 2"
        for (const char* outcome : {"efficien", "deadlock", "diverge", "serializ", "serialis", "complete", "idle", "reconverge"}) {
            CHECK(text.find(outcome) == std::string::npos);
        }
    }
}
