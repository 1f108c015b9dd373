// SPDX-License-Identifier: MIT
// Lesson commands: argument wiring and output; the engine lives in labs/guided.
#include "app/cli/lesson_commands.hpp"

#include "labs/guided/expression_work.hpp"
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/guided/lesson_progress.hpp"
#include "labs/guided/page_predicates.hpp"
#include "labs/guided/lessons_directory.hpp"
#include "labs/lab_registry.hpp"
#include "models/common/number_text.hpp"
#include "models/common/utf8_text.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <memory>
#include <ostream>

namespace accelscope::cli {
namespace {

using namespace labs::guided;
using nlohmann::json;

struct LessonOptions {
    std::string dir;
    std::string id;
    int step = 0;
    bool answers = false;
    bool work = false;
    std::vector<std::string> paths;
    std::string value;
    double seconds = 0;
};

std::filesystem::path lessonsDir(const CliContext& ctx, const LessonOptions& o)
{
    if (!o.dir.empty()) return o.dir;
    return labs::guided::lessonsDirectory(ctx.executableDir);
}

models::Result<LessonContext> makeContext(const CliContext& ctx)
{
    auto set = ctx.loadCatalog();
    if (!set) return std::unexpected(set.error());
    LessonContext context;
    context.devices = std::move(set->devices);
    const auto registry = labs::LabRegistry::withAllLabs(ctx.executableDir);
    for (const auto& lab : registry.labs()) context.labs.push_back(lab->describe());
    return context;
}

models::Result<models::catalog::UserStore> openStore(const CliContext& ctx)
{
    return models::catalog::UserStore::open(ctx.resolvedUserDatabase());
}

models::Result<Lesson> findLesson(const CliContext& ctx, const LessonOptions& o)
{
    auto loaded = loadLessons(lessonsDir(ctx, o));
    for (auto& l : loaded.lessons) {
        if (l.id == o.id) return std::move(l);
    }
    std::string ids;
    for (const auto& l : loaded.lessons) ids += (ids.empty() ? "" : ", ") + l.id;
    return models::fail(models::ErrorCode::NotFound, "no lesson '" + o.id + "' (" + ids + ")");
}

std::string joined(const std::vector<std::string>& items, const char* separator = ", ")
{
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : separator) + i;
    return out;
}

ExitCode listLessons(const CliContext& ctx, const LessonOptions& o)
{
    auto loaded = loadLessons(lessonsDir(ctx, o));
    std::map<std::string, models::catalog::LessonProgress> progress;
    if (auto store = openStore(ctx)) {
        if (auto all = store->allLessonProgress()) {
            for (auto& p : *all) progress[p.lessonId] = p;
        }
    }
    json doc = json::array();
    for (const auto& l : loaded.lessons) {
        json entry{{"id", l.id}, {"title", l.title}, {"minutes", l.minutes}, {"prerequisites", l.prerequisites},
                   {"steps", l.steps.size()}, {"file", l.file}, {"progress", nullptr}};
        std::string progressText;
        if (progress.count(l.id)) {
            const auto& p = progress.at(l.id);
            const std::string problem = models::catalog::lessonProgressProblem(p);
            // Complete means every question answered right, not only every step passed (#30).
            const LessonScore score = scoreOf(p, l);
            entry["progress"] = {{"steps_done", p.stepIndex}, {"seconds_spent", p.secondsSpent}, {"updated_at", p.updatedAt},
                                 {"checks", score.checks}, {"checks_answered", score.answered}, {"to_do", score.toDo},
                                 {"complete", score.done}};
            if (!problem.empty()) entry["progress"]["problem"] = problem;
            progressText = problem.empty() ? std::to_string(p.stepIndex) + "/" + std::to_string(l.steps.size()) +
                                                 (score.done ? ", complete"
                                                  : score.reachedEnd ? ", " + std::to_string(score.toDo.size()) + " to do"
                                                                     : "")
                                           : "corrupted";
        }
        doc.push_back(entry);
        if (!ctx.json) {
            *ctx.out << l.id << "  " << l.title << "  (" << l.minutes << " min, " << l.steps.size() << " steps"
                     << (l.prerequisites.empty() ? "" : "; after " + joined(l.prerequisites)) << ")"
                     << (progressText.empty() ? "" : "  progress " + progressText) << "\n";
        }
    }
    for (const auto& e : loaded.errors) *ctx.err << "accelscope-cli: warning: " << e.text() << "\n";
    if (ctx.json) ctx.printJson(doc);
    return ExitCode::Ok;
}

json checkJson(const RenderedCheck& c)
{
    json j{{"kind", checkKindName(c.kind)}, {"question", c.question}, {"hints", c.hints}};
    if (c.kind == CheckKind::Choice) j["options"] = c.options;
    if (c.kind == CheckKind::Number) j["unit"] = c.unit;
    if (c.kind == CheckKind::State) {
        j["page"] = c.page;
        j["predicate"] = c.predicate;
        j["parameters"] = c.parameters;
    }
    return j;
}

void printStep(const CliContext& ctx, std::size_t index, const RenderedStep& s, const std::optional<CheckOutcome>& answer)
{
    std::ostream& out = *ctx.out;
    out << "\n## " << index + 1 << ". " << s.title << "\n\n" << s.prose << "\n";
    if (s.action) {
        out << "\n  → open " << s.action->page;
        for (const auto& [k, v] : s.action->settings) out << "  " << k << "=" << v;
        out << "\n";
    }
    if (s.lab) {
        out << "\n  → lab " << s.lab->labId << (s.labNeedsCuda ? " (needs CUDA" + (s.lab->fallback.empty() ? ")" : "; without it: " + s.lab->fallback + ")") : "");
        for (const auto& [k, v] : s.lab->parameters) out << "  " << k << "=" << valueText(v);
        out << "\n";
    }
    if (s.check) {
        const auto& c = *s.check;
        out << "\n  ? " << c.question << (c.unit.empty() ? "" : " [" + c.unit + "]") << "\n";
        for (std::size_t i = 0; i < c.options.size(); ++i) out << "    " << i + 1 << ") " << c.options[i] << "\n";
        if (c.kind == CheckKind::State) out << "    (on the " << c.pageName << " page: " << predicateGoal(c.predicate) << ")\n";
        if (answer) {
            for (const auto& h : c.hints) out << "    hint: " << h << "\n";
            for (const auto& line : c.solution) out << "    solution: " << line << "\n";
            out << "    answer: " << answer->expected << "\n    " << answer->explanation << "\n";
        }
    }
}

ExitCode showLesson(const CliContext& ctx, const LessonOptions& o)
{
    auto lesson = findLesson(ctx, o);
    if (!lesson) return ctx.error(lesson.error());
    auto context = makeContext(ctx);
    if (!context) return ctx.error(context.error());
    if (o.step < 0 || o.step > static_cast<int>(lesson->steps.size())) {
        return ctx.error("--step " + std::to_string(o.step) + ": lesson " + lesson->id + " has steps 1 to " + std::to_string(lesson->steps.size()));
    }
    auto summary = renderText(lesson->summary, *context, lesson->file, 1);
    if (!summary) return ctx.error(summary.error());
    json steps = json::array();
    if (!ctx.json) {
        *ctx.out << lesson->title << " (" << lesson->id << ", " << lesson->minutes << " min"
                 << (lesson->prerequisites.empty() ? "" : "; after " + joined(lesson->prerequisites)) << ")\n\n" << *summary << "\n";
    }
    for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
        if (o.step != 0 && static_cast<int>(i) + 1 != o.step) continue;
        const Step& step = lesson->steps[i];
        auto rendered = renderStep(*lesson, step, *context);
        if (!rendered) return ctx.error(rendered.error());
        std::optional<CheckOutcome> answer;
        if (o.answers && step.check && step.check->kind != CheckKind::State) {
            // The right answer, checked through the same path a learner's answer takes.
            auto expected = checkAnswer(*step.check, step.check->kind == CheckKind::Choice ? std::to_string(step.check->answerIndex + 1) : "0",
                                        *context, lesson->file);
            if (!expected) return ctx.error(expected.error());
            answer = *expected;
        } else if (o.answers && step.check) {
            auto explanation = renderText(step.check->explanation, *context, lesson->file, step.check->line);
            if (!explanation) return ctx.error(explanation.error());
            answer = CheckOutcome{false, "on the " + step.check->page + " page, " + predicateGoal(step.check->predicate), *explanation, {}, {}};
        }
        json j{{"index", i + 1}, {"title", rendered->title}, {"prose", rendered->prose}, {"action", nullptr}, {"lab", nullptr}, {"check", nullptr}};
        if (rendered->action) j["action"] = {{"page", rendered->action->page}, {"settings", rendered->action->settings}};
        if (rendered->lab) {
            j["lab"] = {{"id", rendered->lab->labId}, {"parameters", rendered->lab->parameters}, {"needs_cuda", rendered->labNeedsCuda},
                        {"fallback", rendered->lab->fallback}};
        }
        if (rendered->check) {
            j["check"] = checkJson(*rendered->check);
            if (answer) {
                j["check"]["expected"] = answer->expected;
                j["check"]["explanation"] = answer->explanation;
                j["check"]["solution"] = rendered->check->solution;
            }
        }
        steps.push_back(j);
        if (!ctx.json) printStep(ctx, i, *rendered, answer);
    }
    std::vector<std::string> sources;
    for (const auto& source : lesson->sources) sources.push_back(source.text);
    if (ctx.json) {
        ctx.printJson({{"id", lesson->id}, {"title", lesson->title}, {"minutes", lesson->minutes},
                       {"prerequisites", lesson->prerequisites}, {"summary", *summary}, {"steps", steps}, {"sources", sources}});
    } else if (!sources.empty() && (o.step == 0 || o.step == static_cast<int>(lesson->steps.size()))) {
        *ctx.out << "\nSources:\n";
        for (const auto& source : sources) *ctx.out << "- " << source << "\n";
    }
    return ExitCode::Ok;
}

