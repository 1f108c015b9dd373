// SPDX-License-Identifier: MIT
// GPU labs about memory: device query (with the catalog), device bandwidth, host-device copies,
// latency by pointer chasing.
#include "labs/gpu/catalog_match.hpp"
#include "labs/gpu/cuda_lab_support.hpp"
#include "labs/gpu/cuda_labs.hpp"
#include "labs/latency/latency_lab.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace accelscope::labs::gpu {
namespace {

using models::ErrorCode;
using models::fail;
using models::catalog::FigureKey;

std::string format(const char* pattern, double a, double b = 0, double c = 0)
{
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

class DeviceQueryLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-device-query", "CUDA device query, compared with the catalog",
                "What the GPU says about itself (SMs, memory, L2, clocks, bus) and how it compares with its datasheet.",
                {deviceParameter()}, true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& /*monitor*/) override
    {
        LabResult& result = run.start.result;
        const CudaDevice& d = run.device;
        // DDR signalling: two transfers per memory clock (HBM and GDDR6 as the runtime reports them).
        const double bwGbs = 2.0 * d.memoryClockKhz * 1e3 * (d.memoryBusWidthBits / 8.0) / 1e9;
        const double memoryGib = static_cast<double>(d.globalMemoryBytes) / (1024.0 * 1024 * 1024);
        result.summary = {
            {"sm_count", static_cast<double>(d.smCount), "", "multiprocessors"},
            {"memory_gib", memoryGib, "GiB", "cudaDeviceProp::totalGlobalMem"},
            {"l2_cache_mib", d.l2CacheBytes / 1048576.0, "MiB", ""},
            {"shared_memory_per_sm_kib", d.sharedMemoryPerSmBytes / 1024.0, "KiB", ""},
            {"max_clock_mhz", d.maxClockKhz / 1000.0, "MHz", "cudaDevAttrClockRate"},
            {"memory_bw_gbs_from_clock", bwGbs, "GB/s", "2 x memory clock x bus width / 8 (derived)"},
            {"compute_capability", d.computeCapabilityMajor + d.computeCapabilityMinor / 10.0, "", ""},
        };
        std::string note;
        const auto match = findCatalogEntry(d.name, d.globalMemoryBytes, run.catalog.get(), &note);
        result.notes.push_back(note);
        if (match) compare(match->device, d.smCount, memoryGib, d.maxClockKhz / 1000.0, bwGbs, result);
        return {};
    }

private:
    static void compare(const models::catalog::Device& entry, double sms, double memoryGib, double clockMhz, double bwGbs,
                        LabResult& result)
    {
        const struct {
            FigureKey key;
            const char* name;
            double measured;
        } rows[] = {{FigureKey::ComputeUnits, "catalog_sm_count", sms},
                    {FigureKey::MemoryGb, "catalog_memory_gib", memoryGib},
                    {FigureKey::BoostClockMhz, "catalog_boost_clock_mhz", clockMhz},
                    {FigureKey::MemoryBwGbs, "catalog_memory_bw_gbs", bwGbs}};
        for (const auto& row : rows) {
            // Compared in the display unit: memory in GiB, as the runtime reports it.
            const auto stored = entry.value(row.key);
            if (!stored) continue;
            const std::optional<double> value = models::catalog::displayValue(row.key, *stored);
            const auto* source = entry.sourceOf(row.key);
            const double ratio = *value > 0 ? row.measured / *value : 0;
            result.summary.push_back({row.name, *value, std::string(models::catalog::displayUnit(row.key)),
                                      "the device reports " + models::engineeringText(row.measured) + format(" (%.1f%% of the catalog)", 100 * ratio) +
                                          (source != nullptr ? "; source: " + source->title : std::string())});
            if (std::fabs(ratio - 1) > 0.05) {
                result.notes.push_back(std::string(row.name) + ": device and catalog differ by more than 5% (" +
                                       models::engineeringText(row.measured) + " vs " + models::engineeringText(*value) +
                                       "); reserved memory (ECC, firmware) or a different SKU explain most such gaps");
            }
        }
    }
};

class BandwidthLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-bandwidth", "GPU memory bandwidth (copy, mul, add, triad)",
                "How many GB/s the GPU pulls from its HBM/GDDR, and how L1 and L2 are faster on small working sets.",
                {deviceParameter(),
                 {"array_mib", "each of the three arrays (0 = max(4 x L2, 512 MiB))", "MiB", 0, 65536, 0, 16, true},
                 {"repetitions", "timed repetitions after one warm-up (median reported)", "", 1, 1000, 20, 2, true},
                 {"sweep", "1: copy working-set sweep, from one 16-byte element per thread up to the array size", "", 0, 1, 1, 1, true}},
                true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) override
    {
        auto& params = run.start.parameters;
        LabResult& result = run.start.result;
        const AccelscopeCudaBandwidthParams p{run.deviceIndex, static_cast<unsigned long long>(params["array_mib"]) << 20,
                                              static_cast<int>(params["repetitions"]),
                                              params["sweep"] > 0 ? 64ull << 10 : 0ull};
        CurveBuffer kernels(4);
        CurveBuffer sweep(64);
        AccelscopeCudaRunInfo info{};
        ProgressBridge bridge(monitor, 0, 1);
        const auto callbacks = bridge.callbacks();
        char message[512] = {};
        const int status = run.module->entry().bandwidth(&p, kernels.raw(), sweep.raw(), &info, &callbacks, message, sizeof message);
        if (auto ok = moduleStatus(status, message, &bridge); !ok) return std::unexpected(ok.error());
        if (bridge.overBudget()) result.notes.emplace_back("stopped early: time budget reached");
        const char* names[] = {"copy", "mul", "add", "triad"};
        for (int i = 0; i < kernels.curve().count; ++i) {
            const auto& k = kernels.curve().points[i];
            result.summary.push_back({std::string(names[i]) + "_gbs", k.median, "GB/s",
                                      format("median; min %.1f, max %.1f GB/s", k.min, k.max)});
        }
        result.series.push_back(kernels.toSeries({"bandwidth per kernel", "kernel (0 copy, 1 mul, 2 add, 3 triad)", "",
                                                  "bandwidth", "GB/s", {}}, &result.notes));
        if (sweep.curve().count > 0) {
            result.series.push_back(sweep.toSeries({"copy bandwidth vs working set", "working set (both arrays)", "KiB",
                                                    "bandwidth", "GB/s", {}}, &result.notes));
        }
        result.notes.emplace_back("BabelStream kernels on doubles: copy c=a, mul b=s*c, add c=a+b, triad a=b+s*c; bytes "
                                  "counted once per read and per write (GB = 10^9 B); results checked after the runs");
        result.notes.emplace_back("working-set sweep: starts at one 16-byte element per thread of the grid; each launch "
                                  "repeats the copy until about 1 GB has moved, so launch overhead is amortised; sets "
                                  "that fit in L2 are served from it");
        addRunInfoNotes(info, result);
        return {};
    }

};

class TransferLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-h2d", "Host <-> GPU copies: pageable vs pinned memory",
                "What the bus (PCIe, NVLink-C2C) delivers for each transfer size, and why pinned host memory is faster.",
                {deviceParameter(),
                 {"min_kib", "smallest transfer", "KiB", 1, 1048576, 4, 4, true},
                 {"max_mib", "largest transfer", "MiB", 1, 16384, 256, 1, true},
                 {"repetitions", "timed repetitions after one warm-up (median reported)", "", 1, 1000, 10, 2, true}},
                true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) override
    {
        auto& params = run.start.parameters;
        LabResult& result = run.start.result;
        const AccelscopeCudaTransferParams p{run.deviceIndex, static_cast<unsigned long long>(params["min_kib"]) << 10,
                                             static_cast<unsigned long long>(params["max_mib"]) << 20,
                                             static_cast<int>(params["repetitions"])};
        if (p.minBytes > p.maxBytes) return fail(ErrorCode::InvalidArgument, "min_kib must not exceed max_mib");
        CurveBuffer c0(64), c1(64), c2(64), c3(64);
        CurveBuffer* curves[4] = {&c0, &c1, &c2, &c3};
        AccelscopeCudaSeries raw[4] = {*c0.raw(), *c1.raw(), *c2.raw(), *c3.raw()}; // the ABI takes an array of 4
        AccelscopeCudaRunInfo info{};
        ProgressBridge bridge(monitor, 0, 1);
        const auto callbacks = bridge.callbacks();
        char message[512] = {};
        const int status = run.module->entry().transfer(&p, raw, &info, &callbacks, message, sizeof message);
        if (auto ok = moduleStatus(status, message, &bridge); !ok) return std::unexpected(ok.error());
        if (bridge.overBudget()) result.notes.emplace_back("stopped early: time budget reached");
        const char* names[] = {"host to device, pageable", "host to device, pinned", "device to host, pageable",
                               "device to host, pinned"};
        const char* keys[] = {"h2d_pageable_gbs", "h2d_pinned_gbs", "d2h_pageable_gbs", "d2h_pinned_gbs"};
        for (int c = 0; c < 4; ++c) {
            curves[c]->raw()->count = raw[c].count;
            result.series.push_back(curves[c]->toSeries(
                {names[c], "transfer size", "KiB", "bandwidth", "GB/s", {}}, &result.notes));
            if (raw[c].count > 0) {
                const auto& last = raw[c].points[raw[c].count - 1];
                result.summary.push_back({keys[c], last.median, "GB/s", format("largest transfer (%.0f KiB), median", last.x)});
            }
        }
        result.notes.emplace_back("cudaMemcpyAsync on the default stream between CUDA events; pageable = malloc'ed (the "
                                  "driver stages it through its own pinned buffer), pinned = cudaMallocHost; data checked "
                                  "by a round trip; GB = 10^9 B");
        result.notes.emplace_back("host buffers are not placed on the GPU's NUMA node; on a multi-socket server run under "
                                  "numactl bound to that node");
        addRunInfoNotes(info, result);
        return {};
    }

};

class LatencyLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-latency", "GPU memory latency pyramid (pointer chasing, clock64)",
                "How many cycles one dependent load waits in L1, L2 and HBM.",
                {deviceParameter(),
                 {"min_kib", "smallest working set", "KiB", 1, 1048576, 4, 4, true},
                 {"max_mib", "largest working set", "MiB", 1, 16384, 512, 1, true},
                 {"stride_bytes", "distance between chain nodes (one node per 128-byte line by default)", "B", 8, 4096, 128, 128, true},
                 {"bypass_l1", "1: ld.global.cg (L2 and below); 0: ld.global.ca (through L1)", "", 0, 1, 0, 0, true},
                 {"seed", "seed of the random chain", "", 0, 1e9, 1, 1, true}},
                true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) override
    {
        auto& params = run.start.parameters;
        LabResult& result = run.start.result;
        const auto stride = static_cast<std::uint64_t>(params["stride_bytes"]);
        if (stride % 8 != 0) return fail(ErrorCode::InvalidArgument, "parameter 'stride_bytes' must be a multiple of 8");
        const std::uint64_t minBytes = std::max<std::uint64_t>(static_cast<std::uint64_t>(params["min_kib"]) << 10, 2 * stride);
        const std::uint64_t maxBytes = static_cast<std::uint64_t>(params["max_mib"]) << 20;
        Series cycles{"latency vs working set", "working set", "KiB", "latency", "cycles", {}};
        Series nanoseconds{"latency vs working set (ns)", "working set", "KiB", "latency", "ns", {}};
        double mhz = 0;
        for (std::uint64_t bytes = minBytes; bytes <= maxBytes; bytes *= 2) {
            const std::uint64_t nodes = bytes / stride;
            const auto next = latency::randomCycle(nodes, static_cast<std::uint64_t>(params["seed"]));
            const std::vector<unsigned> chain(next.begin(), next.end());
            // A whole lap first while it is cheap (fills caches and TLBs), then up to 128 Ki timed loads.
            const AccelscopeCudaChaseParams p{run.deviceIndex, chain.data(), nodes, static_cast<int>(stride),
                                              std::min<std::uint64_t>(nodes, 1u << 20),
                                              std::clamp<std::uint64_t>(nodes, 4096, 1u << 17), static_cast<int>(params["bypass_l1"])};
            double perLoad = 0;
            char message[512] = {};
            const int status = run.module->entry().chase(&p, &perLoad, mhz == 0 ? &mhz : nullptr, message, sizeof message);
            if (auto ok = moduleStatus(status, message); !ok) return std::unexpected(ok.error());
            cycles.points.push_back({static_cast<double>(bytes) / 1024.0, perLoad});
            if (mhz > 0) nanoseconds.points.push_back({static_cast<double>(bytes) / 1024.0, perLoad * 1000.0 / mhz});
            if (!monitor.report(std::log2(static_cast<double>(bytes) / static_cast<double>(minBytes)) /
                                    std::max(1.0, std::log2(static_cast<double>(maxBytes) / static_cast<double>(minBytes))),
                                "pointer chase")) {
                return fail(ErrorCode::Cancelled, "cancelled; no result was recorded");
            }
            if (monitor.overBudget()) {
                result.notes.push_back("sweep stopped at " + std::to_string(bytes >> 10) + " KiB: time budget reached");
                break;
            }
        }
        summarise(cycles, run.device, result);
        result.series.push_back(std::move(cycles));
        if (!nanoseconds.points.empty()) result.series.push_back(std::move(nanoseconds));
        result.notes.push_back("one thread follows a random cycle (Sattolo) of 8-byte device pointers, one node per " +
                               std::to_string(stride) + " bytes; clock64() around up to 131072 dependent loads after a warm-up lap");
        result.notes.push_back(format("ns use the SM clock measured by a clock64() spin: %.0f MHz", mhz));
        return {};
    }

private:
    // Plateau figures: the smallest set (L1), the set nearest L2 / 4 (L2), the largest (HBM when ≥ 4 x L2).
    static void summarise(const Series& s, const CudaDevice& d, LabResult& result)
    {
        if (s.points.empty()) return;
        const double l2Kib = d.l2CacheBytes / 1024.0;
        result.summary.push_back({"l1_cycles", s.points.front().y, "cycles", format("working set %.0f KiB", s.points.front().x)});
        const auto nearL2 = std::ranges::min_element(s.points, {}, [&](const Point& p) { return std::fabs(std::log2(p.x / (l2Kib / 4))); });
        if (l2Kib > 0 && nearL2->x > 4 * 256) {
            result.summary.push_back({"l2_cycles", nearL2->y, "cycles", format("working set %.0f KiB (L2 is %.0f KiB)", nearL2->x, l2Kib)});
        }
        if (s.points.back().x >= 4 * l2Kib) {
            result.summary.push_back({"dram_cycles", s.points.back().y, "cycles", format("working set %.0f KiB", s.points.back().x)});
        }
    }
};

} // namespace

std::unique_ptr<Lab> makeDeviceQueryLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<DeviceQueryLab>(std::move(runtime)); }
std::unique_ptr<Lab> makeBandwidthLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<BandwidthLab>(std::move(runtime)); }
std::unique_ptr<Lab> makeTransferLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<TransferLab>(std::move(runtime)); }
std::unique_ptr<Lab> makeLatencyLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<LatencyLab>(std::move(runtime)); }

} // namespace accelscope::labs::gpu
