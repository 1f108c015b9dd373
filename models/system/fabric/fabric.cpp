// SPDX-License-Identifier: MIT
// A device's fabric from the catalog: scale-up kind and bandwidth, domain size, NIC share, torus shape.
#include "models/system/fabric/fabric.hpp"

#include "models/common/number_text.hpp"
#include "models/roofline/ceilings.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace accelscope::models::system {
namespace {

using catalog::Device;
using catalog::FigureKey;

bool contains(std::string_view text, std::string_view part)
{
    return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

const Device* findById(std::span<const Device> catalog, std::string_view id)
{
    for (const auto& d : catalog) {
        if (d.id == id) return &d;
    }
    return nullptr;
}

std::string gbs(double value) { return quantityText(value * 1e9, "B/s", 4); }

/// How many of `leafId` one `system` holds, following its parts down (0 when it holds none).
int countInside(const Device& system, std::string_view leafId, std::span<const Device> catalog, int depth = 0)
{
    if (depth > 8) return 0; // a cycle in user data; the catalog validator rejects those for bundled rows
    int total = 0;
    for (const auto& part : system.contains) {
        if (part.deviceId == leafId) {
            total += part.count;
        } else if (const Device* inner = findById(catalog, part.deviceId)) {
            total += part.count * countInside(*inner, leafId, catalog, depth + 1);
        }
    }
    return total;
}

/// The first part, going down, that states a scale-up bandwidth; with how many of it the system holds.
std::pair<const Device*, int> bandwidthPart(const Device& system, std::span<const Device> catalog)
{
    const Device* at = &system;
    int count = 1;
    for (int depth = 0; depth < 8 && !at->contains.empty(); ++depth) {
        const Device* inner = findById(catalog, at->contains.front().deviceId);
        if (inner == nullptr) break;
        count *= at->contains.front().count;
        at = inner;
        if (at->value(FigureKey::InterconnectGbs) || at->value(FigureKey::InterconnectGbsPerDirection)) return {at, count};
    }
    return {nullptr, 0};
}

/// Per-direction scale-up bandwidth of one device of `d` (the roofline's scale-up ceiling, shared by
/// `devicesInDevice` devices), with where it came from; nullopt when the catalog states none.
std::optional<FabricFigure> perDirection(const Device& d, int devicesInDevice)
{
    const auto c = roofline::scaleUpCeiling(d);
    if (!c) return std::nullopt;
    const std::string per = devicesInDevice > 1 ? " / " + std::to_string(devicesInDevice) + " devices in it" : "";
    return FabricFigure{"scale_up_gbs_per_direction", c->bandwidthGBps / devicesInDevice, "GB/s", "catalog " + d.id + ": " + c->source + per, false};
}

/// PCIe per direction: the roofline's host-link ceiling (PCI-SIG per-lane rate x lanes).
std::optional<FabricFigure> pcieFigure(const Device& d)
{
    const auto c = roofline::hostLinkCeiling(d);
    if (!c || c->level != roofline::MemoryLevel::HostLink || !c->label.starts_with("PCIe")) return std::nullopt;
    return FabricFigure{"scale_up_gbs_per_direction", c->bandwidthGBps, "GB/s", "catalog " + d.id + ": " + c->source, false};
}

int linksInName(std::string_view name)
{
    // "Infinity Fabric (7 links)": the number before "link".
    const auto at = name.find("link");
    if (at == std::string_view::npos) return 0;
    std::size_t end = at;
    while (end > 0 && name[end - 1] == ' ') --end;
    std::size_t begin = end;
    while (begin > 0 && std::isdigit(static_cast<unsigned char>(name[begin - 1]))) --begin;
    return begin < end ? std::stoi(std::string(name.substr(begin, end - begin))) : 0;
}

/// A torus shape for `n` devices: a square (2D) or a cube-like (3D) factorisation, axes descending.
std::array<int, 3> torusShape(int n, int dimensions)
{
    std::array<int, 3> best{n, 1, 1};
    if (dimensions < 2) return best;
    double bestSpread = 1e30;
    for (int a = 1; a <= n; ++a) {
        if (n % a) continue;
        for (int b = 1; b <= n / a; ++b) {
            if ((n / a) % b) continue;
            const int c = n / a / b;
            if (dimensions == 2 && c != 1) continue;
            std::array<int, 3> s{a, b, c};
            std::sort(s.begin(), s.end(), std::greater<>());
            const double spread = static_cast<double>(s[0]) / std::max(1, dimensions == 2 ? s[1] : s[2]);
            if (spread < bestSpread) { bestSpread = spread; best = s; }
        }
    }
    return best;
}

} // namespace

std::string_view scaleUpKindName(ScaleUpKind kind)
{
    switch (kind) {
    case ScaleUpKind::Switch: return "switch";
    case ScaleUpKind::FullMesh: return "full-mesh";
    case ScaleUpKind::Torus: return "torus";
    case ScaleUpKind::Pcie: return "pcie";
    }
    return "switch";
}

std::string_view linkClassName(LinkClass link)
{
    switch (link) {
    case LinkClass::NvLink: return "NVLink";
    case LinkClass::Pcie: return "PCIe";
    case LinkClass::Network: return "network";
    }
    return "NVLink";
}

namespace {

struct SystemFacts {
    const Device* domainSystem = nullptr;   ///< smallest system stating a scale-up domain size
    int domainDevices = 0;
    const Device* scaleOutSystem = nullptr; ///< a system stating the NIC share per device
    double scaleOutGBps = 0;
};

SystemFacts systemsAround(const Device& device, std::span<const Device> catalog)
{
    SystemFacts facts;
    if (auto v = device.value(FigureKey::ScaleupDomainDevices)) { facts.domainSystem = &device; facts.domainDevices = static_cast<int>(*v); }
    if (auto v = device.value(FigureKey::ScaleoutGbsPerDevice)) { facts.scaleOutSystem = &device; facts.scaleOutGBps = *v; }
    for (const auto& s : catalog) {
        if (s.contains.empty() || countInside(s, device.id, catalog) == 0) continue;
        // The smallest domain holding the device (HGX's 8 before a rack's), unless a system was named.
        const auto v = s.value(FigureKey::ScaleupDomainDevices);
        if (v && facts.domainSystem != &device && (!facts.domainSystem || *v < facts.domainDevices)) {
            facts.domainSystem = &s;
            facts.domainDevices = static_cast<int>(*v);
        }
        if (auto out = s.value(FigureKey::ScaleoutGbsPerDevice); out && !facts.scaleOutSystem) {
            facts.scaleOutSystem = &s;
            facts.scaleOutGBps = *out;
        }
    }
    return facts;
}

/// Scale-up kind, link class and name from the interconnect's name, kind and topology text.
void classify(const Device& device, const Device* domainSystem, Fabric& f)
{
    const std::string& name = device.interconnectName;
    const std::string topology = domainSystem ? domainSystem->scaleupTopology : device.scaleupTopology;
    f.scaleUpName = name;
    if (device.kind == catalog::DeviceKind::Tpu || contains(name, "ICI") || contains(name, "NeuronLink") ||
        contains(topology, "torus")) {
        f.scaleUp = ScaleUpKind::Torus;
        f.scaleUpLink = LinkClass::NvLink; // dedicated chip-to-chip links: NCCL's NVLink latency class is the nearest
        return;
    }
    if (contains(name, "Infinity Fabric")) {
        f.scaleUp = ScaleUpKind::FullMesh;
        f.linksPerDevice = linksInName(name);
        return;
    }
    if (contains(name, "NVLink") && !contains(name, "bridge")) {
        f.scaleUp = ScaleUpKind::Switch;
        // NVLink SHARP (in-switch reduction) arrived with third-generation NVSwitch (Hopper, NVLink 4):
        // NVIDIA Hopper architecture whitepaper, "NVLink Switch System" / "SHARP in-network computing".
        f.inSwitchReduction = contains(name, "NVLink 4") || contains(name, "NVLink 5") || contains(name, "NVLink 6");
        return;
    }
    f.scaleUp = ScaleUpKind::Pcie;
    f.scaleUpLink = LinkClass::Pcie;
}

Generation generationOf(std::string_view architecture)
{
    if (contains(architecture, "Volta")) return Generation::Volta;
    if (contains(architecture, "Ampere")) return Generation::Ampere;
    if (contains(architecture, "Hopper")) return Generation::Hopper;
    if (contains(architecture, "Blackwell")) return Generation::Blackwell;
    return Generation::Other;
}

} // namespace

Result<Fabric> fabricForDeviceCount(const Device& device, std::span<const Device> catalog, long long devices, int devicesPerNode)
{
    if (devices < 1) return fail(ErrorCode::InvalidArgument, "the device count must be at least 1, not " + std::to_string(devices));
    auto whole = fabricForDevice(device, catalog, FabricRequest{});
    if (!whole) {
        if (devices > 1) return whole;
        Fabric alone;
        alone.deviceId = device.id;
        alone.deviceName = device.name;
        alone.generation = generationOf(device.architecture);
        return alone;
    }
    const long long perNode = devicesPerNode > 0 ? devicesPerNode : std::min<long long>(whole->domainDevices, devices);
    if (devices % perNode != 0) {
        return fail(ErrorCode::InvalidArgument, std::to_string(devices) + " devices do not fill whole nodes of " +
                                                    std::to_string(perNode) + " (--gpus-per-node)");
    }
    return fabricForDevice(device, catalog,
                           FabricRequest{static_cast<int>(perNode), static_cast<int>(devices / perNode), {}, {}});
}

Result<Fabric> fabricForDevice(const Device& device, std::span<const Device> catalog, const FabricRequest& request)
{
    Fabric f;
    f.deviceId = device.id;
    f.deviceName = device.name;
    const SystemFacts facts = systemsAround(device, catalog);
    classify(device, facts.domainSystem, f);
    f.generation = generationOf(device.architecture);

    // Per-device bandwidth: the device's own figure, or (a system named) its first part that states one.
    std::optional<FabricFigure> link;
    if (f.scaleUp != ScaleUpKind::Pcie) link = perDirection(device, 1);
    if (!link && !device.contains.empty()) {
        if (auto [part, count] = bandwidthPart(device, catalog); part) {
            const int perPart = facts.domainDevices > 0 ? std::max(1, facts.domainDevices / std::max(1, count)) : 1;
            link = perDirection(*part, perPart);
            classify(*part, facts.domainSystem, f);
            f.generation = generationOf(part->architecture);
            f.scaleUpName = part->interconnectName;
        }
    }
    if (!link && f.scaleUp == ScaleUpKind::Pcie) link = pcieFigure(device);
    if (f.scaleUp == ScaleUpKind::Pcie) f.scaleUpName = device.hostLink.empty() ? "PCIe" : device.hostLink;
    if (request.scaleUpGBps) {
        if (!(*request.scaleUpGBps > 0)) return fail(ErrorCode::InvalidArgument, "--link-gbs must be a bandwidth above 0 GB/s");
        link = FabricFigure{"scale_up_gbs_per_direction", *request.scaleUpGBps, "GB/s", "given (--link-gbs)", false};
    }
    if (!link) {
        return fail(ErrorCode::InvalidData, "'" + device.id + "' has no interconnect bandwidth in the catalog (interconnect_gbs, "
                                            "interconnect_gbs_per_direction or pcie_gen): give one with --link-gbs");
    }
    f.scaleUpGBps = link->value;
    f.figures.push_back(*link);

    // The domain: a system's stated size, else what the interconnect implies.
    if (facts.domainSystem) {
        f.domainDevices = facts.domainDevices;
        f.figures.push_back({"scale_up_domain_devices", static_cast<double>(f.domainDevices), "devices",
                             "catalog " + facts.domainSystem->id + " scaleup_domain_devices", false});
    } else if (f.scaleUp == ScaleUpKind::Switch) {
        f.domainDevices = 8;
        f.figures.push_back({"scale_up_domain_devices", 8, "devices", "assumed", true});
        f.assumptions.push_back("no system in the catalog names " + device.id + "'s NVLink domain: assumed an 8-GPU NVSwitch baseboard (HGX/DGX)");
    } else if (f.scaleUp == ScaleUpKind::FullMesh) {
        f.domainDevices = f.linksPerDevice > 0 ? f.linksPerDevice + 1 : 8;
        f.figures.push_back({"scale_up_domain_devices", static_cast<double>(f.domainDevices), "devices",
                             "links per device + 1 (a direct link to every peer)", f.linksPerDevice == 0});
    } else if (f.scaleUp == ScaleUpKind::Torus) {
        f.domainDevices = 16;
        f.figures.push_back({"scale_up_domain_devices", 16, "devices", "assumed", true});
        f.assumptions.push_back("no pod or instance in the catalog names " + device.id + "'s torus size: assumed 16 devices (4 x 4)");
    } else {
        f.domainDevices = 8;
        f.figures.push_back({"scale_up_domain_devices", 8, "devices", "assumed: 8 PCIe cards in one server", true});
        f.assumptions.push_back("PCIe only: peer traffic crosses the host's PCIe tree; 8 cards per server assumed");
    }

    f.devicesPerNode = request.devicesPerNode.value_or(f.domainDevices);
    if (f.devicesPerNode < 1) return fail(ErrorCode::InvalidArgument, "--gpus must be at least 1");
    if (f.devicesPerNode > f.domainDevices) {
        return fail(ErrorCode::InvalidArgument, "--gpus " + std::to_string(f.devicesPerNode) + " is more than one scale-up domain of " +
                                                    device.id + " holds (" + std::to_string(f.domainDevices) +
                                                    "): use --nodes for devices beyond it");
    }
    f.nodes = request.nodes.value_or(1);
    if (f.nodes < 1) return fail(ErrorCode::InvalidArgument, "--nodes must be at least 1");
    // Checked before anything multiplies them: 8 x 2,147,483,647 overflowed an int (issue #29, found by UBSan).
    if (1LL * f.devicesPerNode * f.nodes > maxFabricRanks) {
        return fail(ErrorCode::InvalidArgument, "--nodes " + std::to_string(f.nodes) + " x " + std::to_string(f.devicesPerNode) +
                                                    " devices per node is more than " + readableText(maxFabricRanks) + " ranks");
    }

    // Scale-out: the catalog's NIC share per device, else one 400 Gb/s NIC per device (stated).
    if (request.scaleOutGBps) {
        if (!(*request.scaleOutGBps > 0)) return fail(ErrorCode::InvalidArgument, "--nic-gbs must be a bandwidth above 0 GB/s");
        f.scaleOutGBps = *request.scaleOutGBps;
        f.figures.push_back({"scale_out_gbs_per_direction", f.scaleOutGBps, "GB/s", "given (--nic-gbs)", false});
    } else if (facts.scaleOutSystem) {
        f.scaleOutGBps = facts.scaleOutGBps;
        f.figures.push_back({"scale_out_gbs_per_direction", f.scaleOutGBps, "GB/s",
                             "catalog " + facts.scaleOutSystem->id + " scaleout_gbs_per_device", false});
    } else {
        f.scaleOutGBps = 50;
        f.figures.push_back({"scale_out_gbs_per_direction", 50, "GB/s", "assumed: one 400 Gb/s NIC per device", true});
        if (f.nodes > 1) f.assumptions.push_back("no system in the catalog states " + device.id + "'s network: assumed one 400 Gb/s NIC per device (50 GB/s per direction), rail-optimised");
    }
    f.scaleOutName = models::exactText(f.scaleOutGBps * 8) + " Gb/s per device";

    if (f.scaleUp == ScaleUpKind::Torus) {
        const std::string topology = facts.domainSystem ? facts.domainSystem->scaleupTopology : device.scaleupTopology;
        const int dims = contains(topology, "3D") ? 3 : 2;
        f.torusDims = torusShape(f.devicesPerNode, dims);
        // Wrap-around links: a full 2D pod, or 3D slices whose axes are multiples of 4 (Cloud TPU docs:
        // "slices of shape ... (multiples of 4) can be wired as a 3D torus"); smaller slices are meshes.
        f.torusWrap = dims == 3 ? std::all_of(f.torusDims.begin(), f.torusDims.end(), [](int a) { return a == 1 || a % 4 == 0; })
                                : f.devicesPerNode == f.domainDevices;
        f.linksPerDevice = 2 * dims;
        if (!f.torusWrap) f.assumptions.push_back("a torus slice smaller than its wrap-around unit is a mesh: rings along an axis run both ways over the same links");
    }
    return f;
}

Topology topologyOf(const Fabric& f)
{
    Topology t;
    const int shownNodes = std::min(f.nodes, 4);
    const std::string linkLabel = f.scaleUpName + ": " + gbs(f.scaleUpGBps) + " per direction";
    for (int node = 0; node < shownNodes; ++node) {
        const std::string prefix = f.nodes > 1 ? "n" + std::to_string(node) + "." : "";
        const std::string hub = prefix + (f.scaleUp == ScaleUpKind::Pcie ? "pcie" : "switch");
        if (f.scaleUp == ScaleUpKind::Switch || f.scaleUp == ScaleUpKind::Pcie) {
            t.nodes.push_back({hub, "switch", f.scaleUp == ScaleUpKind::Pcie ? "PCIe switch / root complex" : "NVSwitch plane", node});
        }
        for (int g = 0; g < f.devicesPerNode; ++g) {
            const std::string id = prefix + "gpu" + std::to_string(g);
            t.nodes.push_back({id, "device", "device " + std::to_string(g), node});
            if (f.scaleUp == ScaleUpKind::Switch || f.scaleUp == ScaleUpKind::Pcie) t.links.push_back({id, hub, f.scaleUpGBps, linkLabel});
            if (f.nodes > 1) {
                const std::string nic = prefix + "nic" + std::to_string(g);
                t.nodes.push_back({nic, "nic", "NIC " + std::to_string(g), node});
                t.links.push_back({id, nic, f.scaleOutGBps, "NIC: " + gbs(f.scaleOutGBps) + " per direction"});
                t.links.push_back({nic, "network", f.scaleOutGBps, "network port"});
            }
        }
        if (f.scaleUp == ScaleUpKind::FullMesh) {
            const double perLink = f.scaleUpGBps / std::max(1, f.linksPerDevice > 0 ? f.linksPerDevice : f.devicesPerNode - 1);
            for (int a = 0; a < f.devicesPerNode; ++a) {
                for (int b = a + 1; b < f.devicesPerNode; ++b) {
                    t.links.push_back({prefix + "gpu" + std::to_string(a), prefix + "gpu" + std::to_string(b), perLink,
                                       f.scaleUpName + ": " + gbs(perLink) + " per direction"});
                }
            }
        }
        if (f.scaleUp == ScaleUpKind::Torus) {
            const auto& d = f.torusDims;
            const double perLink = f.scaleUpGBps / std::max(1, f.linksPerDevice);
            auto index = [&](int x, int y, int z) { return prefix + "gpu" + std::to_string((z * d[1] + y) * d[0] + x); };
            for (int z = 0; z < d[2]; ++z) {
                for (int y = 0; y < d[1]; ++y) {
                    for (int x = 0; x < d[0]; ++x) {
                        const int coords[3] = {x, y, z};
                        for (int axis = 0; axis < 3; ++axis) {
                            if (d[axis] < 2) continue;
                            int next[3] = {x, y, z};
                            next[axis] = coords[axis] + 1;
                            if (next[axis] == d[axis]) {
                                if (!f.torusWrap || d[axis] < 3) continue;
                                next[axis] = 0;
                            }
                            t.links.push_back({index(x, y, z), index(next[0], next[1], next[2]), perLink,
                                               f.scaleUpName + ": " + gbs(perLink) + " per direction"});
                        }
                    }
                }
            }
        }
    }
    if (f.nodes > 1) t.nodes.push_back({"network", "network", "network (" + std::to_string(f.nodes) + " nodes)", -1});
    return t;
}

} // namespace accelscope::models::system
