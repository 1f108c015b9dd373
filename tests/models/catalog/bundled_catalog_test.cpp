// SPDX-License-Identifier: MIT
// The real bundled catalog: size, coverage and provenance of every figure.
#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <string_view>

using namespace accelscope::models::catalog;

namespace {
// The price kinds data/catalog/SCHEMA.md allows at the start of a cloud price's `where`.
constexpr std::array<std::string_view, 4> cloudPriceKinds{"on-demand", "capacity block", "reserved", "spot"};
} // namespace

TEST_CASE("the bundled catalog holds at least 100 devices of every kind")
{
    auto catalog = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB);
    REQUIRE(catalog.has_value());
    auto devices = catalog->loadAll();
    REQUIRE(devices.has_value());
    CHECK(devices->size() >= 100);
    CHECK(catalog->info().deviceCount == static_cast<int>(devices->size()));
    std::set<DeviceKind> kinds;
    for (const auto& d : *devices) kinds.insert(d.kind);
    for (const DeviceKind kind : {DeviceKind::Gpu, DeviceKind::Tpu, DeviceKind::Asic, DeviceKind::Cpu, DeviceKind::Soc}) {
        CHECK(kinds.contains(kind));
    }
}

TEST_CASE("every bundled figure is sourced with a location or derived with a formula")
{
    auto devices = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    int sourced = 0;
    for (const auto& d : *devices) {
        INFO(d.id);
        REQUIRE_FALSE(d.primarySources.empty());
        CHECK_FALSE(d.scope.empty());
        for (const auto& key : d.primarySources) CHECK(isAcceptableSourceUrl(d.sources.at(key).url));
        for (const auto& [key, f] : d.figures) {
            INFO(figureInfo(key).jsonKey);
            if (f.provenance == Provenance::Sourced) {
                ++sourced;
                REQUIRE(d.sourceOf(key) != nullptr);
                CHECK_FALSE(f.where.empty());
            } else {
                CHECK_FALSE(f.formula.empty());
            }
        }
    }
    CHECK(sourced > 500);
}

TEST_CASE("headline devices of the catalog are present and resolvable by name")
{
    auto devices = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    for (const char* name : {"H100 SXM", "MI300X", "TPU v5p", "Gaudi 3", "Trainium2", "WSE-3", "M4 Max", "A100"}) {
        INFO(name);
        const auto found = findDevice(*devices, name);
        // A short name may be ambiguous (A100 has four variants); it must never be unknown.
        CHECK((found.has_value() || found.error().code == accelscope::models::ErrorCode::Ambiguous));
    }
}

TEST_CASE("every cloud price in the bundled catalog names its price kind and carries a date")
{
    // data/catalog/SCHEMA.md, "Cloud prices": `where` starts with the kind ("on-demand: ...",
    // "capacity block: ..."), because a capacity-block and an on-demand rate of one GPU differ widely.
    auto devices = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    int priced = 0;
    for (const auto& d : *devices) {
        const auto it = d.figures.find(FigureKey::CloudUsdPerHour);
        if (it == d.figures.end()) continue;
        INFO(d.id << ": " << it->second.where);
        ++priced;
        const std::string& where = it->second.where;
        const bool namesKind = std::ranges::any_of(cloudPriceKinds, [&](std::string_view kind) {
            return where.starts_with(std::string(kind) + ": ");
        });
        CHECK(namesKind);
        CHECK_FALSE(it->second.date.empty());
    }
    CHECK(priced >= 10);
}
