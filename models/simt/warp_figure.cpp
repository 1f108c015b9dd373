// SPDX-License-Identifier: MIT
// Warp-divergence figure.
#include "models/simt/warp_figure.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace accelscope::models::simt {
namespace {

using figure::Colour;

// Okabe & Ito, "Color Universal Design" (2008), one per costed source line.
constexpr std::array<Colour, 7> pathColours{{{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167},
                                             {86, 180, 233}, {213, 94, 0}, {240, 228, 66}}};

constexpr double chartWidth = 640; // logical pixels of the grid area

std::string modelTitle(ExecutionModel model)
{
    return model == ExecutionModel::PreVolta ? "Pre-Volta: one PC, reconvergence stack" : "Volta+ ITS: one PC per lane";
}

std::string percent(double fraction) { return decimalText(100.0 * fraction, 1) + "%"; }

// Shown issues of one run at the step.
int shownOf(const std::vector<const Issue*>& issues, int step)
{
    return step < 0 ? static_cast<int>(issues.size()) : std::min(step, static_cast<int>(issues.size()));
}

} // namespace

std::vector<const Issue*> costedIssuesOfWarp0(const WarpRun& run)
{
    std::vector<const Issue*> out;
    for (const auto& i : run.issues) {
        if (i.warp == 0 && i.cycles > 0) out.push_back(&i);
    }
    return out;
}

int warpStepCount(const WarpRun& preVolta, const WarpRun& its)
{
    return static_cast<int>(std::max(costedIssuesOfWarp0(preVolta).size(), costedIssuesOfWarp0(its).size()));
}

Colour warpLineColour(const WarpProgram& program, int line)
{
    std::size_t index = 0;
    for (const auto& inst : program.code) {
        if (inst.cycles == 0) continue;
        if (inst.line == line) return pathColours[index % pathColours.size()];
        ++index;
    }
    return {128, 128, 128, 90};
}

