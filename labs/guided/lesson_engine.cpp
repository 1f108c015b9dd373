// SPDX-License-Identifier: MIT
// Rendering steps, checking answers and validating lessons against the models and the lab registry.
#include "labs/guided/lesson_engine.hpp"

#include "labs/guided/lesson_solution.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/guided/page_predicates.hpp"
#include "labs/lab.hpp"
#include "models/common/exponent_text.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <functional>
#include <set>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;

std::unexpected<models::Error> at(const std::string& file, int line, const std::string& what)
{
    return fail(ErrorCode::InvalidData, file + ":" + std::to_string(line) + ": " + what);
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string trim(std::string_view text)
{
    const auto a = text.find_first_not_of(" \t");
    if (a == std::string_view::npos) return {};
    const auto b = text.find_last_not_of(" \t");
    return std::string(text.substr(a, b - a + 1));
}

/// Renders text that starts at `line`; an error names the line of the `{{` that failed.
Result<std::string> renderAt(const Evaluator& evaluator, const std::string& text, const std::string& file, int line)
{
    auto out = evaluator.render(text);
    if (out) return out;
    // Find the first expression that fails, to point at its line.
    std::size_t pos = 0;
    while ((pos = text.find("{{", pos)) != std::string::npos) {
        const auto close = text.find("}}", pos);
        const std::string piece = text.substr(pos, close == std::string::npos ? std::string::npos : close + 2 - pos);
        if (!evaluator.render(piece)) {
            return at(file, line + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n')),
                      out.error().message);
        }
        pos += 2;
    }
    return at(file, line, out.error().message);
}

Result<RenderedCheck> renderCheck(const Check& check, const Evaluator& evaluator, const std::string& file)
{
    RenderedCheck out;
    out.kind = check.kind;
    out.unit = check.unit;
    if (check.kind == CheckKind::State) {
        auto page = pageContract(check.page);
        if (!page) return at(file, check.line, page.error().message);
        out.page = page->id;
        out.pageName = page->title;
    }
    out.predicate = check.predicate;
    auto q = renderAt(evaluator, check.question, file, check.line);
    if (!q) return std::unexpected(q.error());
    out.question = *q;
    for (const auto& o : check.options) {
        auto r = renderAt(evaluator, o, file, check.line);
        if (!r) return std::unexpected(r.error());
        out.options.push_back(*r);
    }
    for (const auto& h : check.hints) {
        auto r = renderAt(evaluator, h, file, check.line);
        if (!r) return std::unexpected(r.error());
        out.hints.push_back(*r);
    }
    if (check.kind == CheckKind::State) {
        auto params = predicateParameters(check, evaluator);
        if (!params) return at(file, check.line, params.error().message);
        out.parameters = *params;
    }
    auto solution = workedSolution(check, evaluator, file);
    if (!solution) return std::unexpected(solution.error());
    out.solution = std::move(*solution);
    return out;
}

/// Replaces every case-insensitive occurrence of `word` in `text` by `with`.
void replaceWord(std::string& text, std::string_view word, std::string_view with)
{
    for (std::size_t at = 0; at + word.size() <= text.size();) {
        const bool same = std::equal(word.begin(), word.end(), text.begin() + static_cast<long>(at), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
        });
        if (!same) {
            ++at;
            continue;
        }
        text.replace(at, word.size(), with);
        at += with.size();
    }
}

/// A unit as compared with the learner's (unitsMatch).
std::string unitKey(std::string_view unit)
{
    std::string spelled(unit);
    for (const std::string_view micro : {std::string_view("µ"), std::string_view("μ")}) {
        for (auto at = spelled.find(micro); at != std::string::npos; at = spelled.find(micro)) spelled.replace(at, micro.size(), "u");
    }
    replaceWord(spelled, " per second", "/s");
    replaceWord(spelled, " per ", "/"); // FLOP per byte
    replaceWord(spelled, "/sec", "/s");
    replaceWord(spelled, "bytes", "B");
    replaceWord(spelled, "byte", "B");
    std::string key;
    for (const char c : spelled) {
        if (c == ' ') continue;
        key += (c == 'b' || c == 'B') ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (!key.empty() && key.front() == '-') key.erase(0, 1);
    replaceWord(key, "flops/", "flop/"); // FLOPs/byte: FLOPs counted per byte
    if (key.size() >= 5 && key.ends_with("flops")) key = key.substr(0, key.size() - 1) + "/s"; // TFLOPS = TFLOP/s
    return key == "x" ? std::string("×") : key;
}

} // namespace

