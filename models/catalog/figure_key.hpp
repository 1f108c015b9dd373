// SPDX-License-Identifier: MIT
// The catalog's numeric figures: keys, canonical units, accepted units and plausible ranges.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace accelscope::models::catalog {

/// Physical dimension of a figure; decides which unit strings a data file may use.
enum class Dimension { CapacityGB, BandwidthGBps, CapacityMB, Tflops, Tops, Count, FrequencyMHz, PowerW, Usd, UsdPerHour };

/// How a figure is grouped in tables and the detail pane.
enum class FigureGroup { Memory, Vector, Tensor, Chip, Links, Price };

/// Every numeric figure a device can carry. Tensor/matrix and vector units are separate keys,
/// and so are dense and sparse throughput (never implicit). Block-scaled formats (OCP MX: MXFP8,
/// MXFP6, MXFP4; NVIDIA NVFP4) have keys apart from plain FP8/FP6/FP4; a vendor's own format
/// (Tenstorrent BLOCKFP8) goes in the vendor-format keys, named by Device::vendorFormatName.
enum class FigureKey {
    MemoryGb, MemoryBwGbs, OnchipMemoryMb,
    Fp64Tflops, Fp32Tflops, Fp16VectorTflops, Bf16VectorTflops,
    Fp64TensorTflops, Fp32TensorTflops,
    Tf32TflopsDense, Tf32TflopsSparse, Bf16TflopsDense, Bf16TflopsSparse,
    Fp16TflopsDense, Fp16TflopsSparse, Fp8TflopsDense, Fp8TflopsSparse,
    Fp6TflopsDense, Fp6TflopsSparse, Fp4TflopsDense, Fp4TflopsSparse,
    Mxfp8TflopsDense, Mxfp8TflopsSparse, Mxfp6TflopsDense, Mxfp6TflopsSparse,
    Mxfp4TflopsDense, Mxfp4TflopsSparse, Nvfp4TflopsDense, Nvfp4TflopsSparse,
    VendorFormatTflopsDense, VendorFormatTflopsSparse,
    Int8TopsDense, Int8TopsSparse, Int4TopsDense, Int4TopsSparse, AiTopsUnspecified,
    ComputeUnits, BoostClockMhz, TdpW, PcieGen, PcieLanes,
    InterconnectGbs, InterconnectGbsPerDirection, ScaleupDomainDevices, ScaleoutGbsPerDevice,
    ListPriceUsd, CloudUsdPerHour,
};

/// Static description of one figure key.
struct FigureInfo {
    FigureKey key;
    std::string_view jsonKey;  ///< key in data files, the DB and CLI JSON (`memory_bw_gbs`)
    std::string_view label;    ///< short human label without unit ("Memory bandwidth")
    std::string_view unit;     ///< canonical unit shown in headers ("GB/s")
    Dimension dimension;
    FigureGroup group;
    double minValue;           ///< smallest plausible value (inclusive), rejects typos and zeros
    double maxValue;           ///< largest plausible value (inclusive), rejects unit slips
    bool integral;             ///< counts and generations must be whole numbers
};

/// All figure keys in display order.
std::span<const FigureInfo> allFigures();

/// Description of one key (always found: every enumerator has an entry).
const FigureInfo& figureInfo(FigureKey key);

/// Key from its JSON name, or nullopt for an unknown name.
std::optional<FigureKey> figureFromJsonKey(std::string_view jsonKey);

/// A dense/sparse pair of the same precision: dense may never exceed sparse.
struct DenseSparsePair {
    FigureKey dense;
    FigureKey sparse;
    std::string_view precision; ///< "bf16", "fp8", …
};

/// The dense/sparse pairs, in precision order from TF32 down to INT4.
std::span<const DenseSparsePair> denseSparsePairs();

/// Unit conversion: the factor that turns `unit` into the canonical unit of `dimension`,
/// or nullopt when the unit does not belong to that dimension ("TFLOPS" for a capacity).
std::optional<double> unitFactor(Dimension dimension, std::string_view unit);

/// The unit a figure is shown in to people. Memory capacity (memory_gb, stored in GB = 10^9 B, so
/// bytes = value x 10^9) is shown in GiB, the unit DRAM, HBM and SRAM are built in: a 192 GiB
/// Ironwood and a "192 GB" MI300X both show 192 GiB. Every other figure shows in its canonical unit.
std::string_view displayUnit(FigureKey key);
/// `canonical` (in figureInfo(key).unit) converted to displayUnit(key).
double displayValue(FigureKey key, double canonical);
/// Bytes per GiB (2^30) and per GB (10^9); memory capacity conversions use these, never a literal.
constexpr double bytesPerGib = 1073741824.0;
constexpr double bytesPerGb = 1e9;

/// The accepted unit spellings of a dimension, comma-separated, for error messages.
std::string_view acceptedUnits(Dimension dimension);

} // namespace accelscope::models::catalog
