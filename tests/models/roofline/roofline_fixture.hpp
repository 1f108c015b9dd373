// SPDX-License-Identifier: MIT
// Devices for roofline and memory tests: a synthetic one with round figures, and bundled ones by id.
#pragma once

#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace accelscope::tests {

/// A GPU with 1000 TFLOP/s BF16 dense (2000 sparse), 100 TFLOP/s FP32 vector, 2000 GB/s, 80 GB,
/// PCIe 5.0 x16 and a 400 GB/s (both directions) link; ridge 500 FLOP/byte.
inline models::catalog::Device roundDevice()
{
    using models::catalog::FigureKey;
    models::catalog::Device d;
    d.id = "test-gpu";
    d.name = "Test GPU";
    d.memoryType = "HBM";
    d.hostLink = "PCIe 5.0 x16";
    d.interconnectName = "TestLink";
    d.figures[FigureKey::Bf16TflopsDense].value = 1000;
    d.figures[FigureKey::Bf16TflopsSparse].value = 2000;
    d.figures[FigureKey::Fp32Tflops].value = 100;
    d.figures[FigureKey::MemoryBwGbs].value = 2000;
    d.figures[FigureKey::MemoryGb].value = 80;
    d.figures[FigureKey::InterconnectGbs].value = 400;
    return d;
}

/// A device of the bundled catalog built for the tests.
inline models::catalog::Device bundledDevice(const std::string& id)
{
    auto catalog = models::catalog::BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
    REQUIRE(catalog.has_value());
    auto device = catalog->findById(id);
    REQUIRE(device.has_value());
    REQUIRE(device->has_value());
    return **device;
}

} // namespace accelscope::tests
