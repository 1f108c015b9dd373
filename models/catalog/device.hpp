// SPDX-License-Identifier: MIT
// A catalog device: descriptive fields, sourced or derived figures, and their sources.
#pragma once

#include "models/catalog/figure_key.hpp"

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

/// Where a device row comes from.
enum class Origin { Bundled, User };

/// Whether a figure was read from a source or computed from other figures.
enum class Provenance { Sourced, Derived };

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
    std::string stated;    ///< the value as the source states it ("3.35 TB/s"); empty when derived
    std::string sourceKey; ///< key into Device::sources; for a derived figure, where its constants come from
    std::string where;     ///< table/row/column/page in the source
    std::string formula;   ///< formula over other figure keys when derived
    std::string note;
    std::string date;      ///< date of a price
};

/// One device of the catalog (bundled or the user's own).
struct Device {
    std::string id;
    std::string name;
    std::string vendor;
    DeviceKind kind = DeviceKind::Gpu;
    FormFactor formFactor = FormFactor::Pcie;
    std::string scope;
    std::string architecture;
    std::string processNode;
    std::optional<int> releaseYear;
    std::string memoryType;
    std::string onchipMemoryKind;
    std::string computeUnitName;
    std::string hostLink;
    std::string interconnectName;
    std::string notes;
    std::vector<std::string> primarySources; ///< keys into `sources`
    std::map<std::string, Source> sources;   ///< every source this device cites, by key
    std::map<FigureKey, Figure> figures;
    Origin origin = Origin::Bundled;
    std::string sourceFile;                  ///< data file name (bundled) or import file (user)
    int sourceLine = 0;                      ///< line of the device's id in `sourceFile`

    /// The figure's value, or nullopt when the device has no such figure.
    std::optional<double> value(FigureKey key) const;
    /// The figure, or nullptr.
    const Figure* figure(FigureKey key) const;
    /// The source a figure cites (a derived figure may cite one for its constants), or nullptr.
    const Source* sourceOf(FigureKey key) const;
};

/// Lower-case names used in data files and JSON ("gpu", "SXM").
std::string_view kindName(DeviceKind kind);
std::string_view formFactorName(FormFactor formFactor);
std::optional<DeviceKind> kindFromName(std::string_view name);
std::optional<FormFactor> formFactorFromName(std::string_view name);
std::span<const DeviceKind> allKinds();

} // namespace accelscope::models::catalog
