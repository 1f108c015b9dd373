// SPDX-License-Identifier: MIT
// The bundled catalog's lifecycle dates and block-scaled/vendor-format figures, against the review file.
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"
#include "models/catalog/lifecycle.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace accelscope::models::catalog;

namespace {

std::vector<Device> bundledDevices()
{
    auto catalog = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
    REQUIRE(catalog.has_value());
    auto devices = catalog->loadAll();
    REQUIRE(devices.has_value());
    return std::move(*devices);
}

const Device& byId(const std::vector<Device>& devices, std::string_view id)
{
    const auto it = std::ranges::find(devices, id, &Device::id);
    REQUIRE(it != devices.end());
    return *it;
}

bool isDataCentreAccelerator(const Device& d)
{
    // GPUs, TPUs, ASICs and NPUs on modules, boards and larger scopes, or chips and packages of
    // non-GPU accelerators; client cards (GeForce, Radeon, RTX workstation) are cards of kind gpu.
    if (d.kind == DeviceKind::Cpu || d.kind == DeviceKind::Soc) return false;
    return d.scope != Scope::Card || d.kind != DeviceKind::Gpu;
}

} // namespace

TEST_CASE("every data-centre device that ships or reached end of life has a sourced announce date")
{
    const auto devices = bundledDevices();
    int shipping = 0;
    for (const auto& d : devices) {
        const auto status = lifecycleStatus(d.lifecycle, lifecycleAsOf);
        if (!isDataCentreAccelerator(d) || !status || *status == LifecycleStatus::Announced) continue;
        INFO(d.id);
        ++shipping;
        REQUIRE(d.lifecycle.announced.has_value());
        CHECK(d.sources.contains(d.lifecycle.announced->sourceKey));
        CHECK(hasBegunBy(d.lifecycle.announced->date, lifecycleAsOf));
    }
    CHECK(shipping >= 4); // H100 SXM, GB200, GB200 superchip, GB200 NVL72
}

TEST_CASE("headline data-centre accelerators carry a launch date from a press release or launch post")
{
    const auto devices = bundledDevices();
    for (const char* id : {"nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200", "nvidia-gb200", "nvidia-b300-sxm",
                           "amd-instinct-mi350x", "amd-instinct-mi355x", "google-tpu-v5p", "google-tpu7x-ironwood",
                           "cerebras-wse-3", "huawei-ascend-910"}) {
        INFO(id);
        const Device& d = byId(devices, id);
        REQUIRE(d.lifecycle.announced.has_value());
        const Source& s = d.sources.at(d.lifecycle.announced->sourceKey);
        CHECK(s.kind == "press-release");
        // A launch document is dated the day it announces: its own date is the announce date.
        CHECK(s.date == d.lifecycle.announced->date);
    }
    CHECK(lifecycleStatus(byId(devices, "nvidia-gb200-nvl72").lifecycle, lifecycleAsOf) == LifecycleStatus::Shipping);
    CHECK(lifecycleStatus(byId(devices, "nvidia-gb200-nvl72").lifecycle, "2024-12-31") == LifecycleStatus::Announced);
    CHECK_FALSE(lifecycleStatus(byId(devices, "nvidia-gb200-nvl72").lifecycle, "2024-03-17").has_value());
}

TEST_CASE("the status filter of catalog list finds the shipping devices")
{
    const auto devices = bundledDevices();
    DeviceFilter filter;
    filter.statuses = {LifecycleStatus::Shipping};
    const auto shipping = filterDevices(devices, filter);
    CHECK(std::ranges::find(shipping, std::string("nvidia-gb200-nvl72"), &Device::id) != shipping.end());
    for (const Device* d : shipping) {
        INFO(d->id);
        CHECK(lifecycleStatus(d->lifecycle, lifecycleAsOf) == LifecycleStatus::Shipping);
    }
    // Announced with no shipping date recorded: no status, so never in a status filter.
    CHECK(std::ranges::find(shipping, std::string("nvidia-h200-sxm"), &Device::id) == shipping.end());
    filter.statusAsOf = "2024-06-01"; // before the first Blackwell general availability
    const auto earlier = filterDevices(devices, filter);
    CHECK(std::ranges::find(earlier, std::string("nvidia-gb200-nvl72"), &Device::id) == earlier.end());
}

TEST_CASE("block-scaled and vendor-format figures are where the vendors print them")
{
    const auto devices = bundledDevices();
    // ROCm MI350 table: MXFP4 10 PFLOPS on MI355X, 9.2 on MI350X; MXFP8 equals OCP-FP8 dense.
    CHECK(byId(devices, "amd-instinct-mi355x").value(FigureKey::Mxfp4TflopsDense) == 10000.0);
    CHECK(byId(devices, "amd-instinct-mi350x").value(FigureKey::Mxfp6TflopsDense) == 9200.0);
    CHECK(byId(devices, "amd-instinct-mi350x").value(FigureKey::Mxfp8TflopsDense) ==
          byId(devices, "amd-instinct-mi350x").value(FigureKey::Fp8TflopsDense));
    CHECK(byId(devices, "nvidia-blackwell-ultra-gpu").value(FigureKey::Nvfp4TflopsDense) == 15000.0);
    const Device& n300 = byId(devices, "tenstorrent-wormhole-n300");
    CHECK(n300.vendorFormatName == "BLOCKFP8");
    CHECK(n300.value(FigureKey::VendorFormatTflopsDense) == 262.0);
    for (const auto& d : devices) {
        INFO(d.id);
        const bool hasVendorFigure = d.figures.contains(FigureKey::VendorFormatTflopsDense) ||
                                     d.figures.contains(FigureKey::VendorFormatTflopsSparse);
        CHECK(hasVendorFigure == !d.vendorFormatName.empty());
    }
}

TEST_CASE("the lifecycle review file lists every device with a lifecycle date")
{
    const auto path = std::filesystem::path(ACCELSCOPE_TEST_DATA_DIR) / ".." / "data" / "catalog" / "review" /
                      "lifecycle-2026-11.md";
    std::ifstream in(path);
    REQUIRE(in.good());
    const std::string review{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    int dated = 0;
    for (const auto& d : bundledDevices()) {
        if (!d.lifecycle.announced && !d.lifecycle.shipping && !d.lifecycle.endOfLife) continue;
        INFO(d.id);
        ++dated;
        CHECK(review.find("`" + d.id + "`") != std::string::npos);
    }
    CHECK(dated >= 30);
}
