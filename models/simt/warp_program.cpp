// SPDX-License-Identifier: MIT
// Parser/compiler of the warp language and the preset programs.
#include "models/simt/warp_program.hpp"

#include "models/common/utf8_text.hpp"

#include <array>
#include <charconv>
#include <sstream>

namespace accelscope::models::simt {
namespace {

// Descriptions say what a program does, never its outcome: the Warp lesson asks for the outcome.
constexpr std::array presets{
    WarpPreset{"tid-lt-16", "if (tid < 16): lanes 0-15 take one path, lanes 16-31 the other",
               "if tid < 16\n  compute 10\nelse\n  compute 10\nend\n", DataPattern::Identity},
    WarpPreset{"tid-mod-2", "if (tid % 2 == 0): even lanes take one path, odd lanes the other",
               "if tid % 2 == 0\n  compute 10\nelse\n  compute 10\nend\n", DataPattern::Identity},
    WarpPreset{"four-way", "four paths of equal length, chosen by tid % 4",
               "if tid % 4 == 0\n  compute 8\nelse\n  if tid % 4 == 1\n    compute 8\n  else\n    if tid % 4 == 2\n"
               "      compute 8\n    else\n      compute 8\n    end\n  end\nend\n",
               DataPattern::Identity},
    WarpPreset{"nested-ifs", "an if inside an if, then work every lane does",
               "if tid < 16\n  if tid < 8\n    compute 4\n  else\n    compute 4\n  end\nelse\n  compute 4\nend\ncompute 2\n",
               DataPattern::Identity},
    WarpPreset{"lane-loop", "a loop that runs tid % 4 + 1 times, then work every lane does",
               "loop tid % 4 + 1\n  compute 2\nend\ncompute 2\n", DataPattern::Identity},
    WarpPreset{"early-exit", "lanes 8 and up return before the work",
               "if tid >= 8\n  return\nend\ncompute 10\n", DataPattern::Identity},
    WarpPreset{"data-random", "a branch on the data (data < 50); the data is random",
               "if data < 50\n  compute 10\nelse\n  compute 10\nend\n", DataPattern::Random},
    WarpPreset{"data-sorted", "the same branch on the data (data < 50); the data is sorted",
               "if data < 50\n  compute 10\nelse\n  compute 10\nend\n", DataPattern::Sorted},
    WarpPreset{"warp-uniform", "a branch on the warp id (warp % 2 == 0)",
               "if warp % 2 == 0\n  compute 10\nelse\n  compute 10\nend\n", DataPattern::Identity},
    WarpPreset{"spin-lock", "every lane takes the same lock, works, and releases it",
               "lock\n  compute 4\nunlock\ncompute 2\n", DataPattern::Identity},
};

struct Frame {
    enum class Kind { If, Loop } kind;
    int start = 0;    ///< Branch or loop header instruction
    int jump = -1;    ///< the Jump at the end of the then-part (if with else)
    int line = 0;
};

std::unexpected<Error> lineError(int line, std::size_t column, const std::string& what)
{
    return fail(ErrorCode::InvalidArgument, "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
}

} // namespace

Result<WarpProgram> parseWarpProgram(std::string_view source)
{
    if (const auto problem = firstInvalidUtf8(source)) return lineError(problem->line, problem->column, utf8ProblemText(*problem));
    WarpProgram program;
    std::vector<Frame> frames;
    std::istringstream in{std::string(source)};
    std::string raw;
    int line = 0;
    while (std::getline(in, raw)) {
        ++line;
        program.lines.push_back(raw);
        std::string text = raw.substr(0, raw.find('#'));
        const auto first = text.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        const auto wordEnd = text.find_first_of(" \t\r", first);
        const std::string word = text.substr(first, wordEnd == std::string::npos ? std::string::npos : wordEnd - first);
        const std::size_t argStart = wordEnd == std::string::npos ? text.size() : text.find_first_not_of(" \t\r", wordEnd);
        const std::string arg = argStart == std::string::npos || argStart >= text.size() ? "" : text.substr(argStart);
        const std::size_t argColumn = (argStart == std::string::npos ? text.size() : argStart) + 1;
        const int pc = static_cast<int>(program.code.size());
        auto expression = [&]() -> Result<LaneExpression> {
            if (arg.empty()) return lineError(line, argColumn, "'" + word + "' needs an expression");
            auto e = LaneExpression::parse(arg);
            if (!e) {
                // The expression error is "column C: what" relative to the argument.
                const std::string& m = e.error().message;
                const auto colon = m.find(':');
                const int relative = std::stoi(m.substr(7, colon - 7));
                return lineError(line, argColumn + static_cast<std::size_t>(relative) - 1, m.substr(colon + 2));
            }
            return e;
        };
        auto cycles = [&]() -> Result<int> {
            int n = 0;
            const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
            const auto rest = std::string_view(end, static_cast<std::size_t>(arg.data() + arg.size() - end));
            if (arg.empty() || ec != std::errc{} || rest.find_first_not_of(" \t\r") != std::string_view::npos || n < 1 || n > 100000) {
                return lineError(line, argColumn, "'" + word + "' needs a cycle count from 1 to 100000");
            }
            return n;
        };
        if (word == "compute" || word == "load" || word == "store") {
            auto n = cycles();
            if (!n) return std::unexpected(n.error());
            const Op op = word == "compute" ? Op::Compute : word == "load" ? Op::Load : Op::Store;
            program.code.push_back(Instruction{op, *n, std::nullopt, -1, -1, -1, line});
        } else if (word == "if") {
            auto e = expression();
            if (!e) return std::unexpected(e.error());
            program.code.push_back(Instruction{Op::Branch, 0, *e, -1, -1, -1, line});
            frames.push_back(Frame{Frame::Kind::If, pc, -1, line});
        } else if (word == "else") {
            if (frames.empty() || frames.back().kind != Frame::Kind::If || frames.back().jump >= 0) {
                return lineError(line, first + 1, "'else' without an open 'if'");
            }
            program.code.push_back(Instruction{Op::Jump, 0, std::nullopt, -1, -1, -1, line});
            frames.back().jump = pc;
            program.code[static_cast<std::size_t>(frames.back().start)].target = pc + 1;
        } else if (word == "loop" || word == "while") {
            auto e = expression();
            if (!e) return std::unexpected(e.error());
            const int slot = program.loopCount++;
            const bool counted = word == "loop";
            program.code.push_back(Instruction{Op::LoopInit, 0, counted ? std::optional(*e) : std::nullopt, -1, -1, slot, line});
            program.code.push_back(Instruction{counted ? Op::LoopTest : Op::WhileTest, 0,
                                               counted ? std::nullopt : std::optional(*e), -1, -1, slot, line});
            frames.push_back(Frame{Frame::Kind::Loop, pc + 1, -1, line});
        } else if (word == "end") {
            if (frames.empty()) return lineError(line, first + 1, "'end' without an open 'if', 'loop' or 'while'");
            const Frame f = frames.back();
            frames.pop_back();
            if (f.kind == Frame::Kind::Loop) {
                program.code.push_back(Instruction{Op::Jump, 0, std::nullopt, f.start, -1, -1, line});
                auto& header = program.code[static_cast<std::size_t>(f.start)];
                header.target = pc + 1;
                header.reconverge = pc + 1;
            } else {
                auto& branch = program.code[static_cast<std::size_t>(f.start)];
                if (f.jump >= 0) program.code[static_cast<std::size_t>(f.jump)].target = pc;
                else branch.target = pc;
                branch.reconverge = pc;
            }
        } else if (word == "return" || word == "syncwarp" || word == "lock" || word == "unlock") {
            if (!arg.empty()) return lineError(line, argColumn, "'" + word + "' takes no argument");
            const Op op = word == "return" ? Op::Return : word == "syncwarp" ? Op::SyncWarp : word == "lock" ? Op::LockTry : Op::Unlock;
            const int cost = op == Op::LockTry || op == Op::Unlock ? 1 : 0;
            program.code.push_back(Instruction{op, cost, std::nullopt, pc + 1, pc + 1, -1, line});
        } else {
            return lineError(line, first + 1, "unknown statement '" + word +
                                                  "' (compute, load, store, if, else, end, loop, while, return, syncwarp, lock, unlock)");
        }
    }
    if (!frames.empty()) {
        return lineError(frames.back().line, 1, "this block has no 'end'");
    }
    program.code.push_back(Instruction{Op::Halt, 0, std::nullopt, -1, -1, -1, 0});
    return program;
}

std::span<const WarpPreset> warpPresets() { return presets; }

std::optional<DataPattern> dataPatternFromName(std::string_view name)
{
    if (name == "random") return DataPattern::Random;
    if (name == "sorted") return DataPattern::Sorted;
    if (name == "identity") return DataPattern::Identity;
    return std::nullopt;
}

std::string_view dataPatternName(DataPattern pattern)
{
    switch (pattern) {
    case DataPattern::Random: return "random";
    case DataPattern::Sorted: return "sorted";
    case DataPattern::Identity: return "identity";
    }
    return "random";
}

const WarpPreset* findWarpPreset(std::string_view name)
{
    for (const auto& p : presets) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

} // namespace accelscope::models::simt
