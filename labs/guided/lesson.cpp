// SPDX-License-Identifier: MIT
// Parser of lesson files: front matter, `## ` steps, fenced action/lab/check blocks.
#include "labs/guided/lesson.hpp"

#include "labs/guided/page_contracts.hpp"
#include "models/common/bounded_file.hpp"
#include "models/common/utf8_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;

std::string trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

std::unexpected<models::Error> at(const std::string& file, int line, const std::string& what)
{
    return fail(ErrorCode::InvalidData, file + ":" + std::to_string(line) + ": " + what);
}

bool isSlug(std::string_view id)
{
    if (id.empty()) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

/// One fenced spec block: its kind, first line and `key: value` / `- item` lines.
struct Block {
    std::string kind;
    int line = 0;
    std::vector<Setting> settings;                     ///< in order; list items are under their key
    std::map<std::string, std::vector<Setting>> lists; ///< "options", "hints"
};

Result<Block> parseBlock(const std::string& file, const std::string& kind, int firstLine,
                         const std::vector<std::string>& lines)
{
    Block block{kind, firstLine, {}, {}};
    std::string listKey;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int line = firstLine + 1 + static_cast<int>(i);
        const std::string text = trim(lines[i]);
        if (text.empty()) continue;
        if (text.rfind("- ", 0) == 0 || text == "-") {
            if (listKey.empty()) return at(file, line, "a list item '- …' outside a list (options:, hints:, mistakes: or solution:)");
            block.lists[listKey].push_back({listKey, trim(text.substr(1)), line});
            continue;
        }
        const auto colon = text.find(':');
        if (colon == std::string::npos || colon == 0) {
            return at(file, line, "expected 'key: value' in the " + kind + " block, got '" + text + "'");
        }
        const std::string key = trim(text.substr(0, colon));
        const std::string value = trim(text.substr(colon + 1));
        if (key.find(' ') != std::string::npos) return at(file, line, "a key has no spaces: '" + key + "'");
        for (const auto& s : block.settings) {
            if (s.key == key) return at(file, line, "'" + key + "' given twice (first on line " + std::to_string(s.line) + ")");
        }
        listKey.clear();
        if (value.empty() && (key == "options" || key == "hints" || key == "mistakes" || key == "solution")) {
            listKey = key;
            block.lists[key];
        }
        block.settings.push_back({key, value, line});
    }
    return block;
}

// A page as a lesson file names it (its id, or its English title for older files), as its id. A
// name no contract declares stays as written: validation reports it with the pages there are.
std::string pageIdOf(const std::string& written) { return resolvePageId(written).value_or(written); }

Result<int> parseInt(const std::string& file, int line, const std::string& what, std::string_view text)
{
    int value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
        return at(file, line, what + " must be a whole number, not '" + std::string(text) + "'");
    }
    return value;
}

Result<double> parseDouble(const std::string& file, int line, const std::string& what, std::string_view text)
{
    double value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
        return at(file, line, what + " must be a number, not '" + std::string(text) + "'");
    }
    return value;
}

/// `VALUE -> message` (the message may be "quoted").
Result<Mistake> parseMistake(const std::string& file, const Setting& item)
{
    const auto arrow = item.value.find("->");
    if (arrow == std::string::npos) {
        return at(file, item.line, "a mistake is 'VALUE -> \"message\"', not '" + item.value + "'");
    }
    Mistake mistake{trim(item.value.substr(0, arrow)), trim(item.value.substr(arrow + 2)), item.line};
    if (mistake.message.size() >= 2 && mistake.message.front() == '"' && mistake.message.back() == '"') {
        mistake.message = mistake.message.substr(1, mistake.message.size() - 2);
    }
    if (mistake.value.empty() || mistake.message.empty()) {
        return at(file, item.line, "a mistake needs a value before '->' and a message after it");
    }
    return mistake;
}