bool unitsMatch(std::string_view given, std::string_view unit)
{
    const std::string a = unitKey(given);
    const std::string b = unitKey(unit);
    if (a == b) return true;
    // A count's singular: "1 GPU" for GPUs, "1 micro-batch" for micro-batches (words of letters only).
    const bool word = b.size() >= 4 && std::all_of(b.begin(), b.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '-'; });
    return word && !a.empty() && (a + "s" == b || a + "es" == b);
}

/// The learner's number: digits (',' as thousands separators allowed), then nothing or the
/// check's unit. Another unit ("591 GFLOP" for FLOP/byte, GB for GiB) is refused with a message
/// that names the unit asked for, never graded as a number.
Result<double> parseLearnerNumber(std::string_view answer, const std::string& unit)
{
    std::string text = trim(answer);
    text.erase(std::remove(text.begin(), text.end(), ','), text.end());
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    const std::string given = trim(std::string_view(ptr, static_cast<std::size_t>(text.data() + text.size() - ptr)));
    const bool moreDigits = !given.empty() && (std::isdigit(static_cast<unsigned char>(given.front())) || given.front() == '.');
    if (text.empty() || ec != std::errc() || ptr == text.data() || !std::isfinite(v) || moreDigits) {
        return fail(ErrorCode::InvalidArgument, "'" + std::string(answer) + "' is not a number" +
                                                    (unit.empty() ? "" : " (in " + unit + ")"));
    }
    if (given.empty() || (!unit.empty() && unitsMatch(given, unit))) return v;
    if (unit.empty()) {
        return fail(ErrorCode::InvalidArgument, "'" + std::string(answer) + "': this question takes a plain number, without '" + given + "'");
    }
    return fail(ErrorCode::InvalidArgument, "'" + std::string(answer) + "': this question is answered in " + unit + ", not '" + given +
                                                "'; give the number in " + unit);
}

