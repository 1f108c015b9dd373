// SPDX-License-Identifier: MIT
// data/memory/hierarchy.json: the loader refuses each kind of bad file with file:line and field; the
// bundled file gives V100, A100, H100 and MI300X every on-chip level, each figure sourced, derived
// (the formula recomputed here by hand), measured in a paper, or unknown with the reason; the unknowns
// left on those four are listed, so filling or losing one fails. MI250X, MI355X and B200 as far as sourced.
// TPUs (v2 to TPU7x), AWS NeuronCore-v2/v3/v4, Gaudi 3 and Tenstorrent Wormhole/Blackhole: the vendor's printed
// on-chip sizes, NeuronCore-v2's derived SBUF/PSUM figures, and an unknown that says 'no citable' for the rest.
#include "models/memory/memory_hierarchy.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace accelscope::models::memory;
using accelscope::models::roofline::Basis;
using accelscope::models::roofline::MemoryLevel;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Catch::Matchers::WithinRel;

namespace {

// A small valid file; each bad case below replaces one piece of it. The level of interest is on line 8.
std::string goodFile(const std::string& level = R"({"level": "shared_l1", "label": "Shared", "scope": "per SM",
   "capacity": {"value": 228, "unit": "KiB", "basis": "sourced", "source": "whitepaper table 3"},
   "bandwidth": {"formula": "banks * 4 * compute_units", "unit": "GB/s", "basis": "derived", "source": "banks x 4 B x SMs"},
   "latency": {"unknown": "no paper"}})",
                     const std::string& inputs = R"({"banks": {"value": 32, "unit": "banks", "basis": "sourced", "source": "guide"}})",
                     const std::string& id2 = "B")
{
    return "{\n \"schema\": 1,\n \"architectures\": [\n  {\"id\": \"A\", \"name\": \"Arch A\", \"architectures\": [\"GH100\"], \"devices\": [],\n"
           "   \"inputs\": " + inputs + ",\n"
           "   \"levels\": [\n"
           "    {\"level\": \"device_memory\", \"latency\": {\"unknown\": \"none\"}},\n"
           "    " + level + "\n"
           "   ]},\n"
           "  {\"id\": \"" + id2 + "\", \"name\": \"Arch B\", \"architectures\": [], \"devices\": [\"x\"], \"inputs\": {},\n"
           "   \"levels\": [{\"level\": \"device_memory\", \"latency\": {\"unknown\": \"none\"}}]}\n ]\n}\n";
}

const PyramidLevel& levelOf(const MemoryPyramid& p, MemoryLevel level, std::size_t nth = 0)
{
    std::size_t seen = 0;
    for (const auto& l : p.levels) {
        if (l.level == level && seen++ == nth) return l;
    }
    FAIL("no such level in " + p.subject);
    return p.levels.front();
}

} // namespace

TEST_CASE("the hierarchy loader reads a good file and finds the entry for a device")
{
    const auto h = parseMemoryHierarchy(goodFile(), "h.json");
    REQUIRE(h.has_value());
    REQUIRE(h->architectures.size() == 2);
    const auto& a = h->architectures[0];
    REQUIRE(a.levels.size() == 2);
    CHECK(a.levels[1].capacity.number == 228 * 1024.0); // KiB to bytes at load time
    CHECK(a.levels[1].bandwidth.formula == "banks * 4 * compute_units");
    CHECK(a.levels[1].bandwidth.basis == Basis::Derived);
    const auto h100 = accelscope::tests::bundledDevice("nvidia-h100-sxm");
    CHECK(h->find(h100) == &a); // "Hopper (GH100)" contains GH100
    // 32 banks x 4 B x 132 SMs (catalog compute_units) = 16896.
    const auto e = evaluateHierarchyValue(a, a.levels[1].bandwidth, h100);
    REQUIRE(e.value.has_value());
    CHECK(*e.value == 32.0 * 4 * 132);
    CHECK_THAT(e.inputs, Contains("banks = 32 banks (sourced: guide)") && Contains("compute_units = 132 (catalog figure of nvidia-h100-sxm)"));
}

