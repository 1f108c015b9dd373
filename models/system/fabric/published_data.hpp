// SPDX-License-Identifier: MIT
// The published nccl-tests rows and their platform mapping, compiled in (data/fabric/, with sources in
// data/fabric/SOURCES.md), so `fabric check` needs no file at run time.
#pragma once

#include <string_view>

namespace accelscope::models::system {

/// data/fabric/nccl-tests-published.csv as it was at build time.
std::string_view bundledPublishedRowsCsv();
/// data/fabric/platforms.csv as it was at build time.
std::string_view bundledPublishedPlatformsCsv();

} // namespace accelscope::models::system
