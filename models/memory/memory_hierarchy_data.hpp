// SPDX-License-Identifier: MIT
// The text of data/memory/hierarchy.json, compiled in by CMake (generated memory_hierarchy_data.cpp).
#pragma once

#include <string_view>

namespace accelscope::models::memory {

/// The per-architecture memory hierarchy as JSON text.
std::string_view bundledMemoryHierarchyJson();

} // namespace accelscope::models::memory
