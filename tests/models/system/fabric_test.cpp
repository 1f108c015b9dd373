// SPDX-License-Identifier: MIT
// models/system/fabric: fabrics from the catalog, the collective cost in each algorithm, the library's
// choice, nccl-tests output, sizes, and the published-row check the note quotes.
#include "models/catalog/catalog_store.hpp"
#include "models/common/byte_size.hpp"
#include "models/common/csv_records.hpp"
#include "models/system/fabric/collectives.hpp"
#include "models/system/fabric/fabric.hpp"
#include "models/system/fabric/fabric_parameters.hpp"
#include "models/system/fabric/nccl_tests_output.hpp"
#include "models/system/fabric/published_check.hpp"
#include "models/system/fabric/published_data.hpp"
#include "tests/models/system/fabric_fixture.hpp"

#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models;
using namespace accelscope::models::system;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const std::vector<catalog::Device>& bundled() { return accelscope::tests::bundledDevices(); }

const catalog::Device& device(std::string_view id)
{
    const auto& all = bundled();
    const auto found = std::find_if(all.begin(), all.end(), [&](const auto& d) { return d.id == id; });
    REQUIRE(found != all.end());
    return *found;
}

/// 8 Ampere GPUs on a switch at 100 GB/s per direction: NVLink efficiency 20/25 = 0.8, no NVLS.
Fabric switchFabric(int gpus = 8, int nodes = 1)
{
    return accelscope::tests::switchedFabric(Generation::Ampere, 100, gpus, nodes, 10, false);
}

} // namespace

TEST_CASE("nccl-tests' bus-bandwidth factors: 2(n-1)/n all-reduce, (n-1)/n gather and scatter, 1 broadcast")
{
    CHECK(busBandwidthFactor(Collective::AllReduce, 8) == 1.75);
    CHECK(busBandwidthFactor(Collective::AllGather, 8) == 0.875);
    CHECK(busBandwidthFactor(Collective::ReduceScatter, 4) == 0.75);
    CHECK(busBandwidthFactor(Collective::AllToAll, 2) == 0.5);
    CHECK(busBandwidthFactor(Collective::Broadcast, 8) == 1.0);
    CHECK(busBandwidthFactor(Collective::AllReduce, 1) == 1.0);
}

TEST_CASE("a ring all-reduce costs NCCL's latency plus 2(n-1)/n of the buffer over the effective link rate")
{
    // Simple: base 8.4 us + 2(n-1) = 14 steps x 3.4 us (NVLink ring) = 56 us; bandwidth 1.75 x 1 GB / (100 x 0.8 GB/s)
    // = 21,875 us. busbw = 1e9 / 21,931e-6 x 1.75 = 79.8 GB/s, just under the effective 80 GB/s.
    const auto e = estimateCollective(switchFabric(), Collective::AllReduce, 1e9, Algorithm::Ring, Protocol::Simple);
    REQUIRE(e.has_value());
    CHECK_THAT(e->latencyUs, WithinAbs(56.0, 1e-9));
    CHECK_THAT(e->bandwidthUs, WithinRel(21875.0, 1e-12));
    CHECK_THAT(e->busbwGBps, WithinRel(1e9 / (21931e-6) * 1.75 / 1e9, 1e-9));
    CHECK(e->steps == 14);
    CHECK_THAT(e->wireGBps, WithinAbs(80.0, 1e-9));
}

TEST_CASE("small messages take LL, large ones Simple, and the choice is the fastest candidate")
{
    const Fabric f = switchFabric();
    const auto small = estimateCollective(f, Collective::AllReduce, 8);
    const auto large = estimateCollective(f, Collective::AllReduce, 1e9);
    REQUIRE(small.has_value());
    REQUIRE(large.has_value());
    CHECK(small->protocol == Protocol::Ll);
    CHECK(large->protocol == Protocol::Simple);
    // No candidate the choice passed over is faster.
    for (const auto a : {Algorithm::Ring, Algorithm::Tree}) {
        for (const auto p : {Protocol::Ll, Protocol::Ll128, Protocol::Simple}) {
            const auto other = estimateCollective(f, Collective::AllReduce, 1e9, a, p);
            REQUIRE(other.has_value());
            CHECK(other->timeUs >= large->timeUs);
        }
    }
}