TEST_CASE("the hierarchy loader refuses each kind of bad file with file, line and field")
{
    struct Bad {
        std::string text;
        std::string message; // the start of the one-line error
    };
    const std::string capacity = R"("capacity": {"value": 228, "unit": "KiB", "basis": "sourced", "source": "s"},)";
    const std::string rest = R"("bandwidth": {"unknown": "w"}, "latency": {"unknown": "w"}})";
    const std::string head = R"({"level": "l2", "label": "L", "scope": "s", )";
    const auto row = GENERATE_COPY(
        Bad{"{\n \"schema\": 1,\n \"architectures\": [\n  {\"id\": }\n ]\n}\n", "h.json:4: (syntax): "},
        Bad{"{\"architectures\": []}", "h.json:1: /schema: must be 1"},
        Bad{goodFile(R"({"level": "l4", "label": "L", "scope": "s", )" + capacity + rest),
            "h.json:8: /architectures/0/levels/1/level: 'l4' is not registers, shared_l1, l2, last_level_cache or device_memory"},
        Bad{goodFile(head + R"("capacity": {"value": 1, "unit": "KiB", "basis": "guessed", "source": "s"}, )" + rest),
            "h.json:8: /architectures/0/levels/1/capacity/basis: 'guessed' is not sourced, derived or measured-in-paper"},
        Bad{goodFile(head + R"("capacity": {"value": 1, "unit": "KB", "basis": "sourced", "source": "s"}, )" + rest),
            "h.json:8: /architectures/0/levels/1/capacity/unit: 'KB' is not a unit here (B, KiB, MiB or GiB)"},
        Bad{goodFile(head + R"("capacity": {"value": -1, "unit": "KiB", "basis": "sourced", "source": "s"}, )" + rest),
            "h.json:8: /architectures/0/levels/1/capacity/value: must be a positive number"},
        Bad{goodFile(head + R"("capacity": {"value": 1, "unit": "KiB", "basis": "derived", "source": "s"}, )" + rest),
            "h.json:8: /architectures/0/levels/1/capacity/basis: a number is sourced or measured-in-paper"},
        Bad{goodFile(head + R"("capacity": {"value": 1, "unit": "KiB", "basis": "sourced"}, )" + rest),
            "h.json:8: /architectures/0/levels/1/capacity/source: is missing"},
        Bad{goodFile(head + capacity + R"("bandwidth": {"formula": "bogus * 2", "unit": "GB/s", "basis": "derived", "source": "s"}, "latency": {"unknown": "w"}})"),
            "h.json:8: /architectures/0/levels/1/bandwidth/formula: 'bogus' is neither an input of A nor a catalog figure key"},
        Bad{goodFile(head + capacity + R"("bandwidth": {"formula": "banks * (2", "unit": "GB/s", "basis": "derived", "source": "s"}, "latency": {"unknown": "w"}})"),
            "h.json:8: /architectures/0/levels/1/bandwidth/formula: "},
        Bad{goodFile(head + capacity + R"("bandwidth": {"unknown": "w"}})"),
            "h.json:8: /architectures/0/levels/1/latency: is missing (write {\"unknown\": \"why\"} when nothing citable exists)"},
        Bad{goodFile(head + capacity + R"("bandwidth": {"unknown": "w", "value": 3}, "latency": {"unknown": "w"}})"),
            "h.json:8: /architectures/0/levels/1/bandwidth: an unknown figure has only 'unknown' (the reason)"},
        Bad{goodFile(R"({"level": "device_memory", "capacity": {"unknown": "w"}, "latency": {"unknown": "w"}})"),
            "h.json:8: /architectures/0/levels/1/capacity: device_memory takes only a latency"},
        Bad{goodFile(head + capacity + rest, R"({"compute_units": {"value": 1, "unit": "SMs", "basis": "sourced", "source": "s"}})"),
            "h.json:5: /architectures/0/inputs/compute_units: an input may not be named like the catalog figure 'compute_units'"},
        Bad{goodFile(head + capacity + rest, R"({"p": {"formula": "q * 2", "unit": "x", "basis": "derived", "source": "s"}, "q": {"formula": "p / 2", "unit": "x", "basis": "derived", "source": "s"}})"),
            "h.json:5: /architectures/0/inputs/p/formula: the inputs' formulas refer to each other in a circle"},
        Bad{goodFile(head + capacity + rest, "{}", "A"), "h.json:10: /architectures/1/id: 'A' appears twice"});
    CAPTURE(row.text);
    const auto h = parseMemoryHierarchy(row.text, "h.json");
    REQUIRE_FALSE(h.has_value());
    CHECK(h.error().code == accelscope::models::ErrorCode::InvalidData);
    CHECK_THAT(h.error().message, StartsWith(row.message));
    CHECK(h.error().message.find('\n') == std::string::npos);
}

TEST_CASE("the bundled hierarchy loads and covers Volta, Ampere, Hopper, Blackwell and CDNA 2, 3 and 4")
{
    const auto h = bundledMemoryHierarchy();
    REQUIRE(h.has_value());
    for (const char* id : {"nvidia-v100-sxm2-32gb", "nvidia-a100-sxm4-80gb", "nvidia-h100-sxm", "nvidia-h100-pcie", "amd-instinct-mi250x",
                           "amd-instinct-mi300x", "amd-instinct-mi325x", "amd-instinct-mi355x", "nvidia-b200"}) {
        CAPTURE(id);
        CHECK(h->find(accelscope::tests::bundledDevice(id)) != nullptr);
    }
}

TEST_CASE("V100, A100, H100 and MI300X: every level down to HBM has each figure or says why")
{
    const auto id = GENERATE(as<std::string>{}, "nvidia-v100-sxm2-32gb", "nvidia-a100-sxm4-80gb", "nvidia-h100-sxm", "amd-instinct-mi300x");
    CAPTURE(id);
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice(id));
    const auto hbm = std::ranges::find_if(p.levels, [](const PyramidLevel& l) { return l.level == MemoryLevel::DeviceMemory; });
    REQUIRE(hbm != p.levels.end());
    REQUIRE(hbm - p.levels.begin() >= 3); // registers, shared memory/L1 (or LDS), L2 at least
    for (auto l = p.levels.begin(); l <= hbm; ++l) {
        CAPTURE(l->label);
        CHECK(l->capacityBytes.value.has_value());
        for (const SourcedValue* v : {&l->capacityBytes, &l->bandwidthGBps, &l->latencyNs}) {
            CHECK_FALSE(v->source.empty());
            if (v->value) {
                CHECK(v->basis != Basis::Unknown);
                if (v->basis == Basis::Derived) CHECK_FALSE(v->formula.empty()); // a derived figure shows its formula
            } else {
                // The why names the paper that would give it, or says no citable figure exists.
                const bool named = v->source.find("arXiv") != std::string::npos || v->source.find("white paper") != std::string::npos ||
                                   v->source.find("no citable") != std::string::npos || v->source.find("NVIDIA prints") != std::string::npos ||
                                   v->source.find("Chips and Cheese") != std::string::npos || v->source.find("AMD documents no") != std::string::npos;
                CHECK(named);
            }
        }
    }
}

