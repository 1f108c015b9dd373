// SPDX-License-Identifier: MIT
// Memory pyramid levels from catalog figures, architecture whitepapers and hwloc data.
#include "models/memory/memory_pyramid.hpp"

#include <array>
#include <string_view>

namespace accelscope::models::memory {
namespace {

using roofline::Basis;
using roofline::MemoryLevel;

constexpr double kib = 1024.0;

/// Per-SM on-chip memory printed in NVIDIA's architecture whitepapers.
struct ArchitectureFacts {
    std::string_view architectureTag; ///< substring of Device::architecture
    double registerFileBytesPerSm;
    double sharedMemoryBytesPerSm;    ///< the largest configurable shared-memory carve-out
    double l2Bytes;
    std::string_view source;
};

constexpr std::array architectureFacts{
    ArchitectureFacts{"GV100", 256 * kib, 96 * kib, 6144 * kib,
                      "NVIDIA Tesla V100 GPU Architecture whitepaper (2017), Table 1 'Comparison of NVIDIA Tesla GPUs': "
                      "Register File Size/SM 256 KB, Shared Memory Size/SM configurable up to 96 KB, L2 Cache Size 6144 KB; "
                      "https://images.nvidia.com/content/volta-architecture/pdf/volta-architecture-whitepaper.pdf"},
    ArchitectureFacts{"GA100", 256 * kib, 164 * kib, 40960 * kib,
                      "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020), Table 3: Register File Size/SM 256 KB, "
                      "Shared Memory Size/SM configurable up to 164 KB, L2 Cache Size 40960 KB; "
                      "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf"},
    ArchitectureFacts{"GH100", 256 * kib, 228 * kib, 50 * 1024 * kib,
                      "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022), Table 3: Register File Size/SM 256 KB, "
                      "Shared Memory Size/SM configurable up to 228 KB, L2 Cache Size 50 MB (H100 SXM5/PCIe); "
                      "https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper"},
};

const ArchitectureFacts* factsFor(const catalog::Device& d)
{
    for (const auto& f : architectureFacts) {
        if (d.architecture.find(f.architectureTag) != std::string::npos) return &f;
    }
    return nullptr;
}

SourcedValue known(double value, Basis basis, std::string source) { return {value, basis, std::move(source)}; }
SourcedValue unknown(std::string why) { return {std::nullopt, Basis::Unknown, std::move(why)}; }

SourcedValue fromCeiling(const std::optional<roofline::BandwidthCeiling>& c, std::string why)
{
    if (!c) return unknown(std::move(why));
    return known(c->bandwidthGBps, c->basis, c->source);
}

constexpr std::string_view noLatency = "no datasheet figure; measure with the latency lab";

} // namespace

MemoryPyramid devicePyramid(const catalog::Device& d)
{
    MemoryPyramid out{d.id, d.name, {}};
    const ArchitectureFacts* facts = factsFor(d);
    const std::string sm = d.computeUnitName.empty() ? "compute unit" : d.computeUnitName;
    const std::string noArch = "not printed for this architecture in a source the catalog uses";
    if (facts != nullptr) {
        out.levels.push_back({MemoryLevel::Registers, "Register file", "per " + sm,
                              known(facts->registerFileBytesPerSm, Basis::Sourced, std::string(facts->source)),
                              unknown(noArch), unknown(std::string(noLatency))});
        out.levels.push_back({MemoryLevel::SharedL1, "Shared memory / L1", "per " + sm,
                              known(facts->sharedMemoryBytesPerSm, Basis::Sourced, std::string(facts->source)),
                              unknown(noArch), unknown(std::string(noLatency))});
    }
    if (const auto mb = d.value(catalog::FigureKey::OnchipMemoryMb)) {
        const std::string kind = d.onchipMemoryKind.empty() ? "On-chip memory" : d.onchipMemoryKind;
        out.levels.push_back({MemoryLevel::L2, kind, "per device", known(*mb * 1e6, Basis::Sourced, "catalog onchip_memory_mb"),
                              unknown(noArch), unknown(std::string(noLatency))});
    } else if (facts != nullptr) {
        out.levels.push_back({MemoryLevel::L2, "L2 cache", "per device", known(facts->l2Bytes, Basis::Sourced, std::string(facts->source)),
                              unknown(noArch), unknown(std::string(noLatency))});
    }
    const auto gb = d.value(catalog::FigureKey::MemoryGb);
    const auto bw = roofline::deviceMemoryCeiling(d);
    out.levels.push_back({MemoryLevel::DeviceMemory, d.memoryType.empty() ? "Device memory" : d.memoryType, "per device",
                          gb ? known(*gb * 1e9, Basis::Sourced, "catalog memory_gb (bytes; the vendor's GB label is binary)")
                             : unknown("no memory_gb figure in the catalog"),
                          bw ? known(bw->bandwidthGBps, bw->basis, bw->source) : unknown("no memory_bw_gbs figure in the catalog"),
                          unknown(std::string(noLatency))});
    if (d.kind != catalog::DeviceKind::Cpu && d.kind != catalog::DeviceKind::Soc) {
        out.levels.push_back({MemoryLevel::HostLink, d.hostLink.empty() ? "Host link" : d.hostLink, "per device",
                              unknown("a link has no capacity"),
                              fromCeiling(roofline::hostLinkCeiling(d), "no host-link figure in the catalog"),
                              unknown(std::string(noLatency))});
        out.levels.push_back({MemoryLevel::HostMemory, "Host DRAM", "per host", unknown("depends on the host system"),
                              unknown("depends on the host system"), unknown("depends on the host system")});
    }
    out.levels.push_back({MemoryLevel::ScaleUp, d.interconnectName.empty() ? "Scale-up link" : d.interconnectName,
                          "per device", unknown("a link has no capacity"),
                          fromCeiling(roofline::scaleUpCeiling(d), "no interconnect_gbs figure in the catalog"),
                          unknown(std::string(noLatency))});
    out.levels.push_back({MemoryLevel::Nvme, "Local NVMe", "per host", unknown("depends on the system"),
                          unknown("depends on the system"), unknown("depends on the system")});
    out.levels.push_back({MemoryLevel::Network, "Network", "per host", unknown("not a storage level"),
                          unknown("depends on the system's NICs"), unknown("depends on the system")});
    return out;
}

MemoryPyramid localPyramid(const LocalMachine& m)
{
    MemoryPyramid out{"local", m.cpuModel.empty() ? "local machine" : m.cpuModel, {}};
    const std::string source = m.topologySource.empty() ? "hwloc" : m.topologySource;
    for (const auto& c : m.caches) {
        if (c.type == "instruction") continue;
        const MemoryLevel level = c.level == 1 ? MemoryLevel::SharedL1 : MemoryLevel::L2;
        out.levels.push_back({level, "L" + std::to_string(c.level) + " " + c.type + " cache",
                              "per instance (x" + std::to_string(c.instances) + ")",
                              known(static_cast<double>(c.sizeBytes), Basis::Sourced, source),
                              unknown("measure with the memory-bandwidth lab"), unknown("measure with the latency lab")});
    }
    out.levels.push_back({MemoryLevel::HostMemory, "Host DRAM", "per host",
                          m.memoryBytes > 0 ? known(static_cast<double>(m.memoryBytes), Basis::Sourced, source)
                                            : unknown("not reported"),
                          unknown("measure with the memory-bandwidth lab"), unknown("measure with the latency lab")});
    return out;
}

} // namespace accelscope::models::memory
