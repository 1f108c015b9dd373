// SPDX-License-Identifier: MIT
// The two execution models over one warp's lanes.
#include "models/simt/warp_simulator.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <bit>
#include <random>

namespace accelscope::models::simt {
namespace {

struct LaneState {
    LaneValues values;
    std::vector<std::int64_t> remaining; ///< per loop slot: passes left (counted loops)
    std::vector<std::int64_t> iteration; ///< per loop slot: current pass (0-based)
    std::vector<int> loopStack;          ///< loop slots the lane is inside, innermost last
};

// State and bookkeeping shared by both models for one warp.
class WarpMachine {
public:
    WarpMachine(const WarpProgram& program, const WarpConfig& config, int warp, const std::vector<std::int64_t>& data,
                WarpRun& run)
        : m_program(program), m_config(config), m_warp(warp), m_run(run),
          m_laneCycles(static_cast<std::size_t>(config.width), 0)
    {
        m_all = config.width == 64 ? ~0ULL : (1ULL << config.width) - 1ULL;
        for (int lane = 0; lane < config.width; ++lane) {
            LaneState s;
            const std::int64_t gtid = static_cast<std::int64_t>(warp) * config.width + lane;
            s.values = LaneValues{lane, warp, gtid, data[static_cast<std::size_t>(gtid)], 0};
            s.remaining.assign(static_cast<std::size_t>(program.loopCount), 0);
            s.iteration.assign(static_cast<std::size_t>(program.loopCount), 0);
            m_lanes.push_back(std::move(s));
        }
    }

    WarpStats runPreVolta();
    WarpStats runIts();

private:
    struct StackEntry {
        int pc;
        std::uint64_t mask;
        int reconverge;
    };

    const Instruction& at(int pc) const { return m_program.code[static_cast<std::size_t>(pc)]; }

    template <typename Function>
    void forLanes(std::uint64_t mask, Function&& f)
    {
        while (mask != 0) {
            const int lane = std::countr_zero(mask);
            f(lane, m_lanes[static_cast<std::size_t>(lane)]);
            mask &= mask - 1;
        }
    }

    LaneValues valuesOf(LaneState& s) const
    {
        LaneValues v = s.values;
        v.iter = s.loopStack.empty() ? 0 : s.iteration[static_cast<std::size_t>(s.loopStack.back())];
        return v;
    }

    // Lanes of `mask` where the instruction's expression is nonzero.
    std::uint64_t truthy(const Instruction& inst, std::uint64_t mask)
    {
        std::uint64_t out = 0;
        forLanes(mask, [&](int lane, LaneState& s) {
            if (evaluate(inst, s) != 0) out |= 1ULL << lane;
        });
        return out;
    }

    // The instruction's expression for one lane; an arithmetic fault is the run's problem, naming the line.
    std::int64_t evaluate(const Instruction& inst, LaneState& s)
    {
        ArithmeticFault fault = ArithmeticFault::None;
        const std::int64_t value = inst.expr->evaluate(valuesOf(s), &fault);
        if (fault != ArithmeticFault::None && m_problem.empty()) {
            m_problem = (fault == ArithmeticFault::DivisionByZero ? "division by zero at line "
                                                                 : "integer overflow at line ") +
                        std::to_string(inst.line);
        }
        return value;
    }

    // Issues `pc` for `mask`: records it and charges the cost. Returns false at the step limit.
    bool issue(int pc, std::uint64_t mask)
    {
        const Instruction& inst = at(pc);
        if (++m_steps > m_config.stepLimit) return false;
        if (m_run.issues.size() >= maxBlockIssues) return false;
        const std::uint64_t terms = 1 + (inst.expr ? inst.expr->terms() : 0);
        if (m_run.laneTerms + static_cast<std::uint64_t>(std::popcount(mask)) * terms > maxBlockLaneTerms) {
            m_workExhausted = true;
            return false;
        }
        m_run.laneTerms += static_cast<std::uint64_t>(std::popcount(mask)) * terms;
        m_run.issues.push_back(Issue{m_warp, pc, inst.line, mask, m_cycles, inst.cycles});
        if (inst.cycles > 0) {
            m_cycles += inst.cycles;
            ++m_issued;
            m_activeLaneCycles += static_cast<std::int64_t>(std::popcount(mask)) * inst.cycles;
            forLanes(mask, [&](int lane, LaneState&) { m_laneCycles[static_cast<std::size_t>(lane)] += inst.cycles; });
        }
        return true;
    }

