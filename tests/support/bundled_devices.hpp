// SPDX-License-Identifier: MIT
// Every device of the bundled catalog the tests are built with (ACCELSCOPE_TEST_CATALOG_DB), loaded once.
#pragma once

#include "models/catalog/catalog_store.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace accelscope::tests {

inline const std::vector<models::catalog::Device>& bundledDevices()
{
    static const std::vector<models::catalog::Device> devices = [] {
        auto catalog = models::catalog::BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
        REQUIRE(catalog.has_value());
        auto all = catalog->loadAll();
        REQUIRE(all.has_value());
        return std::move(*all);
    }();
    return devices;
}

} // namespace accelscope::tests
