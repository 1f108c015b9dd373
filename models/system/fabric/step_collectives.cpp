// SPDX-License-Identifier: MIT
// Every collective of one step on a layout: Megatron-LM's placement (TP fastest, then CP, DP, PP), each group
// on the part of the fabric it spans, sizes from the model's geometry.
#include "models/system/fabric/step_collectives.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::system {
namespace {

/// The fabric one group sees: `size` ranks `stride` apart in the rank order.
Fabric groupFabric(const Fabric& f, int stride, int size)
{
    // Everything a collective estimate reads; not the figures and assumptions, which only a reader of the fabric needs.
    Fabric g;
    g.generation = f.generation;
    g.scaleUp = f.scaleUp;
    g.scaleUpLink = f.scaleUpLink;
    g.scaleUpName = f.scaleUpName;
    g.domainDevices = f.domainDevices;
    g.scaleUpGBps = f.scaleUpGBps;
    g.linksPerDevice = f.linksPerDevice;
    g.torusDims = f.torusDims;
    g.torusWrap = f.torusWrap;
    g.inSwitchReduction = f.inSwitchReduction;
    g.scaleOutGBps = f.scaleOutGBps;
    g.scaleOutName = f.scaleOutName;
    const int perNode = f.devicesPerNode;
    if (stride * size <= perNode) {
        g.devicesPerNode = size;
        g.nodes = 1;
    } else if (stride >= perNode) {
        g.devicesPerNode = 1;
        g.nodes = size;
    } else {
        g.devicesPerNode = perNode / stride;
        g.nodes = std::max(1, size / g.devicesPerNode);
    }
    if (g.scaleUp == ScaleUpKind::Torus) {
        // A group inside a torus runs along one axis: a ring that wraps only when it is a whole axis.
        const bool wholeAxis = std::find(f.torusDims.begin(), f.torusDims.end(), g.devicesPerNode) != f.torusDims.end();
        g.torusDims = {g.devicesPerNode, 1, 1};
        g.torusWrap = f.torusWrap && wholeAxis;
    }
    return g;
}

std::string linkOf(const Fabric& g)
{
    if (g.nodes > 1) return "network (" + g.scaleOutName + ")";
    return g.scaleUpName + " in the node";
}

} // namespace

const CollectiveEstimate* StepCollectiveCache::find(Collective op, int stride, int size, double bytes) const
{
    const auto it = estimates_.find({static_cast<int>(op), stride, size, bytes});
    return it == estimates_.end() ? nullptr : &it->second;
}

void StepCollectiveCache::keep(Collective op, int stride, int size, double bytes, CollectiveEstimate estimate)
{
    estimates_.emplace(std::tuple{static_cast<int>(op), stride, size, bytes}, std::move(estimate));
}