Result<Check> makeCheck(const std::string& file, const Block& block)
{
    Check check;
    check.line = block.line;
    const Setting* kind = findSetting(block.settings, "kind");
    if (kind == nullptr) return at(file, block.line, "the check has no 'kind:' (choice, number or state)");
    if (kind->value == "choice") check.kind = CheckKind::Choice;
    else if (kind->value == "number") check.kind = CheckKind::Number;
    else if (kind->value == "state") check.kind = CheckKind::State;
    else return at(file, kind->line, "unknown check kind '" + kind->value + "' (choice, number or state)");
    for (const auto& item : block.lists.count("hints") ? block.lists.at("hints") : std::vector<Setting>{}) {
        check.hints.push_back(item.value);
    }
    for (const auto& item : block.lists.count("mistakes") ? block.lists.at("mistakes") : std::vector<Setting>{}) {
        auto mistake = parseMistake(file, item);
        if (!mistake) return std::unexpected(mistake.error());
        check.mistakes.push_back(std::move(*mistake));
    }
    if (block.lists.count("solution")) check.solution = block.lists.at("solution");
    for (const auto& s : block.settings) {
        if (s.key == "kind" || s.key == "hints" || s.key == "options" || s.key == "mistakes" || s.key == "solution") continue;
        if (s.key == "question") check.question = s.value;
        else if (s.key == "explanation") check.explanation = s.value;
        else if (check.kind == CheckKind::Choice && s.key == "answer") {
            auto n = parseInt(file, s.line, "a choice answer (the option's number, from 1)", s.value);
            if (!n) return std::unexpected(n.error());
            check.answerIndex = *n - 1;
            check.answerLine = s.line;
        } else if (check.kind == CheckKind::Number && s.key == "answer") {
            check.answerExpression = s.value;
            check.answerLine = s.line;
        } else if (check.kind == CheckKind::Number && s.key == "tolerance") {
            std::string t = s.value;
            const bool relative = !t.empty() && t.back() == '%';
            if (relative) t.pop_back();
            auto v = parseDouble(file, s.line, "tolerance (a number, or a percentage like 2%)", trim(t));
            if (!v) return std::unexpected(v.error());
            if (*v < 0 || !std::isfinite(*v)) return at(file, s.line, "tolerance must be a finite number, not negative");
            if (relative && *v >= 100) return at(file, s.line, "a relative tolerance must be below 100%");
            (relative ? check.relativeTolerance : check.absoluteTolerance) = relative ? *v / 100.0 : *v;
            check.toleranceLine = s.line;
        } else if (check.kind == CheckKind::Number && s.key == "unit") {
            check.unit = s.value;
        } else if (check.kind == CheckKind::State && s.key == "page") {
            check.page = pageIdOf(s.value);
        } else if (check.kind == CheckKind::State && s.key == "predicate") {
            check.predicate = s.value;
        } else if (check.kind == CheckKind::State) {
            check.parameters.push_back(s);
        } else {
            return at(file, s.line, "unknown key '" + s.key + "' in a " + kind->value + " check");
        }
    }
    if (block.lists.count("options")) {
        for (const auto& item : block.lists.at("options")) check.options.push_back(item.value);
    }
    if (check.question.empty()) return at(file, block.line, "the check has no 'question:'");
    if (check.kind == CheckKind::Choice && check.answerLine == 0) return at(file, block.line, "a choice check needs 'answer: N'");
    if (check.kind == CheckKind::Number && check.answerExpression.empty()) {
        return at(file, block.line, "a number check needs 'answer: EXPRESSION'");
    }
    if (check.kind == CheckKind::State && (check.page.empty() || check.predicate.empty())) {
        return at(file, block.line, "a state check needs 'page:' and 'predicate:'");
    }
    return check;
}

Result<LabRun> makeLab(const std::string& file, const Block& block)
{
    LabRun lab;
    lab.line = block.line;
    for (const auto& s : block.settings) {
        if (s.key == "lab") lab.labId = s.value;
        else if (s.key == "fallback") lab.fallback = s.value;
        else {
            auto v = parseDouble(file, s.line, "lab parameter '" + s.key + "'", s.value);
            if (!v) return std::unexpected(v.error());
            lab.parameters[s.key] = *v;
            lab.parameterLines[s.key] = s.line;
        }
    }
    if (lab.labId.empty()) return at(file, block.line, "the lab block has no 'lab:' (a lab id)");
    return lab;
}

Result<Action> makeAction(const std::string& file, const Block& block)
{
    Action action;
    action.line = block.line;
    for (const auto& s : block.settings) {
        if (s.key == "page") action.page = pageIdOf(s.value);
        else action.settings.push_back(s);
    }
    if (action.page.empty()) return at(file, block.line, "the action has no 'page:'");
    return action;
}