TEST_CASE("NVLS reduces in the switch: its bus bandwidth exceeds the per-direction link rate, a ring's cannot")
{
    Fabric f = switchFabric();
    f.generation = Generation::Hopper;
    f.scaleUpGBps = 450;
    f.inSwitchReduction = true;
    const auto nvls = estimateCollective(f, Collective::AllReduce, 16e9, Algorithm::Nvls);
    const auto ring = estimateCollective(f, Collective::AllReduce, 16e9, Algorithm::Ring);
    REQUIRE(nvls.has_value());
    REQUIRE(ring.has_value());
    // NVLS moves S each way per GPU: algbw -> 450 x (20.6/25) x 0.66 = 244.7 GB/s, busbw 1.75x that = 428 GB/s.
    CHECK_THAT(nvls->algbwGBps, WithinRel(450 * 20.6 / 25 * fabric_parameters::fittedNvlsEfficiency, 0.01));
    CHECK(nvls->busbwGBps > ring->busbwGBps);
    CHECK(ring->busbwGBps < 450 * 20.6 / 25);
    // Without in-switch reduction NVLS is refused with the reason.
    f.inSwitchReduction = false;
    const auto refused = estimateCollective(f, Collective::AllReduce, 16e9, Algorithm::Nvls);
    REQUIRE_FALSE(refused.has_value());
    CHECK_THAT(refused.error().message, Catch::Contains("no in-switch reduction"));
}

TEST_CASE("across nodes a slow network bounds the ring at g NICs, and the tree moves less over it")
{
    // 2 x 8 GPUs, 4 GB/s NIC per GPU (efficiency 0.81). Ring: each GPU's NIC carries one channel,
    // 2(N-1)/N S / g = 1.875/8 S; tree: 2(k-1)/k S / g = S/8. At 16 GB the network dominates both (the
    // tree's chain moves 2S over 80 GB/s in the node: 400,000 us, less than its 617,284 us on the network).
    Fabric f = switchFabric(8, 2);
    f.scaleOutGBps = 4;
    const auto ring = estimateCollective(f, Collective::AllReduce, 16e9, Algorithm::Ring, Protocol::Simple);
    const auto tree = estimateCollective(f, Collective::AllReduce, 16e9, Algorithm::Tree, Protocol::Simple);
    REQUIRE(ring.has_value());
    REQUIRE(tree.has_value());
    const double net = 4 * fabric_parameters::fittedNetworkEfficiency;
    CHECK_THAT(ring->bandwidthUs, WithinRel(1.875 / 8 * 16e9 / (net * 1e3), 1e-9));
    CHECK_THAT(tree->bandwidthUs, WithinRel(16e9 / 8 / (net * 1e3), 1e-9));
    CHECK(ring->bottleneck.starts_with("network"));
    CHECK(tree->timeUs < ring->timeUs);
    const auto best = estimateCollective(f, Collective::AllReduce, 16e9);
    REQUIRE(best.has_value());
    CHECK(best->algorithm == Algorithm::Tree);
}

TEST_CASE("all-to-all sends (g-1)/N of the buffer over the scale-up links and (N-g)/N over the network")
{
    const Fabric f = switchFabric(8, 2);
    const auto e = estimateCollective(f, Collective::AllToAll, 1.6e9);
    REQUIRE(e.has_value());
    CHECK(e->algorithm == Algorithm::Direct);
    // network: 8/16 x 1.6 GB over 10 x 0.81 GB/s = 98,765 us; scale-up 7/16 x 1.6 GB over 80 GB/s = 8,750 us.
    CHECK_THAT(e->bandwidthUs, WithinRel(0.8e9 / (10 * fabric_parameters::fittedNetworkEfficiency * 1e3), 1e-9));
    CHECK_THAT(e->busFactor, WithinAbs(15.0 / 16, 1e-12));
}