TEST_CASE("A100 latencies: Abdelkhalik et al. 2022 cycles at the 1410 MHz boost clock")
{
    // Table IV of arXiv 2208.11174 (A100, cycles) and Table II (dependent mad.rn.f32), over 1.41 GHz.
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-a100-sxm4-80gb"));
    struct Row {
        MemoryLevel level;
        double cycles;
    };
    const auto row = GENERATE(Row{MemoryLevel::Registers, 4}, Row{MemoryLevel::SharedL1, 23}, Row{MemoryLevel::L2, 200},
                              Row{MemoryLevel::DeviceMemory, 290});
    const SourcedValue& latency = levelOf(p, row.level).latencyNs;
    REQUIRE(latency.value.has_value());
    CHECK_THAT(*latency.value, WithinRel(row.cycles / 1.41, 1e-12));
    CHECK(latency.basis == Basis::Measured);
    CHECK_THAT(latency.source, Contains("arXiv 2208.11174"));
}

TEST_CASE("H100 latencies are Luo et al.'s H800 cycles converted at 1755 MHz, its L2 bandwidth their bytes per clock at the H100's own clock")
{
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-h100-sxm"));
    struct Row {
        MemoryLevel level;
        double cycles;
    };
    const auto row = GENERATE(Row{MemoryLevel::SharedL1, 29.0}, Row{MemoryLevel::L2, 263.0}, Row{MemoryLevel::DeviceMemory, 478.8});
    const SourcedValue& latency = levelOf(p, row.level).latencyNs;
    REQUIRE(latency.value.has_value());
    CHECK_THAT(*latency.value, WithinRel(row.cycles / 1.755, 1e-12));
    CHECK(latency.basis == Basis::Measured);
    CHECK_THAT(latency.source, Contains("arXiv 2402.13499v1") && Contains("third-party"));
    const SourcedValue& l2 = levelOf(p, MemoryLevel::L2).bandwidthGBps;
    REQUIRE(l2.value.has_value());
    // 3942.4 B/clk measured on an H800 PCIe, rescaled to the H100 SXM's clock (its FP32 peak of
    // 67 TFLOP/s over 132 SMs x 128 lanes x 2 FLOP: 1.98 GHz), not the H800's 1755 MHz (issue #30).
    const double clockGhz = 67.0 * 1000 / (132 * 128 * 2);
    CHECK_THAT(*l2.value, WithinRel(3942.4 * clockGhz, 1e-9));
    CHECK_THAT(l2.source, Contains("rescaled"));
    CHECK(l2.basis == Basis::Measured);
    CHECK_FALSE(levelOf(p, MemoryLevel::Registers).latencyNs.value.has_value());
}

