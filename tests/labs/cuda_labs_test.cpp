// SPDX-License-Identifier: MIT
// GPU labs: the models beside them (bank conflicts, sectors, divergence), catalog matching, and
// the "no CUDA" paths; [cuda] cases run the labs at quick sizes and skip, saying why, without a GPU.
#include "labs/gpu/catalog_match.hpp"
#include "labs/gpu/cuda_labs.hpp"
#include "labs/lab_registry.hpp"
#include "labs/lab_result_json.hpp"
#include "models/catalog/catalog_store.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <iterator>

using namespace accelscope::labs;
using accelscope::models::ErrorCode;

namespace {

const char* const gpuLabs[] = {"cuda-device-query", "cuda-bandwidth", "cuda-h2d", "cuda-latency", "cuda-divergence",
                               "cuda-coalescing", "cuda-bank-conflicts", "cuda-gemm", "cuda-roofline"};

// Why GPU runs cannot happen here, or empty when a GPU is ready.
std::string whyNoGpu()
{
    return gpu::unavailableReason(gpu::probeCuda(gpu::cudaModuleSearchDirs(ACCELSCOPE_TEST_BIN_DIR)));
}

} // namespace

TEST_CASE("every GPU lab is registered, needs CUDA, and has defaults and quick values inside its ranges")
{
    const auto registry = LabRegistry::withAllLabs(ACCELSCOPE_TEST_BIN_DIR);
    for (const char* id : gpuLabs) {
        INFO(id);
        const Lab* lab = registry.find(id);
        REQUIRE(lab != nullptr);
        const auto d = lab->describe();
        CHECK(d.needsCuda);
        CHECK_FALSE(d.teaches.empty());
        REQUIRE_FALSE(d.parameters.empty());
        CHECK(d.parameters.front().name == "device");
        for (const auto& p : d.parameters) {
            INFO(p.name);
            CHECK(p.defaultValue >= p.minValue);
            CHECK(p.defaultValue <= p.maxValue);
            CHECK(p.quickValue >= p.minValue);
            CHECK(p.quickValue <= p.maxValue);
        }
    }
}

TEST_CASE("bank conflict degree is gcd(stride, 32) for lane l reading word l * stride")
{
    // stride → ways: odd strides spread over all banks; 32 and 64 put every lane in bank 0.
    const std::pair<int, int> table[] = {{1, 1}, {2, 2}, {3, 1}, {4, 4}, {6, 2}, {8, 8}, {16, 16}, {17, 1}, {24, 8}, {32, 32}, {33, 1}, {64, 32}};
    for (const auto& [stride, ways] : table) {
        INFO(stride);
        CHECK(gpu::bankConflictWays(stride) == ways);
    }
}

TEST_CASE("a warp reading 4-byte words touches 4 sectors at stride 1 and one sector per lane from stride 8")
{
    // 32 lanes x 4 B x stride spread over 32-byte sectors: 4 s sectors up to 32.
    const std::pair<int, int> table[] = {{1, 4}, {2, 8}, {3, 12}, {4, 16}, {8, 32}, {16, 32}, {32, 32}};
    for (const auto& [stride, sectors] : table) {
        INFO(stride);
        CHECK(gpu::sectorsPerWarp(stride) == sectors);
    }
}

TEST_CASE("with 64-byte fetches a warp touches 2 chunks at stride 1 and one per lane from stride 16")
{
    // 32 lanes x 4 B x stride over 64-byte chunks: 2 s chunks up to 32 (strides 8 and 16 differ here, not for sectors).
    const std::pair<int, int> table[] = {{1, 2}, {2, 4}, {4, 8}, {8, 16}, {12, 24}, {16, 32}, {32, 32}};
    for (const auto& [stride, chunks] : table) {
        INFO(stride);
        CHECK(gpu::chunksPerWarp(stride, 64) == chunks);
    }
    CHECK(gpu::chunksPerWarp(3, 32) == gpu::sectorsPerWarp(3));
}

TEST_CASE("the SIMT simulator predicts a k-fold slowdown for k-way lane divergence")
{
    for (const int k : {1, 2, 4, 7, 32}) {
        INFO(k);
        const auto slowdown = gpu::simulatedDivergenceSlowdown(k);
        REQUIRE(slowdown.has_value());
        CHECK_THAT(*slowdown, Catch::WithinRel(static_cast<double>(k), 1e-9));
    }
}

