// SPDX-License-Identifier: MIT
// Device accessors and the names of kinds, form factors and scopes.
#include "models/catalog/device.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace accelscope::models::catalog {
namespace {

constexpr std::array kindNames{
    std::pair{DeviceKind::Gpu, std::string_view{"gpu"}}, std::pair{DeviceKind::Tpu, std::string_view{"tpu"}},
    std::pair{DeviceKind::Asic, std::string_view{"asic"}}, std::pair{DeviceKind::Npu, std::string_view{"npu"}},
    std::pair{DeviceKind::Cpu, std::string_view{"cpu"}}, std::pair{DeviceKind::Soc, std::string_view{"soc"}},
};

constexpr std::array formFactorNames{
    std::pair{FormFactor::Sxm, std::string_view{"SXM"}}, std::pair{FormFactor::Oam, std::string_view{"OAM"}},
    std::pair{FormFactor::Pcie, std::string_view{"PCIe"}}, std::pair{FormFactor::Board, std::string_view{"board"}},
    std::pair{FormFactor::Module, std::string_view{"module"}}, std::pair{FormFactor::Soc, std::string_view{"SoC"}},
    std::pair{FormFactor::Socket, std::string_view{"socket"}}, std::pair{FormFactor::Chip, std::string_view{"chip"}},
    std::pair{FormFactor::System, std::string_view{"system"}},
};

constexpr std::array kindList{DeviceKind::Gpu, DeviceKind::Tpu, DeviceKind::Asic,
                              DeviceKind::Npu, DeviceKind::Cpu, DeviceKind::Soc};

constexpr std::array scopeNames{
    std::pair{Scope::Chip, std::string_view{"chip"}},   std::pair{Scope::Package, std::string_view{"package"}},
    std::pair{Scope::Card, std::string_view{"card"}},   std::pair{Scope::Module, std::string_view{"module"}},
    std::pair{Scope::Board, std::string_view{"board"}}, std::pair{Scope::Node, std::string_view{"node"}},
    std::pair{Scope::Rack, std::string_view{"rack"}},   std::pair{Scope::Pod, std::string_view{"pod"}},
};

constexpr std::array scopeList{Scope::Chip, Scope::Package, Scope::Card, Scope::Module,
                               Scope::Board, Scope::Node, Scope::Rack, Scope::Pod};

constexpr std::array priceKindNames{
    std::pair{PriceKind::OnDemand, std::string_view{"on-demand"}},
    std::pair{PriceKind::Committed1y, std::string_view{"committed-1y"}},
    std::pair{PriceKind::Committed3y, std::string_view{"committed-3y"}},
    std::pair{PriceKind::CapacityBlock, std::string_view{"capacity-block"}},
    std::pair{PriceKind::Spot, std::string_view{"spot"}},
};

constexpr std::array priceKindList{PriceKind::OnDemand, PriceKind::Committed1y, PriceKind::Committed3y,
                                   PriceKind::CapacityBlock, PriceKind::Spot};

template <typename Table, typename Enum>
std::string_view nameOf(const Table& table, Enum value)
{
    const auto it = std::ranges::find(table, value, &Table::value_type::first);
    return it == table.end() ? std::string_view{} : it->second;
}

template <typename Table>
auto valueOf(const Table& table, std::string_view name) -> std::optional<typename Table::value_type::first_type>
{
    const auto it = std::ranges::find(table, name, &Table::value_type::second);
    if (it == table.end()) {
        return std::nullopt;
    }
    return it->first;
}

} // namespace

std::optional<double> Device::value(FigureKey key) const
{
    const auto it = figures.find(key);
    if (it == figures.end()) {
        return std::nullopt;
    }
    return it->second.value;
}

const Figure* Device::figure(FigureKey key) const
{
    const auto it = figures.find(key);
    return it == figures.end() ? nullptr : &it->second;
}

const Source* Device::sourceOf(FigureKey key) const
{
    const Figure* f = figure(key);
    if (f == nullptr || f->sourceKey.empty()) {
        return nullptr;
    }
    const auto it = sources.find(f->sourceKey);
    return it == sources.end() ? nullptr : &it->second;
}

const std::string* Device::missingReason(FigureKey key) const
{
    const auto it = missingReasons.find(key);
    return it == missingReasons.end() || figures.contains(key) ? nullptr : &it->second;
}

std::string_view priceKindName(PriceKind kind) { return nameOf(priceKindNames, kind); }
std::optional<PriceKind> priceKindFromName(std::string_view name) { return valueOf(priceKindNames, name); }
std::span<const PriceKind> allPriceKinds() { return priceKindList; }

std::string_view kindName(DeviceKind kind) { return nameOf(kindNames, kind); }
std::string_view formFactorName(FormFactor formFactor) { return nameOf(formFactorNames, formFactor); }
std::optional<DeviceKind> kindFromName(std::string_view name) { return valueOf(kindNames, name); }
std::optional<FormFactor> formFactorFromName(std::string_view name) { return valueOf(formFactorNames, name); }
std::span<const DeviceKind> allKinds() { return kindList; }
std::string_view scopeName(Scope scope) { return nameOf(scopeNames, scope); }
std::optional<Scope> scopeFromName(std::string_view name) { return valueOf(scopeNames, name); }
std::span<const Scope> allScopes() { return scopeList; }
bool isSystemScope(Scope scope) { return scope >= Scope::Board; }

std::span<const std::string_view> scaleupLinkKinds()
{
    static constexpr std::array<std::string_view, 2> kinds{"dedicated", "ethernet"};
    return kinds;
}

} // namespace accelscope::models::catalog