namespace {

std::vector<Problem> validateStep(const Lesson& lesson, const Step& step, const LessonContext& context, const Evaluator& evaluator)
{
    std::vector<Problem> problems;
    const auto add = [&](const models::Error& e, int line) {
        // Messages from the engine already carry "file:line: "; keep them, else add the place.
        const std::string prefix = lesson.file + ":";
        if (e.message.rfind(prefix, 0) == 0) {
            const auto rest = e.message.substr(prefix.size());
            const auto colon = rest.find(':');
            int l = line;
            std::from_chars(rest.data(), rest.data() + colon, l);
            problems.push_back({lesson.file, l, trim(rest.substr(colon + 1))});
        } else {
            problems.push_back({lesson.file, line, e.message});
        }
    };
    if (auto prose = renderAt(evaluator, step.prose, lesson.file, step.proseLine); !prose) add(prose.error(), step.proseLine);
    if (step.action) {
        for (const auto& problem : pageActionProblems(*step.action, context, lesson.file)) add(problem, step.action->line);
    }
    if (step.lab) {
        const auto& lab = *step.lab;
        const auto found = std::find_if(context.labs.begin(), context.labs.end(), [&](const auto& l) { return l.id == lab.labId; });
        if (found == context.labs.end()) {
            problems.push_back({lesson.file, lab.line + 1, "no lab '" + lab.labId + "' in the lab registry"});
        } else {
            for (const auto& [name, value] : lab.parameters) {
                const auto p = std::find_if(found->parameters.begin(), found->parameters.end(), [&](const auto& q) { return q.name == name; });
                const int line = lab.parameterLines.count(name) ? lab.parameterLines.at(name) : lab.line;
                if (p == found->parameters.end()) {
                    problems.push_back({lesson.file, line, "lab " + lab.labId + " has no parameter '" + name + "'"});
                } else if (value < p->minValue || value > p->maxValue || (p->integral && value != std::floor(value))) {
                    problems.push_back({lesson.file, line, "lab " + lab.labId + " parameter " + name + " = " + valueText(value) +
                                                               " is outside " + valueText(p->minValue) + " to " + valueText(p->maxValue)});
                }
            }
            if (found->needsCuda && lab.fallback.empty()) {
                problems.push_back({lesson.file, lab.line, "lab " + lab.labId + " needs CUDA: give 'fallback:' (a CPU lab id, 'simulator' or 'model')"});
            }
            if (lab.fallback == "simulator" && !step.action) {
                problems.push_back({lesson.file, lab.line, "fallback: simulator needs an action that opens the simulator's page"});
            } else if (!lab.fallback.empty() && lab.fallback != "simulator" && lab.fallback != "model" &&
                       std::none_of(context.labs.begin(), context.labs.end(), [&](const auto& l) { return l.id == lab.fallback && !l.needsCuda; })) {
                problems.push_back({lesson.file, lab.line, "fallback '" + lab.fallback + "' is not a lab that runs without CUDA, nor 'simulator' or 'model'"});
            }
        }
    }
    if (!step.check) return problems;
    const Check& check = *step.check;
    if (auto r = renderCheck(check, evaluator, lesson.file); !r) add(r.error(), check.line);
    for (auto& p : validateMistakesAndSolution(check, evaluator, lesson.file)) problems.push_back(std::move(p));
    if (auto e = renderAt(evaluator, check.explanation, lesson.file, check.line); !e) add(e.error(), check.line);
    if (check.explanation.empty()) problems.push_back({lesson.file, check.line, "the check has no 'explanation:'"});
    switch (check.kind) {
    case CheckKind::Choice:
        if (check.options.size() < 2) problems.push_back({lesson.file, check.line, "a choice check needs at least two options"});
        if (check.answerIndex < 0 || check.answerIndex >= static_cast<int>(check.options.size())) {
            problems.push_back({lesson.file, check.answerLine, "answer " + std::to_string(check.answerIndex + 1) + " is not one of the " +
                                                                   std::to_string(check.options.size()) + " options"});
        }
        break;
    case CheckKind::Number:
        if (check.toleranceLine == 0) {
            problems.push_back({lesson.file, check.line, "a number check needs 'tolerance:': 0 for exact, a percentage (2%) "
                                                         "or an absolute amount in the unit (0.5); there is no default"});
        }
        if (auto v = evaluator.evaluateNumber(check.answerExpression); !v) {
            problems.push_back({lesson.file, check.answerLine, "the answer cannot be computed: " + v.error().message});
        }
        break;
    case CheckKind::State: {
        if (auto page = pageContract(check.page); !page) {
            problems.push_back({lesson.file, check.line, page.error().message});
            break;
        }
        auto params = predicateParameters(check, evaluator);
        if (!params) {
            problems.push_back({lesson.file, check.line, params.error().message});
        } else if (auto ok = predicateReachable(check.page, check.predicate, *params, context); !ok) {
            problems.push_back({lesson.file, check.line, ok.error().message});
        }
        break;
    }
    }
    return problems;
}

} // namespace

Result<std::string> renderText(const std::string& text, const LessonContext& context, const std::string& file, int line)
{
    return renderAt(lessonEvaluator(context), text, file, line);
}

Result<RenderedStep> renderStep(const Lesson& lesson, const Step& step, const LessonContext& context)
{
    const Evaluator evaluator = lessonEvaluator(context);
    RenderedStep out;
    out.title = step.title;
    auto prose = renderAt(evaluator, step.prose, lesson.file, step.proseLine);
    if (!prose) return std::unexpected(prose.error());
    out.prose = *prose;
    if (step.action) {
        auto a = pageAction(*step.action, context, lesson.file);
        if (!a) return std::unexpected(a.error());
        out.action = *a;
    }
    if (step.lab) {
        out.lab = step.lab;
        for (const auto& l : context.labs) {
            if (l.id == step.lab->labId) out.labNeedsCuda = l.needsCuda;
        }
        // "Show me" opening the Labs page on the step's lab sets the lab block's parameters too (lesson 14's
        // model_mib: 32 was left at the lab's default before).
        if (out.action && out.action->page == "labs" && !step.lab->parameters.empty() && !out.action->settings.contains("parameters")) {
            const auto lab = out.action->settings.find("lab");
            if (lab == out.action->settings.end() || lab->second == step.lab->labId) {
                out.action->settings["parameters"] = labParametersText(step.lab->parameters);
            }
        }
    }
    if (step.check) {
        auto c = renderCheck(*step.check, evaluator, lesson.file);
        if (!c) return std::unexpected(c.error());
        out.check = *c;
    }
    return out;
}