TEST_CASE("CUDA device names find their catalog entries by model, form factor and memory")
{
    using accelscope::models::catalog::BundledCatalog;
    auto devices = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    constexpr std::uint64_t gib = 1ull << 30;
    // Names as the CUDA runtime reports them; memory as totalGlobalMem (a little under the marketing GB).
    const struct {
        const char* cudaName;
        std::uint64_t memoryBytes;
        const char* id;
    } table[] = {{"NVIDIA H100 80GB HBM3", 79 * gib, "nvidia-h100-sxm"},
                 {"NVIDIA H100 PCIe", 79 * gib, "nvidia-h100-pcie"},
                 {"NVIDIA H100 NVL", 93 * gib, "nvidia-h100-nvl"},
                 // What an H200 SXM printed on 2026-11-27 (139.8 GiB): the NVL card has the same memory.
                 {"NVIDIA H200", 150110011392ull, "nvidia-h200-sxm"},
                 {"NVIDIA H200 NVL", 150110011392ull, "nvidia-h200-nvl"},
                 {"NVIDIA A100-SXM4-40GB", 39 * gib, "nvidia-a100-sxm4-40gb"},
                 {"NVIDIA A100-SXM4-80GB", 79 * gib, "nvidia-a100-sxm4-80gb"},
                 {"NVIDIA A100 80GB PCIe", 79 * gib, "nvidia-a100-pcie-80gb"},
                 {"NVIDIA L40S", 44 * gib, "nvidia-l40s"},
                 {"Tesla V100-SXM2-32GB", 31 * gib, "nvidia-v100-sxm2-32gb"}};
    for (const auto& row : table) {
        INFO(row.cudaName);
        const auto match = gpu::matchCatalogDevice(row.cudaName, row.memoryBytes, *devices);
        REQUIRE(match.has_value());
        CHECK(match->device.id == row.id);
        CHECK_FALSE(match->reason.empty());
    }
    CHECK_FALSE(gpu::matchCatalogDevice("NVIDIA GeForce RTX 4090", 24 * gib, *devices).has_value());
    CHECK_FALSE(gpu::matchCatalogDevice("", 0, *devices).has_value());

    // findCatalogEntry matches in the list it is given and opens nothing; without one it says so.
    std::string note;
    const auto found = gpu::findCatalogEntry("NVIDIA H100 80GB HBM3", 79 * gib, &*devices, &note);
    REQUIRE(found.has_value());
    CHECK(found->device.id == "nvidia-h100-sxm");
    CHECK_THAT(note, Catch::Contains("nvidia-h100-sxm"));
    CHECK_FALSE(gpu::findCatalogEntry("NVIDIA H100 80GB HBM3", 79 * gib, nullptr, &note).has_value());
    CHECK_THAT(note, Catch::Contains("no catalog"));
}

TEST_CASE("without the CUDA module every GPU lab returns Unsupported naming the missing module", "[cuda]")
{
    const accelscope::tests::TempDir empty; // no libaccelscope_cuda.so here
    const auto noModule = gpu::CudaModule::open({empty.path()});
    REQUIRE_FALSE(noModule.has_value());
    CHECK(noModule.error().code == ErrorCode::Unsupported);
    CHECK_THAT(noModule.error().message, Catch::StartsWith("needs CUDA: no CUDA module"));

    const auto registry = LabRegistry::withAllLabs(empty.path());
    for (const char* id : gpuLabs) {
        INFO(id);
        RunConfig config;
        config.quick = true;
        const auto result = registry.find(id)->run(config);
        REQUIRE_FALSE(result.has_value());
        CHECK(result.error().code == ErrorCode::Unsupported);
        CHECK_THAT(result.error().message, Catch::StartsWith("needs CUDA: no CUDA module"));
    }
}

TEST_CASE("with the built module, GPU labs either run at quick sizes or say what is missing", "[cuda]")
{
    const auto registry = LabRegistry::withAllLabs(ACCELSCOPE_TEST_BIN_DIR);
    const std::string missing = whyNoGpu();
    auto devices = accelscope::models::catalog::BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    const auto catalog = std::make_shared<const std::vector<accelscope::models::catalog::Device>>(std::move(*devices));
    for (const char* id : gpuLabs) {
        INFO(id);
        RunConfig config;
        config.quick = true;
        config.catalog = catalog;
        const auto result = registry.find(id)->run(config);
        if (!missing.empty()) {
            // The machine lacks the module, the driver or a GPU: the error names which.
            REQUIRE_FALSE(result.has_value());
            CHECK(result.error().code == ErrorCode::Unsupported);
            CHECK_THAT(result.error().message, Catch::StartsWith("needs CUDA: ") && Catch::Contains(missing));
            continue;
        }
        REQUIRE(result.has_value());
        CHECK(result->labId == id);
        CHECK(result->machine.contains("cuda"));
        CHECK_FALSE(result->notes.empty());
        for (const auto& s : result->series) {
            INFO(s.name);
            CHECK_FALSE(s.points.empty());
            for (const auto& p : s.points) CHECK(p.y > 0);
        }
    }
    if (!missing.empty()) WARN("GPU lab runs skipped: " << missing);
}