ExitCode checkLessons(const CliContext& ctx, const LessonOptions& o)
{
    auto context = makeContext(ctx);
    if (!context) return ctx.error(context.error());
    std::vector<std::filesystem::path> paths(o.paths.begin(), o.paths.end());
    if (paths.empty()) paths.push_back(lessonsDir(ctx, o));
    std::vector<Lesson> lessons;
    std::vector<Problem> problems;
    for (const auto& path : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            auto loaded = loadLessons(path);
            for (auto& l : loaded.lessons) lessons.push_back(std::move(l));
            problems.insert(problems.end(), loaded.errors.begin(), loaded.errors.end());
        } else {
            auto lesson = loadLessonFile(path);
            if (lesson) lessons.push_back(std::move(*lesson));
            else problems.push_back({path.string(), 0, lesson.error().message});
        }
    }
    auto found = validateLessons(lessons, *context);
    problems.insert(problems.end(), found.begin(), found.end());
    std::size_t steps = 0;
    for (const auto& l : lessons) steps += l.steps.size();
    if (ctx.json) {
        json list = json::array();
        for (const auto& p : problems) list.push_back({{"file", p.file}, {"line", p.line}, {"message", p.message}});
        json ids = json::array();
        for (const auto& l : lessons) ids.push_back(l.id);
        ctx.printJson({{"lessons", ids}, {"steps", steps}, {"problems", list}, {"ok", problems.empty()}});
    } else {
        for (const auto& p : problems) {
            // A file that did not parse already says "file:line: what" in its message.
            *ctx.out << (p.line == 0 && p.message.rfind(p.file, 0) == 0 ? p.message : p.text()) << "\n";
        }
        *ctx.out << lessons.size() << " lessons, " << steps << " steps: "
                 << (problems.empty() ? "ok" : std::to_string(problems.size()) + " problem(s)") << "\n";
    }
    if (!problems.empty()) {
        *ctx.err << "accelscope-cli: error: lesson check found " << problems.size() << " problem(s)\n";
        return ExitCode::Failure;
    }
    return ExitCode::Ok;
}