struct HeaderField {
    std::string value;
    int line = 0;
};

Result<void> parseHeader(Lesson& lesson, const std::map<std::string, HeaderField>& fields, int end)
{
    const std::string& file = lesson.file;
    for (const char* key : {"id", "title", "minutes"}) {
        if (!fields.count(key)) return at(file, end, "the header has no '" + std::string(key) + ":'");
    }
    const auto& id = fields.at("id");
    if (!isSlug(id.value)) return at(file, id.line, "id must be lower-case letters, digits and '-', not '" + id.value + "'");
    lesson.id = id.value;
    lesson.idLine = id.line;
    lesson.title = fields.at("title").value;
    if (lesson.title.empty()) return at(file, fields.at("title").line, "title is empty");
    const auto& minutes = fields.at("minutes");
    auto m = parseInt(file, minutes.line, "minutes", minutes.value);
    if (!m) return std::unexpected(m.error());
    if (*m < 1 || *m > 120) return at(file, minutes.line, "minutes must be 1 to 120, not " + minutes.value);
    lesson.minutes = *m;
    if (fields.count("prerequisites")) {
        const auto& p = fields.at("prerequisites");
        lesson.prerequisitesLine = p.line;
        std::string list = p.value;
        if (!list.empty() && list.front() == '[') {
            if (list.back() != ']') return at(file, p.line, "prerequisites: '[' without ']'");
            list = list.substr(1, list.size() - 2);
        }
        std::istringstream items(list);
        std::string item;
        while (std::getline(items, item, ',')) {
            item = trim(item);
            if (item.empty()) continue;
            if (!isSlug(item)) return at(file, p.line, "prerequisite '" + item + "' is not a lesson id");
            lesson.prerequisites.push_back(item);
        }
    }
    return {};
}

} // namespace

std::string Problem::text() const { return file + ":" + std::to_string(line) + ": " + message; }

const Setting* findSetting(const std::vector<Setting>& settings, std::string_view key)
{
    for (const auto& s : settings) {
        if (s.key == key) return &s;
    }
    return nullptr;
}

std::string_view checkKindName(CheckKind kind)
{
    switch (kind) {
    case CheckKind::Choice: return "choice";
    case CheckKind::Number: return "number";
    case CheckKind::State: return "state";
    }
    return "unknown";
}