    // LoopInit/LoopTest/WhileTest for `mask`; returns the lanes that continue into the body.
    std::uint64_t loopStep(const Instruction& inst, std::uint64_t mask)
    {
        const auto slot = static_cast<std::size_t>(inst.loop);
        if (inst.op == Op::LoopInit) {
            forLanes(mask, [&](int, LaneState& s) {
                s.remaining[slot] = inst.expr ? evaluate(inst, s) : 0;
                s.iteration[slot] = -1;
                s.loopStack.push_back(inst.loop);
            });
            return mask;
        }
        std::uint64_t continuing = 0;
        forLanes(mask, [&](int lane, LaneState& s) {
            s.iteration[slot] += 1;
            bool goOn = false;
            if (inst.op == Op::LoopTest) {
                goOn = s.remaining[slot] > 0;
                s.remaining[slot] -= goOn ? 1 : 0;
            } else {
                goOn = evaluate(inst, s) != 0;
            }
            if (goOn) continuing |= 1ULL << lane;
            else if (!s.loopStack.empty()) s.loopStack.pop_back();
        });
        return continuing;
    }

    // One lane of `mask` takes the lock if it is free (the lowest lane wins, as hardware
    // atomics serialise); returns the winners (0 or 1 lane).
    std::uint64_t tryLock(std::uint64_t mask)
    {
        if (m_lockHeld || mask == 0) return 0;
        m_lockHeld = true;
        return mask & (~mask + 1); // lowest set bit
    }

    WarpStats finish()
    {
        WarpStats s;
        s.cycles = m_cycles;
        s.issued = m_issued;
        s.activeLaneCycles = m_activeLaneCycles;
        s.longestLaneCycles = *std::ranges::max_element(m_laneCycles);
        s.simdEfficiency = m_cycles > 0 ? static_cast<double>(m_activeLaneCycles) / (static_cast<double>(m_cycles) * m_config.width) : 1.0;
        s.serialization = s.longestLaneCycles > 0 ? static_cast<double>(m_cycles) / static_cast<double>(s.longestLaneCycles) : 1.0;
        return s;
    }

    void stuck(std::uint64_t lanesLeft, int pc)
    {
        m_run.completed = false;
        if (m_workExhausted) {
            m_run.problem = "warp " + std::to_string(m_warp) + ": stopped at line " + std::to_string(at(pc).line) +
                            " after " + readableText(double(maxBlockLaneTerms)) +
                            " lane-terms of work in the block, the most one run does (fewer warps or lanes, or shorter conditions)";
            return;
        }
        if (m_run.issues.size() >= maxBlockIssues) {
            m_run.problem = "warp " + std::to_string(m_warp) + ": stopped at line " + std::to_string(at(pc).line) +
                            " after " + readableText(double(maxBlockIssues)) +
                            " issues in the block, the most one run records (fewer warps or a shorter program)";
            return;
        }
        m_run.problem = "warp " + std::to_string(m_warp) + ": stopped after " + std::to_string(m_config.stepLimit) +
                        " issues with " + std::to_string(std::popcount(lanesLeft)) + " lanes still running at line " +
                        std::to_string(at(pc).line) +
                        " (an infinite loop, or a lock whose holder can never run under this model)";
    }

