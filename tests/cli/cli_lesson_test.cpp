// SPDX-License-Identifier: MIT
// `accelscope-cli lesson`: check over the real lessons (the CI gate), show, answer with progress,
// bad lesson files, and a corrupted progress record that must be reported and kept.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include "accelscope/config.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("lesson check passes on every bundled lesson")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"--json", "lesson", "check"});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["ok"] == true);
    CHECK(doc["lessons"].size() >= 12);
    CHECK(doc["problems"].empty());
}

TEST_CASE("lesson check names the file and line of a broken header and of a missing page")
{
    TempDir dir;
    const auto header = dir.write("01-bad-header.md", "---\nid: x\ntitle: t\nminutes: many\n---\n## s\n");
    const auto page = dir.write("02-bad-page.md", "---\nid: y\ntitle: t\nminutes: 10\n---\n## s\ntext\n```action\npage: Nowhere\n```\n");
    const auto run = runCli(dir.path() / "user.db", {"lesson", "check", dir.path().string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains(header.string() + ":4: minutes must be a whole number, not 'many'"));
    CHECK_THAT(run.out, Catch::Contains(page.string() + ":9: no page 'Nowhere'"));
    CHECK_THAT(run.err, Catch::Contains("lesson check found 2 problem(s)"));
}

TEST_CASE("lesson check refuses settings the page's controls cannot reach, with file:line and the range")
{
    TempDir dir;
    const auto file = dir.write("01-out-of-range.md",
                                "---\nid: z\ntitle: t\nminutes: 10\nprerequisites: []\n---\n## s\ntext\n```action\npage: LLM calculator\n"
                                "mode: training\ndp: 4096\npp: 128\n```\n## t\n```action\npage: Pipeline bubbles\nv: 8\n```\n");
    const auto run = runCli(dir.path() / "user.db", {"lesson", "check", file.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.out, Catch::Contains(file.string() + ":12: dp: 4096 is outside the page's range 1 to 64"));
    CHECK_THAT(run.out, Catch::Contains(file.string() + ":18: v: 8 is outside the page's range 2 to 4"));
}

TEST_CASE("FORMAT.md's page table is what lesson pages prints")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"lesson", "pages"});
    REQUIRE(run.status == 0);
    std::ifstream in(std::string(ACCELSCOPE_LESSONS_DIR) + "/../FORMAT.md");
    const std::string format((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string begin = "<!-- lesson pages: begin -->\n", end = "<!-- lesson pages: end -->";
    const auto a = format.find(begin), b = format.find(end);
    REQUIRE(a != std::string::npos);
    REQUIRE(b != std::string::npos);
    CHECK(format.substr(a + begin.size(), b - a - begin.size()) == run.out); // regenerate: accelscope-cli lesson pages
    const auto pages = runCli(dir.path() / "user.db", {"--json", "lesson", "pages"});
    const auto doc = json::parse(pages.out);
    CHECK(doc.size() == 11); // one per contract file (labs/guided/pages/<id>.cpp), by id
    CHECK(doc[3]["id"] == "llm-calculator");
    CHECK(doc[3]["name"] == "LLM calculator");
    CHECK(doc[8]["id"] == "serving-planner");
    CHECK(doc[9]["id"] == "training-step");
}

TEST_CASE("lesson list and show render numbers and hide answers unless asked")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto list = runCli(user, {"--json", "lesson", "list"});
    REQUIRE(list.status == 0);
    CHECK(json::parse(list.out).size() >= 12);
    const auto show = runCli(user, {"--json", "lesson", "show", "roofline", "--step", "2"});
    REQUIRE(show.status == 0);
    const json doc = json::parse(show.out);
    REQUIRE(doc["steps"].size() == 1);
    CHECK(doc["steps"][0]["prose"].get<std::string>().find("{{") == std::string::npos);
    CHECK_FALSE(doc["steps"][0]["check"].contains("expected"));
    const auto answers = runCli(user, {"--json", "lesson", "show", "roofline", "--step", "2", "--answers"});
    CHECK(json::parse(answers.out)["steps"][0]["check"].contains("expected"));
    CHECK(runCli(user, {"lesson", "show", "no-such-lesson"}).status == 1);
}

