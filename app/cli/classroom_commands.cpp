// SPDX-License-Identifier: MIT
// `accelscope-cli classroom tally`: argument wiring and output; the rules live in labs/classroom.
#include "app/cli/classroom_commands.hpp"

#include "labs/classroom/answer_tally.hpp"
#include "labs/classroom/classroom_export.hpp"
#include "labs/guided/lessons_directory.hpp"
#include "labs/lab_registry.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <memory>
#include <ostream>

namespace accelscope::cli {
namespace {

using nlohmann::json;
namespace classroom = labs::classroom;

struct TallyOptions {
    std::string dir;
    std::string id;
    int step = 0;
    std::vector<std::string> answers;
    bool reveal = false;
    std::optional<double> measured;
    std::string svg;
};

ExitCode tally(const CliContext& ctx, const TallyOptions& o)
{
    const auto dir = o.dir.empty() ? labs::guided::lessonsDirectory(ctx.executableDir) : std::filesystem::path(o.dir);
    auto loaded = labs::guided::loadLessons(dir);
    const labs::guided::Lesson* lesson = nullptr;
    for (const auto& l : loaded.lessons) lesson = l.id == o.id ? &l : lesson;
    if (lesson == nullptr) return ctx.error("no lesson '" + o.id + "' in " + dir.string());
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    labs::guided::LessonContext context;
    context.devices = std::move(set->devices);
    const auto registry = labs::LabRegistry::withAllLabs(ctx.executableDir); // kept: the loop reads into it
    for (const auto& lab : registry.labs()) context.labs.push_back(lab->describe());
    auto question = classroom::questionFromStep(*lesson, static_cast<std::size_t>(o.step - 1), context);
    if (!question) return ctx.error(question.error());
    if (o.measured && !std::isfinite(*o.measured)) return ctx.error("--measured must be a finite number, got " + models::readableText(*o.measured));
    std::vector<classroom::GradedAnswer> graded;
    for (std::size_t i = 0; i < o.answers.size(); ++i) {
        auto answer = classroom::gradeAnswer(*question, o.answers[i], context);
        if (!answer) return ctx.error("answer " + std::to_string(i + 1) + ": " + answer.error().message);
        graded.push_back(*answer);
    }
    const auto bars = classroom::tallyAnswers(*question, graded, o.reveal, o.measured, o.measured ? "measured" : "");
    if (!o.svg.empty()) {
        const auto figure = classroom::tallyFigure(*question, bars, false);
        if (auto written = models::catalog::writeFileAtomically(o.svg, models::figure::figureSvg(figure)); !written) {
            return ctx.error(written.error());
        }
    }
    if (ctx.json) {
        json bins = json::array();
        for (const auto& bin : bars.bins) {
            json b{{"label", bin.label}, {"count", bin.count}};
            if (question->kind == labs::guided::CheckKind::Number) {
                b["low"] = bin.low;
                b["high"] = bin.high;
            }
            if (o.reveal) {
                b["right"] = bin.right;
                b["measured"] = bin.measured;
                b["mistakes"] = bin.mistakes;
            }
            bins.push_back(b);
        }
        json doc{{"lesson", lesson->id}, {"step", o.step}, {"question", question->text}, {"unit", question->unit},
                 {"answers", bars.answers}, {"revealed", o.reveal}, {"log_scale", bars.logScale}, {"bins", bins}};
        if (o.reveal) {
            doc["right_answer"] = question->expectedText;
            doc["right"] = bars.right;
            doc["per_mistake"] = bars.perMistake;
            doc["other"] = bars.other;
        }
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    *ctx.out << question->text << (question->unit.empty() ? "" : " (" + question->unit + ")") << "\n";
    for (const auto& bin : bars.bins) {
        *ctx.out << "  " << bin.label << ": " << bin.count << (bin.right ? "  <- right" : "") << (bin.measured ? "  <- measured" : "");
        for (const auto& m : bin.mistakes) *ctx.out << "  [" << m << "]";
        *ctx.out << "\n";
    }
    *ctx.out << bars.answers << " answers";
    if (o.reveal) *ctx.out << "; right: " << question->expectedText << " (" << bars.right << ")";
    *ctx.out << "\n";
    return ExitCode::Ok;
}

} // namespace

void addClassroomCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<TallyOptions>();
    CLI::App* classroom = app.add_subcommand("classroom", "classroom mode without a network: a step's question and the bars of answers");
    classroom->require_subcommand(1);
    CLI::App* tallyCommand = classroom->add_subcommand("tally", "the bars the projector shows for these answers to a lesson step's question");
    tallyCommand->add_option("--lessons", o->dir, "lessons folder (default: <prefix>/share/accelscope/lessons, else the source tree's)");
    tallyCommand->add_option("id", o->id, "lesson id")->required();
    tallyCommand->add_option("step", o->step, "step (from 1) with a number or choice question")->required()->check(CLI::PositiveNumber);
    tallyCommand->add_option("answers", o->answers, "the students' answers: numbers (unit optional) or option numbers");
    tallyCommand->add_flag("--reveal", o->reveal, "mark the right answer and the declared mistakes, as Reveal does");
    tallyCommand->add_option("--measured", o->measured, "a value measured on this machine, in the question's unit");
    tallyCommand->add_option("--svg", o->svg, "also write the bars as an SVG figure to this file");
    tallyCommand->callback([&ctx, &exitCode, o] { exitCode = tally(ctx, *o); });
}

} // namespace accelscope::cli