TEST_CASE("V100 latencies are the gpu-benches V100 PCIe cycles converted at its 1380 MHz")
{
    // README of te42kyfo/gpu-benches at 01d2bb5, 'cuda-latency' example on a Tesla V100 PCIe: L1 30.0, L2 214.4, HBM 428.0 cycles.
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-v100-sxm2-32gb"));
    struct Row {
        MemoryLevel level;
        double cycles;
    };
    const auto row = GENERATE(Row{MemoryLevel::SharedL1, 30.0}, Row{MemoryLevel::L2, 214.4}, Row{MemoryLevel::DeviceMemory, 428.0});
    const SourcedValue& latency = levelOf(p, row.level).latencyNs;
    REQUIRE(latency.value.has_value());
    CHECK_THAT(*latency.value, WithinRel(row.cycles / 1.38, 1e-12));
    CHECK(latency.basis == Basis::Measured);
    CHECK_THAT(latency.source, Contains("gpu-benches") && Contains("01d2bb5303d4") && Contains("1380 MHz"));
    CHECK_THAT(latency.formula, Contains("ernst_v100_clock_ghz"));
}

TEST_CASE("MI250X: vector L1 at half the LDS rate, cache and HBM latency from the MI210 pointer chase at 1700 MHz")
{
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("amd-instinct-mi250x"));
    const PyramidLevel& l1 = levelOf(p, MemoryLevel::SharedL1, 1);
    REQUIRE(l1.label == "Vector L1 cache");
    REQUIRE(l1.bandwidthGBps.value.has_value());
    CHECK_THAT(*l1.bandwidthGBps.value, WithinRel(64.0 * 220 * 1.7, 1e-12));
    struct Row {
        MemoryLevel level;
        std::size_t nth;
        double cycles;
    };
    const auto row = GENERATE(Row{MemoryLevel::SharedL1, 1, 125.1}, Row{MemoryLevel::L2, 0, 241.3}, Row{MemoryLevel::DeviceMemory, 0, 573.4});
    const SourcedValue& latency = levelOf(p, row.level, row.nth).latencyNs;
    REQUIRE(latency.value.has_value());
    CHECK_THAT(*latency.value, WithinRel(row.cycles / 1.7, 1e-12));
    CHECK(latency.basis == Basis::Measured);
    CHECK_THAT(latency.source, Contains("mi210.txt") && Contains("not an MI250X"));
    CHECK_FALSE(levelOf(p, MemoryLevel::SharedL1, 0).latencyNs.value.has_value()); // LDS: nothing citable
}

TEST_CASE("B200: NVIDIA's sm_100 register and shared-memory sizes, the rest unknown naming the Blackwell microbenchmark paper")
{
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-b200"));
    const PyramidLevel& regs = levelOf(p, MemoryLevel::Registers);
    REQUIRE(regs.capacityBytes.value.has_value());
    CHECK(*regs.capacityBytes.value == 65536.0 * 4); // 64K 32-bit registers
    CHECK(regs.capacityBytes.basis == Basis::Derived);
    const PyramidLevel& shared = levelOf(p, MemoryLevel::SharedL1);
    CHECK(*shared.capacityBytes.value == 228 * 1024.0);
    CHECK_THAT(shared.capacityBytes.source, Contains("arch_traits.h") && Contains("efee2cf61c8e"));
    // The catalog has no B200 SM count yet: the derived bandwidth says which figure it needs.
    CHECK_FALSE(shared.bandwidthGBps.value.has_value());
    CHECK_THAT(shared.bandwidthGBps.source, Contains("needs 'compute_units'"));
    CHECK_FALSE(levelOf(p, MemoryLevel::L2).capacityBytes.value.has_value());
    for (MemoryLevel l : {MemoryLevel::SharedL1, MemoryLevel::L2, MemoryLevel::DeviceMemory}) {
        CHECK_THAT(levelOf(p, l).latencyNs.source, Contains("arXiv 2512.02189") && Contains("opening sections"));
    }
}