TEST_CASE("lesson answer records progress, a corrupted record is reported, kept, and cleared only by reset")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto wrong = runCli(user, {"--json", "lesson", "answer", "pipeline-bubbles", "1", "0.9"});
    REQUIRE(wrong.status == 0);
    CHECK(json::parse(wrong.out)["correct"] == false);
    const auto right = runCli(user, {"--json", "lesson", "answer", "pipeline-bubbles", "1", "0.2727", "--seconds", "30"});
    REQUIRE(right.status == 0);
    CHECK(json::parse(right.out)["correct"] == true);
    CHECK(json::parse(right.out)["steps_done"] == 1);
    CHECK(json::parse(right.out)["complete"] == false);
    const json list = json::parse(runCli(user, {"--json", "lesson", "list"}).out);
    bool found = false;
    for (const auto& l : list) {
        if (l["id"] == "pipeline-bubbles") {
            found = true;
            CHECK(l["progress"]["steps_done"] == 1);
            CHECK(l["progress"]["seconds_spent"] == 30.0);
            // Step 1 answered; the lesson's other questions are still to do, so it is not complete.
            CHECK(l["progress"]["checks_answered"] == 1);
            CHECK(l["progress"]["complete"] == false);
            REQUIRE(l["progress"]["to_do"].is_array());
            CHECK(l["progress"]["to_do"].size() + 1 == l["progress"]["checks"].get<std::size_t>());
            CHECK(l["progress"]["to_do"][0] != 1);
        }
    }
    CHECK(found);
    {
        auto db = accelscope::models::catalog::Database::open(user, accelscope::models::catalog::OpenMode::ReadWriteCreate);
        REQUIRE(db->execute("UPDATE lesson_progress SET answers = '{broken' WHERE lesson_id = 'pipeline-bubbles'").has_value());
    }
    const auto refused = runCli(user, {"lesson", "answer", "pipeline-bubbles", "1", "0.2727"});
    CHECK(refused.status == 1);
    CHECK_THAT(refused.err, Catch::Contains("the progress of lesson 'pipeline-bubbles' is corrupted"));
    CHECK_THAT(runCli(user, {"lesson", "list"}).out, Catch::Contains("progress corrupted"));
    {
        auto db = accelscope::models::catalog::Database::open(user, accelscope::models::catalog::OpenMode::ReadOnly);
        auto still = db->prepare("SELECT answers FROM lesson_progress WHERE lesson_id = 'pipeline-bubbles'");
        REQUIRE(still->step().value());
        CHECK(still->text(0) == "{broken");
    }
    CHECK(runCli(user, {"lesson", "reset", "pipeline-bubbles"}).status == 0);
    CHECK(runCli(user, {"lesson", "answer", "pipeline-bubbles", "1", "0.2727"}).status == 0);
}

TEST_CASE("lesson answer grades exact checks exactly and refuses a number in another unit")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    // number-formats step 2 asks what BF16 stores for 1.01: 1 + 1/128 = 1.0078125, not 1.01.
    const auto wrong = runCli(user, {"lesson", "answer", "number-formats", "2", "1.01"});
    INFO(wrong.out << wrong.err);
    REQUIRE(wrong.status == 0);
    CHECK_THAT(wrong.out, Catch::StartsWith("not quite"));
    const auto right = runCli(user, {"lesson", "answer", "number-formats", "2", "1.0078125"});
    CHECK_THAT(right.out, Catch::StartsWith("correct: 1.0078125"));
    // Step 1: the largest finite FP16 is 65504; step 3: the largest E4M3 is 448.
    for (const char* value : {"65536", "65000", "66000"}) {
        CHECK(json::parse(runCli(user, {"--json", "lesson", "answer", "number-formats", "1", value}).out)["correct"] == false);
    }
    for (const char* value : {"450", "452"}) {
        CHECK(json::parse(runCli(user, {"--json", "lesson", "answer", "number-formats", "3", value}).out)["correct"] == false);
    }
    CHECK(json::parse(runCli(user, {"--json", "lesson", "answer", "number-formats", "3", "448"}).out)["correct"] == true);
    // Step 5 asks for GB: GiB is refused with the unit asked for, not graded.
    const auto unit = runCli(user, {"lesson", "answer", "number-formats", "5", "70.55 GiB"});
    CHECK(unit.status == 1);
    CHECK_THAT(unit.err, Catch::Contains("answered in GB, not 'GiB'"));
    CHECK(runCli(user, {"lesson", "answer", "number-formats", "5", "70.55 GB"}).status == 0);
}