Result<CheckOutcome> checkAnswer(const Check& check, std::string_view answer, const LessonContext& context, const std::string& file)
{
    const Evaluator evaluator = lessonEvaluator(context);
    CheckOutcome out;
    auto explanation = renderAt(evaluator, check.explanation, file, check.line);
    if (!explanation) return std::unexpected(explanation.error());
    out.explanation = *explanation;
    switch (check.kind) {
    case CheckKind::Choice: {
        if (check.answerIndex < 0 || check.answerIndex >= static_cast<int>(check.options.size())) {
            return at(file, check.answerLine, "the check's answer is not one of its options");
        }
        auto right = renderAt(evaluator, check.options[static_cast<std::size_t>(check.answerIndex)], file, check.line);
        if (!right) return std::unexpected(right.error());
        out.expected = *right; // the option's text: "Right: memory bound", not its number
        const std::string given = trim(answer);
        int number = 0;
        const auto [ptr, ec] = std::from_chars(given.data(), given.data() + given.size(), number);
        if (!given.empty() && ec == std::errc() && ptr == given.data() + given.size()) {
            if (number < 1 || number > static_cast<int>(check.options.size())) {
                return fail(ErrorCode::InvalidArgument, "choose an option from 1 to " + std::to_string(check.options.size()));
            }
            out.correct = number - 1 == check.answerIndex;
        } else {
            out.correct = lower(given) == lower(*right);
            number = 0; // an option's text: find its number for the mistakes
            for (std::size_t i = 0; i < check.options.size(); ++i) {
                auto option = renderAt(evaluator, check.options[i], file, check.line);
                if (option && lower(*option) == lower(given)) number = static_cast<int>(i) + 1;
            }
        }
        if (!out.correct) {
            auto mistake = matchMistake(check, number, evaluator, file);
            if (!mistake) return std::unexpected(mistake.error());
            out.mistake = mistake->value_or("");
        }
        return out;
    }
    case CheckKind::Number: {
        auto expected = evaluator.evaluateNumber(check.answerExpression);
        if (!expected) return at(file, check.answerLine, expected.error().message);
        auto given = parseLearnerNumber(answer, check.unit);
        if (!given) return std::unexpected(given.error());
        // Exact: the decimal the learner types reads back as the same double (from_chars rounds
        // correctly), so 1.0078125 is BF16's 1.01 and 1.01 is not.
        out.correct = numberAccepted(check, *expected, *given);
        if (!out.correct) {
            auto mistake = matchMistake(check, *given, evaluator, file, typedSignificantDigits(answer));
            if (!mistake) return std::unexpected(mistake.error());
            out.mistake = mistake->value_or("");
            if (out.mistake.empty()) out.nearMiss = nearMissText(check, *expected, *given, trim(answer));
        }
        out.expected = (check.exact() ? models::exactDisplayText(*expected) : models::exponentForPeople(models::engineeringText(*expected, 4))) +
                       (check.unit.empty() ? "" : " " + check.unit);
        return out;
    }
    case CheckKind::State: {
        PageState state;
        std::string text(answer);
        std::size_t pos = 0;
        while (pos <= text.size()) {
            const auto end = std::min(text.find(';', pos), text.size());
            const std::string pair = trim(text.substr(pos, end - pos));
            if (!pair.empty()) {
                const auto eq = pair.find('=');
                if (eq == std::string::npos) return fail(ErrorCode::InvalidArgument, "a page state is key=value pairs separated by ';', not '" + pair + "'");
                state[trim(pair.substr(0, eq))] = trim(pair.substr(eq + 1));
            }
            pos = end + 1;
        }
        return checkState(check, state, context, file);
    }
    }
    return out;
}

Result<CheckOutcome> checkState(const Check& check, const PageState& state, const LessonContext& context, const std::string& file)
{
    const Evaluator evaluator = lessonEvaluator(context);
    CheckOutcome out;
    auto explanation = renderAt(evaluator, check.explanation, file, check.line);
    if (!explanation) return std::unexpected(explanation.error());
    out.explanation = *explanation;
    auto params = predicateParameters(check, evaluator);
    if (!params) return at(file, check.line, params.error().message);
    auto verdict = judgePredicate(check.predicate, *params, state, context);
    if (!verdict) return std::unexpected(verdict.error());
    out.correct = verdict->holds;
    out.expected = verdict->sentence;
    return out;
}

