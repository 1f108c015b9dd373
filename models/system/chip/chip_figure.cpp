// SPDX-License-Identifier: MIT
#include "models/system/chip/chip_figure.hpp"

#include "models/common/number_text.hpp"
#include "models/system/chip/gemm_waves.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace accelscope::models::system {
namespace {

using figure::Anchor;
using figure::Colour;

constexpr double chartWidth = 760;
constexpr double gridLeft = 84;

// Okabe–Ito: full waves cycle through the cool colours, the last (partial) wave is vermillion, as on the page.
constexpr Colour waveColours[] = {{0, 114, 178}, {86, 180, 233}, {0, 158, 115}, {204, 121, 167}};
constexpr Colour blue{0, 114, 178};
constexpr Colour skyBlue{86, 180, 233};
constexpr Colour orange{230, 159, 0};
constexpr Colour vermillion{213, 94, 0};

std::string percent(double fraction, int decimals = 1) { return decimalText(100 * fraction, decimals) + " %"; }
std::string seconds(double s) { return quantityText(s, "s", 3); }
std::string count(double v) { return readableText(v); }
std::string wavesText(double waves) { return readableText(waves) + (waves == 1 ? " wave" : " waves"); }

Colour waveColour(int wave, int waves, bool partialLast)
{
    if (partialLast && wave == waves - 1) return vermillion;
    return waveColours[wave % static_cast<int>(std::size(waveColours))];
}

/// The tile grid, one cell per block of tiles; returns the y below it.
double tileGrid(figure::Figure& f, const GemmChip& chip, const GemmShape& shape, const GemmWaves& w, double y, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    const int rows = std::min(w.tilesM, gemmGridMaxRows);
    const int cols = std::min(w.tilesN, gemmGridMaxColumns);
    const int perRow = (w.tilesM + rows - 1) / rows; // tiles per cell along M
    const int perCol = (w.tilesN + cols - 1) / cols;
    const int drawnRows = (w.tilesM + perRow - 1) / perRow;
    const int drawnCols = (w.tilesN + perCol - 1) / perCol;
    const double cellW = std::min(48.0, (chartWidth - gridLeft - 8) / drawnCols);
    const double cellH = std::clamp(cellW / 2, 7.0, std::min(22.0, 264.0 / drawnRows));
    const int waves = static_cast<int>(w.time.waves);
    const bool partialLast = w.idleCoresLastWave > 0;
    const int split = w.time.splitK;
    const std::string cell = perRow * perCol > 1 ? ", each cell " + std::to_string(perRow) + " x " + std::to_string(perCol) + " tiles" : "";
    f.chart.text(gridLeft, y, "N = " + count(shape.n) + ": " + std::to_string(w.tilesN) + " tiles of " + std::to_string(chip.tileN) + cell, muted, 12);
    y += 18;
    f.chart.text(0, y, "M = " + count(shape.m), muted, 12);
    f.chart.text(0, y + 15, std::to_string(w.tilesM) + " tiles", muted, 12);
    f.chart.text(0, y + 30, "of " + std::to_string(chip.tileM), muted, 12);
    for (int r = 0; r < drawnRows; ++r) {
        const int lastRow = std::min(w.tilesM, (r + 1) * perRow) - 1;
        for (int c = 0; c < drawnCols; ++c) {
            const int lastCol = std::min(w.tilesN, (c + 1) * perCol) - 1;
            const double x = gridLeft + c * cellW;
            const double cy = y + r * cellH;
            // A cell takes the colour of the last wave that runs one of its tiles (pieces go row-major).
            for (int s = 0; s < split; ++s) {
                const int wave = gemmTileWave(chip, w, lastRow, lastCol, s);
                f.chart.rect(x + s * cellW / split, cy, cellW / split, cellH, waveColour(wave, waves, partialLast));
            }
            f.chart.rect(x, cy, cellW, cellH, {0, 0, 0, 0}, figure::backgroundOf(dark), cellW > 10 ? 1.0 : 0.5);
            if (split == 1 && cellW >= 26 && cellH >= 14 && perRow * perCol == 1) {
                f.chart.text(x + cellW / 2, cy + (cellH - 11) / 2, std::to_string(gemmTileWave(chip, w, r, c, 0) + 1), {255, 255, 255}, 11,
                             Anchor::Middle);
            }
        }
    }
    const double bottom = y + drawnRows * cellH;
    if (split > 1) {
        f.chart.text(gridLeft, bottom + 4, "split-K " + std::to_string(split) + ": each output tile is " + std::to_string(split) +
                                               " pieces of K / " + std::to_string(split) + " (side by side), summed in FP32",
                     ink, 12);
        return bottom + 24;
    }
    return bottom + 10;
}

/// The cores in the last wave, busy and idle; returns the y below it.
double lastWaveCores(figure::Figure& f, const GemmChip& chip, const GemmWaves& w, double y, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    f.chart.text(0, y, "The last wave on the " + std::to_string(chip.cores) + " cores: " + std::to_string(w.lastWaveTiles) + " busy, " +
                           std::to_string(w.idleCoresLastWave) + " idle",
                 ink, 14, Anchor::Start, false, true);
    y += 22;
    const int perLine = std::min(chip.cores, 76);
    const double size = std::min(9.0, (chartWidth - 4) / perLine);
    const Colour busy = w.idleCoresLastWave > 0 ? vermillion : waveColour(static_cast<int>(w.time.waves) - 1, 1, false);
    for (int i = 0; i < chip.cores; ++i) {
        const double x = (i % perLine) * size;
        const double cy = y + (i / perLine) * size;
        if (i < w.lastWaveTiles) {
            f.chart.rect(x + 0.5, cy + 0.5, size - 1, size - 1, busy);
        } else {
            f.chart.rect(x + 0.5, cy + 0.5, size - 1, size - 1, {0, 0, 0, 0}, muted, 1.0);
        }
    }
    return y + ((chip.cores + perLine - 1) / perLine) * size + 14;
}

/// Achieved TFLOP/s as N varies around the shape, with the peak and the tile loop's ceiling; returns the y below.
double sawtooth(figure::Figure& f, const GemmChip& chip, const GemmShape& shape, const GemmWaves& w, double y, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    f.chart.text(0, y, "Achieved TFLOP/s vs N (M, K fixed): each drop is one more wave or tile column", ink, 14, Anchor::Start,
                 false, true);
    y += 22;
    const auto [low, high] = gemmSweepRange(chip, shape, GemmSweepAxis::N);
    const int points = static_cast<int>(std::clamp((high - low) / (chip.tileN / 4.0), 2.0, 480.0));
    const auto sweep = gemmSweep(chip, shape, GemmSweepAxis::N, low, high, points);
    const double plotW = chartWidth - gridLeft - 16;
    const double plotH = 150;
    const double top = chip.peakTflops * 1.08;
    const auto px = [&](double n) { return gridLeft + (n - low) / (high - low) * plotW; };
    const auto py = [&](double tflops) { return y + plotH - std::clamp(tflops / top, 0.0, 1.0) * plotH; };
    f.chart.line(gridLeft, y, gridLeft, y + plotH, muted);
    f.chart.line(gridLeft, y + plotH, gridLeft + plotW, y + plotH, muted);
    f.chart.line(gridLeft, py(chip.peakTflops), gridLeft + plotW, py(chip.peakTflops), muted, 1.0, true);
    f.chart.text(gridLeft + plotW, py(chip.peakTflops) - 15, "peak " + count(chip.peakTflops), muted, 11, Anchor::End);
    const double loop = chip.peakTflops * chip.mainloopEfficiency;
    f.chart.line(gridLeft, py(loop), gridLeft + plotW, py(loop), orange, 1.0, true);
    f.chart.text(gridLeft + plotW, py(loop) - 15, "tile loop " + count(loop), orange, 11, Anchor::End);
    f.chart.text(gridLeft - 6, y + plotH - 10, "0", muted, 11, Anchor::End);
    f.chart.text(gridLeft - 6, py(chip.peakTflops) - 6, count(std::round(chip.peakTflops)), muted, 11, Anchor::End);
    for (std::size_t i = 1; i < sweep.size(); ++i) {
        f.chart.line(px(sweep[i - 1].value), py(sweep[i - 1].achievedTflops), px(sweep[i].value), py(sweep[i].achievedTflops), blue, 1.6);
    }
    f.chart.line(px(shape.n), y, px(shape.n), y + plotH, vermillion, 1.0, true);
    f.chart.markers.push_back({px(shape.n), py(w.achievedTflops), 5, vermillion, figure::MarkerShape::Circle, false});
    f.chart.text(gridLeft, y + plotH + 4, count(low), muted, 11, Anchor::Start);
    f.chart.text(gridLeft + plotW, y + plotH + 4, count(high), muted, 11, Anchor::End);
    f.chart.text(px(shape.n), y + plotH + 4, "N = " + count(shape.n), vermillion, 11, Anchor::Middle);
    return y + plotH + 22;
}

/// One resource's row: its name, what it holds per block, the blocks it allows alone, whether it binds.
struct LimitRow {
    std::string name;
    std::string detail;
    int blocks = 0;
    bool binding = false;
};

/// One bar per resource: the blocks it allows alone; binding ones in vermillion. Returns the y below.
double limitBars(figure::Figure& f, const std::vector<LimitRow>& rows, int active, int cap, const std::string& heading, double y, bool dark)
{
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    constexpr double labelW = 300;
    constexpr double barH = 24;
    int longest = std::max(active, 1);
    // The scale ends at `cap` (the block slots): a resource that allows more is drawn to the end, marked.
    for (const auto& r : rows) {
        if (r.blocks != unlimitedBlocks) longest = std::max(longest, std::min(r.blocks, cap));
    }
    const double scale = (chartWidth - labelW - 110) / longest;
    f.chart.text(0, y, heading + " each resource allows alone", ink, 14, Anchor::Start, false, true);
    y += 42;
    const double first = y;
    for (const auto& r : rows) {
        f.chart.text(0, y, r.name, r.binding ? vermillion : ink, 13, Anchor::Start, false, r.binding);
        f.chart.text(0, y + 15, r.detail, muted, 11);
        if (r.blocks == unlimitedBlocks) {
            f.chart.text(labelW, y + 4, "no limit", muted, 12);
        } else {
            const double w = std::max(2.0, std::min(r.blocks, longest) * scale);
            f.chart.rect(labelW, y, w, barH - 4, r.binding ? vermillion : blue);
            const std::string note = r.binding ? " (binds)" : r.blocks > longest ? " (off the scale)" : "";
            f.chart.text(labelW + w + 6, y + 3, std::to_string(r.blocks) + note, r.binding ? vermillion : ink, 12, Anchor::Start, false, r.binding);
        }
        y += barH + 14;
    }
    const double x = labelW + active * scale;
    f.chart.line(x, first - 6, x, y - 10, ink, 1.0, true);
    f.chart.text(x, first - 18, std::to_string(active) + " resident", ink, 11, Anchor::Middle);
    return y;
}

/// The SM's (CU's) warp (wave) slots, filled block by block in two alternating colours. Returns the y below.
double slotStrip(figure::Figure& f, int slots, int perBlock, int activeBlocks, const std::string& what, double y, bool dark)
{
    const Colour muted = figure::mutedOf(dark);
    const int used = perBlock * activeBlocks;
    f.chart.text(0, y, what + ": " + std::to_string(used) + " of " + std::to_string(slots) + " in use", figure::inkOf(dark), 14,
                 Anchor::Start, false, true);
    y += 22;
    const int perLine = std::min(slots, 32);
    const double size = std::min(20.0, (chartWidth - 4) / perLine);
    for (int i = 0; i < slots; ++i) {
        const double x = (i % perLine) * size;
        const double cy = y + (i / perLine) * size;
        if (i < used) {
            f.chart.rect(x + 1, cy + 1, size - 2, size - 2, (i / std::max(perBlock, 1)) % 2 == 0 ? blue : skyBlue);
        } else {
            f.chart.rect(x + 1, cy + 1, size - 2, size - 2, {0, 0, 0, 0}, muted, 1.0);
        }
    }
    return y + ((slots + perLine - 1) / perLine) * size + 8;
}

/// "next cliff: 16 fewer registers per thread -> one block more"; empty without a cliff.
std::string cliffLine(const std::optional<int>& amount, const std::string& change, const std::string& singular, const std::string& plural,
                      const std::string& effect)
{
    if (!amount) return {};
    return "next cliff: " + readableText(*amount) + " " + change + " " + (*amount == 1 ? singular : plural) + " -> " + effect;
}

} // namespace