    const WarpProgram& m_program;
    const WarpConfig& m_config;
    int m_warp;
    WarpRun& m_run;
    std::vector<LaneState> m_lanes;
    std::vector<std::int64_t> m_laneCycles;
    std::uint64_t m_all = 0;
    std::int64_t m_cycles = 0;
    std::int64_t m_issued = 0;
    std::int64_t m_activeLaneCycles = 0;
    std::int64_t m_steps = 0;
    bool m_workExhausted = false;
    bool m_lockHeld = false;

public:
    std::string m_problem;
};

WarpStats WarpMachine::runPreVolta()
{
    std::vector<StackEntry> stack{{0, m_all, -1}};
    std::uint64_t exited = 0;
    while (!stack.empty()) {
        StackEntry& top = stack.back();
        const std::uint64_t mask = top.mask & ~exited;
        if (mask == 0 || top.pc == top.reconverge) {
            stack.pop_back();
            continue;
        }
        const int pc = top.pc;
        const Instruction& inst = at(pc);
        if (!issue(pc, mask)) {
            stuck(mask, pc);
            break;
        }
        switch (inst.op) {
        case Op::Halt:
        case Op::Return:
            exited |= mask;
            break;
        case Op::Jump: top.pc = inst.target; break;
        case Op::Branch:
        case Op::LoopTest:
        case Op::WhileTest:
        case Op::LockTry: {
            std::uint64_t stay = 0; // lanes that continue at pc + 1 (taken / loop body / lock winner)
            if (inst.op == Op::Branch) stay = truthy(inst, mask);
            else if (inst.op == Op::LockTry) stay = tryLock(mask);
            else stay = loopStep(inst, mask);
            const std::uint64_t other = mask & ~stay;
            const int otherPc = inst.op == Op::LockTry ? pc : inst.target; // lock losers spin at pc
            if (other == 0) {
                top.pc = pc + 1;
            } else if (stay == 0) {
                top.pc = otherPc;
            } else {
                // Diverged: the current entry waits at the reconvergence point; the other path is
                // pushed below the taken path, so the taken path runs first.
                top.pc = inst.reconverge;
                const int reconverge = inst.reconverge;
                stack.push_back(StackEntry{otherPc, other, reconverge});
                stack.push_back(StackEntry{pc + 1, stay, reconverge});
            }
            break;
        }
        case Op::LoopInit:
            loopStep(inst, mask);
            top.pc = pc + 1;
            break;
        case Op::Unlock:
            m_lockHeld = false;
            top.pc = pc + 1;
            break;
        default: top.pc = pc + 1; break; // compute, load, store; syncwarp is implicit in a stack machine
        }
    }
    return finish();
}

WarpStats WarpMachine::runIts()
{
    std::vector<int> pcs(static_cast<std::size_t>(m_config.width), 0);
    std::uint64_t exited = 0;
    std::uint64_t waiting = 0; // lanes parked at a syncwarp
    int yieldFrom = -1;        // after a failed lock attempt, prefer a group above this PC
    while ((exited | 0) != m_all) {
        const std::uint64_t runnable = m_all & ~exited & ~waiting;
        if (runnable == 0) break;
        // Choose the PC to issue: the lowest one, or after a spin, the next one above it.
        int chosen = -1;
        int lowest = -1;
        forLanes(runnable, [&](int lane, LaneState&) {
            const int pc = pcs[static_cast<std::size_t>(lane)];
            if (lowest < 0 || pc < lowest) lowest = pc;
            if (yieldFrom >= 0 && pc > yieldFrom && (chosen < 0 || pc < chosen)) chosen = pc;
        });
        if (chosen < 0) chosen = lowest;
        yieldFrom = -1;
        std::uint64_t group = 0;
        forLanes(runnable, [&](int lane, LaneState&) {
            if (pcs[static_cast<std::size_t>(lane)] == chosen) group |= 1ULL << lane;
        });
        const Instruction& inst = at(chosen);
        if (!issue(chosen, group)) {
            stuck(group, chosen);
            break;
        }
        const auto moveTo = [&](std::uint64_t lanes, int pc) {
            forLanes(lanes, [&](int lane, LaneState&) { pcs[static_cast<std::size_t>(lane)] = pc; });
        };
        switch (inst.op) {
        case Op::Halt:
        case Op::Return: exited |= group; break;
        case Op::Jump: moveTo(group, inst.target); break;
        case Op::Branch: {
            const std::uint64_t taken = truthy(inst, group);
            moveTo(taken, chosen + 1);
            moveTo(group & ~taken, inst.target);
            break;
        }
        case Op::LoopInit:
            loopStep(inst, group);
            moveTo(group, chosen + 1);
            break;
        case Op::LoopTest:
        case Op::WhileTest: {
            const std::uint64_t continuing = loopStep(inst, group);
            moveTo(continuing, chosen + 1);
            moveTo(group & ~continuing, inst.target);
            break;
        }
        case Op::LockTry: {
            const std::uint64_t winner = tryLock(group);
            moveTo(winner, chosen + 1);
            if ((group & ~winner) != 0) yieldFrom = chosen; // spinning lanes let another path run
            break;
        }
        case Op::Unlock:
            m_lockHeld = false;
            moveTo(group, chosen + 1);
            break;
        case Op::SyncWarp: {
            waiting |= group;
            // Everyone still alive has arrived: release them together.
            if ((waiting | exited) == m_all) {
                moveTo(waiting, chosen + 1);
                waiting = 0;
            }
            break;
        }
        default: moveTo(group, chosen + 1); break;
        }
    }
    if (waiting != 0 && m_run.completed) {
        m_run.completed = false;
        m_run.problem = "warp " + std::to_string(m_warp) + ": lanes wait at a syncwarp that the other lanes never reach";
    }
    return finish();
}

std::vector<std::int64_t> makeData(const WarpConfig& config)
{
    const std::size_t count = static_cast<std::size_t>(config.warps) * static_cast<std::size_t>(config.width);
    if (!config.customData.empty()) return config.customData;
    std::vector<std::int64_t> data(count);
    if (config.data == DataPattern::Identity) {
        for (std::size_t i = 0; i < count; ++i) data[i] = static_cast<std::int64_t>(i);
        return data;
    }
    std::mt19937_64 engine(config.seed);
    std::uniform_int_distribution<std::int64_t> values(0, 99);
    for (auto& v : data) v = values(engine);
    if (config.data == DataPattern::Sorted) std::ranges::sort(data);
    return data;
}

} // namespace

Result<WarpRun> runWarps(const WarpProgram& program, const WarpConfig& config)
{
    if (config.width != 32 && config.width != 64) {
        return fail(ErrorCode::InvalidArgument, "warp width must be 32 or 64, not " + std::to_string(config.width));
    }
    if (config.warps < 1 || config.warps > 64) {
        return fail(ErrorCode::InvalidArgument, "warps must be 1 to 64, not " + std::to_string(config.warps));
    }
    if (config.stepLimit < 1 || config.stepLimit > maxStepLimit) {
        return fail(ErrorCode::InvalidArgument, "the step limit must be 1 to " + readableText(double(maxStepLimit)) +
                                                    ", not " + std::to_string(config.stepLimit));
    }
    const auto count = static_cast<std::size_t>(config.warps) * static_cast<std::size_t>(config.width);
    if (!config.customData.empty() && config.customData.size() != count) {
        return fail(ErrorCode::InvalidArgument, "data has " + std::to_string(config.customData.size()) +
                                                    " values; the block has " + std::to_string(count) + " threads");
    }
    WarpRun run;
    run.data = makeData(config);
    for (int warp = 0; warp < config.warps; ++warp) {
        WarpMachine machine(program, config, warp, run.data, run);
        const WarpStats stats = config.model == ExecutionModel::PreVolta ? machine.runPreVolta() : machine.runIts();
        // An arithmetic fault (division by zero, overflow) makes the run's numbers meaningless: the
        // run did not complete, as the GUI and the CLI show only then (issue #17).
        if (!machine.m_problem.empty() && run.problem.empty()) {
            run.problem = machine.m_problem;
            run.completed = false;
        }
        run.perWarp.push_back(stats);
        run.total.cycles += stats.cycles;
        run.total.issued += stats.issued;
        run.total.activeLaneCycles += stats.activeLaneCycles;
        run.total.longestLaneCycles += stats.longestLaneCycles;
    }
    const double slots = static_cast<double>(run.total.cycles) * config.width;
    run.total.simdEfficiency = slots > 0 ? static_cast<double>(run.total.activeLaneCycles) / slots : 1.0;
    run.total.serialization = run.total.longestLaneCycles > 0
                                  ? static_cast<double>(run.total.cycles) / static_cast<double>(run.total.longestLaneCycles)
                                  : 1.0;
    return run;
}

const char* executionModelName(ExecutionModel model) { return model == ExecutionModel::PreVolta ? "prevolta" : "its"; }

} // namespace accelscope::models::simt
