// SPDX-License-Identifier: MIT
// Warp commands: argument wiring and output; the simulator lives in models/simt.
#include "app/cli/warp_commands.hpp"

#include "app/cli/format_output.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/common/bounded_file.hpp"
#include "models/simt/warp_figure.hpp"
#include "models/simt/warp_simulator.hpp"

#include <CLI/CLI.hpp>

#include <bit>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace accelscope::cli {
namespace {

using namespace models::simt;
using nlohmann::json;

struct WarpOptions {
    std::string preset;
    std::string programFile;
    std::string model = "prevolta";
    int width = 32;
    int warps = 1;
    std::string data;
    std::uint64_t seed = 1;
    std::int64_t stepLimit = 200000;
    std::string svgFile; ///< the slide figure (both models, up to svgStep)
    int svgStep = -1;
    bool dark = false;
};

std::string laneRow(std::uint64_t mask, int width)
{
    std::string row;
    for (int lane = 0; lane < width; ++lane) row += ((mask >> lane) & 1u) != 0 ? '#' : '.';
    return row;
}

json statsJson(const WarpStats& s)
{
    return json{{"cycles", s.cycles}, {"issued", s.issued}, {"simd_efficiency", s.simdEfficiency},
                {"serialization", s.serialization}, {"active_lane_cycles", s.activeLaneCycles}};
}

// The figure shows both execution models, as the page does, whatever --model says.
ExitCode writeWarpSvg(const CliContext& ctx, const WarpProgram& program, WarpConfig config, const WarpOptions& o)
{
    config.model = ExecutionModel::PreVolta;
    auto preVolta = runWarps(program, config);
    config.model = ExecutionModel::Its;
    auto its = runWarps(program, config);
    if (!preVolta) return ctx.error(preVolta.error());
    if (!its) return ctx.error(its.error());
    const int steps = warpStepCount(*preVolta, *its);
    if (o.svgStep > steps) {
        return ctx.error("--step " + std::to_string(o.svgStep) + ": this run has " + std::to_string(steps) + " steps (0 to " +
                         std::to_string(steps) + ", or -1 for the whole run)");
    }
    WarpFigureInput input;
    input.program = &program;
    input.preVolta = &*preVolta;
    input.its = &*its;
    input.width = config.width;
    input.warps = config.warps;
    input.programName = o.preset.empty() ? std::filesystem::path(o.programFile).filename().string() : o.preset;
    input.step = o.svgStep;
    input.dark = o.dark;
    if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(warpFigure(input))); !ok) {
        return ctx.error("--svg " + ok.error().message);
    }
    return ExitCode::Ok;
}

