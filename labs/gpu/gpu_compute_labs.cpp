// SPDX-License-Identifier: MIT
// GPU labs about arithmetic: the GEMM ladder against the catalog's peak, and the empirical
// roofline against the catalog's roofline.
#include "labs/gpu/catalog_match.hpp"
#include "labs/gpu/cuda_lab_support.hpp"
#include "labs/gpu/cuda_labs.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cstdio>

namespace accelscope::labs::gpu {
namespace {

using models::ErrorCode;
using models::fail;
using models::catalog::FigureKey;

std::string format(const char* pattern, double a, double b = 0)
{
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

class GemmLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-gemm", "GEMM ladder: naive, tiled, tensor cores, cuBLAS",
                "Each rung of a matrix product (shared-memory reuse, then tensor cores) against the datasheet peak.",
                {deviceParameter(),
                 {"size", "M = N = K, a multiple of 128", "", 128, 16384, 4096, 256, true},
                 {"repetitions", "timed repetitions after one warm-up (median reported)", "", 1, 100, 5, 1, true},
                 {"fp32", "1: run the FP32 ladder", "", 0, 1, 1, 1, true},
                 {"fp16", "1: run the FP16 ladder (FP32 accumulate)", "", 0, 1, 1, 1, true},
                 {"bf16", "1: run the BF16 ladder (FP32 accumulate)", "", 0, 1, 1, 1, true},
                 {"cublas", "1: add cuBLAS (cublasGemmEx) when libcublas can be loaded", "", 0, 1, 1, 1, true}},
                true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) override
    {
        auto& params = run.start.parameters;
        LabResult& result = run.start.result;
        const int size = static_cast<int>(params["size"]);
        if (size % 128 != 0) return fail(ErrorCode::InvalidArgument, "parameter 'size' must be a multiple of 128");
        std::string note;
        const auto entry = findCatalogEntry(run.device.name, run.device.globalMemoryBytes, run.catalog.get(), &note);
        result.notes.push_back(note);
        const struct {
            const char* name;
            int precision;
            FigureKey peak;
        } precisions[] = {{"fp32", ACCELSCOPE_CUDA_FP32, FigureKey::Fp32Tflops},
                          {"fp16", ACCELSCOPE_CUDA_FP16, FigureKey::Fp16TflopsDense},
                          {"bf16", ACCELSCOPE_CUDA_BF16, FigureKey::Bf16TflopsDense}};
        const char* rungs[] = {"naive", "tiled", "wmma", "cublas"};
        const int rungCount = params["cublas"] > 0 ? 4 : 3;
        int steps = 0;
        for (const auto& prec : precisions) steps += params[prec.name] > 0 ? rungCount : 0;
        int step = 0;
        AccelscopeCudaRunInfo info{};
        for (const auto& prec : precisions) {
            if (params[prec.name] <= 0) continue;
            // A plain double (0 = no catalog figure): GCC 12 warns falsely about optional<double> here.
            const double peak = entry ? entry->device.value(prec.peak).value_or(0.0) : 0.0;
            Series ladder{std::string(prec.name) + " ladder", "rung (0 naive, 1 tiled, 2 wmma, 3 cublas)", "", "throughput", "TFLOP/s", {}};
            for (int kernel = 0; kernel < rungCount; ++kernel, ++step) {
                const AccelscopeCudaGemmParams p{run.deviceIndex, prec.precision, kernel, size,
                                                 static_cast<int>(params["repetitions"]), 20260101ull + static_cast<unsigned>(kernel)};
                AccelscopeCudaGemmResult r{};
                ProgressBridge bridge(monitor, static_cast<double>(step) / steps, 1.0 / steps);
                const auto callbacks = bridge.callbacks();
                char message[512] = {};
                const int status = run.module->entry().gemm(&p, &r, &info, &callbacks, message, sizeof message);
                if (status == ACCELSCOPE_CUDA_INVALID_ARGUMENT) { // a rung this precision or machine does not have
                    result.notes.push_back(std::string(prec.name) + " " + rungs[kernel] + ": " + message);
                    continue;
                }
                if (auto ok = moduleStatus(status, message, &bridge); !ok) return std::unexpected(ok.error());
                if (bridge.overBudget()) {
                    result.notes.emplace_back("stopped early: time budget reached");
                    break;
                }
                ladder.points.push_back({static_cast<double>(kernel), r.tflops.median});
                std::string figureNote = format("median; min %.2f, max %.2f", r.tflops.min, r.tflops.max) +
                                         format("; max relative error %.1e", r.maxRelativeError);
                if (peak > 0) figureNote += format("; %.1f%% of the catalog's ", 100 * r.tflops.median / peak) + models::engineeringText(peak) + " TFLOP/s";
                if (r.library[0] != '\0') figureNote += std::string("; ") + r.library;
                result.summary.push_back({std::string(prec.name) + "_" + rungs[kernel] + "_tflops", r.tflops.median, "TFLOP/s", figureNote});
            }
            result.series.push_back(std::move(ladder));
            if (monitor.overBudget()) break;
        }
        result.notes.push_back("C = A B, " + std::to_string(size) + " x " + std::to_string(size) +
                               ", row-major, random inputs in [-1, 1), FP32 accumulate and output; 2 n^3 FLOPs per product; "
                               "output poisoned with NaN first, all outputs checked finite, 256 checked against a float64 sum");
        result.notes.emplace_back("peaks: FP32 against the catalog's FP32 (CUDA cores), FP16/BF16 against the dense tensor "
                                  "peak; the naive and tiled FP16/BF16 rungs use CUDA cores, so they cannot reach it");
        // The launch shape differs per rung (naive 16 x 16 threads per output tile, tiled 256 threads
        // per 64 x 64 tile, WMMA 8 warps per 128 x 128 tile staged in shared memory), so only the shared facts go in a note.
        result.notes.push_back("GPU '" + std::string(info.device) + "': each figure is the median of " +
                               std::to_string(static_cast<int>(params["repetitions"])) +
                               " event-timed products after one warm-up (whose output is the one checked)");
        if (info.smClockMhz > 0) result.notes.push_back(format("SM clock measured right after the last rung: %.0f MHz", info.smClockMhz));
        return {};
    }

};

class RooflineLab : public CudaLab {
public:
    using CudaLab::CudaLab;
    LabDescription describe() const override
    {
        return {"cuda-roofline", "Empirical roofline (FP32 FMAs per byte swept)",
                "Below the ridge point a kernel is limited by memory bandwidth, above it by arithmetic.",
                {deviceParameter(),
                 {"array_mib", "input and output arrays (0 = max(4 x L2, 256 MiB))", "MiB", 0, 65536, 0, 8, true},
                 {"max_fmas", "FMAs per element, powers of two from 1 up to this", "", 1, 4096, 1024, 8, true},
                 {"repetitions", "timed repetitions after one warm-up (median reported)", "", 1, 1000, 10, 2, true}},
                true};
    }
    models::Result<void> measure(CudaRunStart& run, const RunMonitor& monitor) override
    {
        auto& params = run.start.parameters;
        LabResult& result = run.start.result;
        const AccelscopeCudaRooflineParams p{run.deviceIndex, static_cast<unsigned long long>(params["array_mib"]) << 20,
                                             static_cast<int>(params["max_fmas"]), static_cast<int>(params["repetitions"])};
        CurveBuffer flops(16);
        CurveBuffer bytes(16);
        AccelscopeCudaSeries raw[2] = {*flops.raw(), *bytes.raw()}; // the ABI takes an array of 2
        AccelscopeCudaRunInfo info{};
        ProgressBridge bridge(monitor, 0, 1);
        const auto callbacks = bridge.callbacks();
        char message[512] = {};
        const int status = run.module->entry().roofline(&p, raw, &info, &callbacks, message, sizeof message);
        if (auto ok = moduleStatus(status, message, &bridge); !ok) return std::unexpected(ok.error());
        if (bridge.overBudget()) result.notes.emplace_back("stopped early: time budget reached");
        flops.raw()->count = raw[0].count;
        bytes.raw()->count = raw[1].count;
        Series gflops = flops.toSeries({"achieved FP32 throughput", "arithmetic intensity", "FLOP/byte", "throughput", "GFLOP/s", {}}, &result.notes);
        Series gbs = bytes.toSeries({"achieved memory bandwidth", "arithmetic intensity", "FLOP/byte", "bandwidth", "GB/s", {}}, &result.notes);
        if (!gflops.points.empty()) {
            const double peakGflops = std::ranges::max_element(gflops.points, {}, &Point::y)->y;
            const double peakGbs = std::ranges::max_element(gbs.points, {}, &Point::y)->y;
            result.summary.push_back({"peak_gflops", peakGflops, "GFLOP/s", "highest median of the sweep (FP32 FMA)"});
            result.summary.push_back({"peak_gbs", peakGbs, "GB/s", "highest median of the sweep"});
            result.summary.push_back({"ridge_flop_per_byte", peakGflops / peakGbs, "FLOP/byte", "measured peak / measured bandwidth"});
        }
        std::string note;
        const auto entry = findCatalogEntry(run.device.name, run.device.globalMemoryBytes, run.catalog.get(), &note);
        result.notes.push_back(note);
        const auto peak = entry ? entry->device.value(FigureKey::Fp32Tflops) : std::nullopt;
        const auto bw = entry ? entry->device.value(FigureKey::MemoryBwGbs) : std::nullopt;
        if (peak && bw && !gflops.points.empty()) {
            Series roof{"catalog roofline: min(FP32 peak, bandwidth x intensity)", "arithmetic intensity", "FLOP/byte", "throughput", "GFLOP/s", {}};
            for (const auto& pt : gflops.points) roof.points.push_back({pt.x, std::min(*peak * 1000.0, *bw * pt.x)});
            result.series.push_back(std::move(roof));
        }
        result.series.insert(result.series.begin(), std::move(gbs));
        result.series.insert(result.series.begin(), std::move(gflops));
        result.notes.emplace_back("each thread loads a float4, runs F FMAs on each of its 4 floats (4 independent chains), "
                                  "stores it: 2 F FLOPs per 8 bytes (4 read + 4 written); outputs checked bit for bit "
                                  "against the host");
        addRunInfoNotes(info, result);
        return {};
    }

};

} // namespace

std::unique_ptr<Lab> makeGemmLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<GemmLab>(std::move(runtime)); }
std::unique_ptr<Lab> makeRooflineLab(std::shared_ptr<CudaRuntime> runtime) { return std::make_unique<RooflineLab>(std::move(runtime)); }

} // namespace accelscope::labs::gpu
