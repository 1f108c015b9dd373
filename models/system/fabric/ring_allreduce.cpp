// SPDX-License-Identifier: MIT
// Ring all-reduce state by simulation (each chunk as the set of ranks it sums) and its figure.
#include "models/system/fabric/ring_allreduce.hpp"

#include "models/common/number_text.hpp"
#include "models/system/fabric/collectives.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace accelscope::models::system {
namespace {

using figure::Colour;

int wrap(int value, int n) { return ((value % n) + n) % n; }

// Okabe–Ito: blue partial sums, bluish green fully reduced, orange this step's sends.
constexpr Colour partialColour{0, 114, 178};
constexpr Colour reducedColour{0, 158, 115};
constexpr Colour sendColour{230, 159, 0};

Colour ownColour(bool dark) { return dark ? Colour{255, 255, 255, 55} : Colour{0, 0, 0, 40}; }

Colour chunkColour(int count, int ranks, bool dark)
{
    if (count >= ranks) return reducedColour;
    if (count <= 1) return ownColour(dark);
    return partialColour.withAlpha(static_cast<std::uint8_t>(90 + 165 * (count - 1) / std::max(1, ranks - 2)));
}

std::string bytesText(double bytes) { return quantityText(bytes, "B", 3, UnitPrefix::Binary); }

/// An arrow from (x0, y0) to (x1, y1) with a head at the end.
void arrow(figure::Drawing& d, double x0, double y0, double x1, double y1, Colour colour)
{
    d.line(x0, y0, x1, y1, colour, 2.5);
    const double angle = std::atan2(y1 - y0, x1 - x0);
    for (const double side : {-1.0, 1.0}) {
        const double a = angle + std::numbers::pi + side * 0.45;
        d.line(x1, y1, x1 + 11 * std::cos(a), y1 + 11 * std::sin(a), colour, 2.5);
    }
}

std::string phaseText(const RingAllReduceState& s)
{
    const int n1 = s.ranks - 1;
    if (s.phase == "reduce-scatter") {
        return "reduce-scatter step " + std::to_string(s.phaseStep) + " of " + std::to_string(n1) +
               ": each rank adds the chunk it receives to its own";
    }
    if (s.phase == "all-gather") {
        return "all-gather step " + std::to_string(s.phaseStep) + " of " + std::to_string(n1) +
               ": each rank keeps the reduced chunk it receives";
    }
    return "the start: every rank holds its own buffer, cut into " + std::to_string(s.ranks) + " chunks";
}

} // namespace

Result<RingAllReduceState> ringAllReduceState(int ranks, int step)
{
    if (ranks < 2 || ranks > ringFigureMaxRanks) {
        return fail(ErrorCode::InvalidArgument, "--ranks must be from 2 to " + std::to_string(ringFigureMaxRanks) + ", not " + std::to_string(ranks));
    }
    const int steps = 2 * (ranks - 1);
    if (step < 0 || step > steps) {
        return fail(ErrorCode::InvalidArgument, "--step must be from 0 to 2(N-1) = " + std::to_string(steps) + ", not " + std::to_string(step));
    }
    // Each chunk as the set of ranks whose data it sums (a bitmask: ranks <= 12).
    std::vector<std::vector<std::uint32_t>> holds(static_cast<std::size_t>(ranks), std::vector<std::uint32_t>(static_cast<std::size_t>(ranks)));
    for (int r = 0; r < ranks; ++r) {
        for (int c = 0; c < ranks; ++c) holds[r][c] = 1u << r;
    }
    RingAllReduceState s;
    s.ranks = ranks;
    s.step = step;
    s.steps = steps;
    s.phase = "start";
    for (int k = 1; k <= step; ++k) {
        const bool reduce = k <= ranks - 1;
        const int t = reduce ? k : k - (ranks - 1);
        s.sends.clear();
        for (int r = 0; r < ranks; ++r) {
            const int chunk = reduce ? wrap(r - t + 1, ranks) : wrap(r - t + 2, ranks);
            s.sends.push_back({r, wrap(r + 1, ranks), chunk});
        }
        // All sends of a step happen at once: read every sender's chunk before any receiver changes.
        std::vector<std::uint32_t> sent;
        for (const auto& send : s.sends) sent.push_back(holds[send.from][send.chunk]);
        for (std::size_t i = 0; i < s.sends.size(); ++i) {
            auto& target = holds[s.sends[i].to][s.sends[i].chunk];
            target = reduce ? (target | sent[i]) : sent[i];
        }
        s.phase = reduce ? "reduce-scatter" : "all-gather";
        s.phaseStep = t;
    }
    s.contributions.assign(static_cast<std::size_t>(ranks), std::vector<int>(static_cast<std::size_t>(ranks)));
    for (int r = 0; r < ranks; ++r) {
        for (int c = 0; c < ranks; ++c) s.contributions[r][c] = std::popcount(holds[r][c]);
    }
    s.sentFraction = static_cast<double>(step) / ranks;
    return s;
}