TEST_CASE("a wrapped 4 x 4 torus all-reduces axis by axis, both directions at once")
{
    Fabric f = switchFabric(16);
    f.scaleUp = ScaleUpKind::Torus;
    f.generation = Generation::Other;
    f.torusDims = {4, 4, 1};
    f.torusWrap = true;
    f.linksPerDevice = 4;
    f.scaleUpGBps = 200; // 50 GB/s per link and direction
    const auto e = estimateCollective(f, Collective::AllReduce, 1.6e9, Algorithm::Torus, Protocol::Simple);
    REQUIRE(e.has_value());
    // Reduce-scatter: axis 1 moves 3/4 x 1.6 GB, axis 2 moves 3/4 x 0.4 GB, each over 2 x 50 x eta GB/s; all-gather
    // mirrors it: 2 x (1.2 + 0.3) GB / (100 x eta GB/s).
    const double eta = fabric_parameters::fittedDedicatedLinkEfficiency;
    CHECK_THAT(e->bandwidthUs, WithinRel(2 * 1.5e9 / (100 * eta * 1e3), 1e-9));
    CHECK(e->steps == 12);
    CHECK_FALSE(estimateCollective(f, Collective::AllReduce, 1e6, Algorithm::Ring).has_value());
}

TEST_CASE("fabrics come from the catalog: NVLink 4 node, NVL72 rack, Infinity Fabric mesh, TPU and Trainium tori")
{
    const auto& all = bundled();
    const auto h100 = fabricForDevice(device("nvidia-h100-sxm"), all, {});
    REQUIRE(h100.has_value());
    CHECK(h100->scaleUp == ScaleUpKind::Switch);
    CHECK(h100->scaleUpGBps == 450); // 900 GB/s printed for both directions
    CHECK(h100->inSwitchReduction);
    CHECK(h100->generation == Generation::Hopper);
    CHECK(h100->domainDevices == 8);
    CHECK_FALSE(h100->assumptions.empty()); // the 8-GPU board is an assumption, and says so

    const auto nvl72 = fabricForDevice(device("nvidia-gb200-nvl72"), all, {});
    REQUIRE(nvl72.has_value());
    CHECK(nvl72->domainDevices == 72);
    CHECK(nvl72->scaleUpGBps == 900); // the superchip's 3,600 GB/s over 2 GPUs and 2 directions
    CHECK(nvl72->scaleOutGBps == 50);
    CHECK(nvl72->generation == Generation::Blackwell);

    const auto mi300x = fabricForDevice(device("amd-instinct-mi300x"), all, {});
    REQUIRE(mi300x.has_value());
    CHECK(mi300x->scaleUp == ScaleUpKind::FullMesh);
    CHECK(mi300x->linksPerDevice == 7);
    CHECK(mi300x->domainDevices == 8);
    CHECK(mi300x->scaleUpGBps == 448);

    const auto trn2 = fabricForDevice(device("aws-trainium2"), all, {});
    REQUIRE(trn2.has_value());
    CHECK(trn2->scaleUp == ScaleUpKind::Torus);
    CHECK(trn2->domainDevices == 16);

    const auto v5e = fabricForDevice(device("google-tpu-v5e"), all, {});
    REQUIRE(v5e.has_value());
    CHECK(v5e->scaleUp == ScaleUpKind::Torus);
    CHECK(v5e->domainDevices == 256);
    CHECK(v5e->torusDims == std::array<int, 3>{16, 16, 1});
    CHECK(v5e->torusWrap);
}

TEST_CASE("a fabric request beyond the domain, or below one node, names the option")
{
    const auto& all = bundled();
    FabricRequest tooMany;
    tooMany.devicesPerNode = 9;
    const auto a = fabricForDevice(device("nvidia-h100-sxm"), all, tooMany);
    REQUIRE_FALSE(a.has_value());
    CHECK_THAT(a.error().message, Catch::Contains("--gpus 9") && Catch::Contains("--nodes"));
    FabricRequest noNodes;
    noNodes.nodes = 0;
    CHECK_THAT(fabricForDevice(device("nvidia-h100-sxm"), all, noNodes).error().message, Catch::Contains("--nodes"));
    FabricRequest badLink;
    badLink.scaleUpGBps = -1;
    CHECK_THAT(fabricForDevice(device("nvidia-h100-sxm"), all, badLink).error().message, Catch::Contains("--link-gbs"));
}

