// SPDX-License-Identifier: MIT
// Tables behind figure_key.hpp: one row per figure key, one row per accepted unit.
#include "models/catalog/figure_key.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace accelscope::models::catalog {
namespace {

using enum FigureKey;
using D = Dimension;
using G = FigureGroup;

// Ranges are generous on purpose: they catch unit slips (3.35 written for 3350 GB/s is fine,
// 3350000 TB/s is not) and zeros, not unusual hardware. The top ends admit a Cerebras wafer
// (21 PB/s on-chip bandwidth, 125 PFLOP/s) and a 6 TB server socket.
constexpr std::array figureTable{
    FigureInfo{MemoryGb, "memory_gb", "Memory", "GB", D::CapacityGB, G::Memory, 0.001, 100000, false},
    FigureInfo{MemoryBwGbs, "memory_bw_gbs", "Memory bandwidth", "GB/s", D::BandwidthGBps, G::Memory, 0.1, 3.0e7, false},
    FigureInfo{OnchipMemoryMb, "onchip_memory_mb", "On-chip memory", "MB", D::CapacityMB, G::Memory, 0.01, 100000, false},
    FigureInfo{Fp64Tflops, "fp64_tflops", "FP64 vector", "TFLOP/s", D::Tflops, G::Vector, 0.0001, 1.0e6, false},
    FigureInfo{Fp32Tflops, "fp32_tflops", "FP32 vector", "TFLOP/s", D::Tflops, G::Vector, 0.0001, 1.0e6, false},
    FigureInfo{Fp16VectorTflops, "fp16_vector_tflops", "FP16 vector", "TFLOP/s", D::Tflops, G::Vector, 0.0001, 1.0e6, false},
    FigureInfo{Bf16VectorTflops, "bf16_vector_tflops", "BF16 vector", "TFLOP/s", D::Tflops, G::Vector, 0.0001, 1.0e6, false},
    FigureInfo{Fp64TensorTflops, "fp64_tensor_tflops", "FP64 tensor", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp32TensorTflops, "fp32_tensor_tflops", "FP32 tensor", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Tf32TflopsDense, "tf32_tflops_dense", "TF32 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Tf32TflopsSparse, "tf32_tflops_sparse", "TF32 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Bf16TflopsDense, "bf16_tflops_dense", "BF16 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Bf16TflopsSparse, "bf16_tflops_sparse", "BF16 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp16TflopsDense, "fp16_tflops_dense", "FP16 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp16TflopsSparse, "fp16_tflops_sparse", "FP16 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp8TflopsDense, "fp8_tflops_dense", "FP8 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp8TflopsSparse, "fp8_tflops_sparse", "FP8 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp6TflopsDense, "fp6_tflops_dense", "FP6 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp6TflopsSparse, "fp6_tflops_sparse", "FP6 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp4TflopsDense, "fp4_tflops_dense", "FP4 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Fp4TflopsSparse, "fp4_tflops_sparse", "FP4 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp8TflopsDense, "mxfp8_tflops_dense", "MXFP8 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp8TflopsSparse, "mxfp8_tflops_sparse", "MXFP8 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp6TflopsDense, "mxfp6_tflops_dense", "MXFP6 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp6TflopsSparse, "mxfp6_tflops_sparse", "MXFP6 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp4TflopsDense, "mxfp4_tflops_dense", "MXFP4 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Mxfp4TflopsSparse, "mxfp4_tflops_sparse", "MXFP4 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Nvfp4TflopsDense, "nvfp4_tflops_dense", "NVFP4 tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Nvfp4TflopsSparse, "nvfp4_tflops_sparse", "NVFP4 tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{VendorFormatTflopsDense, "vendor_format_tflops_dense", "Vendor format (see vendor_format_name) tensor dense", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{VendorFormatTflopsSparse, "vendor_format_tflops_sparse", "Vendor format (see vendor_format_name) tensor sparse", "TFLOP/s", D::Tflops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Int8TopsDense, "int8_tops_dense", "INT8 tensor dense", "TOP/s", D::Tops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Int8TopsSparse, "int8_tops_sparse", "INT8 tensor sparse", "TOP/s", D::Tops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Int4TopsDense, "int4_tops_dense", "INT4 tensor dense", "TOP/s", D::Tops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{Int4TopsSparse, "int4_tops_sparse", "INT4 tensor sparse", "TOP/s", D::Tops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{AiTopsUnspecified, "ai_tops_unspecified", "AI TOPS (precision not stated)", "TOP/s", D::Tops, G::Tensor, 0.0001, 1.0e6, false},
    FigureInfo{ComputeUnits, "compute_units", "Compute units", "", D::Count, G::Chip, 1, 2.0e6, true},
    FigureInfo{BoostClockMhz, "boost_clock_mhz", "Boost clock", "MHz", D::FrequencyMHz, G::Chip, 10, 10000, false},
    FigureInfo{TdpW, "tdp_w", "TDP", "W", D::PowerW, G::Chip, 0.1, 50000, false},
    FigureInfo{PcieGen, "pcie_gen", "PCIe generation", "", D::Count, G::Links, 1, 7, true},
    FigureInfo{PcieLanes, "pcie_lanes", "PCIe lanes", "", D::Count, G::Links, 1, 256, true},
    FigureInfo{InterconnectGbs, "interconnect_gbs", "Scale-up link (both directions)", "GB/s", D::BandwidthGBps, G::Links, 0.1, 1.0e6, false},
    FigureInfo{InterconnectGbsPerDirection, "interconnect_gbs_per_direction", "Scale-up link (per direction)", "GB/s", D::BandwidthGBps, G::Links, 0.1, 1.0e6, false},
    FigureInfo{ScaleupDomainDevices, "scaleup_domain_devices", "Scale-up domain (devices)", "", D::Count, G::Links, 1, 1.0e6, true},
    FigureInfo{ScaleoutGbsPerDevice, "scaleout_gbs_per_device", "Scale-out network per device (per direction)", "GB/s", D::BandwidthGBps, G::Links, 0.1, 1.0e5, false},
    FigureInfo{ListPriceUsd, "list_price_usd", "List price", "USD", D::Usd, G::Price, 1, 1.0e8, false},
    FigureInfo{CloudUsdPerHour, "cloud_usd_per_hour", "Cloud price", "USD/h", D::UsdPerHour, G::Price, 0.001, 10000, false},
};

constexpr std::array pairTable{
    DenseSparsePair{Tf32TflopsDense, Tf32TflopsSparse, "tf32"},
    DenseSparsePair{Bf16TflopsDense, Bf16TflopsSparse, "bf16"},
    DenseSparsePair{Fp16TflopsDense, Fp16TflopsSparse, "fp16"},
    DenseSparsePair{Fp8TflopsDense, Fp8TflopsSparse, "fp8"},
    DenseSparsePair{Fp6TflopsDense, Fp6TflopsSparse, "fp6"},
    DenseSparsePair{Fp4TflopsDense, Fp4TflopsSparse, "fp4"},
    DenseSparsePair{Mxfp8TflopsDense, Mxfp8TflopsSparse, "mxfp8"},
    DenseSparsePair{Mxfp6TflopsDense, Mxfp6TflopsSparse, "mxfp6"},
    DenseSparsePair{Mxfp4TflopsDense, Mxfp4TflopsSparse, "mxfp4"},
    DenseSparsePair{Nvfp4TflopsDense, Nvfp4TflopsSparse, "nvfp4"},
    DenseSparsePair{VendorFormatTflopsDense, VendorFormatTflopsSparse, "vendor format"},
    DenseSparsePair{Int8TopsDense, Int8TopsSparse, "int8"},
    DenseSparsePair{Int4TopsDense, Int4TopsSparse, "int4"},
};

struct UnitRow {
    Dimension dimension;
    std::string_view unit;
    double factor; // multiply a value in `unit` by this to get the canonical unit
};

// GiB = 2^30 B; GB = 10^9 B (SI), as printed by vendors.
constexpr double gib = 1073741824.0;
constexpr double mib = 1048576.0;
constexpr std::array unitTable{
    UnitRow{D::CapacityGB, "GB", 1}, UnitRow{D::CapacityGB, "GiB", gib / 1e9},
    UnitRow{D::CapacityGB, "TB", 1e3}, UnitRow{D::CapacityGB, "TiB", 1024 * gib / 1e9},
    UnitRow{D::CapacityGB, "MB", 1e-3}, UnitRow{D::CapacityGB, "MiB", mib / 1e9},
    UnitRow{D::BandwidthGBps, "GB/s", 1}, UnitRow{D::BandwidthGBps, "TB/s", 1e3},
    UnitRow{D::BandwidthGBps, "PB/s", 1e6}, UnitRow{D::BandwidthGBps, "GiB/s", gib / 1e9},
    UnitRow{D::BandwidthGBps, "MB/s", 1e-3},
    UnitRow{D::CapacityMB, "MB", 1}, UnitRow{D::CapacityMB, "MiB", mib / 1e6},
    UnitRow{D::CapacityMB, "KB", 1e-3}, UnitRow{D::CapacityMB, "KiB", 1024.0 / 1e6},
    UnitRow{D::CapacityMB, "GB", 1e3}, UnitRow{D::CapacityMB, "GiB", gib / 1e6},
    UnitRow{D::Tflops, "TFLOPS", 1}, UnitRow{D::Tflops, "TFLOP/s", 1},
    UnitRow{D::Tflops, "PFLOPS", 1e3}, UnitRow{D::Tflops, "PFLOP/s", 1e3},
    UnitRow{D::Tflops, "GFLOPS", 1e-3}, UnitRow{D::Tflops, "GFLOP/s", 1e-3},
    UnitRow{D::Tops, "TOPS", 1}, UnitRow{D::Tops, "TOP/s", 1}, UnitRow{D::Tops, "POPS", 1e3},
    UnitRow{D::Tops, "GOPS", 1e-3},
    UnitRow{D::Count, "", 1},
    UnitRow{D::FrequencyMHz, "MHz", 1}, UnitRow{D::FrequencyMHz, "GHz", 1e3},
    UnitRow{D::PowerW, "W", 1}, UnitRow{D::PowerW, "kW", 1e3},
    UnitRow{D::Usd, "USD", 1},
    UnitRow{D::UsdPerHour, "USD/h", 1},
};

} // namespace

std::span<const FigureInfo> allFigures() { return figureTable; }

const FigureInfo& figureInfo(FigureKey key)
{
    const auto index = static_cast<std::size_t>(key);
    assert(index < figureTable.size() && figureTable[index].key == key);
    return figureTable[index];
}

std::optional<FigureKey> figureFromJsonKey(std::string_view jsonKey)
{
    const auto it = std::ranges::find(figureTable, jsonKey, &FigureInfo::jsonKey);
    if (it == figureTable.end()) {
        return std::nullopt;
    }
    return it->key;
}

std::span<const DenseSparsePair> denseSparsePairs() { return pairTable; }

std::optional<double> unitFactor(Dimension dimension, std::string_view unit)
{
    for (const auto& row : unitTable) {
        if (row.dimension == dimension && row.unit == unit) {
            return row.factor;
        }
    }
    return std::nullopt;
}

std::string_view displayUnit(FigureKey key)
{
    return key == MemoryGb ? std::string_view{"GiB"} : figureInfo(key).unit;
}

double displayValue(FigureKey key, double canonical)
{
    // Memory is a whole number of bytes; rounding to it first makes 192 GiB come back as exactly 192.
    return key == MemoryGb ? std::round(canonical * bytesPerGb) / bytesPerGib : canonical;
}

std::string_view acceptedUnits(Dimension dimension)
{
    switch (dimension) {
    case D::CapacityGB: return "GB, GiB, TB, TiB, MB, MiB";
    case D::BandwidthGBps: return "GB/s, TB/s, PB/s, GiB/s, MB/s";
    case D::CapacityMB: return "MB, MiB, KB, KiB, GB, GiB";
    case D::Tflops: return "TFLOPS, PFLOPS, GFLOPS";
    case D::Tops: return "TOPS, POPS, GOPS";
    case D::Count: return "a plain number";
    case D::FrequencyMHz: return "MHz, GHz";
    case D::PowerW: return "W, kW";
    case D::Usd: return "USD";
    case D::UsdPerHour: return "USD/h";
    }
    return "";
}

} // namespace accelscope::models::catalog
