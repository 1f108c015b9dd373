// SPDX-License-Identifier: MIT
// What lessons are evaluated against: the catalog's devices and the lab registry's descriptions;
// and the registry of functions that lesson expressions may call.
#pragma once

#include "labs/guided/expression.hpp"
#include "labs/lab.hpp"
#include "models/catalog/device.hpp"

#include <vector>

namespace accelscope::labs::guided {

/// The world a lesson is rendered and checked in. The caller fills it (the CLI from the bundled +
/// user catalog and LabRegistry; tests from the test catalog). Must outlive the evaluators made from it.
struct LessonContext {
    std::vector<models::catalog::Device> devices;
    std::vector<LabDescription> labs;
};

/// Every function a lesson may call, each computing through models/ (catalog figures, roofline,
/// kernels, LLM analysis, memory, precision codecs, SIMT and pipeline simulators). The functions
/// capture `context` by reference. Device arguments must be exact catalog ids; unknown names
/// are errors that list what exists.
std::vector<FunctionSpec> lessonFunctions(const LessonContext& context);

/// An evaluator over lessonFunctions(context).
Evaluator lessonEvaluator(const LessonContext& context);

} // namespace accelscope::labs::guided
