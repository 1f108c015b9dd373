// SPDX-License-Identifier: MIT
// Ceilings read from catalog figures; PCIe rates from the PCI-SIG specifications.
#include "models/roofline/ceilings.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace accelscope::models::roofline {
namespace {

using catalog::FigureKey;

struct PrecisionKeys {
    std::string_view precision;
    std::optional<FigureKey> tensorDense;
    std::optional<FigureKey> tensorSparse;
    std::optional<FigureKey> vector;
};

// SCHEMA.md: tensor/matrix and vector figures are separate keys; FP64/FP32 tensor keys are dense only.
constexpr std::array precisionKeys{
    PrecisionKeys{"fp64", FigureKey::Fp64TensorTflops, std::nullopt, FigureKey::Fp64Tflops},
    PrecisionKeys{"fp32", FigureKey::Fp32TensorTflops, std::nullopt, FigureKey::Fp32Tflops},
    PrecisionKeys{"tf32", FigureKey::Tf32TflopsDense, FigureKey::Tf32TflopsSparse, std::nullopt},
    PrecisionKeys{"bf16", FigureKey::Bf16TflopsDense, FigureKey::Bf16TflopsSparse, FigureKey::Bf16VectorTflops},
    PrecisionKeys{"fp16", FigureKey::Fp16TflopsDense, FigureKey::Fp16TflopsSparse, FigureKey::Fp16VectorTflops},
    PrecisionKeys{"fp8", FigureKey::Fp8TflopsDense, FigureKey::Fp8TflopsSparse, std::nullopt},
    PrecisionKeys{"fp6", FigureKey::Fp6TflopsDense, FigureKey::Fp6TflopsSparse, std::nullopt},
    PrecisionKeys{"fp4", FigureKey::Fp4TflopsDense, FigureKey::Fp4TflopsSparse, std::nullopt},
    PrecisionKeys{"int8", FigureKey::Int8TopsDense, FigureKey::Int8TopsSparse, std::nullopt},
    PrecisionKeys{"int4", FigureKey::Int4TopsDense, FigureKey::Int4TopsSparse, std::nullopt},
};

const PrecisionKeys* keysOf(std::string_view precision)
{
    for (const auto& k : precisionKeys) {
        if (k.precision == precision) return &k;
    }
    return nullptr;
}

std::optional<FigureKey> keyFor(const PrecisionKeys& k, ComputeUnit unit, Sparsity sparsity)
{
    if (unit == ComputeUnit::Vector) return sparsity == Sparsity::Dense ? k.vector : std::nullopt;
    return sparsity == Sparsity::Dense ? k.tensorDense : k.tensorSparse;
}

std::optional<ComputeCeiling> ceilingOf(const catalog::Device& d, const PrecisionKeys& k, ComputeUnit unit,
                                        Sparsity sparsity)
{
    const auto key = keyFor(k, unit, sparsity);
    if (!key) return std::nullopt;
    const catalog::Figure* f = d.figure(*key);
    if (f == nullptr) return std::nullopt;
    return ComputeCeiling{std::string(k.precision), unit, sparsity, f->value,
                          std::string(catalog::figureInfo(*key).jsonKey),
                          f->provenance == catalog::Provenance::Derived};
}

// The leading decimal number of `text` ("5.0 x16" → 5, "900 GB/s)" → 900), or nullopt.
std::optional<double> firstNumber(std::string_view text)
{
    double v = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || ptr == text.data()) return std::nullopt;
    return v;
}

std::string gbpsText(double v) { return engineeringText(v); }

} // namespace

std::vector<std::string_view> knownPrecisions()
{
    std::vector<std::string_view> out;
    for (const auto& k : precisionKeys) out.push_back(k.precision);
    return out;
}

