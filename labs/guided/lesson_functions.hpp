// SPDX-License-Identifier: MIT
// The registry of functions that lesson expressions may call, and an evaluator over it.
#pragma once

#include "labs/guided/expression.hpp"
#include "labs/guided/lesson_context.hpp"

#include <vector>

namespace accelscope::labs::guided {

/// Every function a lesson may call, each computing through models/ (catalog figures, roofline,
/// kernels, LLM analysis, memory, precision codecs, SIMT and pipeline simulators). The functions
/// capture `context` by reference. Device arguments must be exact catalog ids; unknown names
/// are errors that list what exists. Roofs are picked by models::roofline::selectRoof.
std::vector<FunctionSpec> lessonFunctions(const LessonContext& context);

/// An evaluator over lessonFunctions(context).
Evaluator lessonEvaluator(const LessonContext& context);

} // namespace accelscope::labs::guided
