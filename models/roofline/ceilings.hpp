// SPDX-License-Identifier: MIT
// Roofline ceilings of a catalog device: compute roofs per precision and unit, bandwidth roofs per level.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::roofline {

/// Tensor/matrix units and vector (SIMD/CUDA-core) units are separate roofs.
enum class ComputeUnit { Tensor, Vector };
/// Dense is the default; sparse (2:4 structured) only on request.
enum class Sparsity { Dense, Sparse };
/// Where a number comes from: a datasheet figure, a formula over sourced figures, an estimate,
/// a microbenchmark paper's measurement (paper, table and clock named in `source`), or not known at all.
enum class Basis { Sourced, Derived, Estimate, Measured, Unknown };

/// One horizontal roof: peak throughput of one precision on one kind of unit.
struct ComputeCeiling {
    std::string precision;      ///< catalog precision: fp64, fp32, tf32, bf16, fp16, fp8, fp6, fp4, int8, int4
    ComputeUnit unit = ComputeUnit::Tensor;
    Sparsity sparsity = Sparsity::Dense;
    double peakTflops = 0.0;    ///< TFLOP/s (TOP/s for integers), 10^12 per second
    std::string figureKey;      ///< catalog figure it is read from ("bf16_tflops_dense")
    bool derivedInCatalog = false;
};

/// Which level of the memory system a bandwidth roof belongs to.
/// LastLevelCache is a memory-side cache behind L2 (AMD Infinity Cache / MALL).
enum class MemoryLevel { Registers, SharedL1, L2, LastLevelCache, DeviceMemory, HostMemory, HostLink, ScaleUp, Nvme, Network };

/// One slanted roof: bandwidth of one level, in GB/s (10^9 B/s), one direction.
struct BandwidthCeiling {
    MemoryLevel level = MemoryLevel::DeviceMemory;
    std::string label;          ///< "HBM3", "PCIe 5.0 x16 (per direction)"
    double bandwidthGBps = 0.0;
    Basis basis = Basis::Sourced;
    std::string source;         ///< figure key, formula or paper (URL + table) behind the number
};

/// All roofs of a device. `bandwidth` holds only levels with a known number.
struct DeviceRoofline {
    std::string deviceId;
    std::string deviceName;
    std::vector<ComputeCeiling> compute;
    std::vector<BandwidthCeiling> bandwidth;
};

/// Every compute roof the device's catalog figures give (dense always, sparse when
/// `includeSparse`) and every bandwidth roof known for it (device memory, host link, scale-up link).
DeviceRoofline deviceRoofline(const catalog::Device& device, bool includeSparse = false);

/// The roof of one precision/unit/sparsity. Error (NotFound) when the device has no such figure;
/// the message names the device, the figure key and the precisions it does have.
Result<ComputeCeiling> computeCeiling(const catalog::Device& device, std::string_view precision,
                                      ComputeUnit unit = ComputeUnit::Tensor, Sparsity sparsity = Sparsity::Dense);

/// Device memory (HBM/DRAM) roof from `memory_bw_gbs`; Error when the catalog has no figure.
Result<BandwidthCeiling> deviceMemoryCeiling(const catalog::Device& device);

/// Host link per direction: PCIe from `pcie_gen`/`pcie_lanes` or the `host_link` text, using the
/// PCI-SIG per-lane rates; NVLink-C2C when the `host_link` text states a bandwidth. nullopt if unknown.
std::optional<BandwidthCeiling> hostLinkCeiling(const catalog::Device& device);

/// Scale-up link per direction: `interconnect_gbs_per_direction` where the catalog states it, else
/// `interconnect_gbs` / 2 (NVIDIA's both-directions convention). nullopt if absent.
std::optional<BandwidthCeiling> scaleUpCeiling(const catalog::Device& device);

/// PCIe bandwidth per lane and direction in GB/s for generations 1–6 (PCI-SIG base specifications:
/// transfer rate × line-code efficiency / 8); nullopt for other generations.
std::optional<double> pcieLaneGBps(int generation);

/// Ridge point in FLOP/byte: 1000 × TFLOP/s ÷ GB/s (Williams et al., CACM 52(4), 2009).
double ridgeFlopPerByte(double peakTflops, double bandwidthGBps);

/// Attainable TFLOP/s at `intensityFlopPerByte`: min(peak, bandwidth × intensity).
double attainableTflops(double peakTflops, double bandwidthGBps, double intensityFlopPerByte);

/// Precisions the catalog can carry, widest first.
std::vector<std::string_view> knownPrecisions();

/// Lower-case names used in JSON: "tensor"/"vector", "dense"/"sparse", "sourced"/"derived"/"estimate"/"unknown",
/// "registers" … "network".
std::string_view unitName(ComputeUnit unit);
/// See unitName.
std::string_view sparsityName(Sparsity sparsity);
/// See unitName.
std::string_view basisName(Basis basis);
/// See unitName.
std::string_view memoryLevelName(MemoryLevel level);

} // namespace accelscope::models::roofline
