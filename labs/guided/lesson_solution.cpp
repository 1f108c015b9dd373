// SPDX-License-Identifier: MIT
// Declared mistakes, worked solutions and their validation.
#include "labs/guided/lesson_solution.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace accelscope::labs::guided {
namespace {

std::unexpected<models::Error> at(const std::string& file, int line, const std::string& what)
{
    return models::fail(models::ErrorCode::InvalidData, file + ":" + std::to_string(line) + ": " + what);
}

/// The choice check's option number a mistake names (from 1), or an error.
models::Result<int> optionNumber(const Check& check, double value)
{
    const auto count = static_cast<double>(check.options.size());
    if (value != std::floor(value) || value < 1 || value > count) {
        return models::fail(models::ErrorCode::InvalidArgument, "a choice check's mistake is an option's number, 1 to " +
                                                                    std::to_string(check.options.size()));
    }
    return static_cast<int>(value);
}

/// The expression of the last `{{ … }}` of `text` (its format removed), or empty.
std::string lastExpression(const std::string& text)
{
    const auto open = text.rfind("{{");
    if (open == std::string::npos) return {};
    const auto close = text.find("}}", open);
    std::string inner = text.substr(open + 2, close == std::string::npos ? std::string::npos : close - open - 2);
    if (const auto bar = inner.rfind('|'); bar != std::string::npos) inner.erase(bar);
    return inner;
}

} // namespace

bool numberAccepted(const Check& check, double expected, double given)
{
    if (check.exact()) return given == expected;
    const double tolerance = std::max(check.absoluteTolerance, check.relativeTolerance * std::fabs(expected));
    return std::fabs(given - expected) <= tolerance;
}

int typedSignificantDigits(std::string_view typed)
{
    std::string digits;       // the mantissa's digits, in order
    bool point = false;
    std::size_t i = 0;
    while (i < typed.size() && (typed[i] == ' ' || typed[i] == '-' || typed[i] == '+')) ++i;
    for (; i < typed.size(); ++i) {
        const char c = typed[i];
        if (std::isdigit(static_cast<unsigned char>(c)) != 0) digits += c;
        else if (c == '.') point = true;
        else if (c != ',') break; // the exponent or the unit
    }
    const auto first = digits.find_first_not_of('0');
    if (first == std::string::npos) return digits.empty() ? 0 : 1;
    std::string significant = digits.substr(first);
    // A whole number's trailing zeros say nothing about its precision ("65,000" is 2 digits).
    if (!point) {
        while (significant.size() > 1 && significant.back() == '0') significant.pop_back();
    }
    return static_cast<int>(significant.size());
}

double roundedToDigits(double value, int digits)
{
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.*e", std::clamp(digits, 1, 17) - 1, value);
    return std::strtod(buffer.data(), nullptr);
}

models::Result<std::optional<std::string>> matchMistake(const Check& check, double given, const Evaluator& evaluator,
                                                        const std::string& file, int typedDigits)
{
    const Mistake* best = nullptr;
    double bestDistance = std::numeric_limits<double>::infinity();
    std::optional<double> expected;
    if (check.kind == CheckKind::Number) {
        if (auto v = evaluator.evaluateNumber(check.answerExpression)) expected = *v;
    }
    for (const auto& mistake : check.mistakes) {
        auto value = evaluator.evaluateNumber(mistake.value);
        if (!value) return at(file, mistake.line, value.error().message);
        bool matches = false;
        if (check.kind == CheckKind::Choice) {
            matches = given == *value;
        } else if (check.exact()) {
            // A rounding that fits the answer as well is a near miss of the answer, not this mistake.
            matches = given == *value || (typedDigits >= 2 && roundedToDigits(*value, typedDigits) == given &&
                                          !(expected && roundedToDigits(*expected, typedDigits) == given));
        } else {
            const double atAnswer = expected ? check.relativeTolerance * std::fabs(*expected) : 0.0;
            const double atMistake = check.relativeTolerance * std::fabs(*value);
            matches = std::fabs(given - *value) <= std::max({check.absoluteTolerance, atAnswer, atMistake});
        }
        if (matches && std::fabs(given - *value) < bestDistance) {
            best = &mistake;
            bestDistance = std::fabs(given - *value);
        }
    }
    if (best == nullptr) return std::optional<std::string>{};
    auto message = evaluator.render(best->message);
    if (!message) return at(file, best->line, message.error().message);
    return std::optional<std::string>(*message);
}

