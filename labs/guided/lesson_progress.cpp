// SPDX-License-Identifier: MIT
#include "labs/guided/lesson_progress.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace accelscope::labs::guided {

models::Result<models::catalog::LessonProgress> progressOf(const models::catalog::UserStore& store, const Lesson& lesson)
{
    auto stored = store.lessonProgress(lesson.id);
    if (!stored) return std::unexpected(stored.error());
    return stored->value_or(models::catalog::LessonProgress{lesson.id, 0, "{}", 0, ""});
}

models::Result<models::catalog::LessonProgress> recordAnswer(models::catalog::UserStore& store, const Lesson& lesson,
                                                             int stepNumber, std::string_view answer,
                                                             const CheckOutcome& outcome, double seconds)
{
    // Read the record first: a corrupted one stops here, before anything is written.
    auto progress = progressOf(store, lesson);
    if (!progress) return std::unexpected(progress.error());
    nlohmann::json answers = nlohmann::json::parse(progress->answersJson, nullptr, false);
    if (answers.is_discarded() || !answers.is_object()) {
        return models::fail(models::ErrorCode::InvalidData, "the progress of lesson '" + lesson.id + "' is corrupted");
    }
    nlohmann::json& entry = answers[std::to_string(stepNumber)];
    entry["answer"] = std::string(answer);
    entry["correct"] = outcome.correct;
    entry["solved"] = outcome.correct || (entry.contains("solved") && entry["solved"].is_boolean() && entry["solved"].get<bool>());
    entry["attempts"] = entry.value("attempts", 0) + 1;
    entry["wrong"] = entry.value("wrong", 0) + (outcome.correct ? 0 : 1);
    progress->answersJson = answers.dump();
    progress->secondsSpent += seconds;
    if (outcome.correct) progress->stepIndex = std::max(progress->stepIndex, stepNumber);
    if (auto saved = store.saveLessonProgress(*progress); !saved) return std::unexpected(saved.error());
    return progress;
}

models::Result<models::catalog::LessonProgress> finishLesson(models::catalog::UserStore& store, const Lesson& lesson,
                                                             double seconds)
{
    auto progress = progressOf(store, lesson);
    if (!progress) return std::unexpected(progress.error());
    progress->stepIndex = static_cast<int>(lesson.steps.size());
    progress->secondsSpent += seconds;
    if (auto saved = store.saveLessonProgress(*progress); !saved) return std::unexpected(saved.error());
    return progress;
}

int wrongTries(const models::catalog::LessonProgress& progress, int stepNumber)
{
    const nlohmann::json answers = nlohmann::json::parse(progress.answersJson, nullptr, false);
    if (answers.is_discarded() || !answers.is_object()) return 0;
    const auto entry = answers.find(std::to_string(stepNumber));
    if (entry == answers.end() || !entry->is_object()) return 0;
    const auto wrong = entry->find("wrong");
    return wrong != entry->end() && wrong->is_number_integer() ? wrong->get<int>() : 0;
}

LessonScore scoreOf(const std::optional<models::catalog::LessonProgress>& progress, const Lesson& lesson)
{
    LessonScore score;
    const int steps = static_cast<int>(lesson.steps.size());
    for (const auto& step : lesson.steps) score.checks += step.check ? 1 : 0;
    const auto allToDo = [&] {
        for (int i = 0; i < steps; ++i) {
            if (lesson.steps[static_cast<std::size_t>(i)].check) score.toDo.push_back(i + 1);
        }
    };
    if (!progress) {
        allToDo();
        return score;
    }
    score.started = true;
    score.stepsDone = std::clamp(progress->stepIndex, 0, steps);
    score.reachedEnd = progress->stepIndex >= steps;
    score.secondsSpent = progress->secondsSpent;
    const nlohmann::json answers = nlohmann::json::parse(progress->answersJson, nullptr, false);
    if (answers.is_discarded() || !answers.is_object()) {
        allToDo();
        score.done = score.reachedEnd && score.toDo.empty();
        return score;
    }
    // Answers are keyed by step number from 1 (recordAnswer); the first attempt was right when
    // the step took one attempt and it was right.
    const auto flag = [](const nlohmann::json& entry, const char* key) {
        const auto f = entry.find(key);
        return f != entry.end() && f->is_boolean() && f->get<bool>();
    };
    for (int i = 0; i < steps; ++i) {
        if (!lesson.steps[static_cast<std::size_t>(i)].check) continue;
        const auto entry = answers.find(std::to_string(i + 1));
        const bool recorded = entry != answers.end() && entry->is_object();
        const bool solved = recorded && (flag(*entry, "solved") || flag(*entry, "correct"));
        if (!solved) {
            score.toDo.push_back(i + 1);
            continue;
        }
        ++score.answered;
        const auto attempts = entry->find("attempts");
        if (attempts != entry->end() && attempts->is_number_integer() && attempts->get<int>() == 1 && flag(*entry, "correct")) {
            ++score.rightFirstTry;
        }
    }
    score.done = score.reachedEnd && score.toDo.empty();
    return score;
}

} // namespace accelscope::labs::guided