ExitCode runWarp(const CliContext& ctx, const WarpOptions& o)
{
    if (o.preset.empty() == o.programFile.empty()) return ctx.error("give either --preset NAME or --program FILE");
    std::string source;
    DataPattern data = DataPattern::Identity;
    if (!o.preset.empty()) {
        const WarpPreset* preset = findWarpPreset(o.preset);
        if (preset == nullptr) {
            std::string names;
            for (const auto& p : warpPresets()) names += (names.empty() ? "" : ", ") + std::string(p.name);
            return ctx.error("unknown preset '" + o.preset + "' (" + names + ")");
        }
        source = preset->source;
        data = preset->data;
    } else {
        auto text = models::readFileWithLimit(o.programFile, models::inputLimits::warpProgramBytes);
        if (!text) return ctx.error(text.error());
        source = std::move(*text);
    }
    if (const auto pattern = dataPatternFromName(o.data)) data = *pattern;
    auto program = parseWarpProgram(source);
    if (!program) {
        return ctx.error((o.programFile.empty() ? o.preset : o.programFile) + ": " + program.error().message);
    }
    WarpConfig config;
    config.model = o.model == "its" ? ExecutionModel::Its : ExecutionModel::PreVolta;
    config.width = o.width;
    config.warps = o.warps;
    config.data = data;
    config.seed = o.seed;
    config.stepLimit = o.stepLimit;
    auto run = runWarps(*program, config);
    if (!run) return ctx.error(run.error());
    // A run that does not complete exits 1 below: then no figure is written either.
    if (!o.svgFile.empty() && run->completed) {
        if (const ExitCode svg = writeWarpSvg(ctx, *program, config, o); svg != ExitCode::Ok) return svg;
    }
    if (ctx.json) {
        json issues = json::array();
        constexpr std::size_t maxListed = 10000; // a stuck run issues up to the step limit
        for (const auto& i : run->issues) {
            if (issues.size() == maxListed) break;
            issues.push_back(json{{"warp", i.warp}, {"pc", i.pc}, {"line", i.line}, {"mask", hexCode(static_cast<std::uint32_t>(i.mask & 0xFFFFFFFFu), 32)},
                                  {"mask_high", o.width == 64 ? json(hexCode(static_cast<std::uint32_t>(i.mask >> 32), 32)) : json(nullptr)},
                                  {"active_lanes", std::popcount(i.mask)}, {"start_cycle", i.startCycle}, {"cycles", i.cycles}});
        }
        json perWarp = json::array();
        for (const auto& s : run->perWarp) perWarp.push_back(statsJson(s));
        json doc = statsJson(run->total);
        doc["model"] = executionModelName(config.model);
        doc["width"] = o.width;
        doc["warps"] = o.warps;
        doc["completed"] = run->completed;
        doc["problem"] = run->problem.empty() ? json(nullptr) : json(run->problem);
        doc["per_warp"] = perWarp;
        doc["instructions_truncated"] = run->issues.size() > issues.size();
        doc["instructions"] = issues;
        ctx.printJson(doc);
    } else {
        std::string text = "model " + std::string(executionModelName(config.model)) + ", " + std::to_string(o.warps) +
                           " warp(s) of " + std::to_string(o.width) + " lanes\n";
        std::size_t listed = 0;
        for (const auto& i : run->issues) {
            if (i.cycles == 0) continue;
            if (++listed > 400) {
                text += "... " + std::to_string(run->issues.size()) + " issues in all; the first 400 with a cost are shown\n";
                break;
            }
            char head[48];
            std::snprintf(head, sizeof head, "w%-2d line %-3d %4d cyc  ", i.warp, i.line, i.cycles);
            text += head + laneRow(i.mask, o.width) + "  " + program->lines[static_cast<std::size_t>(i.line - 1)] + "\n";
        }
        char stats[160];
        std::snprintf(stats, sizeof stats, "cycles %lld, issued %lld, SIMD efficiency %.1f%%, serialization %.2fx\n",
                      static_cast<long long>(run->total.cycles), static_cast<long long>(run->total.issued),
                      100.0 * run->total.simdEfficiency, run->total.serialization);
        *ctx.out << text << stats;
    }
    if (!run->completed) return ctx.error((o.programFile.empty() ? o.preset : o.programFile) + ": " + run->problem);
    if (!run->problem.empty()) *ctx.err << "accelscope-cli: warning: " << run->problem << "\n";
    return ExitCode::Ok;
}

} // namespace

void addWarpCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* warp = app.add_subcommand("warp", "warp divergence simulator (pre-Volta stack vs independent thread scheduling)");
    warp->require_subcommand(1);

    warp->add_subcommand("presets", "the example programs")->callback([&ctx, &exitCode] {
        json list = json::array();
        TextTable table({"name", "description"});
        for (const auto& p : warpPresets()) {
            list.push_back(json{{"name", p.name}, {"description", p.description}, {"source", p.source}});
            table.addRow({std::string(p.name), std::string(p.description)});
        }
        if (ctx.json) ctx.printJson(list);
        else *ctx.out << table.render();
        exitCode = ExitCode::Ok;
    });

    auto o = std::make_shared<WarpOptions>();
    CLI::App* run = warp->add_subcommand("run", "run a preset or a program file and print masks and statistics");
    run->add_option("--preset", o->preset, "example program (see `warp presets`)");
    run->add_option("--program", o->programFile, "program file in the warp language");
    run->add_option("--model", o->model, "prevolta or its")->check(CLI::IsMember({"prevolta", "its"}))->capture_default_str();
    run->add_option("--width", o->width, "lanes per warp: 32 or 64")->check(CLI::IsMember({32, 64}))->capture_default_str();
    run->add_option("--warps", o->warps, "warps in the block")->check(CLI::Range(1, 64))->capture_default_str();
    run->add_option("--data", o->data, "data array: random, sorted, identity (default: the preset's)")
        ->check(CLI::IsMember({"random", "sorted", "identity"}));
    run->add_option("--seed", o->seed, "seed of random data")->capture_default_str();
    run->add_option("--step-limit", o->stepLimit, "issues per warp before a run counts as stuck")
        ->check(CLI::Range(std::int64_t{10}, maxStepLimit))->capture_default_str();
    run->add_option("--svg", o->svgFile, "also write the slide figure (both models, legend, statistics, program) as SVG");
    run->add_option("--step", o->svgStep, "playback step of the figure: issues of warp 0 shown (-1: the whole run)")
        ->check(CLI::Range(-1, 100000000))->capture_default_str();
    run->add_flag("--dark", o->dark, "figure in the dark theme (default light, for slides)");
    run->callback([&ctx, &exitCode, o] { exitCode = runWarp(ctx, *o); });
}

} // namespace accelscope::cli
