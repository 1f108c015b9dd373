// SPDX-License-Identifier: MIT
// The fabric one collective runs on: a scale-up domain (NVSwitch, full mesh, torus, PCIe) and the network
// between domains, built from the catalog's interconnect, scale-up and scale-out figures.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// How the devices of one scale-up domain are wired.
enum class ScaleUpKind {
    Switch,   ///< every device to a switch plane (NVSwitch / NVLink Switch): any pair at full per-device bandwidth
    FullMesh, ///< a direct link to every peer (AMD Infinity Fabric on 8-GPU boards): rings use all links at once
    Torus,    ///< links to neighbours only, per axis (TPU ICI, Trainium NeuronLink)
    Pcie,     ///< no device-to-device fabric: peer traffic crosses PCIe
};

/// The three link classes NCCL's cost model distinguishes (latency per step, efficiency).
enum class LinkClass { NvLink, Pcie, Network };

/// The GPU generation NCCL's per-architecture constants are indexed by (Volta sm70, Ampere sm80,
/// Hopper sm90, Blackwell sm100); Other for devices NCCL does not tune (AMD under RCCL, TPU, ASICs),
/// which take Hopper's row, said in the fabric's assumptions.
enum class Generation { Volta, Ampere, Hopper, Blackwell, Other };

/// Where one figure of a fabric came from: the catalog (device and key), a formula over catalog figures,
/// the caller, or an assumption stated in words.
struct FabricFigure {
    std::string name;   ///< "scale_up_gbs_per_direction"
    double value = 0;
    std::string unit;   ///< "GB/s"
    std::string origin; ///< "catalog nvidia-h100-sxm interconnect_gbs = 900 GB/s (both directions) / 2"
    bool assumed = false;
};

/// One fabric: `nodes` scale-up domains of `devicesPerNode` devices, joined by a network.
/// Bandwidths are per device and per direction, in GB/s (10^9 B/s), as the link's nominal rate.
struct Fabric {
    std::string deviceId;
    std::string deviceName;
    Generation generation = Generation::Other;
    ScaleUpKind scaleUp = ScaleUpKind::Switch;
    LinkClass scaleUpLink = LinkClass::NvLink;
    std::string scaleUpName;          ///< "NVLink 4", "Infinity Fabric", "ICI", "PCIe 5.0 x16"
    int devicesPerNode = 1;           ///< devices taking part in each scale-up domain
    int domainDevices = 1;            ///< the most devices one domain can hold (8 on HGX, 72 on NVL72)
    double scaleUpGBps = 0;           ///< per device, per direction, all its scale-up links together
    int linksPerDevice = 0;           ///< full mesh: links to peers; torus: ports; 0 when not known
    std::array<int, 3> torusDims{1, 1, 1};
    bool torusWrap = true;            ///< wrap-around links on every torus axis longer than 2
    bool inSwitchReduction = false;   ///< the switch reduces (NVLink SHARP: NVLS), third-generation NVSwitch on
    int nodes = 1;                    ///< scale-up domains joined by the network
    double scaleOutGBps = 0;          ///< per device, per direction: its share of the node's NICs
    std::string scaleOutName;         ///< "400 Gb/s InfiniBand NDR per GPU"
    std::vector<FabricFigure> figures;
    std::vector<std::string> assumptions; ///< every choice not read from the catalog, in words

    int ranks() const { return devicesPerNode * nodes; }
};

/// The most ranks (devices per node x nodes) a fabric takes: the project's device limit (65,536, as the planners').
constexpr long long maxFabricRanks = 65536;

/// What the caller fixes; unset fields come from the catalog (or stated assumptions).
struct FabricRequest {
    std::optional<int> devicesPerNode;    ///< --gpus: devices per scale-up domain taking part
    std::optional<int> nodes;             ///< --nodes
    std::optional<double> scaleUpGBps;    ///< --link-gbs: per device per direction (what-if)
    std::optional<double> scaleOutGBps;   ///< --nic-gbs: per device per direction (what-if)
};

/// The fabric of `device` from its catalog figures and the systems in `catalog` that contain it
/// (a DGX/HGX node or an NVL72 rack gives the domain size and the NIC share). Errors name the option:
/// more devices than one domain holds, nodes < 1, no bandwidth figure and none given.
Result<Fabric> fabricForDevice(const catalog::Device& device, std::span<const catalog::Device> catalog,
                               const FabricRequest& request);

/// The fabric for `devices` devices of `device` placed in whole scale-up domains: `devicesPerNode` per domain
/// when above 0 (--gpus-per-node), else as many as one domain holds, at most `devices`; the nodes follow.
/// One device talks to no one: when the catalog has no link figure for it, it gets an empty fabric instead of
/// an error. Errors: devices < 1, a count that does not fill whole domains (naming --gpus-per-node), and
/// those of fabricForDevice.
Result<Fabric> fabricForDeviceCount(const catalog::Device& device, std::span<const catalog::Device> catalog, long long devices,
                                    int devicesPerNode = 0);

/// "switch", "full-mesh", "torus", "pcie".
std::string_view scaleUpKindName(ScaleUpKind kind);
/// "NVLink", "PCIe", "network".
std::string_view linkClassName(LinkClass link);

/// One vertex of the drawn topology: a device, a switch, a NIC or the network.
struct TopologyNode {
    std::string id;    ///< "gpu0", "nvswitch", "nic3", "network"
    std::string kind;  ///< "device", "switch", "nic", "network"
    std::string label; ///< "GPU 0", "NVSwitch plane", "NIC 3"
    int node = 0;      ///< which scale-up domain
};

/// One edge, bandwidth per direction.
struct TopologyLink {
    std::string from;
    std::string to;
    double gbpsPerDirection = 0;
    std::string label; ///< "NVLink 4: 450 GB/s per direction"
};

/// The graph of a fabric for drawing and for `fabric topology`: one node's devices, switch and NICs
/// in full, further nodes as their NICs on the network.
struct Topology {
    std::vector<TopologyNode> nodes;
    std::vector<TopologyLink> links;
};

/// The graph of `fabric` (pure: no catalog access).
Topology topologyOf(const Fabric& fabric);

} // namespace accelscope::models::system
