// SPDX-License-Identifier: MIT
// Lesson functions over the collective model (models/system/fabric): time, algorithm and bus bandwidth of a
// collective on a catalog device's fabric, as `accelscope-cli fabric collective` prints them.
#include "labs/guided/lesson_function_support.hpp"
#include "models/system/fabric/collectives.hpp"

namespace accelscope::labs::guided::detail {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;
namespace sys = models::system;

/// collective(device, gpus, nodes, op, bytes[, algorithm]) evaluated to its estimate.
Result<sys::CollectiveEstimate> estimate(const LessonContext& ctx, Args a)
{
    auto d = device(ctx, word(a, 0));
    if (!d) return std::unexpected(d.error());
    auto gpus = whole(a, 1, "gpus", 1, 100000);
    auto nodes = whole(a, 2, "nodes", 1, 100000);
    const auto op = sys::collectiveFromName(word(a, 3));
    auto bytes = num(a, 4, "bytes");
    if (!gpus || !nodes || !bytes) return fail(ErrorCode::InvalidArgument, !gpus ? gpus.error().message : !nodes ? nodes.error().message : bytes.error().message);
    if (!op) return fail(ErrorCode::InvalidArgument, "'" + word(a, 3) + "' is not all-reduce, all-gather, reduce-scatter, all-to-all, broadcast or send-recv");
    auto algorithm = sys::Algorithm::Auto;
    if (a.size() > 5) {
        const auto named = sys::algorithmFromName(word(a, 5));
        if (!named) return fail(ErrorCode::InvalidArgument, "'" + word(a, 5) + "' is not auto, ring, tree, nvls, nvls-tree, hierarchical, torus or direct");
        algorithm = *named;
    }
    sys::FabricRequest request;
    request.devicesPerNode = *gpus;
    request.nodes = *nodes;
    auto fabric = sys::fabricForDevice(**d, ctx.devices, request);
    if (!fabric) return std::unexpected(fabric.error());
    return sys::estimateCollective(*fabric, *op, *bytes, algorithm);
}

template <typename Pick>
auto field(const LessonContext& ctx, Pick pick)
{
    return [&ctx, pick](Args a) -> Result<double> {
        auto e = estimate(ctx, a);
        if (!e) return std::unexpected(e.error());
        return pick(*e);
    };
}

} // namespace

void addFabricFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    const std::string args = "(device, gpus per node, nodes, op, bytes[, algorithm])";
    out.push_back(fn("collective_time", "collective_time" + args, "seconds of one collective (models/system/fabric; auto: the library's choice)", 5, 6,
                     field(ctx, [](const sys::CollectiveEstimate& e) { return e.timeUs * 1e-6; })));
    out.push_back(fn("algbw", "algbw" + args, "algorithm bandwidth, GB/s: bytes / time", 5, 6,
                     field(ctx, [](const sys::CollectiveEstimate& e) { return e.algbwGBps; })));
    out.push_back(fn("busbw", "busbw" + args, "nccl-tests bus bandwidth, GB/s: algbw x the collective's bus factor", 5, 6,
                     field(ctx, [](const sys::CollectiveEstimate& e) { return e.busbwGBps; })));
    out.push_back(fn("collective_latency", "collective_latency" + args, "the alpha part of the time, seconds (NCCL's base + per-step latencies)", 5, 6,
                     field(ctx, [](const sys::CollectiveEstimate& e) { return e.latencyUs * 1e-6; })));
    out.push_back(fn("bus_factor", "bus_factor(op, ranks)", "nccl-tests' bus-bandwidth factor: 2(n-1)/n all-reduce, (n-1)/n gather/scatter/all-to-all", 2, 2,
                     [](Args a) -> Result<double> {
                         const auto op = sys::collectiveFromName(word(a, 0));
                         auto n = whole(a, 1, "ranks", 1, 1 << 20);
                         if (!op || !n) return fail(ErrorCode::InvalidArgument, "bus_factor(all-reduce|all-gather|..., ranks >= 1)");
                         return sys::busBandwidthFactor(*op, *n);
                     }));
}

} // namespace accelscope::labs::guided::detail