figure::Figure gemmWavesFigure(const GemmChip& chip, const GemmShape& shape, bool dark, const std::string& deviceName)
{
    const GemmWaves w = gemmWaves(chip, shape);
    const GemmTime& t = w.time;
    figure::Figure f;
    f.dark = dark;
    const std::string dtype = shape.inputBytes <= 1 ? "FP8" : "BF16";
    f.title = "GEMM waves: " + count(shape.m) + " x " + count(shape.n) + " x " + count(shape.k) + " " + dtype +
              (deviceName.empty() ? std::string() : " on " + deviceName);
    f.subtitle = std::to_string(chip.cores) + " cores, one " + std::to_string(chip.tileM) + " x " + std::to_string(chip.tileN) +
                 " output tile each at a time; " + wavesText(t.waves);
    f.chart.width = chartWidth;
    f.chart.text(0, 0, "The output matrix C in tiles, coloured by the wave that runs them", figure::inkOf(dark), 14, Anchor::Start, false, true);
    double y = tileGrid(f, chip, shape, w, 22, dark);
    y = lastWaveCores(f, chip, w, y, dark);
    y = sawtooth(f, chip, shape, w, y, dark);
    f.chart.height = y;
    const bool partial = w.idleCoresLastWave > 0;
    f.legend = {{waveColours[0], "full waves (colours cycle)"}};
    if (partial) f.legend.push_back({vermillion, "last wave: " + std::to_string(w.lastWaveTiles) + " of " + std::to_string(chip.cores) + " cores busy"});
    f.legend.push_back({blue, "achieved TFLOP/s vs N"});
    f.legend.push_back({orange, "tile loop ceiling (peak x " + decimalText(chip.mainloopEfficiency, 3) + ")"});
    const double outputTiles = static_cast<double>(w.tilesM) * w.tilesN;
    f.statistics = {
        std::to_string(w.tilesM) + " x " + std::to_string(w.tilesN) + " = " + count(outputTiles) + " output tiles" +
            (t.splitK > 1 ? ", split-K " + std::to_string(t.splitK) + ": " + count(t.tiles) + " tiles" : ", no split-K"),
        wavesText(t.waves) + " on " + std::to_string(chip.cores) + " cores: wave efficiency " + percent(t.waveEfficiency) + " (last wave " +
            std::to_string(w.lastWaveTiles) + " tiles, " + std::to_string(w.idleCoresLastWave) + " cores idle)",
        "compute " + seconds(t.computeSeconds) + " vs memory " + seconds(t.memorySeconds) + ": " + (t.memoryBound ? "memory" : "compute") +
            "-bound; + " + seconds(chip.overheadUs * 1e-6) + " per call = " + seconds(t.seconds),
        "achieved " + count(w.achievedTflops) + " TFLOP/s of " + count(chip.peakTflops) + " peak (" +
            percent(w.achievedTflops / chip.peakTflops) + ")"};
    f.units = "tiles of the output matrix; TFLOP/s dense " + dtype + " (2MNK per GEMM)";
    f.sources = {"Accelscope GEMM model (models/system/chip/gemm: gemmTime, gemm_waves)",
                 "tile loop " + decimalText(chip.mainloopEfficiency, 3) + " of peak, reads " + decimalText(chip.readEfficiency, 3) +
                     " of " + count(chip.memoryGBps) + " GB/s, " + seconds(chip.overheadUs * 1e-6) + " per call (models/system/step/kernel_parameters)"};
    return f;
}

