// SPDX-License-Identifier: MIT
// `chip occupancy`: resident blocks (NVIDIA) or workgroups (AMD CDNA) per compute unit, the limiting
// resource and the next cliff, as the vendors' calculators compute them; `chip gemm`: a GEMM's tiles in
// waves over the cores. Both write the Inside-the-chip page's figure with --svg.
#include "app/cli/chip_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/common/number_range.hpp"
#include "models/common/number_text.hpp"
#include "models/figure/figure.hpp"
#include "models/system/chip/cdna_occupancy.hpp"
#include "models/system/chip/chip_figure.hpp"
#include "models/system/chip/gemm_waves.hpp"
#include "models/system/chip/occupancy.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::system;
using nlohmann::json;

struct OccupancyOptions {
    std::string cc;       ///< "9.0"
    std::string target;   ///< "gfx942"
    int threads = 256;
    int registers = 32;
    int agprs = 0;
    int sharedBytes = 0;
    int carveout = -1;
    bool noOptIn = false;
    std::string svgFile; ///< the page's figure
    bool dark = false;
};

struct GemmOptions {
    std::string device;
    double m = 0;
    double n = 0;
    double k = 0;
    std::string dtype = "bf16";
    std::string svgFile;
    bool dark = false;
    bool sweep = false;
};

ExitCode writeSvg(const CliContext& ctx, const std::string& file, const models::figure::Figure& figure)
{
    if (auto ok = models::catalog::writeFileAtomically(file, models::figure::figureSvg(figure)); !ok) return ctx.error("--svg " + ok.error().message);
    return ExitCode::Ok;
}

json optionalJson(const std::optional<int>& v) { return v ? json(*v) : json(); }

std::string blocksText(int blocks) { return blocks == unlimitedBlocks ? "no limit" : std::to_string(blocks); }

