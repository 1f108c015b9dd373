// SPDX-License-Identifier: MIT
// Collective cost: time = latency (base + steps x per-step latency) + the busiest resource's bytes / its rate.
// Each algorithm states the bytes one rank moves per direction over its scale-up links and over its NIC;
// channels run in parallel, so the slower of the two sets the bandwidth term.
#include "models/system/fabric/collectives.hpp"

#include "models/common/number_text.hpp"
#include "models/system/fabric/fabric_parameters.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace accelscope::models::system {
namespace {

namespace fp = fabric_parameters;

/// What one algorithm asks of the fabric for one collective: bytes per rank per direction on each
/// resource and the steps that carry latency.
struct Load {
    double scaleUpBytes = 0;   ///< over the device's scale-up links (all of them together)
    double networkBytes = 0;   ///< over the device's NIC share
    double scaleUpRateGBps = 0;///< effective rate of the scale-up side for this algorithm (0: use the link's)
    double latencyUs = 0;
    int steps = 0;
    bool sequential = false;   ///< phases one after the other (hierarchical) instead of overlapped
};

fp::LatencyAlgo latencyAlgo(Algorithm a)
{
    switch (a) {
    case Algorithm::Tree: return fp::LatencyAlgo::Tree;
    case Algorithm::Nvls: return fp::LatencyAlgo::Nvls;
    case Algorithm::NvlsTree: return fp::LatencyAlgo::NvlsTree;
    default: return fp::LatencyAlgo::Ring;
    }
}

int log2Ceil(int n)
{
    int steps = 0;
    while ((1 << steps) < n) ++steps;
    return steps;
}

/// Latency of `intraSteps` steps on the scale-up link and `interSteps` on the network, plus the base.
double latency(const Fabric& f, Algorithm a, Protocol p, int intraSteps, int interSteps)
{
    const auto algo = latencyAlgo(a);
    return fp::baseLatencyUs(algo, p) + intraSteps * fp::hopLatencyUs(f.scaleUpLink, algo, p) +
           interSteps * fp::hopLatencyUs(LinkClass::Network, algo, p);
}

/// The load of `a` for `op`, or nullopt when the algorithm does not apply to this fabric or collective.
std::optional<Load> loadOf(const Fabric& f, Collective op, Algorithm a, Protocol p, double s)
{
    const int n = f.ranks();
    const int g = f.devicesPerNode;
    const int k = f.nodes;
    const double exitShare = k > 1 ? 1.0 / g : 0.0; // rail-optimised rings: each GPU is one channel's exit to the network
    Load l;
    const bool reduces = op == Collective::AllReduce || op == Collective::ReduceScatter;
    switch (a) {
    case Algorithm::Ring: {
        if (f.scaleUp == ScaleUpKind::Torus && k == 1) return std::nullopt; // a torus runs rings per axis (Torus)
        if (op == Collective::AllToAll || op == Collective::SendRecv) return std::nullopt;
        const double perRank = ringBytesPerRank(op, n, s);
        const int steps = ringSteps(op, n);
        l.scaleUpBytes = perRank * (1.0 - exitShare);
        l.networkBytes = perRank * exitShare;
        const int interSteps = k > 1 ? (op == Collective::AllReduce ? 2 * (k - 1) : k - 1) : 0;
        l.steps = steps;
        l.latencyUs = latency(f, a, p, steps - interSteps, interSteps);
        return l;
    }
    case Algorithm::Tree: {
        if (op != Collective::AllReduce || f.scaleUp == ScaleUpKind::Torus) return std::nullopt;
        // A chain inside the node (reduce one way, broadcast back: 2S out of every rank) and a double binary
        // tree across nodes, whose nodes send 2(k-1)/k S each, shared by the node's NICs.
        l.scaleUpBytes = 2.0 * s;
        l.networkBytes = k > 1 ? 2.0 * (k - 1) / k * s / g : 0.0;
        l.steps = 2 * ((g - 1) + log2Ceil(k));
        l.latencyUs = latency(f, a, p, 2 * (g - 1), 2 * log2Ceil(k));
        return l;
    }
    case Algorithm::Nvls:
    case Algorithm::NvlsTree: {
        if (!f.inSwitchReduction || p != Protocol::Simple || op != Collective::AllReduce) return std::nullopt;
        if ((a == Algorithm::Nvls) != (k == 1)) return std::nullopt;
        // The switch reduces: each GPU sends its buffer once and receives the result once (S each way).
        l.scaleUpBytes = s;
        l.scaleUpRateGBps = f.scaleUpGBps * fp::linkEfficiency(f.scaleUpLink, f.generation) * fp::fittedNvlsEfficiency;
        l.networkBytes = k > 1 ? 2.0 * (k - 1) / k * s / g : 0.0;
        l.steps = k > 1 ? 2 * log2Ceil(k) : 1;
        l.latencyUs = latency(f, a, p, 1, k > 1 ? 2 * log2Ceil(k) : 0);
        return l;
    }
    case Algorithm::Hierarchical: {
        if (op != Collective::AllReduce || k < 2) return std::nullopt;
        // Reduce-scatter in the node, all-reduce of S/g across nodes per rail, all-gather in the node.
        l.scaleUpBytes = 2.0 * (g - 1) / g * s;
        l.networkBytes = 2.0 * (k - 1) / k * s / g;
        l.sequential = true;
        l.steps = 2 * (g - 1) + 2 * (k - 1);
        l.latencyUs = latency(f, Algorithm::Ring, p, 2 * (g - 1), 2 * (k - 1));
        return l;
    }
    case Algorithm::Torus: {
        if (f.scaleUp != ScaleUpKind::Torus || k > 1 || !(reduces || op == Collective::AllGather)) return std::nullopt;
        // Rings along each axis in turn, both directions at once when the axis wraps (half the data each way),
        // one direction's worth when it does not; reduce-scatter shrinks the data each axis passes on.
        const double linkGBps = f.scaleUpGBps / std::max(1, f.linksPerDevice);
        double seconds = 0;
        double remaining = s;
        int steps = 0;
        for (const int d : f.torusDims) {
            if (d < 2) continue;
            const double ways = f.torusWrap && d > 2 ? 2.0 : 1.0;
            seconds += double(d - 1) / d * remaining / (ways * linkGBps * 1e9 * fp::linkEfficiency(f.scaleUpLink, f.generation) *
                                                        fp::protocolEfficiency(p));
            remaining /= d;
            steps += d - 1;
        }
        if (op == Collective::AllReduce) { seconds *= 2; steps *= 2; }
        // Expressed as bytes over the per-device rate so the estimate's terms stay in one form.
        l.scaleUpRateGBps = f.scaleUpGBps;
        l.scaleUpBytes = seconds * f.scaleUpGBps * 1e9;
        l.steps = steps;
        l.latencyUs = latency(f, Algorithm::Ring, p, steps, 0);
        return l;
    }
    case Algorithm::Direct: {
        if (op != Collective::AllToAll && op != Collective::SendRecv) return std::nullopt;
        if (op == Collective::SendRecv) {
            // sendrecv_perf: every rank sends S to the next; across nodes the pair meets over the NIC.
            (k > 1 ? l.networkBytes : l.scaleUpBytes) = s;
        } else {
            if (f.scaleUp == ScaleUpKind::Torus) return std::nullopt;
            l.scaleUpBytes = double(g - 1) / n * s; // to the peers in the node
            l.networkBytes = double(n - g) / n * s; // to every peer in other nodes
        }
        l.steps = 1;
        l.latencyUs = latency(f, Algorithm::Ring, p, k > 1 ? 0 : 1, k > 1 ? 1 : 0);
        return l;
    }
    case Algorithm::Auto: break;
    }
    return std::nullopt;
}

CollectiveEstimate evaluate(const Fabric& f, Collective op, Algorithm a, Protocol p, double s, const Load& l)
{
    CollectiveEstimate e;
    e.op = op;
    e.algorithm = a;
    e.protocol = p;
    e.ranks = f.ranks();
    e.bytes = s;
    const double protocol = fp::protocolEfficiency(p);
    const double upRate = (l.scaleUpRateGBps > 0 ? l.scaleUpRateGBps : f.scaleUpGBps * fp::linkEfficiency(f.scaleUpLink, f.generation)) *
                          (a == Algorithm::Torus ? 1.0 : protocol);
    const double netRate = f.scaleOutGBps * fp::linkEfficiency(LinkClass::Network, f.generation) * protocol;
    const double upUs = l.scaleUpBytes > 0 ? l.scaleUpBytes / (upRate * 1e3) : 0.0; // bytes / (GB/s x 1e3) = µs
    const double netUs = l.networkBytes > 0 ? l.networkBytes / (netRate * 1e3) : 0.0;
    e.bandwidthUs = l.sequential ? upUs + netUs : std::max(upUs, netUs);
    const double factor = busBandwidthFactor(op, f.ranks());
    if (p == Protocol::Ll && (a == Algorithm::Ring || a == Algorithm::Tree)) {
        // NCCL caps LL's bus bandwidth per generation and node count (llMaxBws): its flag polling saturates first.
        const double capUs = s * factor / (fp::llBusBandwidthCapGBps(f.generation, f.nodes) * 1e3);
        e.bandwidthUs = std::max(e.bandwidthUs, capUs);
    }
    const bool networkBound = netUs > upUs;
    e.bottleneck = networkBound ? "network (" + f.scaleOutName + ")" : f.scaleUpName;
    e.wireGBps = networkBound ? netRate : upRate;
    e.linkGBps = networkBound ? f.scaleOutGBps : f.scaleUpGBps;
    if (a == Algorithm::Torus) { // one torus link, not the device's sum of them
        e.linkGBps = f.scaleUpGBps / std::max(1, f.linksPerDevice);
        e.wireGBps = e.linkGBps * fp::linkEfficiency(f.scaleUpLink, f.generation) * protocol;
    }
    e.latencyUs = l.latencyUs;
    e.steps = l.steps;
    e.timeUs = e.latencyUs + e.bandwidthUs;
    e.algbwGBps = s / (e.timeUs * 1e3);
    e.busFactor = busBandwidthFactor(op, e.ranks);
    e.busbwGBps = e.algbwGBps * e.busFactor;
    e.terms = {
        {"latency", e.latencyUs, "µs", "base latency + steps x per-step latency (NCCL's tuning constants)"},
        {"bandwidth", e.bandwidthUs, "µs", l.sequential ? "scale-up phases + network phase, one after the other"
                                                        : "the busier of scale-up and network: bytes / effective rate"},
        {"scale_up_bytes_per_rank", l.scaleUpBytes, "B", "per direction, over the device's scale-up links"},
        {"network_bytes_per_rank", l.networkBytes, "B", "per direction, over the device's NIC share"},
        {"scale_up_effective_gbs", upRate, "GB/s", "nominal per-direction rate x link efficiency x protocol efficiency"},
        {"network_effective_gbs", f.nodes > 1 ? netRate : 0.0, "GB/s", "NIC share x network efficiency x protocol efficiency"},
        {"protocol_efficiency", protocol, "", "data bytes per wire byte of the protocol"},
        {"steps", double(l.steps), "steps", "latency-bearing steps of the algorithm"},
    };
    return e;
}

constexpr std::array<Algorithm, 7> candidates{Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls, Algorithm::NvlsTree,
                                               Algorithm::Torus, Algorithm::Direct, Algorithm::Hierarchical};
constexpr std::array<Protocol, 3> protocols{Protocol::Ll, Protocol::Ll128, Protocol::Simple};

} // namespace

