// SPDX-License-Identifier: MIT
// Every device of the bundled catalog the tests are built with (ACCELSCOPE_TEST_CATALOG_DB), loaded once; one
// device of it and one model preset by id.
#pragma once

#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"
#include "models/roofline/model_presets.hpp"

#include <catch2/catch.hpp>

#include <string_view>
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

/// The bundled device with this id (REQUIREd to be there), by reference into bundledDevices().
inline const models::catalog::Device& bundledDeviceRef(std::string_view id)
{
    auto d = models::catalog::findDevice(bundledDevices(), std::string(id));
    REQUIRE(d.has_value());
    return **d;
}

/// The model preset with this id (REQUIREd to be there).
inline models::roofline::TransformerConfig preset(std::string_view id)
{
    auto c = models::roofline::findModelPreset(id);
    REQUIRE(c.has_value());
    return *c;
}

} // namespace accelscope::tests
