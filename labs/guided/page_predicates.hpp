// SPDX-License-Identifier: MIT
// State predicates of `kind: state` checks: evaluation over a PageState and reachability per the models.
#pragma once

#include "labs/guided/lesson_engine.hpp"

namespace accelscope::labs::guided {

/// Evaluated parameters of a state check (expressions computed), or an error naming the key.
models::Result<std::map<std::string, std::string>> predicateParameters(const Check& check, const Evaluator& evaluator);

/// Whether `state` satisfies the check's predicate. Error: unknown predicate, a missing or bad
/// parameter or state key.
models::Result<bool> evaluatePredicate(const std::string& predicate, const std::map<std::string, std::string>& parameters,
                                       const PageState& state, const LessonContext& context);

/// Whether some state of the page within its sliders satisfies the predicate (Error says why not).
/// Also checks the predicate exists, belongs to `page`, and its parameters are valid.
models::Result<void> predicateReachable(const std::string& page, const std::string& predicate,
                                        const std::map<std::string, std::string>& parameters, const LessonContext& context);

} // namespace accelscope::labs::guided