double ringBytesPerRank(Collective op, int ranks, double bytes)
{
    if (ranks <= 1) return 0.0;
    const double n = ranks;
    switch (op) {
    case Collective::AllReduce: return 2.0 * (n - 1) / n * bytes;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll: return (n - 1) / n * bytes;
    case Collective::Broadcast:
    case Collective::SendRecv: return bytes;
    }
    return bytes;
}

int ringSteps(Collective op, int ranks)
{
    if (ranks <= 1) return 0;
    return op == Collective::AllReduce ? 2 * (ranks - 1) : ranks - 1;
}

double ringCollectiveUs(Collective op, double bytes, int ranks, double linkGBps, double baseUs, double stepUs)
{
    if (ranks <= 1) return 0.0;
    return baseUs + ringSteps(op, ranks) * stepUs + ringBytesPerRank(op, ranks, bytes) / (linkGBps * 1e3);
}

double busBandwidthFactor(Collective op, int ranks)
{
    const double n = ranks;
    switch (op) {
    case Collective::AllReduce: return ranks > 1 ? 2.0 * (n - 1) / n : 1.0;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll: return ranks > 1 ? (n - 1) / n : 1.0;
    case Collective::Broadcast:
    case Collective::SendRecv: return 1.0;
    }
    return 1.0;
}