TEST_CASE("asking for more device memory than the GPU has gives a clear error, not a crash", "[cuda]")
{
    const std::string missing = whyNoGpu();
    if (!missing.empty()) {
        WARN("skipped: " << missing);
        return;
    }
    const auto registry = LabRegistry::withAllLabs(ACCELSCOPE_TEST_BIN_DIR);
    RunConfig config;
    config.quick = true;
    config.parameters["array_mib"] = 65536; // three arrays of 64 GiB: more than any current GPU holds
    const auto result = registry.find("cuda-bandwidth")->run(config);
    REQUIRE_FALSE(result.has_value());
    CHECK(result.error().code == ErrorCode::InvalidArgument);
    CHECK_THAT(result.error().message, Catch::Contains("not enough GPU memory") && Catch::Contains("MiB is free"));

    config.parameters = {{"device", 15}};
    CHECK_THAT(registry.find("cuda-bandwidth")->run(config).error().message, Catch::Contains("parameter 'device' = 15"));
}

TEST_CASE("a cancelled GPU run returns Cancelled", "[cuda]")
{
    const std::string missing = whyNoGpu();
    if (!missing.empty()) {
        WARN("skipped: " << missing);
        return;
    }
    const auto registry = LabRegistry::withAllLabs(ACCELSCOPE_TEST_BIN_DIR);
    std::atomic<bool> cancel{true};
    RunConfig config;
    config.quick = true;
    config.cancel = &cancel;
    for (const char* id : {"cuda-bandwidth", "cuda-coalescing", "cuda-roofline"}) {
        INFO(id);
        const auto result = registry.find(id)->run(config);
        REQUIRE_FALSE(result.has_value());
        CHECK(result.error().code == ErrorCode::Cancelled);
    }
}

namespace {

LabResult storedH100Result(const std::string& file)
{
    const std::string path = std::string(ACCELSCOPE_TEST_DATA_DIR) + "/../labs/cuda/results/nvidia-h100-80gb-hbm3/run2/" + file;
    std::ifstream in(path);
    REQUIRE(in.good());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto result = labResultFromJson(text, path);
    REQUIRE(result.has_value());
    return std::move(*result);
}

} // namespace

// The figures labs/cuda/README.md quotes from the first GPU run: the stored files still read with
// today's reader, and each claim the README makes of them holds for the numbers in the files.
TEST_CASE("the stored H100 run reads back and holds the figures the CUDA README quotes")
{
    const LabResult query = storedH100Result("cuda-device-query.json");
    CHECK(query.labId == "cuda-device-query");
    CHECK(query.machine["cuda"]["name"] == "NVIDIA H100 80GB HBM3");
    CHECK(positiveFigure(query, "sm_count") == 132.0);

    // HBM3 copy/triad at 83-85 % of the datasheet's 3.35 TB/s.
    const LabResult bandwidth = storedH100Result("cuda-bandwidth.json");
    CHECK_THAT(*positiveFigure(bandwidth, "copy_gbs") / 3350.0, Catch::WithinAbs(0.83, 0.02));
    CHECK_THAT(*positiveFigure(bandwidth, "triad_gbs") / 3350.0, Catch::WithinAbs(0.85, 0.02));

    // Bank conflicts follow gcd(stride, 32) to within 7 %.
    const LabResult banks = storedH100Result("cuda-bank-conflicts.json");
    CHECK_THAT(*positiveFigure(banks, "worst_slowdown") / 32.0, Catch::WithinAbs(0.94, 0.03));

    // Latency plateaus in cycles: L1 32, L2 284, HBM 693.
    const LabResult latency = storedH100Result("cuda-latency.json");
    CHECK_THAT(*positiveFigure(latency, "l1_cycles"), Catch::WithinAbs(32, 1));
    CHECK_THAT(*positiveFigure(latency, "l2_cycles"), Catch::WithinAbs(284, 2));
    CHECK_THAT(*positiveFigure(latency, "dram_cycles"), Catch::WithinAbs(693, 5));

    // The ladder climbs: tiled > naive, shared-memory WMMA > 8x tiled, cuBLAS > 2.5x WMMA (FP16).
    const LabResult gemm = storedH100Result("cuda-gemm.json");
    const double naive = *positiveFigure(gemm, "fp16_naive_tflops");
    const double tiled = *positiveFigure(gemm, "fp16_tiled_tflops");
    const double wmma = *positiveFigure(gemm, "fp16_wmma_tflops");
    const double cublas = *positiveFigure(gemm, "fp16_cublas_tflops");
    CHECK(tiled > 4 * naive);
    CHECK(wmma > 8 * tiled);
    CHECK(cublas > 2.5 * wmma);

    // Coalescing: the 64-byte fetch model is within 20 % at every stride; the 32-byte one is 1.8x high at 32.
    const LabResult coalescing = storedH100Result("cuda-coalescing.json");
    REQUIRE(coalescing.series.size() == 3);
    const auto& measured = coalescing.series[0].points;
    const auto& sectors = coalescing.series[1].points;
    const auto& fetch = coalescing.series[2].points;
    REQUIRE(measured.size() == fetch.size());
    for (std::size_t i = 0; i < measured.size(); ++i) {
        INFO(measured[i].x);
        CHECK(measured[i].y / fetch[i].y < 1.20);
        CHECK(measured[i].y / fetch[i].y > 0.98);
    }
    CHECK(sectors.back().y / measured.back().y > 1.8);
}