figure::Figure ringAllReduceFigure(const RingAllReduceState& s, double bufferBytes, bool dark)
{
    figure::Figure f;
    f.dark = dark;
    const int n = s.ranks;
    const Colour ink = figure::inkOf(dark);
    const Colour muted = figure::mutedOf(dark);
    f.title = "Ring all-reduce of " + std::to_string(n) + " ranks, step by step";
    f.subtitle = "step " + std::to_string(s.step) + " of " + std::to_string(s.steps) + ": " + phaseText(s);

    const double cell = n <= 6 ? 24 : n <= 9 ? 18 : 14;
    const double boxW = n * cell + 14;
    const double boxH = cell + 44;
    const double radius = std::max(150.0, n * (boxW + (n > 8 ? 80 : 46)) / (2 * std::numbers::pi));
    const double cx = radius + boxW / 2 + 12;
    const double cy = radius + boxH / 2 + 8;
    f.chart.width = 2 * cx;
    f.chart.height = 2 * cy;
    auto centre = [&](int r) {
        const double a = -std::numbers::pi / 2 + 2 * std::numbers::pi * r / n;
        return std::pair{cx + radius * std::cos(a), cy + radius * std::sin(a)};
    };

    // This step's sends, under the boxes: from the sender's edge to the receiver's, beside the chord.
    for (const auto& send : s.sends) {
        const auto [x0, y0] = centre(send.from);
        const auto [x1, y1] = centre(send.to);
        const double dx = x1 - x0, dy = y1 - y0, length = std::hypot(dx, dy);
        const double ux = dx / length, uy = dy / length;
        const double edge = std::min(std::abs(ux) > 1e-9 ? (boxW / 2 + 4) / std::abs(ux) : 1e9, std::abs(uy) > 1e-9 ? (boxH / 2 + 4) / std::abs(uy) : 1e9);
        const double ox = -uy * 7, oy = ux * 7; // to the right of the direction: two ranks' arrows do not overlap
        arrow(f.chart, x0 + ux * edge + ox, y0 + uy * edge + oy, x1 - ux * edge + ox, y1 - uy * edge + oy, sendColour);
        const double mx = (x0 + x1) / 2 + ox * 3.6, my = (y0 + y1) / 2 + oy * 3.6;
        f.chart.text(mx, my - 7, "chunk " + std::to_string(send.chunk), ink, 12, figure::Anchor::Middle, false, true);
    }
    for (int r = 0; r < n; ++r) {
        const auto [x, y] = centre(r);
        const double left = x - boxW / 2, top = y - boxH / 2;
        f.chart.rect(left, top, boxW, boxH, figure::backgroundOf(dark), muted, 1.0);
        f.chart.text(x, top + 3, "rank " + std::to_string(r), ink, 13, figure::Anchor::Middle, false, true);
        for (int c = 0; c < n; ++c) {
            const int count = s.contributions[r][c];
            const bool sending = std::ranges::any_of(s.sends, [&](const RingSend& e) { return e.from == r && e.chunk == c; });
            const double cellX = left + 7 + c * cell, cellY = top + 21;
            f.chart.rect(cellX, cellY, cell - 2, cell - 2, chunkColour(count, n, dark), sending ? sendColour : Colour{0, 0, 0, 0}, sending ? 2.5 : 1.0);
            if (cell >= 18) {
                const Colour on = count >= 2 ? Colour{255, 255, 255} : ink;
                f.chart.text(cellX + (cell - 2) / 2, cellY + (cell - 2) / 2 - 7, std::to_string(count), on, 12, figure::Anchor::Middle);
            }
            f.chart.text(cellX + (cell - 2) / 2, cellY + cell, std::to_string(c), muted, 10, figure::Anchor::Middle);
        }
    }
    const std::string phase = s.phase == "start" ? "before the first step" : s.phase;
    f.chart.text(cx, cy - 20, phase, ink, 16, figure::Anchor::Middle, false, true);
    f.chart.text(cx, cy + 2, "step " + std::to_string(s.step) + " of " + std::to_string(s.steps), muted, 14, figure::Anchor::Middle);

    f.legend = {{ownColour(dark), "its own data only"},
                {partialColour.withAlpha(180), "a partial sum (the number: ranks summed)"},
                {reducedColour, "all " + std::to_string(n) + " ranks summed"},
                {sendColour, "sent this step"}};
    const double chunkBytes = bufferBytes / n;
    const double factor = busBandwidthFactor(Collective::AllReduce, n);
    const double perRank = ringBytesPerRank(Collective::AllReduce, n, bufferBytes);
    // Short lines: the figure is as wide as its widest text, and a narrow figure reads larger on a slide.
    f.statistics = {
        "each step every rank sends one chunk (S/N = " + bytesText(chunkBytes) + ") to its right neighbour",
        "and receives one from its left: all " + std::to_string(n) + " links busy at once",
        "sent per rank so far: " + std::to_string(s.step) + " chunks = " + bytesText(s.sentFraction * bufferBytes),
        "in all 2(N-1) = " + std::to_string(s.steps) + " chunks = 2(N-1)/N x S = " + bytesText(perRank) + " (" + engineeringText(factor, 4) +
            " x the buffer)",
        "algbw = S / time counts the buffer once, but each link carried 2(N-1)/N x S,",
        "so busbw = algbw x 2(N-1)/N = algbw x " + engineeringText(factor, 4) + " is the rate each link ran at:",
        "comparable with the link's rate whatever N is",
    };
    f.units = "S = " + bytesText(bufferBytes) + " per rank (nccl-tests' size), in " + std::to_string(n) + " chunks of S/N";
    f.sources = {"ring all-reduce: Patarasuk and Yuan, JPDC 69(2), 2009", "busbw: nccl-tests doc/PERFORMANCE.md",
                 "Accelscope models/system/fabric (ringAllReduceState)"};
    return f;
}

} // namespace accelscope::models::system