TEST_CASE("MI355X: LDS and vector L1 wait for the catalog's engine clock, then recompute from the gfx950 peaks")
{
    auto device = accelscope::tests::bundledDevice("amd-instinct-mi355x");
    CHECK_THAT(devicePyramid(device).levels[1].bandwidthGBps.source, Contains("needs 'boost_clock_mhz'"));
    // With a clock the formulas evaluate: 128 B per clock per CU x 256 CUs x 2.4 GHz (a test clock, not a catalog figure).
    accelscope::models::catalog::Figure clock;
    clock.value = 2400;
    device.figures[accelscope::models::catalog::FigureKey::BoostClockMhz] = clock;
    const MemoryPyramid p = devicePyramid(device);
    for (std::size_t nth : {0u, 1u}) {
        const SourcedValue& bw = levelOf(p, MemoryLevel::SharedL1, nth).bandwidthGBps;
        REQUIRE(bw.value.has_value());
        CHECK_THAT(*bw.value, WithinRel(128.0 * 256 * 2.4, 1e-12));
        CHECK_THAT(bw.source, Contains("gfx950"));
    }
    CHECK_THAT(levelOf(p, MemoryLevel::L2).bandwidthGBps.source, Contains("L2 channels per XCD"));
}

TEST_CASE("V100, A100, H100 and MI300X: the only unknown on-chip or HBM figures are the documented ones, each naming its paper")
{
    // Every bandwidth down to HBM is known; the latencies still unknown are listed here, so filling or losing one fails.
    struct Expect {
        std::string device;
        std::vector<std::string> unknownLatencies; // level labels, HBM as "device memory"
    };
    const auto e = GENERATE(Expect{"nvidia-v100-sxm2-32gb", {}}, Expect{"nvidia-a100-sxm4-80gb", {}},
                            Expect{"nvidia-h100-sxm", {"Register file"}},
                            Expect{"amd-instinct-mi300x", {"Vector register file", "LDS", "Vector L1 cache", "L2 cache", "Infinity Cache (MALL)", "device memory"}});
    CAPTURE(e.device);
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice(e.device));
    std::vector<std::string> unknown;
    for (const auto& l : p.levels) {
        CAPTURE(l.label);
        CHECK(l.bandwidthGBps.value.has_value());
        if (!l.latencyNs.value) {
            unknown.push_back(l.level == MemoryLevel::DeviceMemory ? "device memory" : l.label);
            const std::string& why = l.latencyNs.source;
            const bool namesSource = why.find("arXiv") != std::string::npos || why.find("Chips and Cheese") != std::string::npos ||
                                     why.find("AMD documents no") != std::string::npos;
            const bool saysWhy = why.find("not readable") != std::string::npos || why.find("only its abstract") != std::string::npos ||
                                 why.find("not LDS") != std::string::npos || why.find("no citable") != std::string::npos;
            CHECK(namesSource);
            CHECK(saysWhy);
        }
        if (l.level == MemoryLevel::DeviceMemory) break;
    }
    CHECK(unknown == e.unknownLatencies);
}

TEST_CASE("derived bandwidths equal their formulas recomputed by hand")
{
    struct Row {
        std::string device;
        MemoryLevel level;
        double gbps; // hand-derived below
    };
    const auto row = GENERATE(
        // H100 SXM: clock = 67 TFLOPS / (132 SMs x 128 lanes x 2) ; shared = 32 x 4 B x 132 x clock = 128 x 67000 / 256.
        Row{"nvidia-h100-sxm", MemoryLevel::SharedL1, 128.0 * 67000 / 256},
        // Registers: 128 lanes x 12 B x 132 x clock = 12 x 67000 / 2.
        Row{"nvidia-h100-sxm", MemoryLevel::Registers, 12.0 * 67000 / 2},
        // H100 PCIe: 51 TFLOPS over 114 SMs: 128 x 51000 / 256.
        Row{"nvidia-h100-pcie", MemoryLevel::SharedL1, 128.0 * 51000 / 256},
        // A100: 32 x 4 B x 108 SMs x 1.41 GHz (whitepaper Table 3).
        Row{"nvidia-a100-sxm4-80gb", MemoryLevel::SharedL1, 128.0 * 108 * 1.41},
        // V100 SXM2: 32 x 4 B x 80 SMs x 1.53 GHz (catalog compute_units and boost_clock_mhz).
        Row{"nvidia-v100-sxm2-32gb", MemoryLevel::SharedL1, 128.0 * 80 * 1.53},
        // MI300X VGPRs: 256 FLOP/clk/CU / 2 = 128 FMA lanes x 12 B x 304 CUs x 2.1 GHz.
        Row{"amd-instinct-mi300x", MemoryLevel::Registers, 128.0 * 12 * 304 * 2.1},
        // MI300X LDS and vector L1: 128 B/clk/CU x 304 CUs x 2.1 GHz (ROCm Compute Profiler peaks).
        Row{"amd-instinct-mi300x", MemoryLevel::SharedL1, 128.0 * 304 * 2.1},
        // MI300X L2: 2 KB/clk/XCD x 8 XCDs x 2.1 GHz = 34.4 TB/s, the white paper's printed aggregate.
        Row{"amd-instinct-mi300x", MemoryLevel::L2, 2048.0 * 8 * 2.1},
        // MI300A: 228 CUs = 6 XCDs.
        Row{"amd-instinct-mi300a", MemoryLevel::L2, 2048.0 * 6 * 2.1},
        // A100 L2: the Ampere whitepaper's 5120 B per clock at the 1410 MHz boost clock.
        Row{"nvidia-a100-sxm4-80gb", MemoryLevel::L2, 5120.0 * 1.41},
        // V100 L2: the same sentence's 2048 B per clock for V100, at the catalog's 1530 MHz boost clock.
        Row{"nvidia-v100-sxm2-32gb", MemoryLevel::L2, 2048.0 * 1.53},
        // MI250X (gfx90a profiler peaks): LDS 128 B and vector L1 64 B per clock per CU, 220 CUs, 1.7 GHz;
        // L2 64 B per clock per channel x 32 channels per GCD x 2 GCDs (220 / 110).
        Row{"amd-instinct-mi250x", MemoryLevel::SharedL1, 128.0 * 220 * 1.7}, Row{"amd-instinct-mi250x", MemoryLevel::L2, 64.0 * 32 * 2 * 1.7});
    CAPTURE(row.device);
    const MemoryPyramid pyramid = devicePyramid(accelscope::tests::bundledDevice(row.device)); // kept: bw refers into it
    const SourcedValue& bw = levelOf(pyramid, row.level).bandwidthGBps;
    REQUIRE(bw.value.has_value());
    CHECK_THAT(*bw.value, WithinRel(row.gbps, 1e-12));
    CHECK(bw.basis == Basis::Derived);
    CHECK_FALSE(bw.formula.empty());
    CHECK_THAT(bw.source, Contains("inputs: "));
}