namespace {

/// Why an image cannot be shown, or empty: images are SVG or PNG files beside the lesson (the
/// package installs lessons/images/), never URLs, so the course works offline and is installed whole.
std::string imageProblem(const Lesson& lesson, const Image& image)
{
    const std::filesystem::path path(image.path);
    const std::string ext = path.extension().string();
    if (image.path.empty()) return "an image without a path";
    if (image.path.find("://") != std::string::npos || path.is_absolute()) {
        return "image '" + image.path + "': give a path relative to the lesson file (images/…), not a URL or an absolute path";
    }
    if (std::any_of(path.begin(), path.end(), [](const auto& part) { return part == ".."; })) {
        return "image '" + image.path + "': must not leave the lessons folder ('..')";
    }
    if (ext != ".svg" && ext != ".png") return "image '" + image.path + "': only .svg and .png images are shown";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::path(lesson.file).parent_path() / path, ec)) {
        return "image '" + image.path + "' not found beside the lesson file";
    }
    return {};
}

} // namespace

std::vector<Problem> validateLesson(const Lesson& lesson, const LessonContext& context)
{
    const Evaluator evaluator = lessonEvaluator(context);
    std::vector<Problem> problems;
    if (auto s = renderAt(evaluator, lesson.summary, lesson.file, 1); !s) {
        problems.push_back({lesson.file, 1, s.error().message});
    }
    for (const auto& step : lesson.steps) {
        auto p = validateStep(lesson, step, context, evaluator);
        problems.insert(problems.end(), p.begin(), p.end());
    }
    for (const auto& image : lesson.images) {
        if (auto why = imageProblem(lesson, image); !why.empty()) problems.push_back({lesson.file, image.line, why});
    }
    for (const auto& source : lesson.sources) {
        // A primary source names where it is: an http(s) address a reader can open.
        if (source.text.find("https://") == std::string::npos && source.text.find("http://") == std::string::npos) {
            problems.push_back({lesson.file, source.line, "a source needs its http(s) address: '" + source.text + "'"});
        }
    }
    return problems;
}

Course loadCourse(const std::filesystem::path& dir, const LessonContext& context)
{
    auto loaded = loadLessons(dir);
    Course course{{}, std::move(loaded.errors)};
    for (auto& lesson : loaded.lessons) {
        auto problems = validateLesson(lesson, context);
        if (problems.empty()) course.lessons.push_back(std::move(lesson));
        else course.skipped.push_back(std::move(problems.front()));
    }
    return course;
}

std::vector<Problem> validateLessons(const std::vector<Lesson>& lessons, const LessonContext& context)
{
    std::vector<Problem> problems;
    std::map<std::string, const Lesson*> byId;
    for (const auto& l : lessons) {
        if (byId.count(l.id)) {
            problems.push_back({l.file, l.idLine, "id '" + l.id + "' is also used by " + byId.at(l.id)->file});
        } else {
            byId[l.id] = &l;
        }
    }
    for (const auto& l : lessons) {
        auto p = validateLesson(l, context);
        problems.insert(problems.end(), p.begin(), p.end());
        for (const auto& pre : l.prerequisites) {
            if (!byId.count(pre)) problems.push_back({l.file, l.prerequisitesLine, "prerequisite '" + pre + "' is not a lesson id"});
        }
    }
    // A prerequisite cycle would leave no lesson to start with.
    std::map<std::string, int> state; // 0 unseen, 1 on the path, 2 done
    std::function<bool(const Lesson&)> cyclic = [&](const Lesson& l) {
        state[l.id] = 1;
        for (const auto& pre : l.prerequisites) {
            if (!byId.count(pre)) continue;
            if (state[pre] == 1) return true;
            if (state[pre] == 0 && cyclic(*byId.at(pre))) return true;
        }
        state[l.id] = 2;
        return false;
    };
    for (const auto& l : lessons) {
        if (state[l.id] == 0 && cyclic(l)) {
            problems.push_back({l.file, l.prerequisitesLine, "prerequisites form a cycle through '" + l.id + "'"});
            break;
        }
    }
    return problems;
}

} // namespace accelscope::labs::guided