ExitCode answerLesson(const CliContext& ctx, const LessonOptions& o)
{
    auto lesson = findLesson(ctx, o);
    if (!lesson) return ctx.error(lesson.error());
    if (o.step < 1 || o.step > static_cast<int>(lesson->steps.size())) {
        return ctx.error("step " + std::to_string(o.step) + ": lesson " + lesson->id + " has steps 1 to " + std::to_string(lesson->steps.size()));
    }
    const Step& step = lesson->steps[static_cast<std::size_t>(o.step - 1)];
    if (!step.check) return ctx.error("step " + std::to_string(o.step) + " of " + lesson->id + " has no question");
    auto context = makeContext(ctx);
    if (!context) return ctx.error(context.error());
    auto store = openStore(ctx);
    if (!store) return ctx.error(store.error());
    // Read the record first: a corrupted one stops here, before the answer is even checked.
    if (auto previous = store->lessonProgress(lesson->id); !previous) return ctx.error(previous.error());
    auto outcome = checkAnswer(*step.check, o.value, *context, lesson->file);
    if (!outcome) return ctx.error(outcome.error());
    auto recorded = recordAnswer(*store, *lesson, o.step, o.value, *outcome, o.seconds);
    if (!recorded) return ctx.error(recorded.error());
    const models::catalog::LessonProgress& progress = *recorded;
    std::vector<std::string> hints;
    std::vector<std::string> solution;
    auto rendered = renderStep(*lesson, step, *context);
    if (rendered && rendered->check) hints = rendered->check->hints;
    // After the second wrong try the worked solution is offered (as the Lessons page does).
    if (rendered && rendered->check && !outcome->correct && wrongTries(progress, o.step) >= wrongTriesBeforeSolution) {
        solution = rendered->check->solution;
    }
    if (ctx.json) {
        const LessonScore score = scoreOf(progress, *lesson);
        json doc{{"lesson", lesson->id}, {"step", o.step}, {"correct", outcome->correct}, {"steps_done", progress.stepIndex},
                 {"to_do", score.toDo}, {"complete", score.done}};
        if (outcome->correct) {
            doc["expected"] = outcome->expected;
            doc["explanation"] = outcome->explanation;
        } else {
            if (step.check->kind == CheckKind::State) doc["state"] = outcome->expected;
            if (!outcome->mistake.empty()) doc["mistake"] = outcome->mistake;
            if (!outcome->nearMiss.empty()) doc["near_miss"] = outcome->nearMiss;
            doc["hints"] = hints;
            if (!solution.empty()) doc["solution"] = solution;
        }
        ctx.printJson(doc);
    } else if (outcome->correct) {
        *ctx.out << "correct: " << outcome->expected << "\n" << outcome->explanation << "\n";
    } else {
        // A state check says what the given view shows; a choice or number never gives its answer away
        // (an exact number typed rounded is told what it rounds: the stored value is the lesson).
        if (step.check->kind == CheckKind::State) *ctx.out << "not quite: " << outcome->expected << "\n";
        else if (!outcome->feedback().empty()) *ctx.out << "not quite: " << outcome->feedback() << "\n";
        else *ctx.out << "not quite; try again.\n";
        for (const auto& h : hints) *ctx.out << "hint: " << h << "\n";
        if (!solution.empty()) *ctx.out << "worked solution:\n";
        for (const auto& line : solution) *ctx.out << "  " << line << "\n";
    }
    return ExitCode::Ok;
}

