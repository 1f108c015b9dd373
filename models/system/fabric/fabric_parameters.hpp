// SPDX-License-Identifier: MIT
// The named constants of the collective cost model, each with its meaning and source. Latencies are
// NCCL's own (its tuning model); the large-message efficiencies are fitted on the nccl-tests rows that
// data/fabric/FIT.md lists, and judged on the others.
#pragma once

#include "models/system/fabric/collectives.hpp"

#include <string_view>

namespace accelscope::models::system::fabric_parameters {

/// Index of an algorithm in the latency tables: ring, tree, NVLS, NVLS-tree.
enum class LatencyAlgo { Ring, Tree, Nvls, NvlsTree };

/// NCCL's base latency of launching one collective of an algorithm with a protocol, µs
/// (`baseLat` in src/graph/tuning.cc). Rows ring, tree, NVLS, NVLS-tree; columns LL, LL128, Simple.
double baseLatencyUs(LatencyAlgo algo, Protocol protocol);

/// NCCL's per-step hardware latency for a link class, algorithm and protocol, µs (`hwLat` in
/// src/graph/tuning.cc): one step of a ring or tree waits this long for its neighbour's data.
double hopLatencyUs(LinkClass link, LatencyAlgo algo, Protocol protocol);

/// The fraction of a line that carries data: LL packs 4 bytes of data with a 4-byte flag into every
/// 8 bytes (NCCL src/include/device.h, union ncclLLFifoLine); LL128 sends 120 data bytes in every
/// 128-byte line (NCCL_LL128_DATAELEMS / NCCL_LL128_LINEELEMS = 15 / 16); Simple sends data only.
double protocolEfficiency(Protocol protocol);

/// The fraction of a link's nominal per-direction rate that large Simple-protocol transfers achieve.
/// NVLink (Volta to Blackwell): NCCL's own per-link figure over the link's nominal rate (src/graph/topo.h
/// SM70/SM80_NVLINK_BW 20.0, SM90 20.6, SM100 40.1 GB/s against 25, 25, 25, 50 GB/s per link and
/// direction). Other dedicated links (Infinity Fabric, ICI, NeuronLink): fitted. PCIe: NCCL's PCI_BW
/// (12 GB/s) over PCIe 3.0 x16's 15.75 GB/s. Network: fitted. The fits: data/fabric/FIT.md.
double linkEfficiency(LinkClass link, Generation generation);
inline constexpr double fittedDedicatedLinkEfficiency = 0.706;
inline constexpr double fittedNetworkEfficiency = 0.81;

/// The fraction of the achievable NVLink rate (nominal x linkEfficiency) that NVLS all-reduce reaches,
/// as algorithm bandwidth: fitted (data/fabric/FIT.md).
inline constexpr double fittedNvlsEfficiency = 0.66;

/// NCCL's ceiling on the LL protocol's bus bandwidth, GB/s, by generation and node count (llMaxBws).
double llBusBandwidthCapGBps(Generation generation, int nodes);

/// Where each value came from, for --json ("NCCL v2.23.4 src/graph/tuning.cc baseLat", "fitted on ...").
std::string_view latencySource();
std::string_view efficiencySource(LinkClass link, Generation generation);
std::string_view nvlsEfficiencySource();

} // namespace accelscope::models::system::fabric_parameters
