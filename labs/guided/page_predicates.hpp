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

/// Whether a state satisfies a predicate, and what the state shows in the learner's words: a
/// sentence with the numbers behind the verdict, never the predicate's id.
struct PredicateVerdict {
    bool holds = false;
    std::string sentence; ///< "The kernel's 85.33 FLOP/byte is below the NVIDIA H100 SXM's BF16 ridge of 295.4 FLOP/byte: memory bound."
};

/// evaluatePredicate with the sentence (same errors).
models::Result<PredicateVerdict> judgePredicate(const std::string& predicate, const std::map<std::string, std::string>& parameters,
                                                const PageState& state, const LessonContext& context);

/// What a state check asks for, in the learner's words (PredicateInfo::goal; a generic phrase for an unknown predicate).
std::string predicateGoal(const std::string& predicate);

/// Whether some state of the page within its sliders satisfies the predicate (Error says why not).
/// Also checks the predicate exists, belongs to `page`, and its parameters are valid.
models::Result<void> predicateReachable(const std::string& page, const std::string& predicate,
                                        const std::map<std::string, std::string>& parameters, const LessonContext& context);

} // namespace accelscope::labs::guided