Result<CollectiveEstimate> estimateCollective(const Fabric& f, Collective op, double bytes, Algorithm algorithm,
                                              std::optional<Protocol> protocol)
{
    if (!(bytes > 0) || !std::isfinite(bytes)) return fail(ErrorCode::InvalidArgument, "--bytes must be a size above 0 bytes");
    if (f.ranks() < 2) return fail(ErrorCode::InvalidArgument, "a collective needs at least 2 devices (--gpus, --nodes)");
    std::optional<CollectiveEstimate> best;
    int considered = 0;
    for (const Algorithm a : candidates) {
        if (algorithm != Algorithm::Auto && a != algorithm) continue;
        // Auto is the library's choice: NCCL never picks the textbook hierarchical scheme.
        if (algorithm == Algorithm::Auto && a == Algorithm::Hierarchical) continue;
        for (const Protocol p : protocols) {
            if (protocol && p != *protocol) continue;
            const auto load = loadOf(f, op, a, p, bytes);
            if (!load) continue;
            ++considered;
            auto e = evaluate(f, op, a, p, bytes, *load);
            if (!best || e.timeUs < best->timeUs) best = std::move(e);
        }
    }
    if (!best) {
        return fail(ErrorCode::InvalidArgument,
                    std::string("--algorithm ") + std::string(algorithmName(algorithm)) +
                        (protocol ? std::string(" with --protocol ") + std::string(protocolName(*protocol)) : std::string()) +
                        " does not apply to " + std::string(collectiveName(op)) + " on this fabric (" +
                        std::string(scaleUpKindName(f.scaleUp)) + ", " + std::to_string(f.nodes) + " node(s)" +
                        (f.inSwitchReduction ? "" : ", no in-switch reduction") + ")");
    }
    best->choice = (algorithm == Algorithm::Auto ? "the fastest of " + std::to_string(considered) + " algorithm/protocol pairs"
                                                  : "as asked (" + std::to_string(considered) + " protocol(s) tried)") +
                   ": " + std::string(algorithmName(best->algorithm)) + " with " + std::string(protocolName(best->protocol));
    return std::move(*best);
}

