// SPDX-License-Identifier: MIT
// A catalog device: descriptive fields, sourced or derived figures, and their sources.
#pragma once

#include "models/catalog/figure_key.hpp"
#include "models/catalog/lifecycle.hpp"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::catalog {

/// What kind of processor a device is.
enum class DeviceKind { Gpu, Tpu, Asic, Npu, Cpu, Soc };

/// How the device is packaged; decides what "one device" means together with `scope`.
enum class FormFactor { Sxm, Oam, Pcie, Board, Module, Soc, Socket, Chip, System };

/// What one row's figures describe, smallest to largest. Required on every device; the free text
/// beside it is Device::scopeNote. A system (board, node, rack, pod) lists its parts in Device::contains.
enum class Scope { Chip, Package, Card, Module, Board, Node, Rack, Pod };

/// Where a device row comes from.
enum class Origin { Bundled, User };

/// Whether a figure was read from a source or computed from other figures.
enum class Provenance { Sourced, Derived };

/// The basis of a cloud price (data file key `price_kind`): on-demand, a 1- or 3-year commitment, a capacity
/// block bought up front for a fixed number of days (EC2 Capacity Blocks), or interruptible spot capacity.
enum class PriceKind { OnDemand, Committed1y, Committed3y, CapacityBlock, Spot };

/// A primary document that figures cite.
struct Source {
    std::string key;       ///< slug used inside one data file
    std::string title;
    std::string publisher;
    std::string kind;      ///< datasheet, whitepaper, product-page, docs, paper, press-release, price-list, keynote
    std::string url;
    std::string date;      ///< YYYY, YYYY-MM or YYYY-MM-DD; may be empty
};

/// One numeric figure in its canonical unit (see FigureInfo::unit) with its provenance.
struct Figure {
    double value = 0.0;
    Provenance provenance = Provenance::Sourced;
    std::string stated;    ///< the value as written in the data file ("3.35 TB/s", "80 GiB"); empty when derived
    std::string label;     ///< the vendor's printed text when it differs from `stated` ("80 GB" for 80 GiB of HBM)
    std::string sourceKey; ///< key into Device::sources; for a derived figure, where its constants come from
    std::string where;     ///< table/row/column/page in the source
    std::string formula;   ///< formula over other figure keys when derived
    std::string note;
    std::string date;      ///< date of a price
    std::optional<PriceKind> priceKind; ///< cloud prices only (required there): the price's basis
    std::string provider;  ///< cloud prices: the provider that states the rate ("AWS", "Lambda")
    std::string region;    ///< cloud prices: the provider's region ("us-east-1"); empty when it quotes none
    /// False when the value was not read in a stored copy of its cited source (data file `"verified": false`);
    /// shown as "unverified" everywhere the figure is.
    bool verified = true;
    int line = 0;          ///< line in the data file (0 when read back from a database)
};

/// One part of a system: `count` copies of the catalog device `deviceId`.
struct Component {
    std::string deviceId;
    int count = 0;
    int line = 0;          ///< line in the data file (0 when read back from a database)
};

/// One device of the catalog (bundled or the user's own).
struct Device {
    std::string id;
    std::string name;
    std::string vendor;
    DeviceKind kind = DeviceKind::Gpu;
    FormFactor formFactor = FormFactor::Pcie;
    Scope scope = Scope::Card;
    std::string scopeNote;                   ///< free text: what exactly one row covers ("one GPU (SXM5 module)")
    std::string architecture;
    std::string processNode;
    std::optional<int> releaseYear;
    Lifecycle lifecycle;                     ///< sourced announce / shipping / end-of-life dates
    std::string memoryType;
    std::string onchipMemoryKind;
    std::string computeUnitName;
    std::string hostLink;
    std::string interconnectName;
    std::string vendorFormatName;            ///< the vendor's own number format of vendor_format_tflops_* ("BLOCKFP8")
    std::string notes;
    std::string scaleupTopology;             ///< systems: how the scale-up domain is wired ("NVLink Switch, all-to-all")
    std::string scaleupLinkKind;             ///< "dedicated" (NVLink, ICI, Infinity Fabric) or "ethernet" (RoCE ports); empty when unknown
    std::vector<Component> contains;         ///< systems: the parts whose figures add up to this row's totals
    std::vector<std::string> primarySources; ///< keys into `sources`
    std::map<std::string, Source> sources;   ///< every source this device cites, by key
    std::map<FigureKey, Figure> figures;
    /// More cloud prices of one device-hour beside figures[CloudUsdPerHour] (data file `cloud_prices`): other
    /// providers, regions and kinds. Each is a figure of key cloud_usd_per_hour; see devicePrices() for all prices.
    std::vector<Figure> cloudPrices;
    /// Why a figure is absent (data file `missing`: {"tdp_w": "Google publishes no per-chip power"}), for the
    /// figures whose absence changes a ranking; a key here never has a figure.
    std::map<FigureKey, std::string> missingReasons;
    Origin origin = Origin::Bundled;
    std::string sourceFile;                  ///< data file name (bundled) or import file (user)
    int sourceLine = 0;                      ///< line of the device's id in `sourceFile`

    /// The figure's value, or nullopt when the device has no such figure.
    std::optional<double> value(FigureKey key) const;
    /// The figure, or nullptr.
    const Figure* figure(FigureKey key) const;
    /// The source a figure cites (a derived figure may cite one for its constants), or nullptr.
    const Source* sourceOf(FigureKey key) const;
    /// Why the figure is absent, or nullptr when the catalog states no reason (or has the figure).
    const std::string* missingReason(FigureKey key) const;
};

/// Lower-case names used in data files and JSON ("gpu", "SXM").
std::string_view kindName(DeviceKind kind);
std::string_view formFactorName(FormFactor formFactor);
std::optional<DeviceKind> kindFromName(std::string_view name);
std::optional<FormFactor> formFactorFromName(std::string_view name);
std::span<const DeviceKind> allKinds();
/// "chip", "package", "card", "module", "board", "node", "rack", "pod".
std::string_view scopeName(Scope scope);
std::optional<Scope> scopeFromName(std::string_view name);
std::span<const Scope> allScopes();
/// True for board, node, rack and pod: rows whose figures are totals over parts.
bool isSystemScope(Scope scope);
/// The values of `scaleup_link_kind`: "dedicated", "ethernet".
std::span<const std::string_view> scaleupLinkKinds();
/// "on-demand", "committed-1y", "committed-3y", "capacity-block", "spot".
std::string_view priceKindName(PriceKind kind);
std::optional<PriceKind> priceKindFromName(std::string_view name);
std::span<const PriceKind> allPriceKinds();

} // namespace accelscope::models::catalog
