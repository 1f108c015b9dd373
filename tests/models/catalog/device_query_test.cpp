// SPDX-License-Identifier: MIT
// Device lookup by id/name and the facet filters.
#include "models/catalog/device_query.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::catalog;
using accelscope::tests::figureOf;

namespace {

Device make(std::string id, std::string name, std::string vendor, DeviceKind kind, int year, double memoryGb,
            bool fp8 = false, bool fp4 = false)
{
    Device d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.vendor = std::move(vendor);
    d.kind = kind;
    d.releaseYear = year;
    d.figures[FigureKey::MemoryGb] = figureOf(memoryGb);
    if (fp8) d.figures[FigureKey::Fp8TflopsDense] = figureOf(1000);
    if (fp4) d.figures[FigureKey::Fp4TflopsSparse] = figureOf(9000);
    return d;
}

std::vector<Device> sample()
{
    return {make("nvidia-h100-sxm", "NVIDIA H100 SXM5 80GB", "NVIDIA", DeviceKind::Gpu, 2022, 80, true),
            make("nvidia-h100-pcie", "NVIDIA H100 PCIe 80GB", "NVIDIA", DeviceKind::Gpu, 2022, 80, true),
            make("nvidia-b200", "NVIDIA B200", "NVIDIA", DeviceKind::Gpu, 2024, 180, true, true),
            make("google-tpu-v4", "Google TPU v4", "Google", DeviceKind::Tpu, 2021, 32),
            make("amd-mi300x", "AMD Instinct MI300X", "AMD", DeviceKind::Gpu, 2023, 192, true)};
}

std::vector<std::string> ids(const std::vector<const Device*>& found)
{
    std::vector<std::string> out;
    for (const Device* d : found) out.push_back(d->id);
    return out;
}

} // namespace

TEST_CASE("a device is found by id, exact name or a unique part of its name")
{
    const auto devices = sample();
    CHECK(findDevice(devices, "amd-mi300x").value()->id == "amd-mi300x");
    CHECK(findDevice(devices, "google tpu v4").value()->id == "google-tpu-v4");
    CHECK(findDevice(devices, "MI300").value()->id == "amd-mi300x");
    CHECK(findDevice(devices, "h100 pcie").value()->id == "nvidia-h100-pcie");
}

TEST_CASE("an ambiguous name is an error that lists the candidates")
{
    const auto found = findDevice(sample(), "H100");
    REQUIRE_FALSE(found.has_value());
    CHECK(found.error().code == accelscope::models::ErrorCode::Ambiguous);
    CHECK_THAT(found.error().message, Catch::Contains("nvidia-h100-sxm") && Catch::Contains("nvidia-h100-pcie"));
}

TEST_CASE("an unknown name is a not-found error naming the input")
{
    const auto found = findDevice(sample(), "Voodoo5");
    REQUIRE_FALSE(found.has_value());
    CHECK(found.error().code == accelscope::models::ErrorCode::NotFound);
    CHECK_THAT(found.error().message, Catch::Contains("'Voodoo5'"));
    CHECK(findDevice(sample(), "").error().code == accelscope::models::ErrorCode::InvalidArgument);
}

TEST_CASE("facet filters combine")
{
    const auto devices = sample();
    DeviceFilter filter;
    CHECK(filterDevices(devices, filter).size() == devices.size());
    filter.vendors = {"nvidia"};
    CHECK(ids(filterDevices(devices, filter)) == std::vector<std::string>{"nvidia-h100-sxm", "nvidia-h100-pcie", "nvidia-b200"});
    filter.needsFp4 = true;
    CHECK(ids(filterDevices(devices, filter)) == std::vector<std::string>{"nvidia-b200"});
    filter = {};
    filter.kinds = {DeviceKind::Tpu};
    CHECK(ids(filterDevices(devices, filter)) == std::vector<std::string>{"google-tpu-v4"});
    filter = {};
    filter.yearMin = 2023;
    // The minimum is in GiB, the display unit: 192 GB stored = 178.8 GiB passes 170, 180 GB = 167.6 GiB does not.
    filter.memoryGibMin = 170;
    CHECK(ids(filterDevices(devices, filter)) == std::vector<std::string>{"amd-mi300x"});
    filter = {};
    filter.needsFp8 = true;
    filter.yearMax = 2022;
    CHECK(filterDevices(devices, filter).size() == 2);
}

TEST_CASE("free-text search needs every word, in any field, any case")
{
    const auto devices = sample();
    DeviceFilter filter;
    filter.text = "nvidia 80gb";
    CHECK(filterDevices(devices, filter).size() == 2);
    filter.text = "INSTINCT";
    CHECK(ids(filterDevices(devices, filter)) == std::vector<std::string>{"amd-mi300x"});
    filter.text = "tpu nvidia";
    CHECK(filterDevices(devices, filter).empty());
}
