// SPDX-License-Identifier: MIT
// nccl-tests / rccl-tests text: the column header names the columns, every result row must match it.
#include "models/system/fabric/nccl_tests_output.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace accelscope::models::system {
namespace {

constexpr std::size_t maxLineBytes = 4096;
constexpr std::size_t maxTextBytes = 16u << 20;

std::vector<std::string_view> tokens(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

/// A printable copy of a token for a message: at most 24 bytes, control bytes as '?'.
std::string shown(std::string_view token)
{
    std::string out;
    for (const char c : token.substr(0, 24)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    return token.size() > 24 ? out + "..." : out;
}

std::optional<double> number(std::string_view token)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

/// The column layout the header announces: whether redop/root are there and how many timing sets.
struct Layout {
    bool found = false;
    bool hasRedop = false;
    bool hasRoot = false;
    int timingSets = 0;    ///< 1 or 2 (out-of-place, then in-place)
    bool hasWrong = false; ///< each timing set ends with "#wrong" (or "error")
    std::size_t columns = 0;
};

std::optional<Layout> headerLayout(const std::vector<std::string_view>& t)
{
    // "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong"
    if (t.size() < 6 || t[0] != "#" || t[1] != "size" || t[2] != "count" || t[3] != "type") return std::nullopt;
    Layout l;
    std::size_t i = 4;
    if (i < t.size() && t[i] == "redop") { l.hasRedop = true; ++i; }
    if (i < t.size() && t[i] == "root") { l.hasRoot = true; ++i; }
    while (i + 2 < t.size() && t[i] == "time" && t[i + 1] == "algbw" && t[i + 2] == "busbw") {
        ++l.timingSets;
        i += 3;
        if (i < t.size() && (t[i] == "#wrong" || t[i] == "error" || t[i] == "#error")) { l.hasWrong = true; ++i; }
    }
    if (l.timingSets < 1 || l.timingSets > 2 || i != t.size()) return std::nullopt;
    l.columns = 3 + (l.hasRedop ? 1 : 0) + (l.hasRoot ? 1 : 0) + static_cast<std::size_t>(l.timingSets) * (l.hasWrong ? 4 : 3);
    l.found = true;
    return l;
}

std::optional<Collective> collectiveFromTest(std::string_view line)
{
    // "# Collective test starting: all_reduce_perf"
    constexpr std::pair<std::string_view, Collective> names[] = {
        {"all_reduce", Collective::AllReduce},  {"all_gather", Collective::AllGather},
        {"reduce_scatter", Collective::ReduceScatter}, {"alltoall", Collective::AllToAll},
        {"broadcast", Collective::Broadcast},   {"sendrecv", Collective::SendRecv}};
    for (const auto& [name, op] : names) {
        if (line.find(name) != std::string_view::npos) return op;
    }
    return std::nullopt;
}

Result<NcclTestsTiming> timing(const std::vector<std::string_view>& t, std::size_t at, int lineNumber)
{
    static constexpr const char* names[] = {"time", "algbw", "busbw"};
    double values[3] = {};
    for (int j = 0; j < 3; ++j) {
        const auto v = number(t[at + static_cast<std::size_t>(j)]);
        if (!v || *v < 0) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": '" + names[j] + "' is \"" +
                                                    shown(t[at + static_cast<std::size_t>(j)]) + "\", not a number >= 0");
        }
        values[j] = *v;
    }
    if (!(values[0] > 0)) return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": 'time' is 0");
    return NcclTestsTiming{values[0], values[1], values[2]};
}

} // namespace

Result<NcclTestsRun> parseNcclTestsOutput(std::string_view text)
{
    if (text.size() > maxTextBytes) return fail(ErrorCode::InvalidData, "nccl-tests output over 16 MiB: not read");
    NcclTestsRun run;
    Layout layout;
    int lineNumber = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNumber;
        if (line.size() > maxLineBytes) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": longer than 4,096 bytes (not nccl-tests output)");
        }
        const auto t = tokens(line);
        if (t.empty()) continue;
        if (t[0].front() == '#') {
            if (line.find("Collective test starting") != std::string_view::npos) run.collective = collectiveFromTest(line);
            if (t.size() >= 2 && t[0] == "#" && t[1] == "Rank") {
                ++run.ranks;
                // "#  Rank  0 Group  0 Pid 12 on host device  0 [0x18] NVIDIA H100 80GB HBM3"
                if (const auto bracket = line.find("] "); bracket != std::string_view::npos) {
                    run.devices.emplace_back(line.substr(bracket + 2));
                }
            }
            if (auto l = headerLayout(t)) layout = *l;
            if (line.find("Avg bus bandwidth") != std::string_view::npos) {
                if (const auto colon = line.find(':'); colon != std::string_view::npos) {
                    const auto rest = tokens(line.substr(colon + 1));
                    if (!rest.empty()) run.averageBusbwGBps = number(rest.front());
                }
            }
            continue;
        }
        if (!layout.found) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) +
                                                    ": a result row before the column header ('#  size  count  type ...')");
        }
        if (t.size() != layout.columns) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": " + std::to_string(t.size()) +
                                                    " columns where the header has " + std::to_string(layout.columns) +
                                                    " (a truncated or mixed output?)");
        }
        NcclTestsRow row;
        row.line = lineNumber;
        const auto bytes = number(t[0]);
        const auto count = number(t[1]);
        if (!bytes || *bytes < 0 || std::floor(*bytes) != *bytes) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": 'size' is \"" + shown(t[0]) + "\", not a whole number of bytes");
        }
        if (!count || *count < 0) {
            return fail(ErrorCode::InvalidData, "line " + std::to_string(lineNumber) + ": 'count' is \"" + shown(t[1]) + "\", not a count");
        }
        row.bytes = *bytes;
        row.count = *count;
        row.type = std::string(t[2]);
        std::size_t at = 3 + (layout.hasRedop ? 1 : 0) + (layout.hasRoot ? 1 : 0);
        auto outOfPlace = timing(t, at, lineNumber);
        if (!outOfPlace) return std::unexpected(outOfPlace.error());
        row.outOfPlace = *outOfPlace;
        at += layout.hasWrong ? 4 : 3;
        if (layout.timingSets == 2) {
            auto inPlace = timing(t, at, lineNumber);
            if (!inPlace) return std::unexpected(inPlace.error());
            row.inPlace = *inPlace;
        }
        run.rows.push_back(std::move(row));
    }
    if (run.rows.empty()) {
        return fail(ErrorCode::InvalidData, layout.found ? "no result rows after the column header (the run stopped early?)"
                                                         : "no nccl-tests column header ('#  size  count  type ...') in the text");
    }
    return run;
}

} // namespace accelscope::models::system