figure::Figure occupancyFigure(const Occupancy& r, const ArchLimits& arch, const LaunchConfig& launch, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    const std::string cc = std::to_string(arch.computeMajor) + "." + std::to_string(arch.computeMinor);
    f.title = "Occupancy on compute capability " + cc + ": " + std::to_string(launch.threadsPerBlock) + " threads x " +
              std::to_string(launch.registersPerThread) + " registers, " + readableText(launch.sharedMemoryPerBlockBytes) + " B shared";
    f.subtitle = std::to_string(r.activeBlocksPerSm) + " blocks, " + std::to_string(r.activeWarpsPerSm) + " warps per SM: " +
                 percent(r.occupancy) + ", limited by " + std::string(limiterName(r.limiter));
    f.chart.width = chartWidth;
    const auto binds = [&](Limiter l) { return std::ranges::find(r.limiters, l) != r.limiters.end(); };
    const std::vector<LimitRow> rows{
        {"warps", std::to_string(arch.maxWarpsPerSm) + " per SM / " + std::to_string(r.warpsPerBlock) + " per block", r.blocksByWarps,
         binds(Limiter::Warps)},
        {"registers", readableText(r.registersPerBlock) + " per block of " + readableText(arch.registersPerSm), r.blocksByRegisters,
         binds(Limiter::Registers)},
        {"shared memory", readableText(r.sharedMemoryPerBlockBytes) + " B per block of " + readableText(r.sharedMemoryPerSmBytes) + " B",
         r.blocksBySharedMemory, binds(Limiter::SharedMemory)},
        {"block slots", std::to_string(arch.maxBlocksPerSm) + " per SM", r.blocksByBlockSlots, binds(Limiter::Blocks)}};
    double y = limitBars(f, rows, r.activeBlocksPerSm, arch.maxBlocksPerSm, "Blocks per SM", 0, dark);
    y = slotStrip(f, arch.maxWarpsPerSm, r.warpsPerBlock, r.activeBlocksPerSm, "Warp slots of one SM", y + 4, dark);
    f.chart.height = y;
    f.legend = {{vermillion, "the binding resource"}, {blue, "another resource's limit"}, {skyBlue, "warps of alternate blocks"}};
    f.statistics = {std::to_string(r.activeBlocksPerSm) + " blocks x " + std::to_string(r.warpsPerBlock) + " warps = " +
                        std::to_string(r.activeWarpsPerSm) + " of " + std::to_string(arch.maxWarpsPerSm) + " warps: occupancy " + percent(r.occupancy),
                    "limited by " + std::string(limiterName(r.limiter)) + "; per block " + readableText(r.registersPerBlock) + " registers, " +
                        readableText(r.sharedMemoryPerBlockBytes) + " B shared (carve-out " + readableText(r.sharedMemoryPerSmBytes) + " B per SM)"};
    const auto& c = r.cliff;
    const std::string reg = "register per thread";
    const std::string regs = "registers per thread";
    for (const auto& line : {cliffLine(c.registersFewerForOneMoreBlock, "fewer", reg, regs, "one block more"),
                             cliffLine(c.registersMoreToLoseOneBlock, "more", reg, regs, "one block fewer"),
                             cliffLine(c.sharedBytesFewerForOneMoreBlock, "fewer", "B shared", "B shared", "one block more"),
                             cliffLine(c.sharedBytesMoreToLoseOneBlock, "more", "B shared", "B shared", "one block fewer")}) {
        if (!line.empty()) f.statistics.push_back(line);
    }
    f.units = "blocks and warps per SM; registers are 32-bit; bytes";
    f.sources = {"Accelscope occupancy model (models/system/chip/occupancy: computeOccupancy)",
                 "rules of NVIDIA's CUDA Occupancy Calculator (cuda_occupancy.h): register allocation unit " +
                     std::to_string(arch.registerAllocationUnit) + " per warp, " + std::to_string(arch.subPartitions) + " sub-partitions, " +
                     readableText(arch.reservedSharedMemoryPerBlockBytes) + " B reserved per block"};
    return f;
}