figure::Figure warpFigure(const WarpFigureInput& in)
{
    figure::Figure f;
    f.dark = in.dark;
    const int steps = warpStepCount(*in.preVolta, *in.its);
    const int step = in.step < 0 ? -1 : std::min(in.step, steps);
    f.title = "Warp divergence: " + in.programName + ", " + std::to_string(in.width) + " lanes";
    f.subtitle = step < 0 ? "whole run (" + std::to_string(steps) + " steps)" : "step " + std::to_string(step) + " of " + std::to_string(steps);
    const Colour ink = figure::inkOf(in.dark);
    const Colour muted = figure::mutedOf(in.dark);
    const Colour idle = in.dark ? Colour{60, 60, 66} : Colour{225, 225, 230};

    std::int64_t longest = 1;
    for (const WarpRun* run : {in.preVolta, in.its}) {
        std::int64_t total = 0;
        for (const Issue* i : costedIssuesOfWarp0(*run)) total += i->cycles;
        longest = std::max(longest, total);
    }
    const double cellW = std::min(24.0, chartWidth / static_cast<double>(longest)); // long runs get thin columns
    const double cellH = in.width > 32 ? 4.0 : 6.0;
    const double gridH = cellH * in.width;
    constexpr double headH = 40;
    const double gridW = cellW * static_cast<double>(longest);
    f.chart.width = std::max(gridW, 560.0); // room for the panel headings
    double y = 0;
    int highlightLine = 0;
    for (const auto& [model, run] : {std::pair{ExecutionModel::PreVolta, in.preVolta}, std::pair{ExecutionModel::Its, in.its}}) {
        const auto issues = costedIssuesOfWarp0(*run);
        const int shown = shownOf(issues, step);
        const WarpStats& s = run->total;
        f.chart.text(0, y, modelTitle(model), ink, 15, figure::Anchor::Start, false, true);
        f.chart.text(0, y + 19, "cycles " + std::to_string(s.cycles) + ", issued " + std::to_string(s.issued) + ", SIMD efficiency " +
                                  percent(s.simdEfficiency) + ", serialization " + decimalText(s.serialization, 2) + "x (whole run, all warps)",
                     muted, 13);
        const double top = y + headH;
        f.chart.rect(0, top, gridW, gridH, idle.withAlpha(70));
        double x = 0;
        double drawnTo = 0; // a long run (a stuck loop) has issues thinner than a pixel: one column per pixel
        for (int n = 0; n < shown; ++n) {
            const Issue& issue = *issues[static_cast<std::size_t>(n)];
            x += cellW * issue.cycles;
            if (x - drawnTo < 1.0 && n + 1 < shown) continue;
            const double w = x - drawnTo;
            for (int lane = 0; lane < in.width; ++lane) {
                const bool on = ((issue.mask >> lane) & 1u) != 0;
                f.chart.rect(drawnTo, top + lane * cellH, w - (w > 3 ? 1.0 : 0.0), cellH - (cellH > 3 ? 1.0 : 0.0),
                             on ? warpLineColour(*in.program, issue.line) : idle);
            }
            drawnTo = x;
        }
        if (step > 0 && shown > 0) { // the cursor: the end of the last shown issue
            f.chart.line(x, top - 3, x, top + gridH + 3, ink, 2.0);
            if (model == ExecutionModel::PreVolta && step <= static_cast<int>(issues.size())) highlightLine = issues[static_cast<std::size_t>(step - 1)]->line;
        }
        f.chart.text(0, top + gridH + 4, "lanes 0-" + std::to_string(in.width - 1) + " (rows) x cycles (columns) of warp 0", muted, 12);
        y = top + gridH + 30;
    }
    f.chart.height = y - 8;

    for (std::size_t i = 0; i < in.program->lines.size(); ++i) {
        const int line = static_cast<int>(i) + 1;
        const bool costed = std::ranges::any_of(in.program->code, [&](const Instruction& c) { return c.line == line && c.cycles > 0; });
        if (!costed) continue;
        const std::string& text = in.program->lines[i];
        const auto first = text.find_first_not_of(" \t");
        f.legend.push_back({warpLineColour(*in.program, line), "line " + std::to_string(line) + ": " + (first == std::string::npos ? text : text.substr(first))});
    }
    f.legend.push_back({idle, "idle lane"});

    if (step > 0) {
        for (const auto& [name, run] : {std::pair{"pre-Volta", in.preVolta}, std::pair{"ITS", in.its}}) {
            const auto issues = costedIssuesOfWarp0(*run);
            if (step > static_cast<int>(issues.size())) {
                f.statistics.push_back(std::string("Step ") + std::to_string(step) + ", " + name + ": warp 0 has finished");
                continue;
            }
            const Issue& i = *issues[static_cast<std::size_t>(step - 1)];
            const int active = std::popcount(i.mask);
            f.statistics.push_back(std::string("Step ") + std::to_string(step) + ", " + name + ": line " + std::to_string(i.line) + ", " +
                                   std::to_string(active) + " of " + std::to_string(in.width) + " lanes active (" +
                                   percent(static_cast<double>(active) / in.width) + "), cycle " + std::to_string(i.startCycle));
        }
    }
    f.statistics.push_back("SIMD efficiency: pre-Volta " + percent(in.preVolta->total.simdEfficiency) + ", ITS " +
                           percent(in.its->total.simdEfficiency) + " (" + std::to_string(in.warps) + " warp(s))");
    f.statistics.push_back("Cycles: pre-Volta " + std::to_string(in.preVolta->total.cycles) + ", ITS " + std::to_string(in.its->total.cycles));

    figure::TextPanel program;
    program.heading = "Program";
    for (std::size_t i = 0; i < in.program->lines.size(); ++i) {
        program.lines.push_back((i + 1 < 10 ? " " : "") + std::to_string(i + 1) + "  " + in.program->lines[i]);
    }
    program.highlight = highlightLine - 1;
    f.panels.push_back(std::move(program));
    f.units = "cycles (issue slots of the simulator), lanes; efficiency = active lane-cycles / (lanes x cycles)";
    f.sources = {"Accelscope warp simulator (models/simt), program " + in.programName,
                 "pre-Volta stack: Fung et al., MICRO 2007", "ITS: NVIDIA Tesla V100 (Volta) architecture whitepaper, 2017"};
    return f;
}

} // namespace accelscope::models::simt
