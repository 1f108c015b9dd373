// SPDX-License-Identifier: MIT
// The collective model's constants. NCCL's come from its tuning model, read at commit 5067397c (v2.30.7-1)
// and listed row by row in data/fabric/nccl-tuning-constants.csv; the fitted efficiencies from the rows
// data/fabric/FIT.md names.
#include "models/system/fabric/fabric_parameters.hpp"

namespace accelscope::models::system::fabric_parameters {
namespace {

constexpr int index(Protocol p) { return p == Protocol::Ll ? 0 : p == Protocol::Ll128 ? 1 : 2; }
constexpr int index(LatencyAlgo a) { return static_cast<int>(a); }

// NCCL src/graph/tuning.cc, ncclTunerConstantsDefaults.baseLatencies (L151-153): rows in our order ring,
// tree, NVLS, NVLS-tree (NCCL's order is tree, ring, ..., NVLS, NVLS-tree); columns LL, LL128, Simple.
constexpr double baseLatency[4][3] = {{6.6, 14.0, 8.4}, {6.8, 14.0, 8.4}, {0, 0, 0}, {0, 0, 0}};

// NCCL src/graph/tuning.cc, hwLatencies[NVLINK | PCI | NET][algorithm][protocol] (L159-173).
constexpr double hopLatency[3][4][3] = {
    /* NVLink */ {{0.6, 1.9, 3.4}, {0.6, 1.25, 4.0}, {0, 0, 25}, {0, 0, 25}},
    /* PCI */ {{1.0, 2.5, 5.7}, {1.0, 1.9, 4.0}, {0, 0, 0}, {0, 0, 0}},
    /* NET */ {{2.7, 4.0, 14.0}, {5.0, 8.5, 14.0}, {0, 0, 18}, {0, 0, 20.9}},
};

} // namespace

double baseLatencyUs(LatencyAlgo algo, Protocol protocol) { return baseLatency[index(algo)][index(protocol)]; }

double hopLatencyUs(LinkClass link, LatencyAlgo algo, Protocol protocol)
{
    return hopLatency[static_cast<int>(link)][index(algo)][index(protocol)];
}

double protocolEfficiency(Protocol protocol)
{
    // NCCL tuning.cc: ring LL busBw x 0.5 (4 data bytes per 8-byte line), ring LL128 x 0.92 (its measured
    // factor; the line format alone would give 120/128 = 0.9375).
    switch (protocol) {
    case Protocol::Ll: return 0.5;
    case Protocol::Ll128: return 0.92;
    case Protocol::Simple: return 1.0;
    }
    return 1.0;
}

double llBusBandwidthCapGBps(Generation generation, int nodes)
{
    // NCCL tuning.cc llMaxBws[arch][1 node | 2 nodes | more]: the LL protocol's total bus-bandwidth ceiling.
    constexpr double caps[4][3] = {{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {282.0, 90.0, 70.0}};
    const int column = nodes <= 1 ? 0 : nodes == 2 ? 1 : 2;
    const int row = generation == Generation::Other ? 2 : static_cast<int>(generation); // RCCL/others: Hopper's row
    return caps[row][column];
}

double linkEfficiency(LinkClass link, Generation generation)
{
    switch (link) {
    case LinkClass::NvLink:
        switch (generation) {
        case Generation::Volta:
        case Generation::Ampere: return 20.0 / 25.0;
        case Generation::Hopper: return 20.6 / 25.0;
        case Generation::Blackwell: return 40.1 / 50.0;
        case Generation::Other: return fittedDedicatedLinkEfficiency;
        }
        return fittedDedicatedLinkEfficiency;
    case LinkClass::Pcie: return 12.0 / 15.75;
    case LinkClass::Network: return fittedNetworkEfficiency;
    }
    return 1.0;
}

std::string_view latencySource()
{
    return "NCCL src/graph/tuning.cc at 5067397c (v2.30.7-1): baseLatencies and hwLatencies (data/fabric/nccl-tuning-constants.csv)";
}

std::string_view efficiencySource(LinkClass link, Generation generation)
{
    switch (link) {
    case LinkClass::NvLink:
        return generation == Generation::Other
                   ? "fitted on 8xMI300X-AAC8 all-reduce rows >= 256 MiB (data/fabric/FIT.md)"
                   : "NCCL src/graph/topo.h SM*_NVLINK_BW per link / the link's nominal per-direction rate";
    case LinkClass::Pcie: return "NCCL src/graph/topo.h PCI_BW 12 GB/s / PCIe 3.0 x16 15.75 GB/s";
    case LinkClass::Network: return "fitted on 2x8xA100-80GB-p4de-EFA all-reduce rows >= 256 MiB (data/fabric/FIT.md)";
    }
    return "";
}

std::string_view nvlsEfficiencySource() { return "fitted on GB200-NVL72-2tray-8GPU-OCI all-reduce rows >= 256 MiB (data/fabric/FIT.md)"; }

} // namespace accelscope::models::system::fabric_parameters