models::Result<Lesson> parseLesson(std::string_view text, const std::string& file)
{
    if (auto encoding = models::checkUtf8(text, file); !encoding) return std::unexpected(encoding.error());
    std::vector<std::string> lines;
    {
        std::istringstream in{std::string(text)};
        std::string line;
        while (std::getline(in, line)) lines.push_back(line);
    }
    Lesson lesson;
    lesson.file = file;
    if (lines.empty() || trim(lines[0]) != "---") return at(file, 1, "a lesson starts with a '---' header line");
    std::map<std::string, HeaderField> fields;
    std::size_t i = 1;
    bool inSources = false;
    for (; i < lines.size() && trim(lines[i]) != "---"; ++i) {
        const int line = static_cast<int>(i) + 1;
        const std::string t = trim(lines[i]);
        if (t.empty()) continue;
        if (inSources && t.rfind("- ", 0) == 0) {
            lesson.sources.push_back({trim(t.substr(2)), line});
            continue;
        }
        inSources = false;
        if (t == "sources:") {
            if (fields.count("sources")) return at(file, line, "'sources' given twice in the header");
            fields["sources"] = {"", line};
            inSources = true;
            continue;
        }
        const auto colon = t.find(':');
        if (colon == std::string::npos) return at(file, line, "expected 'key: value' in the header, got '" + t + "'");
        const std::string key = trim(t.substr(0, colon));
        if (key != "id" && key != "title" && key != "minutes" && key != "prerequisites") {
            return at(file, line, "unknown header key '" + key + "' (id, title, minutes, prerequisites, sources)");
        }
        if (fields.count(key)) return at(file, line, "'" + key + "' given twice in the header");
        std::string value = trim(t.substr(colon + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        fields[key] = {value, line};
    }
    if (i >= lines.size()) return at(file, static_cast<int>(lines.size()), "the header has no closing '---'");
    if (auto ok = parseHeader(lesson, fields, static_cast<int>(i) + 1); !ok) return std::unexpected(ok.error());

    Step* step = nullptr;
    std::string summary;
    for (++i; i < lines.size(); ++i) {
        const int line = static_cast<int>(i) + 1;
        const std::string& raw = lines[i];
        if (raw.rfind("## ", 0) == 0) {
            lesson.steps.push_back(Step{trim(raw.substr(3)), {}, line, line + 1, {}, {}, {}});
            step = &lesson.steps.back();
            continue;
        }
        const std::string t = trim(raw);
        if (t.rfind("```", 0) == 0 && (t == "```action" || t == "```check" || t == "```lab")) {
            const std::string kind = t.substr(3);
            std::vector<std::string> body;
            std::size_t j = i + 1;
            for (; j < lines.size() && trim(lines[j]) != "```"; ++j) body.push_back(lines[j]);
            if (j >= lines.size()) return at(file, line, "the ```" + kind + " block is not closed");
            if (step == nullptr) return at(file, line, "a ```" + kind + " block before the first '## ' step");
            auto block = parseBlock(file, kind, line, body);
            if (!block) return std::unexpected(block.error());
            const bool twice = (kind == "action" && step->action) || (kind == "lab" && step->lab) ||
                               (kind == "check" && step->check);
            if (twice) return at(file, line, "a second ```" + kind + " block in step '" + step->title + "'");
            if (kind == "action") {
                auto a = makeAction(file, *block);
                if (!a) return std::unexpected(a.error());
                step->action = std::move(*a);
            } else if (kind == "lab") {
                auto l = makeLab(file, *block);
                if (!l) return std::unexpected(l.error());
                step->lab = std::move(*l);
            } else {
                auto c = makeCheck(file, *block);
                if (!c) return std::unexpected(c.error());
                step->check = std::move(*c);
            }
            i = j;
            continue;
        }
        if (step == nullptr) summary += raw + "\n";
        else step->prose += raw + "\n";
        // Images: ![alt](path) anywhere on the line; validateLesson checks the files exist.
        for (auto open = raw.find("!["); open != std::string::npos; open = raw.find("![", open + 2)) {
            const auto close = raw.find("](", open);
            const auto end = close == std::string::npos ? std::string::npos : raw.find(')', close + 2);
            if (end == std::string::npos) break;
            lesson.images.push_back({trim(raw.substr(close + 2, end - close - 2)), line});
        }
    }
    if (lesson.steps.empty()) return at(file, static_cast<int>(i), "the lesson has no steps ('## ' headings)");
    lesson.summary = trim(summary);
    for (auto& s : lesson.steps) {
        while (!s.prose.empty() && (s.prose.back() == '\n' || s.prose.back() == ' ')) s.prose.pop_back();
        while (!s.prose.empty() && s.prose.front() == '\n') {
            s.prose.erase(0, 1);
            ++s.proseLine;
        }
    }
    return lesson;
}

models::Result<Lesson> loadLessonFile(const std::filesystem::path& file)
{
    auto text = models::readFileWithLimit(file, models::inputLimits::lessonFileBytes);
    if (!text) return std::unexpected(text.error());
    return parseLesson(*text, file.string());
}

LoadedLessons loadLessons(const std::filesystem::path& dir)
{
    LoadedLessons loaded;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const auto name = entry.path().filename().string();
        if (entry.path().extension() != ".md" || name == "FORMAT.md" || name == "README.md") continue;
        files.push_back(entry.path());
    }
    if (ec) {
        loaded.errors.push_back({dir.string(), 0, "cannot list the lessons folder: " + ec.message()});
        return loaded;
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        auto lesson = loadLessonFile(f);
        if (lesson) {
            loaded.lessons.push_back(std::move(*lesson));
            continue;
        }
        // The message is already "file:line: what"; split it back for the Problem.
        const std::string& m = lesson.error().message;
        const std::string prefix = f.string() + ":";
        Problem p{f.string(), 0, m};
        if (m.rfind(prefix, 0) == 0) {
            const auto rest = m.substr(prefix.size());
            const auto colon = rest.find(':');
            int line = 0;
            std::from_chars(rest.data(), rest.data() + colon, line);
            p = {f.string(), line, trim(rest.substr(colon + 1))};
        }
        loaded.errors.push_back(std::move(p));
    }
    return loaded;
}

} // namespace accelscope::labs::guided
