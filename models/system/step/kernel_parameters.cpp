// SPDX-License-Identifier: MIT
#include "models/system/step/kernel_parameters.hpp"

#include "models/catalog/figure_key.hpp"

namespace accelscope::models::system {

namespace {

constexpr const char* gemmCsv = "data/kernels/gemm-h200-2026-11-27.csv";
constexpr const char* attentionCsv = "data/kernels/attention-h200-2026-11-27.csv";
constexpr const char* fitScript = "scripts/fit_kernel_parameters.py";

/// FP4 GEMMs at the FP8 GEMMs' share of their own peak: what the model does where no FP4 GEMM has been measured.
StepParameter fp4FromFp8(const KernelParameters& p)
{
    return {"gemm_mainloop_fp4", p.gemmMainloop8.value, "fraction of the FP4 dense tensor peak", "borrowed from the FP8 GEMMs",
            "no FP4 GEMM microbenchmark for this device: the FP8 tile loop's share of the peak (" + p.gemmMainloop8.source + ")"};
}

/// The H200's own figures (this project's kernel sweep, labs/cuda/results/nvidia-h200/run1).
KernelParameters h200()
{
    KernelParameters p;
    p.measuredOn = "nvidia-h200-sxm";
    p.gemmMainloop16 = {"gemm_mainloop_bf16", 0.78, "fraction of the BF16 dense tensor peak", "fitted on kernel microbenchmarks",
                        std::string(gemmCsv) + ", BF16 rows 8b-* and waves (117 rows, " + fitScript +
                            "); held out: the 44 70b-* rows, median error 5.7 %"};
    p.gemmMainloop8 = {"gemm_mainloop_fp8", 0.73, "fraction of the FP8 dense tensor peak", "fitted on kernel microbenchmarks",
                       std::string(gemmCsv) + ", FP8 rows 8b-* (44 rows, " + fitScript + "); held out: the 44 70b-* rows, median error 4.5 %"};
    p.gemmOverheadUs = {"gemm_overhead_us", 24, "us per GEMM call, launched eagerly", "fitted on kernel microbenchmarks",
                        std::string(gemmCsv) + ", with gemm_mainloop_bf16 (the M = 1 to 64 rows set it)"};
    p.gemmOverhead8Us = {"gemm_overhead_fp8_us", 34, "us per FP8 GEMM call, launched eagerly", "fitted on kernel microbenchmarks",
                         std::string(gemmCsv) + ", with gemm_mainloop_fp8"};
    p.readEfficiency = {"read_efficiency", 0.935, "fraction of the memory bandwidth", "measured",
                        std::string(attentionCsv) + ": decode rows of batch >= 16, median KV read 4,489 GB/s of 4,800"};
    p.copyEfficiency = {"copy_efficiency", 0.80, "fraction of the memory bandwidth", "measured",
                        "labs/cuda/results/nvidia-h200/run1: STREAM copy 3,850 GB/s of 4,800"};
    p.attentionForward = {"attention_forward", 0.66, "fraction of the BF16 dense tensor peak", "fitted on kernel microbenchmarks",
                          std::string(attentionCsv) + ", the 5 causal prefill rows (" + fitScript + "), median error 1.0 %"};
    p.attentionOverheadUs = {"attention_overhead_us", 68, "us per attention call, launched eagerly", "fitted on kernel microbenchmarks",
                             std::string(attentionCsv) + ", with attention_forward"};
    p.attentionBackward = {"attention_backward", 0.75, "backward efficiency / forward efficiency", "assumed",
                           "no backward attention microbenchmark yet; FlashAttention-2/3 backward kernels run below their forward"};
    p.graphOverheadUs = {"graph_kernel_overhead_us", 4, "us per kernel inside a CUDA graph", "assumed",
                         "no graph-launch microbenchmark yet (the next GPU run measures it); eager launches cost 24 us each"};
    p.gemmMainloop4 = fp4FromFp8(p); // the H200 has no FP4 tensor cores: never used there
    return p;
}

} // namespace

std::vector<const StepParameter*> KernelParameters::all() const
{
    return {&gemmMainloop16, &gemmMainloop8, &gemmMainloop4, &gemmOverheadUs, &gemmOverhead8Us, &readEfficiency, &copyEfficiency,
            &attentionForward, &attentionOverheadUs, &attentionBackward, &graphOverheadUs};
}

KernelParameters kernelParameters(const catalog::Device& device)
{
    KernelParameters p = h200();
    p.deviceId = device.id;
    if (device.id == "nvidia-h200-sxm") return p;
    if (device.id == "nvidia-h100-sxm") {
        // Same GH100 die, SM count and clocks; HBM3 instead of HBM3e: the copy figure is the H100's own.
        for (StepParameter* q : {&p.gemmMainloop16, &p.gemmMainloop8, &p.gemmOverheadUs, &p.gemmOverhead8Us, &p.attentionForward, &p.attentionOverheadUs}) {
            q->source = "same GH100 chip as the H200: " + q->source;
        }
        p.readEfficiency.basis = "measured on the same chip";
        p.readEfficiency.source = "H200 (same GH100 chip, HBM3e): " + p.readEfficiency.source;
        p.copyEfficiency = {"copy_efficiency", 0.83, "fraction of the memory bandwidth", "measured",
                            "labs/cuda/results/nvidia-h100-80gb-hbm3/run1: STREAM copy 2,788 GB/s of 3,350"};
        return p;
    }
    if (!device.value(catalog::FigureKey::ComputeUnits)) {
        p.flags.push_back("the catalog has no compute-unit count for " + device.name + ": the GEMM waves assume 132 (the H100's SMs)");
    }
    // Devices this project has not measured but others have (data/kernels/published, data/serving/efficiency-sources.csv):
    // the best-shape GEMM rate over the dense peak is the tile loop's efficiency (on the H100 and H200 the same
    // measurement gives 0.80 and 0.73, the figures fitted above), a streaming benchmark the memory efficiencies.
    const std::string mamf = "data/kernels/published/gemm-published.csv: ml-engineering 'Maximum Achievable Matmul FLOPS' table, ";
    // FP4: no MAMF row exists; the highest NVFP4 rate published for the chip plays the same part (the best shape of a
    // vendor library). tests/models/system/training_step_test.cpp recomputes it from the CSV.
    const std::string b200Fp4 = "data/kernels/published/gemm-published.csv: highest B200 NVFP4 rate, cuBLAS via torch._scaled_mm at "
                                "6144 x 6144 x 6144, 5,500 of 9,000 TFLOP/s (torchao bench_matmul --recipe nvfp4, "
                                "github.com/pytorch/ao/pull/2427)";
    const std::string mamfUrl = " (github.com/stas00/ml-engineering, compute/accelerator/README.md at 7bc7c30)";
    struct Published {
        const char* id;
        double bf16, fp8;
        std::string bf16Source, fp8Source;
        double fp4;
        std::string fp4Source;
        double memory;
        std::string memorySource;
    };
    const Published published[] = {
        {"nvidia-b200", 1745.0 / 2250, 3432.5 / 4500, mamf + "B200 SXM BF16 1,745 of 2,250 TFLOP/s" + mamfUrl,
         mamf + "B200 SXM FP8 3,432.5 of 4,500 TFLOP/s" + mamfUrl, 5500.0 / 9000, b200Fp4, 6721.0 / 8000,
         "data/kernels/published/bandwidth-published.csv: CUB DeviceTransform add at 2^28 elements, 6,721 GB/s of 8,000 (NVIDIA/cccl PR #7391)"},
        {"nvidia-gb200", 1822.0 / 2500, 3615.6 / 5000, mamf + "GB200 SXM BF16 1,822 of 2,500 TFLOP/s" + mamfUrl,
         mamf + "GB200 SXM FP8 3,615.6 of 5,000 TFLOP/s" + mamfUrl, 5500.0 / 9000,
         "the B200's (the same Blackwell die; no GB200 FP4 GEMM microbenchmark is published): " + b200Fp4, 7350.0 / 8000,
         "data/serving/efficiency-sources.csv: Azure ND GB200 v6 HBM microbenchmark, 7,350 GB/s of 8,000"},
        {"amd-instinct-mi300x", 668.4 / 1307.4, 1273.0 / 2614.9, mamf + "MI300X BF16 668.4 of 1,307.4 TFLOP/s" + mamfUrl,
         "data/serving/efficiency-sources.csv: AMD ROCm blog 'Measuring Max-Achievable FLOPs - Part 2', Table 1, hipBLASLt FP8 1,273 TFLOP/s",
         0.0, "", 0.0, ""},
        {"amd-instinct-mi325x", 784.9 / 1307.4, 1519.0 / 2614.9, mamf + "MI325X BF16 784.9 of 1,307.4 TFLOP/s" + mamfUrl,
         "data/serving/efficiency-sources.csv: AMD ROCm blog 'Measuring Max-Achievable FLOPs - Part 2', Table 1, hipBLASLt FP8 1,519 TFLOP/s",
         0.0, "", 0.0, ""},
        {"amd-instinct-mi355x", 1565.0 / 2500, 0.0, mamf + "MI355X BF16 1,565 of 2,500 TFLOP/s" + mamfUrl, "", 0.0, "", 0.0, ""},
    };
    const Published* row = nullptr;
    for (const Published& q : published) {
        if (device.id == q.id) row = &q;
    }
    std::vector<std::string> borrowed;
    auto take = [&](StepParameter& q, double value, const std::string& source) {
        if (value > 0) {
            q.value = value;
            q.basis = "published microbenchmark";
            q.source = source;
        } else {
            q.basis = "borrowed from the H200";
            borrowed.push_back(q.name);
        }
    };
    take(p.gemmMainloop16, row ? row->bf16 : 0.0, row ? row->bf16Source : "");
    take(p.gemmMainloop8, row ? (row->fp8 > 0 ? row->fp8 : 0.0) : 0.0, row ? row->fp8Source : "");
    take(p.copyEfficiency, row ? row->memory : 0.0, row ? row->memorySource : "");
    if (row && row->fp4 > 0) {
        const bool sameChip = device.id == "nvidia-gb200";
        p.gemmMainloop4 = {p.gemmMainloop4.name, row->fp4, p.gemmMainloop4.unit,
                           sameChip ? "published microbenchmark of the same chip (B200)" : "published microbenchmark", row->fp4Source};
        if (sameChip) p.flags.push_back("no FP4 GEMM microbenchmark for " + device.name + ": the B200's share of the FP4 peak is used");
    } else {
        p.gemmMainloop4 = fp4FromFp8(p);
    }
    take(p.readEfficiency, row ? row->memory : 0.0, row ? row->memorySource : "");
    for (StepParameter* q : {&p.gemmOverheadUs, &p.gemmOverhead8Us, &p.attentionForward, &p.attentionOverheadUs}) {
        q->basis = "borrowed from the H200";
        borrowed.push_back(q->name);
    }
    std::string names;
    for (const auto& n : borrowed) names += (names.empty() ? "" : ", ") + n;
    p.flags.push_back(row ? "no microbenchmark for " + device.name + "'s " + names + ": the H200's are used"
                          : "no kernel microbenchmark for " + device.name +
                                " yet: its GEMM, attention and memory efficiencies are the H200's (measured by this project)");
    return p;
}

GemmChip gemmChipForPrecision(const catalog::Device& device, const KernelParameters& p, double peakTflops, std::string_view precision)
{
    const bool wide = precision.empty() || precision == "bf16" || precision == "fp16";
    GemmChip c = gemmChip(device, p, peakTflops, !wide);
    if (precision == "fp4") c.mainloopEfficiency = p.gemmMainloop4.value;
    return c;
}

GemmChip gemmChip(const catalog::Device& device, const KernelParameters& p, double peakTflops, bool narrow)
{
    GemmChip c;
    c.cores = static_cast<int>(device.value(catalog::FigureKey::ComputeUnits).value_or(132));
    if (c.cores < 1) c.cores = 1;
    c.peakTflops = peakTflops;
    c.memoryGBps = device.value(catalog::FigureKey::MemoryBwGbs).value_or(1.0);
    c.mainloopEfficiency = narrow ? p.gemmMainloop8.value : p.gemmMainloop16.value;
    c.readEfficiency = p.readEfficiency.value;
    c.overheadUs = narrow ? p.gemmOverhead8Us.value : p.gemmOverheadUs.value;
    c.tileM = p.tileM;
    c.tileN = p.tileN;
    return c;
}

} // namespace accelscope::models::system
