// SPDX-License-Identifier: MIT
// The world lesson tests evaluate in: the bundled test catalog, and the lab registry's labs.
#pragma once

#include "labs/guided/lesson_context.hpp"
#include "labs/lab_registry.hpp"
#include "models/catalog/catalog_store.hpp"

#include <catch2/catch.hpp>

namespace accelscope::tests {

/// The bundled test catalog's devices, no labs (each test case builds its own).
inline labs::guided::LessonContext lessonDevicesContext()
{
    labs::guided::LessonContext c;
    auto catalog = models::catalog::BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
    REQUIRE(catalog.has_value());
    c.devices = catalog->loadAll().value();
    return c;
}

/// The devices and the descriptions of every lab of this build.
inline labs::guided::LessonContext lessonTestContext()
{
    auto c = lessonDevicesContext();
    const auto registry = labs::LabRegistry::withAllLabs(ACCELSCOPE_TEST_BIN_DIR);
    for (const auto& lab : registry.labs()) c.labs.push_back(lab->describe());
    return c;
}

} // namespace accelscope::tests