ExitCode evalExpression(const CliContext& ctx, const LessonOptions& o)
{
    auto context = makeContext(ctx);
    if (!context) return ctx.error(context.error());
    const Evaluator evaluator = lessonEvaluator(*context);
    auto value = evaluator.evaluate(o.value);
    if (!value) return ctx.error(value.error());
    if (const double* d = std::get_if<double>(&*value); d != nullptr && !std::isfinite(*d)) {
        // 10^400 overflows to infinity: an error like evaluateNumber's, not "inf" with status 0 (issue #17).
        return ctx.error("'" + models::quotedExcerpt(o.value) + "' is not finite (" +
                         (std::isnan(*d) ? "not a number" : "it overflows") + ")");
    }
    if (o.work) {
        auto worked = workText(evaluator, o.value, 8);
        if (!worked) return ctx.error(worked.error());
        if (ctx.json) ctx.printJson({{"expression", o.value}, {"work", *worked}});
        else *ctx.out << *worked << "\n";
        return ExitCode::Ok;
    }
    if (ctx.json) {
        if (const double* d = std::get_if<double>(&*value)) ctx.printJson({{"expression", o.value}, {"value", *d}});
        else ctx.printJson({{"expression", o.value}, {"value", std::get<std::string>(*value)}});
    } else if (const double* d = std::get_if<double>(&*value)) {
        *ctx.out << models::readableText(*d, 8) << "\n";
    } else {
        *ctx.out << std::get<std::string>(*value) << "\n";
    }
    return ExitCode::Ok;
}

ExitCode listFunctions(const CliContext& ctx)
{
    const LessonContext empty;
    json doc = json::array();
    for (const auto& f : lessonFunctions(empty)) {
        doc.push_back({{"name", f.name}, {"signature", f.signature}, {"description", f.description}});
        if (!ctx.json) *ctx.out << f.signature << "\n    " << f.description << "\n";
    }
    if (ctx.json) ctx.printJson(doc);
    return ExitCode::Ok;
}

