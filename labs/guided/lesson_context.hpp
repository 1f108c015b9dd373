// SPDX-License-Identifier: MIT
// What lessons are evaluated against: the catalog's devices and the lab registry's descriptions
// (the functions lesson expressions may call are in lesson_functions.hpp).
#pragma once

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

} // namespace accelscope::labs::guided