Result<std::vector<CollectiveEstimate>> sweepCollective(const Fabric& f, Collective op, double fromBytes, double toBytes, int points,
                                                        Algorithm algorithm, std::optional<Protocol> protocol)
{
    if (!(fromBytes > 0) || !(toBytes >= fromBytes) || !std::isfinite(toBytes)) {
        return fail(ErrorCode::InvalidArgument, "--from and --to must be sizes with 0 < from <= to");
    }
    if (points < 2 || points > 10000) return fail(ErrorCode::InvalidArgument, "--points must be from 2 to 10,000");
    std::vector<CollectiveEstimate> out;
    out.reserve(static_cast<std::size_t>(points));
    const double ratio = std::log(toBytes / fromBytes);
    for (int i = 0; i < points; ++i) {
        const double bytes = i == points - 1 ? toBytes : fromBytes * std::exp(ratio * i / (points - 1));
        auto e = estimateCollective(f, op, bytes, algorithm, protocol);
        if (!e) return std::unexpected(e.error());
        out.push_back(std::move(*e));
    }
    return out;
}

std::string_view collectiveName(Collective op)
{
    switch (op) {
    case Collective::AllReduce: return "all-reduce";
    case Collective::AllGather: return "all-gather";
    case Collective::ReduceScatter: return "reduce-scatter";
    case Collective::AllToAll: return "all-to-all";
    case Collective::Broadcast: return "broadcast";
    case Collective::SendRecv: return "send-recv";
    }
    return "all-reduce";
}

std::string_view algorithmName(Algorithm a)
{
    switch (a) {
    case Algorithm::Auto: return "auto";
    case Algorithm::Ring: return "ring";
    case Algorithm::Tree: return "tree";
    case Algorithm::Nvls: return "nvls";
    case Algorithm::NvlsTree: return "nvls-tree";
    case Algorithm::Hierarchical: return "hierarchical";
    case Algorithm::Torus: return "torus";
    case Algorithm::Direct: return "direct";
    }
    return "auto";
}

std::string_view protocolName(Protocol p)
{
    switch (p) {
    case Protocol::Ll: return "ll";
    case Protocol::Ll128: return "ll128";
    case Protocol::Simple: return "simple";
    }
    return "simple";
}

namespace {
template <typename E, std::size_t N>
std::optional<E> fromName(std::string_view name, const std::array<E, N>& all, std::string_view (*nameOf)(E))
{
    std::string normalized(name);
    for (auto& c : normalized) c = c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const E e : all) {
        if (nameOf(e) == normalized) return e;
    }
    return std::nullopt;
}
} // namespace

std::optional<Collective> collectiveFromName(std::string_view name)
{
    static constexpr std::array all{Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter,
                                    Collective::AllToAll, Collective::Broadcast, Collective::SendRecv};
    if (name == "alltoall") return Collective::AllToAll; // nccl-tests' spelling (alltoall_perf)
    if (name == "sendrecv") return Collective::SendRecv;
    return fromName(name, all, collectiveName);
}

std::optional<Algorithm> algorithmFromName(std::string_view name)
{
    static constexpr std::array all{Algorithm::Auto, Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls,
                                    Algorithm::NvlsTree, Algorithm::Hierarchical, Algorithm::Torus, Algorithm::Direct};
    return fromName(name, all, algorithmName);
}

std::optional<Protocol> protocolFromName(std::string_view name) { return fromName(name, protocols, protocolName); }

} // namespace accelscope::models::system