// The pages' settings contracts: what an action may set, with the controls' ranges. The text form
// is the Markdown table of FORMAT.md (a test keeps the two equal).
ExitCode listPages(const CliContext& ctx)
{
    json doc = json::array();
    if (!ctx.json) *ctx.out << "| page | id | key | value | meaning |\n|---|---|---|---|---|\n";
    for (const auto& page : pageContracts()) {
        json settings = json::array();
        for (const auto& s : page.settings) {
            json setting{{"key", s.key}, {"kind", settingKindName(s.kind)}, {"allowed", allowedText(s)}, {"meaning", s.meaning}};
            if (s.kind == SettingKind::Integer || s.kind == SettingKind::Number || s.kind == SettingKind::DeviceList) {
                setting["min"] = s.min;
                setting["max"] = s.max;
            }
            if (!s.choices.empty()) setting["choices"] = s.choices;
            settings.push_back(setting);
            if (!ctx.json) {
                *ctx.out << "| " << page.title << " | `" << page.id << "` | `" << s.key << "` | " << allowedText(s) << " | " << s.meaning << " |\n";
            }
        }
        doc.push_back({{"id", page.id}, {"name", page.title}, {"settings", settings}});
    }
    if (ctx.json) ctx.printJson(doc);
    return ExitCode::Ok;
}

ExitCode resetLesson(const CliContext& ctx, const LessonOptions& o)
{
    auto store = openStore(ctx);
    if (!store) return ctx.error(store.error());
    auto removed = store->resetLessonProgress(o.id);
    if (!removed) return ctx.error(removed.error());
    if (ctx.json) ctx.printJson({{"lesson", o.id}, {"removed", *removed}});
    else *ctx.out << (*removed ? "progress of " + o.id + " cleared\n" : "no progress stored for " + o.id + "\n");
    return ExitCode::Ok;
}

} // namespace

void addLessonCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<LessonOptions>();
    CLI::App* lesson = app.add_subcommand("lesson", "guided lessons: list, show, check, answer, reset");
    lesson->require_subcommand(1);
    lesson->add_option("--lessons", o->dir, "lessons folder (default: <prefix>/share/accelscope/lessons, else the source tree's)");
    lesson->fallthrough();

    CLI::App* list = lesson->add_subcommand("list", "the lessons with minutes, prerequisites and your progress");
    list->callback([&ctx, &exitCode, o] { exitCode = listLessons(ctx, *o); });

    CLI::App* show = lesson->add_subcommand("show", "a lesson's steps with their numbers computed");
    show->add_option("id", o->id, "lesson id")->required();
    show->add_option("--step", o->step, "only this step (from 1)");
    show->add_flag("--answers", o->answers, "include the answers and explanations");
    show->callback([&ctx, &exitCode, o] { exitCode = showLesson(ctx, *o); });

    CLI::App* check = lesson->add_subcommand("check", "validate lessons (file:line: problem; exit 1 when any)");
    check->add_option("paths", o->paths, "lesson folders or files (default: the lessons folder)");
    check->callback([&ctx, &exitCode, o] { exitCode = checkLessons(ctx, *o); });

    CLI::App* answer = lesson->add_subcommand("answer", "answer a step's question and record your progress");
    answer->add_option("id", o->id, "lesson id")->required();
    answer->add_option("step", o->step, "step (from 1)")->required();
    answer->add_option("value", o->value, "option number or text, a number (unit optional), or key=value;… for a page state")->required();
    answer->add_option("--seconds", o->seconds, "time spent on the step, added to the lesson's total")->check(CLI::NonNegativeNumber);
    answer->callback([&ctx, &exitCode, o] { exitCode = answerLesson(ctx, *o); });

    CLI::App* eval = lesson->add_subcommand("eval", "evaluate a lesson expression (for authors): eval 'ridge(nvidia-h100-sxm, bf16)'");
    eval->add_option("expression", o->value, "expression")->required();
    eval->add_flag("--work", o->work, "show the intermediate values, as a worked solution does (2^15 × (2 − 2^-10) = 32,768 × 1.9990234375 = 65,504)");
    eval->callback([&ctx, &exitCode, o] { exitCode = evalExpression(ctx, *o); });

    CLI::App* functions = lesson->add_subcommand("functions", "the functions lesson expressions may call");
    functions->callback([&ctx, &exitCode] { exitCode = listFunctions(ctx); });
    CLI::App* pages = lesson->add_subcommand("pages", "the pages an action may open, their keys and the ranges of their controls");
    pages->callback([&ctx, &exitCode] { exitCode = listPages(ctx); });

    CLI::App* reset = lesson->add_subcommand("reset", "clear a lesson's stored progress (also a corrupted one)");
    reset->add_option("id", o->id, "lesson id")->required();
    reset->callback([&ctx, &exitCode, o] { exitCode = resetLesson(ctx, *o); });
}

} // namespace accelscope::cli