ExitCode runNvidia(const CliContext& ctx, const OccupancyOptions& o)
{
    int major = 0;
    int minor = 0;
    const auto dot = o.cc.find('.');
    const auto parse = [](std::string_view text, int& out) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
        return ec == std::errc() && end == text.data() + text.size();
    };
    if (dot == std::string::npos || !parse(std::string_view(o.cc).substr(0, dot), major) || !parse(std::string_view(o.cc).substr(dot + 1), minor)) {
        return ctx.error("--cc '" + o.cc + "' is not a compute capability like 9.0");
    }
    const auto arch = archLimitsForComputeCapability(major, minor);
    if (!arch) {
        std::string known;
        for (const auto& [ma, mi] : supportedComputeCapabilities()) known += (known.empty() ? "" : ", ") + std::to_string(ma) + "." + std::to_string(mi);
        return ctx.error("--cc " + o.cc + " is not one the occupancy model knows (" + known + ")");
    }
    if (o.threads < 1 || o.threads > arch->maxThreadsPerBlock) {
        return ctx.error("--threads must be from 1 to " + std::to_string(arch->maxThreadsPerBlock) + " on compute capability " + o.cc);
    }
    if (o.registers < 0 || o.registers > arch->maxRegistersPerThread) {
        return ctx.error("--registers must be from 0 to " + std::to_string(arch->maxRegistersPerThread));
    }
    if (o.sharedBytes < 0 || o.sharedBytes > arch->maxSharedMemoryPerBlockOptInBytes) {
        return ctx.error("--shared-bytes must be from 0 to " + std::to_string(arch->maxSharedMemoryPerBlockOptInBytes) + " (the opt-in limit)");
    }
    if (o.carveout < -1 || o.carveout > 100) return ctx.error("--carveout must be -1 (driver default) or 0 to 100 percent");
    LaunchConfig launch{o.threads, o.registers, o.sharedBytes, !o.noOptIn, o.carveout};
    const Occupancy r = computeOccupancy(*arch, launch);
    if (!o.svgFile.empty()) {
        if (const ExitCode svg = writeSvg(ctx, o.svgFile, occupancyFigure(r, *arch, launch, o.dark)); svg != ExitCode::Ok) return svg;
    }
    if (ctx.json) {
        json limiters = json::array();
        for (const auto l : r.limiters) limiters.push_back(limiterName(l));
        auto unlimited = [](int v) { return v == unlimitedBlocks ? json() : json(v); };
        ctx.printJson({{"compute_capability", o.cc}, {"threads_per_block", o.threads}, {"registers_per_thread", o.registers},
                       {"shared_bytes_per_block", o.sharedBytes}, {"active_blocks_per_sm", r.activeBlocksPerSm},
                       {"active_warps_per_sm", r.activeWarpsPerSm}, {"occupancy", r.occupancy}, {"warps_per_block", r.warpsPerBlock},
                       {"registers_per_block_allocated", r.registersPerBlock}, {"shared_bytes_per_block_allocated", r.sharedMemoryPerBlockBytes},
                       {"shared_bytes_per_sm_carveout", r.sharedMemoryPerSmBytes},
                       {"blocks_by", {{"warps", unlimited(r.blocksByWarps)}, {"registers", unlimited(r.blocksByRegisters)},
                                      {"shared_memory", unlimited(r.blocksBySharedMemory)}, {"block_slots", unlimited(r.blocksByBlockSlots)}}},
                       {"limiter", limiterName(r.limiter)}, {"limiters", limiters},
                       {"cliff", {{"registers_fewer_for_one_more_block", optionalJson(r.cliff.registersFewerForOneMoreBlock)},
                                  {"registers_more_to_lose_one_block", optionalJson(r.cliff.registersMoreToLoseOneBlock)},
                                  {"shared_bytes_fewer_for_one_more_block", optionalJson(r.cliff.sharedBytesFewerForOneMoreBlock)},
                                  {"shared_bytes_more_to_lose_one_block", optionalJson(r.cliff.sharedBytesMoreToLoseOneBlock)}}},
                       {"rules", "NVIDIA CUDA Occupancy Calculator (cuda_occupancy.h): warps per block rounded up, registers per warp "
                                 "rounded to the allocation unit and fitted per sub-partition, shared memory + the per-block reserve "
                                 "rounded to the allocation unit"}});
        return ExitCode::Ok;
    }
    *ctx.out << "compute capability " << o.cc << ": " << o.threads << " threads x " << o.registers << " registers, "
             << models::readableText(o.sharedBytes) << " B shared per block\n"
             << "  " << r.activeBlocksPerSm << " blocks, " << r.activeWarpsPerSm << " warps per SM: occupancy "
             << models::decimalText(100 * r.occupancy, 1) << " %, limited by " << limiterName(r.limiter) << "\n";
    TextTable t({"resource", "blocks it allows", "per block"});
    t.addRow({"warps", blocksText(r.blocksByWarps), std::to_string(r.warpsPerBlock) + " warps"});
    t.addRow({"registers", blocksText(r.blocksByRegisters), models::readableText(r.registersPerBlock) + " registers"});
    t.addRow({"shared memory", blocksText(r.blocksBySharedMemory), models::readableText(r.sharedMemoryPerBlockBytes) + " B (SM carve-out " +
                                                                         models::readableText(r.sharedMemoryPerSmBytes) + " B)"});
    t.addRow({"block slots", blocksText(r.blocksByBlockSlots), "1"});
    *ctx.out << t.render();
    const auto& c = r.cliff;
    if (c.registersFewerForOneMoreBlock) *ctx.out << "  " << *c.registersFewerForOneMoreBlock << " registers fewer per thread: one block more\n";
    if (c.registersMoreToLoseOneBlock) *ctx.out << "  " << *c.registersMoreToLoseOneBlock << " registers more per thread: one block fewer\n";
    if (c.sharedBytesFewerForOneMoreBlock) *ctx.out << "  " << models::readableText(*c.sharedBytesFewerForOneMoreBlock) << " B less shared memory: one block more\n";
    if (c.sharedBytesMoreToLoseOneBlock) *ctx.out << "  " << models::readableText(*c.sharedBytesMoreToLoseOneBlock) << " B more shared memory: one block fewer\n";
    return ExitCode::Ok;
}