DeviceRoofline deviceRoofline(const catalog::Device& d, bool includeSparse)
{
    DeviceRoofline out{d.id, d.name, {}, {}};
    for (const auto& k : precisionKeys) {
        for (const auto unit : {ComputeUnit::Tensor, ComputeUnit::Vector}) {
            if (auto c = ceilingOf(d, k, unit, Sparsity::Dense)) out.compute.push_back(std::move(*c));
            if (!includeSparse) continue;
            if (auto c = ceilingOf(d, k, unit, Sparsity::Sparse)) out.compute.push_back(std::move(*c));
        }
    }
    if (auto m = deviceMemoryCeiling(d)) out.bandwidth.push_back(std::move(*m));
    if (auto h = hostLinkCeiling(d)) out.bandwidth.push_back(std::move(*h));
    if (auto s = scaleUpCeiling(d)) out.bandwidth.push_back(std::move(*s));
    return out;
}

Result<ComputeCeiling> computeCeiling(const catalog::Device& d, std::string_view precision, ComputeUnit unit,
                                      Sparsity sparsity)
{
    const PrecisionKeys* k = keysOf(precision);
    if (k == nullptr) {
        std::string known;
        for (const auto p : knownPrecisions()) known += (known.empty() ? "" : ", ") + std::string(p);
        return fail(ErrorCode::InvalidArgument, "unknown precision '" + std::string(precision) + "' (known: " + known + ")");
    }
    if (auto c = ceilingOf(d, *k, unit, sparsity)) return *c;
    const auto key = keyFor(*k, unit, sparsity);
    std::string have;
    for (const auto& c : deviceRoofline(d, true).compute) {
        have += (have.empty() ? "" : ", ") + c.precision + " " + std::string(unitName(c.unit)) +
                (c.sparsity == Sparsity::Sparse ? " sparse" : "");
    }
    std::string what = std::string(precision) + " " + std::string(unitName(unit)) + " " + std::string(sparsityName(sparsity));
    std::string keyText = key ? " (" + std::string(catalog::figureInfo(*key).jsonKey) + ")" : " (the catalog has no such figure key)";
    return fail(ErrorCode::NotFound, "device '" + d.id + "' has no " + what + " figure" + keyText +
                                         "; it has: " + (have.empty() ? "no compute figures" : have));
}

Result<BandwidthCeiling> deviceMemoryCeiling(const catalog::Device& d)
{
    const auto bw = d.value(FigureKey::MemoryBwGbs);
    if (!bw) return fail(ErrorCode::NotFound, "device '" + d.id + "' has no memory bandwidth figure (memory_bw_gbs)");
    const catalog::Figure* f = d.figure(FigureKey::MemoryBwGbs);
    const std::string label = d.memoryType.empty() ? "device memory" : d.memoryType;
    return BandwidthCeiling{MemoryLevel::DeviceMemory, label, *bw,
                            f->provenance == catalog::Provenance::Derived ? Basis::Derived : Basis::Sourced,
                            "catalog memory_bw_gbs"};
}

std::optional<double> pcieLaneGBps(int generation)
{
    // GT/s × encoding efficiency / 8 bits: Gen1–2 8b/10b, Gen3–5 128b/130b (PCIe Base Spec 3.0–5.0),
    // Gen6 64 GT/s PAM4 FLIT mode counted at 1b/1b (FLIT/FEC overhead not subtracted; PCIe 6.0 spec).
    switch (generation) {
    case 1: return 2.5 * 0.8 / 8;
    case 2: return 5.0 * 0.8 / 8;
    case 3: return 8.0 * 128.0 / 130.0 / 8;
    case 4: return 16.0 * 128.0 / 130.0 / 8;
    case 5: return 32.0 * 128.0 / 130.0 / 8;
    case 6: return 64.0 / 8;
    default: return std::nullopt;
    }
}