TEST_CASE("the topology of one NVSwitch node and of two nodes with NICs")
{
    const Fabric one = switchFabric();
    const Topology t = topologyOf(one);
    CHECK(t.nodes.size() == 9); // the switch and 8 devices
    CHECK(t.links.size() == 8);
    const Topology two = topologyOf(switchFabric(8, 2));
    CHECK(two.nodes.size() == 2 * (1 + 8 + 8) + 1); // per node a switch, 8 devices and 8 NICs; then the network
    CHECK(std::count_if(two.links.begin(), two.links.end(), [](const auto& l) { return l.to == "network"; }) == 16);
}

TEST_CASE("a sweep is log-spaced from the first size to the last and its time grows with size")
{
    const auto sweep = sweepCollective(switchFabric(), Collective::AllReduce, 1024, 16.0 * (1 << 30), 100);
    REQUIRE(sweep.has_value());
    REQUIRE(sweep->size() == 100);
    CHECK(sweep->front().bytes == 1024);
    CHECK(sweep->back().bytes == 16.0 * (1 << 30));
    for (std::size_t i = 1; i < sweep->size(); ++i) CHECK((*sweep)[i].timeUs > (*sweep)[i - 1].timeUs);
    CHECK_FALSE(sweepCollective(switchFabric(), Collective::AllReduce, 0, 10, 5).has_value());
    CHECK_FALSE(sweepCollective(switchFabric(), Collective::AllReduce, 1, 10, 1).has_value());
}

TEST_CASE("byte sizes: decimal and binary units, nccl-tests' K/M/G, and clear refusals")
{
    const std::pair<const char*, double> good[] = {{"4096", 4096}, {"64MiB", 64.0 * 1048576}, {"1 GB", 1e9}, {"8G", 8.0 * 1073741824},
                                                   {"1.5kB", 1500}, {"2 kib", 2048}, {"16TiB", 16.0 * 1099511627776}};
    for (const auto& [text, bytes] : good) {
        INFO(text);
        const auto parsed = parseByteSize(text);
        REQUIRE(parsed.has_value());
        CHECK(*parsed == bytes);
    }
    CHECK_THAT(parseByteSize("12 parsecs").error().message, Catch::Contains("unknown unit"));
    CHECK_THAT(parseByteSize("lots").error().message, Catch::Contains("not a size"));
    CHECK_THAT(parseByteSize("0").error().message, Catch::Contains("not above 0"));
    CHECK_THAT(parseByteSize("-4k").error().message, Catch::Contains("not above 0"));
    CHECK_THAT(parseByteSize("1e30").error().message, Catch::Contains("2^60"));
}

TEST_CASE("nccl-tests output: the header names the columns, rows are read, in-place kept, facts found")
{
    const std::string text = R"(# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  101 on    node01 device  0 [0x18] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  102 on    node01 device  1 [0x2a] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
           8             2     float     sum      -1    10.50    0.00    0.00      0    10.20    0.00    0.00      0
     1048576        262144     float     sum      -1    20.00   52.43   52.43      0    19.80   52.96   52.96      0
   134217728      33554432     float     sum      -1   400.00  335.54  335.54      0   399.00  336.38  336.38    N/A
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 129.4 
)";
    const auto run = parseNcclTestsOutput(text);
    REQUIRE(run.has_value());
    CHECK(run->collective == Collective::AllReduce);
    CHECK(run->ranks == 2);
    CHECK(run->devices.front() == "NVIDIA H100 80GB HBM3");
    REQUIRE(run->rows.size() == 3);
    CHECK(run->rows[1].bytes == 1048576);
    CHECK(run->rows[1].outOfPlace.busbwGBps == 52.43);
    REQUIRE(run->rows[2].inPlace.has_value());
    CHECK(run->rows[2].inPlace->timeUs == 399.0);
    CHECK(run->rows[2].line == 13);
    CHECK(run->averageBusbwGBps == 129.4);
}