ExitCode runCdna(const CliContext& ctx, const OccupancyOptions& o)
{
    const auto limits = cdnaLimits(o.target);
    if (!limits) return ctx.error("--target '" + o.target + "' is not gfx90a (MI200) or gfx942 (MI300)");
    if (o.threads < 1 || o.threads > limits->maxWorkgroupSize) return ctx.error("--threads must be from 1 to " + std::to_string(limits->maxWorkgroupSize));
    if (o.registers < 0 || o.registers > limits->maxArchVgprsPerWave) return ctx.error("--registers (VGPRs) must be from 0 to " + std::to_string(limits->maxArchVgprsPerWave));
    if (o.agprs < 0 || o.agprs > limits->maxAgprsPerWave) return ctx.error("--agprs must be from 0 to " + std::to_string(limits->maxAgprsPerWave));
    if (o.sharedBytes < 0 || o.sharedBytes > limits->ldsPerCuBytes) return ctx.error("--shared-bytes (LDS) must be from 0 to " + std::to_string(limits->ldsPerCuBytes));
    const CdnaLaunch launch{o.threads, o.registers, o.agprs, o.sharedBytes};
    const CdnaOccupancy r = computeCdnaOccupancy(*limits, launch);
    if (!o.svgFile.empty()) {
        if (const ExitCode svg = writeSvg(ctx, o.svgFile, cdnaOccupancyFigure(r, *limits, launch, o.dark)); svg != ExitCode::Ok) return svg;
    }
    if (ctx.json) {
        auto unlimited = [](int v) { return v == unlimitedBlocks ? json() : json(v); };
        ctx.printJson({{"target", o.target}, {"workgroup_size", o.threads}, {"vgprs", o.registers}, {"agprs", o.agprs},
                       {"lds_bytes_per_workgroup", o.sharedBytes}, {"waves_per_workgroup", r.wavesPerWorkgroup},
                       {"allocated_registers_per_lane", r.allocatedVgprsPerLane}, {"waves_per_simd_by_registers", r.wavesPerSimdByVgprs},
                       {"active_workgroups_per_cu", r.activeWorkgroupsPerCu}, {"active_waves_per_cu", r.activeWavesPerCu},
                       {"waves_per_simd", r.wavesPerSimd}, {"occupancy", r.occupancy}, {"limiter", cdnaLimiterName(r.limiter)},
                       {"workgroups_by", {{"wave_slots", unlimited(r.workgroupsByWaveSlots)}, {"registers", unlimited(r.workgroupsByVgprs)},
                                          {"lds", unlimited(r.workgroupsByLds)}, {"barriers", unlimited(r.workgroupsByBarriers)}}}});
        return ExitCode::Ok;
    }
    *ctx.out << o.target << ": workgroups of " << o.threads << " (" << r.wavesPerWorkgroup << " waves of 64), " << o.registers << " VGPRs + "
             << o.agprs << " AGPRs, " << models::readableText(o.sharedBytes) << " B LDS\n  " << r.activeWorkgroupsPerCu << " workgroups, " << r.activeWavesPerCu
             << " waves per CU (" << models::readableText(r.wavesPerSimd, 3) << " per SIMD): occupancy "
             << models::decimalText(100 * r.occupancy, 1) << " %, limited by " << cdnaLimiterName(r.limiter) << "\n";
    return ExitCode::Ok;
}