TEST_CASE("MI300X: LDS and L1 per CU, L2 per XCD and a 256 MiB Infinity Cache at the white paper's 17.2 TB/s")
{
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("amd-instinct-mi300x"));
    CHECK(levelOf(p, MemoryLevel::SharedL1, 0).label == "LDS");
    CHECK(*levelOf(p, MemoryLevel::SharedL1, 0).capacityBytes.value == 64 * 1024.0);
    CHECK(*levelOf(p, MemoryLevel::SharedL1, 1).capacityBytes.value == 32 * 1024.0);
    CHECK(*levelOf(p, MemoryLevel::L2).capacityBytes.value == 4 * 1048576.0);
    CHECK(levelOf(p, MemoryLevel::L2).scope == "per XCD (x8)");
    const PyramidLevel& llc = levelOf(p, MemoryLevel::LastLevelCache);
    CHECK(*llc.capacityBytes.value == 256 * 1048576.0);
    CHECK(*llc.bandwidthGBps.value == 17200.0);
    CHECK(llc.bandwidthGBps.basis == Basis::Sourced);
    // The vector L1 has the LDS's 128 B per clock per CU, and the L2 peak is the white paper's 34.4 TB/s.
    CHECK(*levelOf(p, MemoryLevel::SharedL1, 1).bandwidthGBps.value == *levelOf(p, MemoryLevel::SharedL1, 0).bandwidthGBps.value);
    CHECK_THAT(*levelOf(p, MemoryLevel::L2).bandwidthGBps.value, WithinRel(34400.0, 0.001));
}

TEST_CASE("a formula whose catalog figure is missing on a device is unknown and names the figure")
{
    // The H100 NVL has no compute_units figure in the catalog, so its SM clock cannot be derived.
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-h100-nvl"));
    const SourcedValue& bw = levelOf(p, MemoryLevel::SharedL1).bandwidthGBps;
    CHECK_FALSE(bw.value.has_value());
    CHECK_THAT(bw.source, Contains("needs 'compute_units'") && Contains("nvidia-h100-nvl"));
    CHECK(levelOf(p, MemoryLevel::SharedL1).capacityBytes.value.has_value()); // the whitepaper size still shows
}

TEST_CASE("the lab that measures a device: CUDA labs for NVIDIA GPUs, CPU labs for CPUs, none for others")
{
    CHECK_THAT(measuringLab(accelscope::tests::bundledDevice("nvidia-h100-sxm")), Contains("cuda-latency"));
    CHECK_THAT(measuringLab(accelscope::tests::bundledDevice("amd-instinct-mi300x")), StartsWith("no lab"));
    accelscope::models::catalog::Device cpu;
    cpu.kind = accelscope::models::catalog::DeviceKind::Cpu;
    CHECK_THAT(measuringLab(cpu), Contains("cpu-latency"));
}

