// SPDX-License-Identifier: MIT
// The text of data/models/presets.json, compiled in by CMake (generated model_presets_data.cpp).
#pragma once

#include <string_view>

namespace accelscope::models::roofline {

/// The bundled model presets as JSON text.
std::string_view bundledModelPresetsJson();

} // namespace accelscope::models::roofline
