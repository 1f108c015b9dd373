// SPDX-License-Identifier: MIT
// Collective communication on a fabric: ring, tree, NVLS, NVLS-tree and hierarchical algorithms in
// one alpha-beta convention, with nccl-tests' algorithm and bus bandwidth and the library's choice.
#pragma once

#include "models/common/result.hpp"
#include "models/system/fabric/fabric.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// The collectives nccl-tests measures (send/recv as its sendrecv_perf: one pair).
enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast, SendRecv };

/// Algorithms. Auto picks the fastest that NCCL would consider (ring, tree, NVLS, NVLS-tree);
/// Hierarchical (reduce-scatter in the node, all-reduce across nodes, all-gather in the node, one after
/// the other) is the textbook scheme, shown when asked for.
enum class Algorithm { Auto, Ring, Tree, Nvls, NvlsTree, Hierarchical, Torus, Direct };

/// NCCL's wire protocols: LL (8-byte lines, 4 bytes of data and a flag), LL128 (128-byte lines, 120
/// bytes of data), Simple (bulk copies behind fences).
enum class Protocol { Ll, Ll128, Simple };

/// One named term of an estimate, for --json and the page's breakdown.
struct CollectiveTerm {
    std::string name;  ///< "latency", "bandwidth", "alpha_per_step"
    double value = 0;
    std::string unit;  ///< "µs", "GB/s", "steps"
    std::string meaning;
};

/// The time of one collective and how it was made up. Times in µs, bandwidths in GB/s (10^9 B/s).
struct CollectiveEstimate {
    Collective op = Collective::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
    int ranks = 1;
    double bytes = 0;          ///< nccl-tests' "size": the buffer each rank holds (all-gather: the gathered output)
    double timeUs = 0;
    double latencyUs = 0;      ///< the alpha part: base latency + steps x per-step latency
    double bandwidthUs = 0;    ///< the beta part: bytes on the busiest link / its effective rate
    double algbwGBps = 0;      ///< bytes / time (nccl-tests' algbw)
    double busbwGBps = 0;      ///< algbw x busFactor (nccl-tests' busbw)
    double busFactor = 1;      ///< 2(n-1)/n all-reduce, (n-1)/n all-gather, reduce-scatter, all-to-all; 1 otherwise
    double wireGBps = 0;       ///< effective rate of the busiest link, per direction, after protocol and efficiency
    double linkGBps = 0;       ///< nominal per-direction rate of that link
    std::string bottleneck;    ///< "NVLink 4", "network", "PCIe"
    int steps = 0;             ///< latency-bearing steps of the algorithm
    std::string choice;        ///< why this algorithm and protocol (auto: the fastest of the candidates)
    std::vector<CollectiveTerm> terms;
};

/// Estimates `op` of `bytes` on `fabric` with `algorithm` (Auto: the fastest candidate, with
/// its protocol) and `protocol` (nullopt: the fastest protocol for that algorithm). Errors name the
/// argument: bytes <= 0 or non-finite, an algorithm the fabric or collective does not have.
Result<CollectiveEstimate> estimateCollective(const Fabric& fabric, Collective op, double bytes,
                                              Algorithm algorithm = Algorithm::Auto,
                                              std::optional<Protocol> protocol = std::nullopt);

/// Estimates at `points` message sizes spaced evenly in log scale from `fromBytes` to `toBytes`
/// (inclusive; points >= 2). The same algorithm/protocol rules as estimateCollective at each size.
Result<std::vector<CollectiveEstimate>> sweepCollective(const Fabric& fabric, Collective op, double fromBytes, double toBytes,
                                                        int points, Algorithm algorithm = Algorithm::Auto,
                                                        std::optional<Protocol> protocol = std::nullopt);

/// Bytes one rank sends per direction in a ring `op` over `ranks` ranks (the beta term's numerator):
/// all-reduce 2(n-1)/n S (reduce-scatter then all-gather; Patarasuk and Yuan, JPDC 69(2), 2009),
/// all-gather, reduce-scatter and all-to-all (n-1)/n S, broadcast and send/recv S; 0 for one rank.
double ringBytesPerRank(Collective op, int ranks, double bytes);
/// Latency-bearing steps of a ring `op`: 2(n-1) all-reduce, n-1 the others with n > 1; 0 for one rank.
int ringSteps(Collective op, int ranks);

/// The alpha-beta ring every planner and lesson uses when it holds a bare link rather than a fabric:
/// baseUs + ringSteps x stepUs + ringBytesPerRank / linkGBps, in µs (linkGBps per direction, > 0, as the
/// caller's effective rate). 0 for one rank. The fabric model's single-node ring is this with NCCL's
/// constants and the link's efficiency.
double ringCollectiveUs(Collective op, double bytes, int ranks, double linkGBps, double baseUs, double stepUs);

/// nccl-tests' bus-bandwidth factor for `op` over `ranks` ranks.
double busBandwidthFactor(Collective op, int ranks);

/// Names as the CLI and JSON spell them ("all-reduce", "nvls-tree", "ll128") and their parsers.
std::string_view collectiveName(Collective op);
std::string_view algorithmName(Algorithm algorithm);
std::string_view protocolName(Protocol protocol);
std::optional<Collective> collectiveFromName(std::string_view name);
std::optional<Algorithm> algorithmFromName(std::string_view name);
std::optional<Protocol> protocolFromName(std::string_view name);

} // namespace accelscope::models::system