std::optional<BandwidthCeiling> hostLinkCeiling(const catalog::Device& d)
{
    std::optional<int> gen;
    std::optional<int> lanes;
    if (const auto g = d.value(FigureKey::PcieGen)) gen = static_cast<int>(*g);
    if (const auto l = d.value(FigureKey::PcieLanes)) lanes = static_cast<int>(*l);
    const std::string_view link = d.hostLink;
    // "PCIe 5.0 x16": generation digit after "PCIe ", lanes after " x".
    if (const auto at = link.find("PCIe "); at != std::string_view::npos) {
        const auto generation = firstNumber(link.substr(at + 5));
        const auto x = link.find(" x", at);
        const auto count = x == std::string_view::npos ? std::nullopt : firstNumber(link.substr(x + 2));
        if (!gen && generation) gen = static_cast<int>(*generation);
        if (!lanes && count) lanes = static_cast<int>(*count);
    }
    if (gen && lanes && pcieLaneGBps(*gen)) {
        const double bw = *pcieLaneGBps(*gen) * *lanes;
        return BandwidthCeiling{MemoryLevel::HostLink,
                                "PCIe " + std::to_string(*gen) + ".0 x" + std::to_string(*lanes) + " (per direction)", bw,
                                Basis::Derived,
                                "PCI-SIG per-lane rate × lanes (pcie_gen/pcie_lanes or host_link '" + d.hostLink + "')"};
    }
    // "NVLink-C2C to the Grace CPU (900 GB/s)": the catalog text states the bandwidth.
    const auto open = link.find('(');
    if (link.starts_with("NVLink-C2C") && open != std::string_view::npos && link.find("GB/s", open) != std::string_view::npos) {
        if (const auto both = firstNumber(link.substr(open + 1))) {
            // NVIDIA states NVLink-C2C bandwidth with both directions added (900 GB/s = 450 per direction).
            return BandwidthCeiling{MemoryLevel::HostLink, "NVLink-C2C (per direction)", *both / 2, Basis::Derived,
                                    "catalog host_link '" + d.hostLink + "' / 2 (both directions added)"};
        }
    }
    return std::nullopt;
}

std::optional<BandwidthCeiling> scaleUpCeiling(const catalog::Device& d)
{
    const std::string name = d.interconnectName.empty() ? "scale-up link" : d.interconnectName;
    if (const auto one = d.value(FigureKey::InterconnectGbsPerDirection)) { // stated per direction: taken as it is
        return BandwidthCeiling{MemoryLevel::ScaleUp, name + " (per direction)", *one, Basis::Sourced,
                                "catalog interconnect_gbs_per_direction (" + gbpsText(*one) + " GB/s)"};
    }
    const auto both = d.value(FigureKey::InterconnectGbs);
    if (!both) return std::nullopt;
    return BandwidthCeiling{MemoryLevel::ScaleUp, name + " (per direction)", *both / 2, Basis::Derived,
                            "catalog interconnect_gbs / 2 (" + gbpsText(*both) + " GB/s, both directions added)"};
}

double ridgeFlopPerByte(double peakTflops, double bandwidthGBps) { return 1000.0 * peakTflops / bandwidthGBps; }

double attainableTflops(double peakTflops, double bandwidthGBps, double intensityFlopPerByte)
{
    return std::min(peakTflops, bandwidthGBps * intensityFlopPerByte / 1000.0);
}

std::string_view unitName(ComputeUnit unit) { return unit == ComputeUnit::Tensor ? "tensor" : "vector"; }
std::string_view sparsityName(Sparsity sparsity) { return sparsity == Sparsity::Dense ? "dense" : "sparse"; }

std::string_view basisName(Basis basis)
{
    switch (basis) {
    case Basis::Sourced: return "sourced";
    case Basis::Derived: return "derived";
    case Basis::Estimate: return "estimate";
    case Basis::Measured: return "measured-in-paper";
    case Basis::Unknown: return "unknown";
    }
    return "unknown";
}

std::string_view memoryLevelName(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::Registers: return "registers";
    case MemoryLevel::SharedL1: return "shared_l1";
    case MemoryLevel::L2: return "l2";
    case MemoryLevel::LastLevelCache: return "last_level_cache";
    case MemoryLevel::DeviceMemory: return "device_memory";
    case MemoryLevel::HostMemory: return "host_memory";
    case MemoryLevel::HostLink: return "host_link";
    case MemoryLevel::ScaleUp: return "scale_up";
    case MemoryLevel::Nvme: return "nvme";
    case MemoryLevel::Network: return "network";
    }
    return "unknown";
}

} // namespace accelscope::models::roofline
