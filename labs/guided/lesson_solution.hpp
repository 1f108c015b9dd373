// SPDX-License-Identifier: MIT
// Feedback that teaches: a check's declared mistakes matched against a wrong answer, its worked
// solution computed step by step by the models, and the validation of both (labs/guided/FORMAT.md).
#pragma once

#include "labs/guided/expression.hpp"
#include "labs/guided/lesson.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs::guided {

/// Whether `given` is right for number check `check` whose model value is `expected`: within the
/// relative or absolute tolerance, or, for an exact check, the same double.
bool numberAccepted(const Check& check, double expected, double given);

/// Significant digits a learner typed ("1.008" → 4, "0.0078" → 2, "65,000" → 2, "65000.0" → 6,
/// "1.5e3" → 2); 0 when `typed` holds no digit. The unit after the number is ignored.
int typedSignificantDigits(std::string_view typed);

/// `value` rounded to `digits` significant digits (1 to 17), as a double.
double roundedToDigits(double value, int digits);

/// The message of the declared mistake that a wrong answer matches, rendered, or nullopt. Number
/// checks: `given` is the learner's number; it matches a mistake within the check's tolerance,
/// measured at the answer or at the mistake, whichever is wider (so 153 finds a mistake of 154
/// where the check accepts ±1 % of its answer); an exact check's mistake matches its own value
/// and any rounding of it to the `typedDigits` the learner gave (at least 2). The nearest mistake
/// first. Choice checks: `given` is the option's number (from 1). Errors: a mistake whose value or
/// message the models cannot compute ("file:line: what").
models::Result<std::optional<std::string>> matchMistake(const Check& check, double given, const Evaluator& evaluator,
                                                        const std::string& file, int typedDigits = 0);

/// A sentence for a wrong number that is near the answer `expected`, or empty when it is not near.
/// Exact checks: a rounding of the answer to 4 digits or more ("1.008 rounds 1.0078125 to 4
/// digits: the stored value is exact, so type all of its digits"), or within 1 % ("Close, but this
/// question wants the exact stored value, not a rounding or an approximation"; no value named). Checks with a tolerance: within three tolerances ("Close,
/// a little high: 1.3 % off; answers within 0.5 % are accepted"), or a rounding too coarse for the
/// tolerance ("Close: give at least 4 significant digits"). `typed` is the learner's text.
std::string nearMissText(const Check& check, double expected, double given, std::string_view typed);

/// The worked solution of `check`, one rendered line per step: its `solution:` lines, or for a
/// number check without them the answer's expression with its intermediate values and the unit
/// ("2^15 × (2 − 2^-10) = 32,768 × 1.9990234375 = 65,504"; none when the answer does not compute:
/// validateLesson reports that as the answer's problem). Empty for a choice check without
/// `solution:` lines and for state checks. Errors: "file:line: what".
models::Result<std::vector<std::string>> workedSolution(const Check& check, const Evaluator& evaluator,
                                                        const std::string& file);

/// Problems of a check's mistakes and solution: a mistake whose value does not compute, is not an
/// option's number (choice) or would be accepted as right; a message that does not render
/// (solution lines are rendered by renderCheck); mistakes or a solution on a state check; a number check's solution whose last
/// `{{ … }}` is not a value the check accepts (so the solution and the answer never disagree).
std::vector<Problem> validateMistakesAndSolution(const Check& check, const Evaluator& evaluator, const std::string& file);

} // namespace accelscope::labs::guided