TEST_CASE("TPUs and AI ASICs: each has its vendor's on-chip levels with the printed size and where it was read")
{
    // Sizes as the vendor prints them, written out here in bytes: Google's JAX TPU table (per TensorCore), AWS Neuron
    // architecture guides (per NeuronCore), Intel's Gaudi 3 Hot Chips 2024 slide (per device, decimal MB), Tenstorrent's
    // tt-metal Blackhole bring-up guide (per Tensix core, 1464 KiB).
    struct Row {
        std::string device;
        MemoryLevel level;
        std::size_t nth;
        std::string label;
        double bytes;
        std::string where; // a piece of the source text that names the document
    };
    const double MiB = 1048576.0;
    const auto row = GENERATE_COPY(
        Row{"google-tpu-v2", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 16 * MiB, "case 'TPU v2'"},
        Row{"google-tpu-v3", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 16 * MiB, "case 'TPU v3'"},
        Row{"google-tpu-v4", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 16 * MiB, "case 'TPU v4'"},
        Row{"google-tpu-v4", MemoryLevel::L2, 0, "CMEM (common memory)", 134000000.0, "134_000_000 // num_chip_cores"},
        Row{"google-tpu-v5e", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 128 * MiB, "case 'TPU v5e'"},
        Row{"google-tpu-v5p", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 64 * MiB, "case 'TPU v5p'"},
        Row{"google-tpu-v6e", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 128 * MiB, "case 'TPU v6e'"},
        Row{"google-tpu7x-ironwood", MemoryLevel::SharedL1, 0, "VMEM (vector memory)", 64 * MiB, "case 'TPU7x'"},
        Row{"aws-trainium", MemoryLevel::SharedL1, 0, "PSUM (partial-sum buffer)", 2 * MiB, "Trainium/Inferentia2 Architecture Guide"},
        Row{"aws-trainium", MemoryLevel::SharedL1, 1, "SBUF (state buffer)", 24 * MiB, "Trainium/Inferentia2 Architecture Guide"},
        Row{"aws-inferentia2", MemoryLevel::SharedL1, 1, "SBUF (state buffer)", 24 * MiB, "Trainium/Inferentia2 Architecture Guide"},
        Row{"aws-trainium2", MemoryLevel::SharedL1, 0, "PSUM (partial-sum buffer)", 2 * MiB, "Trainium2 Architecture Guide"},
        Row{"aws-trainium2", MemoryLevel::SharedL1, 1, "SBUF (state buffer)", 28 * MiB, "Trainium2 Architecture Guide"},
        Row{"aws-trainium3", MemoryLevel::SharedL1, 1, "SBUF (state buffer)", 32 * MiB, "Trainium3 Architecture Guide"},
        Row{"intel-gaudi3-hl325l", MemoryLevel::L2, 0, "On-die SRAM (L2/L3 cache)", 96e6, "Hot Chips 2024"},
        Row{"tenstorrent-wormhole-n150", MemoryLevel::SharedL1, 0, "Tensix L1 SRAM", 1464 * 1024.0, "BlackholeBringUpProgrammingGuide.md"},
        Row{"tenstorrent-wormhole-n300", MemoryLevel::SharedL1, 0, "Tensix L1 SRAM", 1464 * 1024.0, "BlackholeBringUpProgrammingGuide.md"},
        Row{"tenstorrent-blackhole-p150a", MemoryLevel::SharedL1, 0, "Tensix L1 SRAM", 1464 * 1024.0, "L1 data cache"},
        Row{"tenstorrent-blackhole-p300c", MemoryLevel::SharedL1, 0, "Tensix L1 SRAM", 1464 * 1024.0, "L1 data cache"});
    CAPTURE(row.device, row.label);
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice(row.device));
    const PyramidLevel& l = levelOf(p, row.level, row.nth);
    CHECK(l.label == row.label);
    REQUIRE(l.capacityBytes.value.has_value());
    CHECK(*l.capacityBytes.value == row.bytes);
    CHECK(l.capacityBytes.basis == Basis::Sourced);
    CHECK_THAT(l.capacityBytes.source, Contains(row.where) && Contains("https://"));
}