ExitCode runGemm(const CliContext& ctx, const GemmOptions& o)
{
    for (const auto& [name, value] : {std::pair{"--m", o.m}, std::pair{"--n", o.n}, std::pair{"--k", o.k}}) {
        if (auto ok = models::numberInRange(name, value, 1, maxGemmDimension); !ok) return ctx.error(ok.error());
        if (value != std::floor(value)) return ctx.error(std::string(name) + " must be a whole number, got " + models::readableText(value));
    }
    auto device = resolveDevice(ctx, o.device);
    if (!device) return ctx.error(device.error());
    auto chip = gemmChipForDevice(*device, o.dtype);
    if (!chip) return ctx.error(chip.error());
    const GemmShape shape = gemmShapeFor(o.m, o.n, o.k, o.dtype);
    const GemmWaves w = gemmWaves(*chip, shape);
    const GemmTime& t = w.time;
    if (!o.svgFile.empty()) {
        if (const ExitCode svg = writeSvg(ctx, o.svgFile, gemmWavesFigure(*chip, shape, o.dark, device->name)); svg != ExitCode::Ok) return svg;
    }
    const auto [low, high] = gemmSweepRange(*chip, shape, GemmSweepAxis::N);
    const auto sweep = gemmSweep(*chip, shape, GemmSweepAxis::N, low, high, 25);
    if (ctx.json) {
        json points = json::array();
        for (const auto& p : sweep) points.push_back({{"n", p.value}, {"achieved_tflops", p.achievedTflops}, {"waves", p.waves}, {"memory_bound", p.memoryBound}});
        ctx.printJson({{"device", device->id}, {"m", o.m}, {"n", o.n}, {"k", o.k}, {"dtype", o.dtype}, {"cores", chip->cores},
                       {"tile_m", chip->tileM}, {"tile_n", chip->tileN}, {"tiles_m", w.tilesM}, {"tiles_n", w.tilesN},
                       {"output_tiles", w.tilesM * w.tilesN}, {"split_k", t.splitK}, {"tiles", t.tiles}, {"waves", t.waves},
                       {"wave_efficiency", t.waveEfficiency}, {"last_wave_tiles", w.lastWaveTiles}, {"idle_cores_last_wave", w.idleCoresLastWave},
                       {"compute_seconds", t.computeSeconds}, {"memory_seconds", t.memorySeconds}, {"overhead_seconds", chip->overheadUs * 1e-6},
                       {"seconds", t.seconds}, {"memory_bound", t.memoryBound}, {"achieved_tflops", w.achievedTflops},
                       {"peak_tflops", chip->peakTflops}, {"mainloop_efficiency", chip->mainloopEfficiency}, {"sweep_n", points}});
        return ExitCode::Ok;
    }
    using models::readableText;
    *ctx.out << device->name << ", " << readableText(o.m) << " x " << readableText(o.n) << " x " << readableText(o.k) << " " << o.dtype << " GEMM\n"
             << "  " << w.tilesM << " x " << w.tilesN << " = " << readableText(w.tilesM * static_cast<double>(w.tilesN)) << " output tiles of "
             << chip->tileM << " x " << chip->tileN << ", split-K " << t.splitK << ": " << readableText(t.tiles) << " tiles\n"
             << "  " << readableText(t.waves) << (t.waves == 1 ? " wave on " : " waves on ") << chip->cores << " cores: wave efficiency " << models::decimalText(100 * t.waveEfficiency, 1)
             << " % (last wave " << w.lastWaveTiles << " tiles, " << w.idleCoresLastWave << " cores idle)\n"
             << "  compute " << models::quantityText(t.computeSeconds, "s", 3) << " vs memory " << models::quantityText(t.memorySeconds, "s", 3) << ": "
             << (t.memoryBound ? "memory" : "compute") << "-bound; + " << models::quantityText(chip->overheadUs * 1e-6, "s", 3) << " per call = "
             << models::quantityText(t.seconds, "s", 3) << "\n"
             << "  achieved " << readableText(w.achievedTflops) << " TFLOP/s of " << readableText(chip->peakTflops) << " peak ("
             << models::decimalText(100 * w.achievedTflops / chip->peakTflops, 1) << " %)\n";
    if (o.sweep) {
        TextTable table({"N", "waves", "achieved TFLOP/s"});
        for (const auto& p : sweep) table.addRow({readableText(p.value), readableText(p.waves), readableText(p.achievedTflops)});
        *ctx.out << table.render();
    }
    return ExitCode::Ok;
}

} // namespace

void addChipCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* chip = app.add_subcommand("chip", "inside the chip: occupancy of a kernel launch, a GEMM's tiles and waves");
    chip->require_subcommand(1);
    auto o = std::make_shared<OccupancyOptions>();
    CLI::App* occupancy = chip->add_subcommand("occupancy", "resident blocks/warps per SM (NVIDIA --cc) or workgroups/waves per CU (AMD --target)");
    auto* cc = occupancy->add_option("--cc", o->cc, "NVIDIA compute capability: 7.0 ... 12.1");
    auto* target = occupancy->add_option("--target", o->target, "AMD CDNA target: gfx90a (MI200), gfx942 (MI300)");
    cc->excludes(target);
    occupancy->add_option("--threads", o->threads, "threads (work-items) per block (workgroup)")->capture_default_str();
    occupancy->add_option("--registers", o->registers, "registers (VGPRs) per thread, as ptxas or the AMD ISA report")->capture_default_str();
    occupancy->add_option("--agprs", o->agprs, "AMD: accumulation registers per work-item")->capture_default_str();
    occupancy->add_option("--shared-bytes", o->sharedBytes, "shared memory (LDS) per block, static + dynamic, bytes")->capture_default_str();
    occupancy->add_option("--carveout", o->carveout, "NVIDIA: preferred shared-memory carve-out, percent (-1: driver default)")->capture_default_str();
    occupancy->add_flag("--no-optin", o->noOptIn, "NVIDIA: the kernel did not opt in to more than 48 KiB of shared memory");
    occupancy->add_option("--svg", o->svgFile, "also write the figure (blocks each resource allows, warp slots, cliffs) as SVG");
    occupancy->add_flag("--dark", o->dark, "figure in the dark theme (default light, for slides)");
    occupancy->callback([&ctx, &exitCode, o] {
        if (o->cc.empty() && o->target.empty()) {
            exitCode = ctx.error("chip occupancy needs --cc (NVIDIA) or --target (AMD)");
            return;
        }
        exitCode = o->cc.empty() ? runCdna(ctx, *o) : runNvidia(ctx, *o);
    });

    auto g = std::make_shared<GemmOptions>();
    CLI::App* gemm = chip->add_subcommand("gemm", "a GEMM's output tiles in waves over the cores: waves, split-K, compute vs memory, TFLOP/s");
    gemm->add_option("--device", g->device, "catalog device (id, name or unique part)")->required();
    gemm->add_option("--m", g->m, "rows of A and C")->required()->check(CLI::PositiveNumber);
    gemm->add_option("--n", g->n, "columns of B and C")->required()->check(CLI::PositiveNumber);
    gemm->add_option("--k", g->k, "the reduced dimension")->required()->check(CLI::PositiveNumber);
    gemm->add_option("--dtype", g->dtype, "input precision: bf16 or fp8 (output BF16)")->check(CLI::IsMember({"bf16", "fp8"}))->capture_default_str();
    gemm->add_option("--svg", g->svgFile, "also write the figure (tile grid by wave, the last wave's cores, TFLOP/s vs N) as SVG");
    gemm->add_flag("--dark", g->dark, "figure in the dark theme (default light, for slides)");
    gemm->add_flag("--sweep", g->sweep, "also print achieved TFLOP/s at 25 values of N around --n (the figure's curve)");
    gemm->callback([&ctx, &exitCode, g] { exitCode = runGemm(ctx, *g); });
}

} // namespace accelscope::cli
