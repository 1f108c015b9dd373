// SPDX-License-Identifier: MIT
// The text of data/serving/fit.json, compiled in by CMake (generated serving_fit_data.cpp).
#pragma once

#include <string_view>

namespace accelscope::models::serving {

/// The fitted serving efficiencies as JSON text.
std::string_view bundledServingFitJson();

} // namespace accelscope::models::serving