TEST_CASE("nccl-tests output that is truncated, mixed or not nccl-tests is refused naming the line")
{
    const std::string header = "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n";
    const std::string row = "  1024  256  float  sum  -1  10.0  0.10  0.18  0  10.0  0.10  0.18  0\n";
    const auto truncated = parseNcclTestsOutput(header + row + "  2048  512  float  sum  -1  11.0\n");
    REQUIRE_FALSE(truncated.has_value());
    CHECK_THAT(truncated.error().message, Catch::StartsWith("line 3:") && Catch::Contains("6 columns where the header has 13"));
    const auto badNumber = parseNcclTestsOutput(header + "  1024  256  float  sum  -1  10.0  fast  0.18  0  10.0  0.10  0.18  0\n");
    CHECK_THAT(badNumber.error().message, Catch::StartsWith("line 2:") && Catch::Contains("'algbw' is \"fast\""));
    CHECK_THAT(parseNcclTestsOutput(row).error().message, Catch::Contains("before the column header"));
    CHECK_THAT(parseNcclTestsOutput("hello\n").error().message, Catch::Contains("before the column header"));
    CHECK_THAT(parseNcclTestsOutput(header).error().message, Catch::Contains("no result rows"));
    CHECK_THAT(parseNcclTestsOutput("").error().message, Catch::Contains("no nccl-tests column header"));
    CHECK_THAT(parseNcclTestsOutput(header + std::string(5000, 'x') + "\n").error().message, Catch::Contains("4,096 bytes"));
    // An older layout without root and #wrong columns, out-of-place only.
    const auto old = parseNcclTestsOutput("#  size  count  type  redop  time  algbw  busbw\n  64  16  float  sum  5.0  0.01  0.02\n");
    REQUIRE(old.has_value());
    CHECK_FALSE(old->rows.front().inPlace.has_value());
}

TEST_CASE("CSV lines keep quoted commas and doubled quotes, and an open quote is an error")
{
    // The one splitter every CSV reader uses (models/common/csv_records), as the published rows read it.
    const auto csv = splitCsvRecords(R"(a,"b, c","say ""hi""",,e)");
    REQUIRE(csv.error.empty());
    REQUIRE(csv.records.size() == 1);
    const auto& fields = csv.records.front().fields;
    CHECK(fields == std::vector<std::string>{"a", "b, c", "say \"hi\"", "", "e"});
    CHECK_THAT(splitCsvRecords(R"(a,"open)").error, Catch::Contains("field 2"));
    CHECK_THAT(readPublishedRows("platform,collective,bytes,busbw_gbs,time_us\nx,\"open").error().message,
               Catch::Contains("line 2: a quoted field is not closed (field 2)"));
}

// The figures data/fabric/FIT.md quotes: each fitted efficiency reproduces its own fit rows (median
// predicted/measured busbw at >= 256 MiB within 1 %), and the check rows' errors stay where the note says.
TEST_CASE("the published nccl-tests check: fitted constants match their fit rows, check errors as FIT.md quotes")
{
    const auto rows = readPublishedRows(bundledPublishedRowsCsv());
    REQUIRE(rows.has_value());
    const auto platforms = readPublishedPlatforms(bundledPublishedPlatformsCsv());
    REQUIRE(platforms.has_value());
    const auto check = checkPublished(*rows, *platforms, bundled());
    REQUIRE(check.has_value());
    for (const char* role : {"fit-dedicated", "fit-network", "fit-nvls"}) {
        INFO(role);
        std::vector<double> ratios;
        for (const auto& r : check->rows) {
            if (r.role == role && r.row.bytes >= 256.0 * 1048576 && r.row.busbwGBps > 0) ratios.push_back(r.ratio);
        }
        REQUIRE(ratios.size() >= 4);
        std::sort(ratios.begin(), ratios.end());
        const double median = ratios.size() % 2 ? ratios[ratios.size() / 2] : (ratios[ratios.size() / 2 - 1] + ratios[ratios.size() / 2]) / 2;
        CHECK_THAT(median, WithinAbs(1.0, 0.01));
    }
    CHECK(check->checkRowsLarge == 53);
    CHECK_THAT(check->checkMedianErrorLarge, WithinAbs(0.264, 0.005));
    const auto p5 = std::find_if(check->platforms.begin(), check->platforms.end(), [](const auto& p) { return p.platform == "2x8xH100-p5-EFA"; });
    REQUIRE(p5 != check->platforms.end());
    CHECK(p5->medianErrorLarge < 0.07);
}