TEST_CASE("lesson answer says a state in words and a choice by its text, never a predicate's name")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    // Roofline step 3: the GEMV is memory bound (option 1).
    const auto choice = runCli(user, {"lesson", "answer", "roofline", "3", "1"});
    REQUIRE(choice.status == 0);
    CHECK_THAT(choice.out, Catch::StartsWith("correct: Far left of the ridge: memory bound\n"));
    // Step 4 asks for a compute-bound GEMM: 256³ is 256/3 = 85.33 FLOP/byte, 4096³ is 1365.
    const auto small = runCli(user, {"lesson", "answer", "roofline", "4", "kernel=gemm:M=256,N=256,K=256"});
    REQUIRE(small.status == 0);
    CHECK_THAT(small.out, Catch::StartsWith("not quite: The kernel's 85.33 FLOP/byte is below the ") && Catch::Contains(": memory bound."));
    const auto big = runCli(user, {"--json", "lesson", "answer", "roofline", "4", "kernel=gemm:M=4096,N=4096,K=4096"});
    REQUIRE(big.status == 0);
    const json doc = json::parse(big.out);
    CHECK(doc["correct"] == true);
    CHECK_THAT(doc["expected"].get<std::string>(), Catch::StartsWith("The kernel's 1,365 FLOP/byte is at or above the "));
    const auto show = runCli(user, {"lesson", "show", "roofline", "--step", "4", "--answers"});
    REQUIRE(show.status == 0);
    CHECK_THAT(show.out, Catch::Contains("(on the Roofline page: the kernel compute bound, at or right of the ridge)"));
    for (const auto& text : {choice.out, small.out, big.out, show.out}) CHECK(text.find("_ridge") == std::string::npos);
}

TEST_CASE("lesson answer names a declared mistake and shows the worked solution from the second wrong try")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    // number-formats step 1: the largest finite FP16. 65536 = 2^16 is a declared mistake.
    const auto first = runCli(user, {"lesson", "answer", "number-formats", "1", "65536"});
    INFO(first.out << first.err);
    REQUIRE(first.status == 0);
    CHECK_THAT(first.out, Catch::StartsWith("not quite: That is 2^16."));
    CHECK_THAT(first.out, !Catch::Contains("worked solution")); // one wrong try: not yet
    // A wrong answer that matches no mistake: the plain message; it is the second wrong try.
    const auto second = runCli(user, {"--json", "lesson", "answer", "number-formats", "1", "65000"});
    const json doc = json::parse(second.out);
    CHECK(doc["correct"] == false);
    CHECK_FALSE(doc.contains("mistake"));
    REQUIRE(doc.contains("solution"));
    REQUIRE(doc["solution"].size() == 3);
    // Every value of the solution is computed: the last line works out 2^15 × (2 − 2^-10).
    CHECK(doc["solution"][2] == "Together: 2^(30 − 15) × (2 − 2^-10) = 2^15 × (2 − 0.0009765625) = 32,768 × 1.9990234375 = 65,504");
    const auto third = runCli(user, {"lesson", "answer", "number-formats", "1", "65535"});
    CHECK_THAT(third.out, Catch::StartsWith("not quite: That is the largest 16-bit unsigned integer."));
    CHECK_THAT(third.out, Catch::Contains("worked solution:\n  FP16: 5 exponent bits, bias 15."));
    // A right answer prints no mistake and no solution.
    const auto right = runCli(user, {"lesson", "answer", "number-formats", "1", "65504"});
    CHECK_THAT(right.out, Catch::StartsWith("correct: 65504"));
    CHECK_THAT(right.out, !Catch::Contains("worked solution"));
    // lesson eval --work shows the same arithmetic for authors.
    const auto work = runCli(user, {"lesson", "eval", "--work", "2^15 * (2 - 2^-10)"});
    CHECK(work.out == "2^15 × (2 − 2^-10) = 32,768 × (2 − 0.0009765625) = 32,768 × 1.9990234375 = 65,504\n");
}
