// SPDX-License-Identifier: MIT
// models/system/fabric/step_collectives: the collectives of one step, their sizes from the model's geometry,
// the groups' placement (TP fastest) and the flags when a group leaves the node.
#include "models/roofline/model_presets.hpp"
#include "models/system/fabric/step_collectives.hpp"
#include "tests/models/system/fabric_fixture.hpp"
#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models;
using namespace accelscope::models::system;
using accelscope::tests::preset;

namespace {

/// HGX H100 nodes: 8 GPUs at 450 GB/s per direction with NVLS, 400 Gb/s per GPU to the network.
Fabric hgx(int nodes) { return accelscope::tests::switchedFabric(Generation::Hopper, 450, 8, nodes, 50, true); }

const StepCollective& find(const std::vector<StepCollective>& list, std::string_view parallelism, Collective op)
{
    const auto it = std::find_if(list.begin(), list.end(), [&](const auto& c) { return c.parallelism == parallelism && c.op == op; });
    REQUIRE(it != list.end());
    return *it;
}

} // namespace

TEST_CASE("a TP 8 x PP 2 x DP 2 step of Llama 3.1 70B: sizes, counts and links from the geometry")
{
    const auto model = preset("llama3.1-70b"); // 80 layers, hidden 8192
    ParallelLayout l;
    l.tp = 8;
    l.pp = 2;
    l.dp = 2;
    StepShape s;
    s.sequenceTokens = 8192;
    s.microBatches = 16;
    const auto list = stepCollectives(hgx(4), model, l, s);
    REQUIRE(list.has_value());
    const auto& tp = find(*list, "TP", Collective::AllReduce);
    CHECK(tp.bytesPerCall == 8192.0 * 8192 * 2);             // tokens x hidden x BF16: 128 MiB
    CHECK(tp.callsPerStep == 2 * 2 * 40 * 16);                 // 2 per layer, forward and backward, 40 layers per stage, 16 micro-batches
    CHECK_FALSE(tp.crossesNodes);
    CHECK(tp.flags.empty());
    const auto& dp = find(*list, "DP", Collective::ReduceScatter); // ZeRO-1 by default
    CHECK(dp.crossesNodes);                                   // stride 8: one rank per node
    CHECK(dp.groupSize == 2);
    const auto& pp = find(*list, "PP", Collective::SendRecv);
    CHECK(pp.callsPerStep == 32);
    CHECK(pp.crossesNodes);
}

TEST_CASE("TP beyond the node is flagged, runs on the network and costs more per call than TP inside it")
{
    const auto model = preset("llama3.1-70b");
    StepShape s;
    s.sequenceTokens = 4096;
    ParallelLayout inside;
    inside.tp = 8;
    inside.dp = 2;
    ParallelLayout across;
    across.tp = 16;
    const auto a = stepCollectives(hgx(2), model, inside, s);
    const auto b = stepCollectives(hgx(2), model, across, s);
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    const auto& tpIn = find(*a, "TP", Collective::AllReduce);
    const auto& tpOut = find(*b, "TP", Collective::AllReduce);
    CHECK(tpOut.crossesNodes);
    REQUIRE(tpOut.flags.size() == 1);
    CHECK_THAT(tpOut.flags.front(), Catch::StartsWith("TP group crosses the node (16 ranks, 8 per node)"));
    CHECK(tpOut.link.starts_with("network"));
    // With 8 x 400 Gb/s per node the NVLS-tree keeps a 64 MiB all-reduce within ~15 % of the node's own;
    // the cost of leaving the node is the network's latency on each of the calls, not the bandwidth.
    CHECK(tpOut.estimate.timeUs > tpIn.estimate.timeUs);
    CHECK(tpOut.estimate.latencyUs > tpIn.estimate.latencyUs);
}

TEST_CASE("MoE: the EP all-to-all carries top-k copies of every token, experts reduce over dp / ep")
{
    const auto model = preset("mixtral-8x7b"); // 32 layers, 8 experts, top-2, hidden 4096
    ParallelLayout l;
    l.tp = 2;
    l.ep = 4;
    l.dp = 8;
    StepShape s;
    s.sequenceTokens = 4096;
    const auto list = stepCollectives(hgx(2), model, l, s);
    REQUIRE(list.has_value());
    const auto& ep = find(*list, "EP", Collective::AllToAll);
    CHECK(ep.bytesPerCall == 4096.0 * 2 * 4096 * 2);
    CHECK(ep.callsPerStep == 4 * 32);
    CHECK(ep.groupSize == 4);
    CHECK_FALSE(ep.crossesNodes); // stride 2 x 4 ranks = 8: one node
    const auto experts = std::find_if(list->begin(), list->end(), [](const auto& c) { return c.name.find("(experts)") != std::string::npos; });
    REQUIRE(experts != list->end());
    CHECK(experts->groupSize == 2);
    CHECK(experts->crossesNodes); // stride tp x ep = 8: the two holders of an expert sit in different nodes
}

TEST_CASE("a layout that does not match the fabric, or the model, is refused naming the option")
{
    const auto model = preset("llama3.1-70b");
    ParallelLayout l;
    l.tp = 8;
    CHECK_THAT(stepCollectives(hgx(2), model, l, {}).error().message, Catch::Contains("tp x cp x dp x pp = 8 devices"));
    l.dp = 2;
    l.ep = 2;
    CHECK_THAT(stepCollectives(hgx(2), model, l, {}).error().message, Catch::Contains("routed experts"));
    ParallelLayout odd;
    odd.tp = 16;
    odd.pp = 1;
    CHECK(stepCollectives(hgx(2), model, odd, {}).has_value());
    // Uneven stages are allowed (Llama 3 405B ran 126 layers on 16 stages); more stages than layers are not.
    ParallelLayout uneven;
    uneven.pp = 16;
    CHECK(stepCollectives(hgx(2), preset("deepseek-v3"), uneven, {}).has_value()); // 61 layers
    ParallelLayout badPp;
    badPp.pp = 64;
    const auto r = stepCollectives(accelscope::tests::switchedFabric(Generation::Hopper, 450, 8, 8, 50, true), preset("deepseek-v3"), badPp, {});
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::Contains("--pp must be at most the model's layers"));
}

TEST_CASE("a decode step has only forward TP all-reduces of the batch's hidden states")
{
    const auto model = preset("llama3.1-70b");
    ParallelLayout l;
    l.tp = 8;
    StepShape s;
    s.training = false;
    s.microBatchSequences = 64;
    const auto list = stepCollectives(hgx(1), model, l, s);
    REQUIRE(list.has_value());
    REQUIRE(list->size() == 1);
    CHECK(list->front().bytesPerCall == 64.0 * 8192 * 2);
    CHECK(list->front().callsPerStep == 2 * 80);
}