std::string nearMissText(const Check& check, double expected, double given, std::string_view typed)
{
    if (check.kind != CheckKind::Number || !std::isfinite(expected) || !std::isfinite(given) || given == expected) return {};
    const int digits = typedSignificantDigits(typed);
    std::string shown(typed);
    if (const auto unit = shown.find_first_not_of("0123456789.,-+eE "); unit != std::string::npos) shown.erase(unit);
    while (!shown.empty() && shown.back() == ' ') shown.pop_back();
    const double scale = std::fabs(expected);
    if (check.exact()) {
        // A rounding to 4 digits or more is the answer computed and cut short: say what it rounds.
        // A coarser one says nothing of the value (65,000 for 65,504 would give the answer away).
        if (digits >= 4 && roundedToDigits(expected, digits) == given) {
            return shown + " rounds " + models::exactText(expected) + " to " + std::to_string(digits) +
                   (digits == 1 ? " digit" : " digits") + ": the stored value is exact, so type all of its digits.";
        }
        if (scale > 0 && std::fabs(given - expected) <= 0.01 * scale) {
            return "Close, but this question wants the exact stored value, not a rounding or an approximation.";
        }
        return {};
    }
    const double tolerance = std::max(check.absoluteTolerance, check.relativeTolerance * scale);
    const double off = std::fabs(given - expected);
    if (tolerance <= 0 || off > 3 * tolerance) return {};
    if (digits >= 1 && roundedToDigits(expected, digits) == given) {
        int needed = digits + 1;
        while (needed < 17 && std::fabs(roundedToDigits(expected, needed) - expected) > tolerance) ++needed;
        return "Close, but rounded too far: give at least " + std::to_string(needed) + " significant digits.";
    }
    const std::string side = given > expected ? "a little high" : "a little low";
    const std::string accepted = check.relativeTolerance * scale >= check.absoluteTolerance
                                     ? models::readableText(check.relativeTolerance * 100, 2) + " %"
                                     : models::readableText(check.absoluteTolerance) + (check.unit.empty() ? "" : " " + check.unit);
    const std::string by = scale > 0 ? models::engineeringText(off / scale * 100, 2) + " % off" : "off by " + models::readableText(off);
    return "Close, " + side + ": " + by + "; answers within " + accepted + " are accepted.";
}

models::Result<std::vector<std::string>> workedSolution(const Check& check, const Evaluator& evaluator, const std::string& file)
{
    std::vector<std::string> lines;
    if (check.kind == CheckKind::State) return lines;
    for (const auto& line : check.solution) {
        auto text = evaluator.render(line.value);
        if (!text) return at(file, line.line, text.error().message);
        lines.push_back(*text);
    }
    if (lines.empty() && check.kind == CheckKind::Number) {
        // An answer that does not compute is reported as the answer's problem (validateLesson), not here.
        auto text = evaluator.render("{{ " + check.answerExpression + " | work }}");
        if (text) lines.push_back(*text + (check.unit.empty() ? "" : " " + check.unit));
    }
    return lines;
}

std::vector<Problem> validateMistakesAndSolution(const Check& check, const Evaluator& evaluator, const std::string& file)
{
    std::vector<Problem> problems;
    if (check.kind == CheckKind::State) {
        if (!check.mistakes.empty()) problems.push_back({file, check.mistakes.front().line, "a state check takes no mistakes: the page's sentence says what the view shows"});
        if (!check.solution.empty()) problems.push_back({file, check.solution.front().line, "a state check takes no solution: the step's action shows the way"});
        return problems;
    }
    std::optional<double> expected;
    if (check.kind == CheckKind::Number) {
        if (auto v = evaluator.evaluateNumber(check.answerExpression)) expected = *v;
    }
    for (const auto& mistake : check.mistakes) {
        auto value = evaluator.evaluateNumber(mistake.value);
        if (!value) {
            problems.push_back({file, mistake.line, "the mistake's value cannot be computed: " + value.error().message});
        } else if (check.kind == CheckKind::Choice) {
            auto option = optionNumber(check, *value);
            if (!option) problems.push_back({file, mistake.line, option.error().message});
            else if (*option == check.answerIndex + 1) problems.push_back({file, mistake.line, "mistake " + std::to_string(*option) + " is the right option"});
        } else if (expected && (numberAccepted(check, *expected, *value) || numberAccepted(check, *value, *expected))) {
            problems.push_back({file, mistake.line, "the mistake " + mistake.value + " = " + models::exactText(*value) +
                                                        " would be accepted as the answer " + models::exactText(*expected) +
                                                        ": a mistake must be a wrong answer outside the check's tolerance"});
        }
        if (auto message = evaluator.render(mistake.message); !message) problems.push_back({file, mistake.line, message.error().message});
    }
    // The solution lines are rendered (and their errors reported) by renderCheck; only their
    // last value is checked here.
    if (check.kind == CheckKind::Number && expected && !check.solution.empty()) {
        const Setting& last = check.solution.back();
        const std::string expression = lastExpression(last.value);
        auto value = expression.empty() ? models::Result<double>(std::unexpected(models::Error{})) : evaluator.evaluateNumber(expression);
        if (expression.empty()) {
            problems.push_back({file, last.line, "the solution's last line must compute the answer in a {{ … }}"});
        } else if (value && !numberAccepted(check, *expected, *value)) {
            problems.push_back({file, last.line, "the solution ends at " + models::exactText(*value) + ", which the check does not accept (its answer is " +
                                                     models::exactText(*expected) + ")"});
        }
    }
    return problems;
}

} // namespace accelscope::labs::guided
