// SPDX-License-Identifier: MIT
// Memory pyramid levels from catalog figures, data/memory/hierarchy.json (sourced, derived, measured-in-paper) and hwloc data.
#include "models/memory/memory_pyramid.hpp"

#include <string_view>

namespace accelscope::models::memory {
namespace {

using roofline::Basis;
using roofline::MemoryLevel;

SourcedValue known(double value, Basis basis, std::string source) { return {value, basis, std::move(source)}; }
SourcedValue unknown(std::string why) { return {std::nullopt, Basis::Unknown, std::move(why)}; }

SourcedValue fromCeiling(const std::optional<roofline::BandwidthCeiling>& c, std::string why)
{
    if (!c) return unknown(std::move(why));
    return known(c->bandwidthGBps, c->basis, c->source);
}

/// A figure of the hierarchy file, evaluated for the device.
SourcedValue fromHierarchy(const ArchitectureHierarchy& entry, const HierarchyValue& v, const catalog::Device& d)
{
    const EvaluatedValue e = evaluateHierarchyValue(entry, v, d);
    if (!e.value) return unknown(e.why);
    std::string source = v.source;
    if (!e.inputs.empty()) source += "; inputs: " + e.inputs;
    return {e.value, v.basis, std::move(source), e.formula};
}

std::string noLatency(const catalog::Device& d)
{
    return "no vendor figure and no microbenchmark paper recorded for " + d.architecture + " in data/memory/hierarchy.json";
}

} // namespace

std::string measuringLab(const catalog::Device& d)
{
    if (d.kind == catalog::DeviceKind::Cpu) return "on this CPU, the cpu-latency and cpu-memory-bandwidth labs measure it";
    if (d.kind == catalog::DeviceKind::Gpu && d.vendor == "NVIDIA") {
        return "on an NVIDIA GPU, the cuda-latency and cuda-bandwidth labs measure it (CUDA builds only)";
    }
    return "no lab in this build measures a " + d.vendor + " " + std::string(catalog::kindName(d.kind)) + " (the GPU labs need CUDA)";
}

MemoryPyramid devicePyramid(const catalog::Device& d, const MemoryHierarchy& hierarchy)
{
    MemoryPyramid out{d.id, d.name, {}};
    const ArchitectureHierarchy* entry = hierarchy.find(d);
    std::optional<SourcedValue> memoryLatency;
    if (entry != nullptr) {
        for (const auto& l : entry->levels) {
            if (l.level == MemoryLevel::DeviceMemory) {
                memoryLatency = fromHierarchy(*entry, l.latency, d);
                continue;
            }
            out.levels.push_back({l.level, l.label, l.scope, fromHierarchy(*entry, l.capacity, d), fromHierarchy(*entry, l.bandwidth, d),
                                  fromHierarchy(*entry, l.latency, d)});
        }
    } else if (const auto mb = d.value(catalog::FigureKey::OnchipMemoryMb)) {
        const std::string kind = d.onchipMemoryKind.empty() ? "On-chip memory" : d.onchipMemoryKind;
        const std::string none = "no entry for " + d.architecture + " in data/memory/hierarchy.json";
        out.levels.push_back({MemoryLevel::L2, kind, "per device", known(*mb * 1e6, Basis::Sourced, "catalog onchip_memory_mb"),
                              unknown(none), unknown(none)});
    }
    const auto gb = d.value(catalog::FigureKey::MemoryGb);
    const auto bw = roofline::deviceMemoryCeiling(d);
    out.levels.push_back({MemoryLevel::DeviceMemory, d.memoryType.empty() ? "Device memory" : d.memoryType, "per device",
                          gb ? known(*gb * 1e9, Basis::Sourced, "catalog memory_gb (bytes; the vendor's GB label is binary)")
                             : unknown("no memory_gb figure in the catalog"),
                          bw ? known(bw->bandwidthGBps, bw->basis, bw->source) : unknown("no memory_bw_gbs figure in the catalog"),
                          memoryLatency ? *memoryLatency : unknown(noLatency(d))});
    if (d.kind != catalog::DeviceKind::Cpu && d.kind != catalog::DeviceKind::Soc) {
        out.levels.push_back({MemoryLevel::HostLink, d.hostLink.empty() ? "Host link" : d.hostLink, "per device",
                              unknown("a link has no capacity"),
                              fromCeiling(roofline::hostLinkCeiling(d), "no host-link figure in the catalog"),
                              unknown("no citable measurement recorded; it depends on the host system")});
        out.levels.push_back({MemoryLevel::HostMemory, "Host DRAM", "per host", unknown("depends on the host system"),
                              unknown("depends on the host system"), unknown("depends on the host system")});
    }
    out.levels.push_back({MemoryLevel::ScaleUp, d.interconnectName.empty() ? "Scale-up link" : d.interconnectName,
                          "per device", unknown("a link has no capacity"),
                          fromCeiling(roofline::scaleUpCeiling(d), "no interconnect_gbs figure in the catalog"),
                          unknown("no citable measurement recorded; it depends on the topology and the collective library")});
    out.levels.push_back({MemoryLevel::Nvme, "Local NVMe", "per host", unknown("depends on the system"),
                          unknown("depends on the system"), unknown("depends on the system")});
    out.levels.push_back({MemoryLevel::Network, "Network", "per host", unknown("not a storage level"),
                          unknown("depends on the system's NICs"), unknown("depends on the system")});
    return out;
}

MemoryPyramid devicePyramid(const catalog::Device& d)
{
    const auto& hierarchy = bundledMemoryHierarchy();
    if (hierarchy) return devicePyramid(d, *hierarchy);
    MemoryPyramid out = devicePyramid(d, MemoryHierarchy{});
    for (auto& l : out.levels) {
        for (SourcedValue* v : {&l.capacityBytes, &l.bandwidthGBps, &l.latencyNs}) {
            if (!v->value) v->source += " (the bundled hierarchy did not load: " + hierarchy.error().message + ")";
        }
    }
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
                              unknown("no figure; the cpu-memory-bandwidth lab measures it"), unknown("no figure; the cpu-latency lab measures it")});
    }
    out.levels.push_back({MemoryLevel::HostMemory, "Host DRAM", "per host",
                          m.memoryBytes > 0 ? known(static_cast<double>(m.memoryBytes), Basis::Sourced, source)
                                            : unknown("not reported"),
                          unknown("no figure; the cpu-memory-bandwidth lab measures it"), unknown("no figure; the cpu-latency lab measures it")});
    return out;
}

} // namespace accelscope::models::memory