TEST_CASE("TPUs and AI ASICs: every figure down to device memory is sourced, derived with its formula, or says what is missing")
{
    const auto id = GENERATE(as<std::string>{}, "google-tpu-v4", "google-tpu-v5p", "google-tpu7x-ironwood", "aws-trainium", "aws-trainium2",
                             "aws-trainium3", "intel-gaudi3-hl325l", "tenstorrent-wormhole-n150", "tenstorrent-blackhole-p150a");
    CAPTURE(id);
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice(id));
    REQUIRE(p.levels.front().level != MemoryLevel::DeviceMemory); // an on-chip level from hierarchy.json comes first
    for (const auto& l : p.levels) {
        CAPTURE(l.label);
        for (const SourcedValue* v : {&l.capacityBytes, &l.bandwidthGBps, &l.latencyNs}) {
            if (l.level == MemoryLevel::DeviceMemory && v != &l.latencyNs) continue; // the catalog's figures
            if (v->value) {
                CHECK(v->basis != Basis::Unknown);
                if (v->basis == Basis::Derived) CHECK_FALSE(v->formula.empty());
            } else {
                // The reason names what is missing: no citable figure, and where it was looked for.
                CHECK_THAT(v->source, StartsWith("no citable"));
            }
        }
        if (l.level == MemoryLevel::DeviceMemory) break;
    }
}

TEST_CASE("NeuronCore-v2: SBUF/PSUM bandwidth and access overhead recompute from the Neuron guide's figures")
{
    // 128 partitions x 4 B (32-bit element) per cycle at 1.4 GHz per NeuronCore, times 2 NeuronCores (catalog compute_units);
    // a tensor access starts after about 60 cycles at 1.4 GHz.
    const auto id = GENERATE(as<std::string>{}, "aws-trainium", "aws-inferentia2");
    CAPTURE(id);
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice(id));
    for (std::size_t nth : {0u, 1u}) {
        const PyramidLevel& l = levelOf(p, MemoryLevel::SharedL1, nth);
        CAPTURE(l.label);
        REQUIRE(l.bandwidthGBps.value.has_value());
        CHECK_THAT(*l.bandwidthGBps.value, WithinRel(128.0 * 4 * 1.4 * 2, 1e-12));
        CHECK(l.bandwidthGBps.basis == Basis::Derived);
        CHECK(l.bandwidthGBps.formula == "sbuf_partitions * sbuf_bytes_per_element * sbuf_clock_ghz * compute_units");
        CHECK_THAT(l.bandwidthGBps.source, Contains("compute_units = 2 (catalog figure of " + id + ")"));
        REQUIRE(l.latencyNs.value.has_value());
        CHECK_THAT(*l.latencyNs.value, WithinRel(60 / 1.4, 1e-12));
        CHECK_THAT(l.latencyNs.source, Contains("approximately 60 cycles"));
    }
    // The hierarchical roofline counts the per-NeuronCore SBUF once per core: 24 MiB x 2 NeuronCores.
    const auto levels = hierarchyLevels(p, 2.0);
    REQUIRE(levels.size() > 1);
    REQUIRE(levels[1].capacityBytes.has_value());
    CHECK(*levels[1].capacityBytes == 2 * 24 * 1048576.0);
    // NeuronCore-v3 prints these only in figures: not carried over from v2.
    const MemoryPyramid trn2 = devicePyramid(accelscope::tests::bundledDevice("aws-trainium2"));
    CHECK_FALSE(levelOf(trn2, MemoryLevel::SharedL1, 1).bandwidthGBps.value.has_value());
    CHECK_THAT(levelOf(trn2, MemoryLevel::SharedL1, 1).bandwidthGBps.source, Contains("nki-trn2-arch-5-1.png"));
}

TEST_CASE("Gaudi 3: Intel's 12.8 TB/s on-die SRAM bandwidth is sourced, the PCIe card without an entry keeps the catalog's SRAM")
{
    const MemoryPyramid oam = devicePyramid(accelscope::tests::bundledDevice("intel-gaudi3-hl325l"));
    const SourcedValue& bw = levelOf(oam, MemoryLevel::L2).bandwidthGBps;
    REQUIRE(bw.value.has_value());
    CHECK(*bw.value == 12800.0);
    CHECK(bw.basis == Basis::Sourced);
    CHECK_THAT(bw.source, Contains("On-die SRAM Bandwidth (L2 Cache): 12.8 TB/s"));
    // The HL-338 PCIe card runs the chip at a lower power: Intel's OAM figure is not carried over to it.
    const MemoryPyramid pcie = devicePyramid(accelscope::tests::bundledDevice("intel-gaudi3-hl338-pcie"));
    CHECK(levelOf(pcie, MemoryLevel::L2).capacityBytes.source == "catalog onchip_memory_mb");
    CHECK_FALSE(levelOf(pcie, MemoryLevel::L2).bandwidthGBps.value.has_value());
}