Result<std::vector<StepCollective>> stepCollectives(const Fabric& fabric, const roofline::TransformerConfig& model,
                                                    const ParallelLayout& l, const StepShape& shape, StepCollectiveCache* cache)
{
    for (const auto& [name, v] : {std::pair{"--tp", l.tp}, std::pair{"--cp", l.cp}, std::pair{"--ep", l.ep}, std::pair{"--dp", l.dp},
                                  std::pair{"--pp", l.pp}}) {
        if (v < 1) return fail(ErrorCode::InvalidArgument, std::string(name) + " must be at least 1");
    }
    const int devices = l.tp * l.cp * l.dp * l.pp;
    if (devices != fabric.ranks()) {
        return fail(ErrorCode::InvalidArgument, "tp x cp x dp x pp = " + std::to_string(devices) + " devices, but the fabric has " +
                                                    std::to_string(fabric.ranks()) + " (" + std::to_string(fabric.devicesPerNode) +
                                                    " per node x " + std::to_string(fabric.nodes) + " nodes): change --gpus/--nodes or the layout");
    }
    if (l.dp % l.ep != 0) return fail(ErrorCode::InvalidArgument, "--ep " + std::to_string(l.ep) + " must divide --dp " + std::to_string(l.dp));
    if (l.ep > 1 && !model.isMoe()) return fail(ErrorCode::InvalidArgument, "--ep > 1 needs a model with routed experts");
    if (model.isMoe() && model.moe.experts % l.ep != 0) return fail(ErrorCode::InvalidArgument, "--ep must divide the model's experts");
    if (model.heads % l.tp != 0) return fail(ErrorCode::InvalidArgument, "--tp must divide the model's attention heads");
    if (l.pp > model.layers) return fail(ErrorCode::InvalidArgument, "--pp must be at most the model's layers");
    if (shape.microBatchSequences < 1 || shape.sequenceTokens < 1 || shape.microBatches < 1) {
        return fail(ErrorCode::InvalidArgument, "micro-batch, sequence and micro-batch count must be at least 1");
    }

    // Uneven stages (Llama 3 405B: 126 layers on 16 stages): the busiest stage's ceil(layers / pp) layers.
    const double layersPerStage = double((model.layers + l.pp - 1) / l.pp);
    const int moeLayers = model.isMoe() ? std::max(0, model.layers - model.moe.denseLayers) : 0;
    const double moeLayersPerStage = double(moeLayers) / l.pp;
    const double tokens = shape.training ? double(shape.microBatchSequences) * shape.sequenceTokens / l.cp
                                         : double(shape.microBatchSequences);
    const double hiddenBytes = tokens * model.hidden * shape.activationBytes;
    const int micro = shape.training ? shape.microBatches : 1;
    const int passes = shape.training ? 2 : 1; // forward and backward

    std::vector<StepCollective> out;
    auto add = [&](std::string name, std::string parallelism, Collective op, int stride, int size, double bytes, int calls) -> Result<void> {
        if (size < 2 || calls <= 0 || bytes <= 0) return {};
        const Fabric g = groupFabric(fabric, stride, size);
        const CollectiveEstimate* known = cache ? cache->find(op, stride, size, bytes) : nullptr;
        Result<CollectiveEstimate> e = known ? Result<CollectiveEstimate>(*known) : estimateCollective(g, op, bytes);
        if (!e) return std::unexpected(e.error());
        if (cache && !known) cache->keep(op, stride, size, bytes, *e);
        StepCollective c;
        c.name = std::move(name);
        c.parallelism = std::move(parallelism);
        c.op = op;
        c.groupSize = size;
        c.bytesPerCall = bytes;
        c.callsPerStep = calls;
        c.crossesNodes = g.nodes > 1;
        c.link = linkOf(g);
        c.estimate = *e;
        c.timeUsPerStep = calls * e->timeUs;
        out.push_back(std::move(c));
        return {};
    };

    // TP: the attention and MLP outputs of every layer, forward and backward.
    const int tpCalls = static_cast<int>(std::lround(2 * passes * layersPerStage * micro));
    if (l.sequenceParallel) {
        if (auto r = add("TP reduce-scatter (sequence parallel: attention and MLP outputs)", "TP", Collective::ReduceScatter, 1, l.tp, hiddenBytes, tpCalls); !r) return std::unexpected(r.error());
        if (auto r = add("TP all-gather (sequence parallel: attention and MLP inputs)", "TP", Collective::AllGather, 1, l.tp, hiddenBytes, tpCalls); !r) return std::unexpected(r.error());
    } else {
        if (auto r = add("TP all-reduce (attention and MLP outputs)", "TP", Collective::AllReduce, 1, l.tp, hiddenBytes, tpCalls); !r) return std::unexpected(r.error());
    }
    // CP: the sequence's K and V gathered for attention (forward), their gradients scattered back (backward).
    if (shape.training && l.cp > 1) {
        const double kvBytes = tokens * 2.0 * model.kvHeads * model.headDim * shape.activationBytes / l.tp * l.cp;
        const int calls = static_cast<int>(std::lround(layersPerStage * micro));
        if (auto r = add("CP all-gather of K and V (attention, forward)", "CP", Collective::AllGather, l.tp, l.cp, kvBytes, calls); !r) return std::unexpected(r.error());
        if (auto r = add("CP reduce-scatter of dK and dV (attention, backward)", "CP", Collective::ReduceScatter, l.tp, l.cp, kvBytes, calls); !r) return std::unexpected(r.error());
    }
    // EP: dispatch and combine of the routed tokens (top-k copies) in every MoE layer.
    if (l.ep > 1 && moeLayers > 0) {
        const double a2aBytes = tokens * model.moe.topK * model.hidden * shape.activationBytes;
        const int calls = static_cast<int>(std::lround(2 * passes * moeLayersPerStage * micro));
        if (auto r = add("EP all-to-all (MoE dispatch and combine)", "EP", Collective::AllToAll, l.tp * l.cp, l.ep, a2aBytes, calls); !r) return std::unexpected(r.error());
    }
    // PP: activations forward and their gradients backward at each stage boundary.
    if (l.pp > 1) {
        const double sendBytes = hiddenBytes / (l.sequenceParallel ? l.tp : 1);
        if (auto r = add("PP send/recv between stages", "PP", Collective::SendRecv, l.tp * l.cp * l.dp, 2, sendBytes, passes * micro); !r) return std::unexpected(r.error());
    }
    // DP: this device's gradients once per step (dense over dp, experts over dp / ep), ZeRO's parameter gathers.
    if (shape.training && l.dp > 1) {
        const roofline::ParameterCount p = countParameters(model);
        const double expertParams = model.isMoe() ? double(moeLayers) * model.moe.experts * (model.gatedFfn ? 3.0 : 2.0) *
                                                        model.hidden * model.moe.expertFfn
                                                  : 0.0;
        const double denseParams = std::max(0.0, p.total - expertParams);
        const double densePerDevice = denseParams / l.pp / l.tp;
        const double expertPerDevice = expertParams / l.pp / l.tp / l.ep;
        // Dense parameters reduce over all dp ranks (stride tp x cp); an expert's over the dp / ep ranks that hold
        // the same experts, one EP group apart (stride tp x cp x ep).
        for (const auto& [what, params, size, dpStride] : {std::tuple{"", densePerDevice, l.dp, l.tp * l.cp},
                                                          std::tuple{" (experts)", expertPerDevice, l.dp / l.ep, l.tp * l.cp * l.ep}}) {
            if (params <= 0 || size < 2) continue;
            const std::string suffix = what;
            if (l.zero == 0) {
                if (auto r = add("DP all-reduce of gradients" + suffix, "DP", Collective::AllReduce, dpStride, size, params * shape.gradientBytes, 1); !r) return std::unexpected(r.error());
            } else {
                if (auto r = add("DP reduce-scatter of gradients (ZeRO-" + std::to_string(l.zero) + ")" + suffix, "DP", Collective::ReduceScatter, dpStride, size, params * shape.gradientBytes, 1); !r) return std::unexpected(r.error());
                if (auto r = add("DP all-gather of updated parameters (ZeRO-" + std::to_string(l.zero) + ")" + suffix, "DP", Collective::AllGather, dpStride, size, params * shape.activationBytes, 1); !r) return std::unexpected(r.error());
                if (l.zero == 3) {
                    if (auto r = add("DP all-gather of parameters per micro-batch (ZeRO-3, forward and backward)" + suffix, "DP", Collective::AllGather, dpStride, size, params * shape.activationBytes, 2 * micro); !r) return std::unexpected(r.error());
                }
            }
        }
    }

    for (auto& c : out) {
        const std::string per = std::to_string(fabric.devicesPerNode) + " per node";
        if (c.crossesNodes && c.parallelism == "TP") {
            c.flags.push_back("TP group crosses the node (" + std::to_string(c.groupSize) + " ranks, " + per + "): its " +
                              std::to_string(c.callsPerStep) + " calls per step run on the network");
        }
        if (c.crossesNodes && c.parallelism == "EP") c.flags.push_back("EP all-to-all over the scale-out network");
        if (c.crossesNodes && c.parallelism == "CP") c.flags.push_back("CP group crosses the node: K/V exchange on the network");
    }
    return out;
}

} // namespace accelscope::models::system