figure::Figure cdnaOccupancyFigure(const CdnaOccupancy& r, const CdnaLimits& limits, const CdnaLaunch& launch, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    const std::string target(limits.target);
    f.title = "Occupancy on " + target + ": workgroups of " + std::to_string(launch.workgroupSize) + ", " + std::to_string(launch.archVgprs) +
              " VGPRs + " + std::to_string(launch.agprs) + " AGPRs, " + readableText(launch.ldsBytesPerWorkgroup) + " B LDS";
    f.subtitle = std::to_string(r.activeWorkgroupsPerCu) + " workgroups, " + std::to_string(r.activeWavesPerCu) + " waves per CU: " +
                 percent(r.occupancy) + ", limited by " + std::string(cdnaLimiterName(r.limiter));
    f.chart.width = chartWidth;
    const int slots = limits.simdsPerCu * limits.maxWavesPerSimd;
    const auto binding = [&](int v) { return v == r.activeWorkgroupsPerCu; };
    const std::vector<LimitRow> rows{
        {"wave slots", std::to_string(slots) + " per CU / " + std::to_string(r.wavesPerWorkgroup) + " per workgroup", r.workgroupsByWaveSlots,
         binding(r.workgroupsByWaveSlots)},
        {"VGPRs + AGPRs", std::to_string(r.allocatedVgprsPerLane) + " per lane: " + std::to_string(r.wavesPerSimdByVgprs) + " waves per SIMD",
         r.workgroupsByVgprs, binding(r.workgroupsByVgprs)},
        {"LDS", readableText(launch.ldsBytesPerWorkgroup) + " B of " + readableText(limits.ldsPerCuBytes) + " B", r.workgroupsByLds,
         binding(r.workgroupsByLds)},
        {"barriers", std::to_string(limits.maxWorkgroupsPerCuWithBarrier) + " multi-wave workgroups", r.workgroupsByBarriers,
         binding(r.workgroupsByBarriers)}};
    double y = limitBars(f, rows, r.activeWorkgroupsPerCu, slots, "Workgroups per CU", 0, dark);
    y = slotStrip(f, slots, r.wavesPerWorkgroup, r.activeWorkgroupsPerCu, "Wave slots of one CU", y + 4, dark);
    f.chart.height = y;
    f.legend = {{vermillion, "the binding resource"}, {blue, "another resource's limit"}, {skyBlue, "waves of alternate workgroups"}};
    f.statistics = {std::to_string(r.activeWorkgroupsPerCu) + " workgroups x " + std::to_string(r.wavesPerWorkgroup) + " waves = " +
                        std::to_string(r.activeWavesPerCu) + " of " + std::to_string(slots) + " waves: occupancy " + percent(r.occupancy) + " (" +
                        readableText(r.wavesPerSimd, 3) + " waves per SIMD)",
                    "limited by " + std::string(cdnaLimiterName(r.limiter))};
    f.units = "workgroups and waves (64 work-items) per CU; registers are 32-bit per lane; bytes";
    f.sources = {"Accelscope occupancy model (models/system/chip/cdna_occupancy: computeCdnaOccupancy)",
                 "AMD CDNA ISA and ROCm occupancy rules: unified VGPR+AGPR file of " + std::to_string(limits.unifiedVgprsPerLane) +
                     " per lane, allocation granule " + std::to_string(limits.vgprAllocationGranule)};
    return f;
}

} // namespace accelscope::models::system
