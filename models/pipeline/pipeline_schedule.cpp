// SPDX-License-Identifier: MIT
// Schedule orders and their list-scheduling simulation.
#include "models/pipeline/pipeline_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <deque>
#include <utility>

namespace accelscope::models::pipeline {
namespace {

struct Slot {
    OpKind kind;
    int microbatch;
    int chunk;
};
using Order = std::vector<Slot>;

// GPipe (Huang et al., NeurIPS 2019): all forwards, then all backwards.
Order gpipe(int m)
{
    Order o;
    for (int i = 0; i < m; ++i) o.push_back({OpKind::Forward, i, 0});
    for (int i = 0; i < m; ++i) o.push_back({OpKind::Backward, i, 0});
    return o;
}

// 1F1B / PipeDream-Flush (Narayanan et al., SC 2021, §2.2): p − d − 1 warm-up forwards, then one
// forward and one backward alternately, then the remaining backwards.
Order oneFOneB(int p, int m, int d)
{
    const int warmup = std::min(p - d - 1, m);
    Order o;
    for (int i = 0; i < warmup; ++i) o.push_back({OpKind::Forward, i, 0});
    for (int j = 0; j < m - warmup; ++j) {
        o.push_back({OpKind::Forward, warmup + j, 0});
        o.push_back({OpKind::Backward, j, 0});
    }
    for (int j = m - warmup; j < m; ++j) o.push_back({OpKind::Backward, j, 0});
    return o;
}

// Interleaved 1F1B (Narayanan et al., SC 2021, §2.2; the order of Megatron-LM's
// forward_backward_pipelining_with_interleaving): step k of m·v works on chunk (k mod pv) / p
// (backward: the chunks in reverse) and micro-batch (k / pv)·p + k mod p.
Order interleaved(int p, int m, int v, int d)
{
    const int total = m * v;
    const int warmup = std::min((p - d - 1) * 2 + (v - 1) * p, total);
    const auto forward = [&](int k) {
        return Slot{OpKind::Forward, (k / (p * v)) * p + k % p, (k % (p * v)) / p};
    };
    const auto backward = [&](int k) {
        return Slot{OpKind::Backward, (k / (p * v)) * p + k % p, v - 1 - (k % (p * v)) / p};
    };
    Order o;
    for (int k = 0; k < warmup; ++k) o.push_back(forward(k));
    for (int s = 0; s < total - warmup; ++s) {
        o.push_back(forward(warmup + s));
        o.push_back(backward(s));
    }
    for (int s = total - warmup; s < total; ++s) o.push_back(backward(s));
    return o;
}

// Zero-bubble schedules (Qi et al., "Zero Bubble Pipeline Parallelism", ICLR 2024, §2):
// ZB-H1 keeps 1F1B's p − d − 1 warm-up forwards and delays each device's W passes by d
// micro-batches, so they fill the tail bubbles; ZB-H2 runs 2(p − d) − 1 warm-up forwards, puts B
// before F in the steady state and delays W by 2d, giving the parallelogram of the paper's Fig. 3.
Order zeroBubble(int m, int warmup, int delay, bool backwardFirst)
{
    warmup = std::min(warmup, m);
    Order o;
    for (int i = 0; i < warmup; ++i) o.push_back({OpKind::Forward, i, 0});
    int nextForward = warmup;
    std::deque<int> pending; // B done, W not yet
    for (int j = 0; j < m; ++j) {
        if (!backwardFirst && nextForward < m) o.push_back({OpKind::Forward, nextForward++, 0});
        o.push_back({OpKind::Backward, j, 0});
        pending.push_back(j);
        if (backwardFirst && nextForward < m) o.push_back({OpKind::Forward, nextForward++, 0});
        while (static_cast<int>(pending.size()) > delay) {
            o.push_back({OpKind::Weight, pending.front(), 0});
            pending.pop_front();
        }
    }
    for (const int j : pending) o.push_back({OpKind::Weight, j, 0});
    return o;
}

Order orderFor(const PipelineConfig& c, int d)
{
    const int p = c.stages;
    switch (c.schedule) {
    case Schedule::GPipe: return gpipe(c.microbatches);
    case Schedule::OneFOneB: return oneFOneB(p, c.microbatches, d);
    case Schedule::Interleaved: return interleaved(p, c.microbatches, c.chunks, d);
    case Schedule::ZbH1: return zeroBubble(c.microbatches, p - d - 1, d, false);
    case Schedule::ZbH2: return zeroBubble(c.microbatches, 2 * (p - d) - 1, 2 * d, true);
    }
    return {};
}

bool splitsWeight(Schedule s) { return s == Schedule::ZbH1 || s == Schedule::ZbH2; }

// Finish times of completed ops, indexed [kind][virtual stage][micro-batch]; −1 = not yet.
class Done {
public:
    Done(int virtualStages, int m) : m_m(m), m_times(3, std::vector<double>(static_cast<std::size_t>(virtualStages * m), -1.0)) {}
    double& at(OpKind kind, int virtualStage, int microbatch)
    {
        return m_times[static_cast<std::size_t>(kind)][static_cast<std::size_t>(virtualStage * m_m + microbatch)];
    }

private:
    int m_m;
    std::vector<std::vector<double>> m_times;
};

Result<void> validate(const PipelineConfig& c)
{
    const auto bad = [](const std::string& what) { return fail(ErrorCode::InvalidArgument, what); };
    if (c.stages < 1 || c.stages > 1024) return bad("p (stages) must be 1 to 1024, not " + std::to_string(c.stages));
    if (c.microbatches < 1 || c.microbatches > 100000) {
        return bad("m (micro-batches) must be 1 to 100000, not " + std::to_string(c.microbatches));
    }
    if (c.chunks < 1 || c.chunks > 64) return bad("v (chunks per device) must be 1 to 64, not " + std::to_string(c.chunks));
    // Every op is simulated: cap the schedule's stage-steps so that the largest one runs in about a second
    // (issue #29: v = 1,000,000 hung and p, m at their maxima ran for over 30 s).
    if (double(c.stages) * c.microbatches * c.chunks > 1e6) {
        return bad("p x m x v must be at most 1,000,000 (p = " + std::to_string(c.stages) + ", m = " + std::to_string(c.microbatches) +
                   ", v = " + std::to_string(c.chunks) + ")");
    }
    if (c.schedule != Schedule::Interleaved && c.chunks != 1) {
        return bad("v (chunks) applies to the interleaved schedule only");
    }
    if (c.schedule == Schedule::Interleaved && c.chunks < 2) return bad("interleaving needs v ≥ 2 chunks per device");
    if (c.schedule == Schedule::Interleaved && c.microbatches % c.stages != 0) {
        return bad("interleaving needs m to be a multiple of p (m = " + std::to_string(c.microbatches) +
                   ", p = " + std::to_string(c.stages) + ")");
    }
    if (!(c.forwardTime > 0) || !(c.backwardTime > 0) || !(c.weightTime >= 0) || (splitsWeight(c.schedule) && !(c.weightTime > 0)) ||
        !std::isfinite(c.forwardTime) || !std::isfinite(c.backwardTime) || !std::isfinite(c.weightTime)) {
        return bad("op times must be positive finite numbers (F, B; and W for zero-bubble schedules)");
    }
    if (!(c.commTime >= 0) || !std::isfinite(c.commTime)) return bad("communication time must be a finite number, not negative"); // NaN too
    return {};
}

} // namespace

double ActivationModel::bytesPerLayer() const
{
    const double s = sequence;
    const double b = microBatchSize;
    const double h = hidden;
    return s * b * h * (34.0 + 5.0 * heads * s / h);
}

Result<PipelineResult> simulatePipeline(const PipelineConfig& c)
{
    if (auto ok = validate(c); !ok) return std::unexpected(ok.error());
    const int p = c.stages;
    const int m = c.microbatches;
    const int v = c.chunks;
    const int virtualStages = p * v;
    const bool split = splitsWeight(c.schedule);
    const double f = c.forwardTime / v;
    const double b = (split ? c.backwardTime : c.backwardTime + c.weightTime) / v;
    const double w = c.weightTime / v;

    std::vector<Order> orders;
    for (int d = 0; d < p; ++d) orders.push_back(orderFor(c, d));
    std::vector<std::size_t> next(static_cast<std::size_t>(p), 0);
    std::vector<double> free(static_cast<std::size_t>(p), 0.0);
    std::vector<std::vector<PipelineOp>> timeline(static_cast<std::size_t>(p));
    Done done(virtualStages, m);

    // Worklist list-scheduling: a device runs its next ops while their inputs are ready; finishing
    // an op wakes the devices that consume it. Every op is placed exactly once.
    std::deque<int> work;
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    const auto wake = [&](int device) {
        if (queued[static_cast<std::size_t>(device)] == 0) {
            queued[static_cast<std::size_t>(device)] = 1;
            work.push_back(device);
        }
    };
    for (int d = 0; d < p; ++d) work.push_back(d);
    std::size_t placed = 0;
    std::size_t total = 0;
    for (const auto& o : orders) total += o.size();
    while (!work.empty()) {
        const int d = work.front();
        work.pop_front();
        queued[static_cast<std::size_t>(d)] = 0;
        auto& order = orders[static_cast<std::size_t>(d)];
        auto& position = next[static_cast<std::size_t>(d)];
        while (position < order.size()) {
            const Slot& slot = order[position];
            const int k = slot.chunk * p + d; // virtual stage
            double ready = 0.0;
            bool remote = false;
            if (slot.kind == OpKind::Forward && k > 0) {
                ready = done.at(OpKind::Forward, k - 1, slot.microbatch);
                remote = p > 1;
            } else if (slot.kind == OpKind::Backward) {
                remote = k < virtualStages - 1 && p > 1;
                ready = k < virtualStages - 1 ? done.at(OpKind::Backward, k + 1, slot.microbatch)
                                              : done.at(OpKind::Forward, k, slot.microbatch);
            } else if (slot.kind == OpKind::Weight) {
                ready = done.at(OpKind::Backward, k, slot.microbatch);
            }
            if (ready < 0.0) break; // input not computed yet
            const double start = std::max(free[static_cast<std::size_t>(d)], ready + (remote ? c.commTime : 0.0));
            const double duration = slot.kind == OpKind::Forward ? f : slot.kind == OpKind::Backward ? b : w;
            const double end = start + duration;
            done.at(slot.kind, k, slot.microbatch) = end;
            free[static_cast<std::size_t>(d)] = end;
            timeline[static_cast<std::size_t>(d)].push_back(PipelineOp{d, slot.chunk, slot.microbatch, slot.kind, start, end});
            ++position;
            ++placed;
            // Consumers: the next device (forward), the previous one (backward), and across the
            // wrap from the last device to the first for interleaved chunks.
            if (d + 1 < p) wake(d + 1);
            if (d > 0) wake(d - 1);
            wake(d == 0 ? p - 1 : 0);
        }
    }
    if (placed != total) {
        return fail(ErrorCode::InvalidArgument, "the schedule cannot complete (an op waits for an input that never comes)");
    }

    PipelineResult r;
    r.idealTime = m * (c.forwardTime + c.backwardTime + c.weightTime);
    double first = timeline.front().front().start;
    double last = 0.0;
    for (int d = 0; d < p; ++d) {
        const auto& ops = timeline[static_cast<std::size_t>(d)];
        double busy = 0.0;
        for (const auto& op : ops) busy += op.end - op.start;
        r.bubbleTime = std::max(r.bubbleTime, ops.back().end - ops.front().start - busy);
        first = std::min(first, ops.front().start);
        last = std::max(last, ops.back().end);
        // In-flight activations: forward done, backward (B) not yet. W keeps only a layer's inputs
        // and output gradients, a small part (Qi et al. 2024, Table 1), so B is where memory is freed.
        double inFlight = 0.0;
        double peak = 0.0;
        for (const auto& op : ops) {
            if (op.kind == OpKind::Forward) inFlight += 1.0 / v;
            if (op.kind == OpKind::Backward) inFlight -= 1.0 / v;
            peak = std::max(peak, inFlight);
        }
        r.peakActivations.push_back(peak);
        if (c.model) {
            r.peakActivationBytes.push_back(peak * c.model->layers / static_cast<double>(p) * c.model->bytesPerLayer());
        }
        std::ranges::move(timeline[static_cast<std::size_t>(d)], std::back_inserter(r.ops));
    }
    r.makespan = last - first;
    r.bubbleFractionOfTotal = r.bubbleTime / (r.idealTime + r.bubbleTime);
    r.bubbleFractionOfIdeal = r.bubbleTime / r.idealTime;
    r.throughput = m / r.makespan;
    return r;
}

double closedFormBubbleTime(const PipelineConfig& c)
{
    const double p1 = c.stages - 1;
    const double f = c.forwardTime;
    const double b = c.backwardTime;
    const double w = c.weightTime;
    switch (c.schedule) {
    case Schedule::GPipe:
    case Schedule::OneFOneB: return p1 * (f + b + w);
    case Schedule::Interleaved: return p1 * (f + b + w) / c.chunks;
    case Schedule::ZbH1: return p1 * (f + b - w);
    case Schedule::ZbH2: return std::max(0.0, p1 * (f + b - 2 * w));
    }
    return 0.0;
}

std::string_view closedFormText(Schedule schedule)
{
    switch (schedule) {
    case Schedule::GPipe:
    case Schedule::OneFOneB: return "(p-1)(F+B+W)";
    case Schedule::Interleaved: return "(p-1)(F+B+W)/v";
    case Schedule::ZbH1: return "(p-1)(F+B-W)";
    case Schedule::ZbH2: return "(p-1)(F+B-2W), per device";
    }
    return "";
}

namespace {

// Sources: GPipe, Huang et al., NeurIPS 2019 (section 2.2); 1F1B (PipeDream-Flush) and interleaved 1F1B,
// Narayanan et al., SC 2021 (section 2.2); ZB-H1 and ZB-H2, Qi et al., ICLR 2024 (section 3).
constexpr std::array<ScheduleInfo, 5> scheduleTable{{
    {Schedule::GPipe, "gpipe", "GPipe", "all forwards, then all backwards: every micro-batch's activations stay until its backward",
     "GPipe: Huang et al., NeurIPS 2019"},
    {Schedule::OneFOneB, "1f1b", "1F1B", "after a warm-up, one forward then one backward: GPipe's bubble with at most p micro-batches in flight",
     "1F1B (PipeDream-Flush): Narayanan et al., SC 2021, section 2.2"},
    {Schedule::Interleaved, "interleaved", "Interleaved 1F1B", "v model chunks per device: the bubble divided by v for v times the messages",
     "Interleaved 1F1B: Narayanan et al., SC 2021, section 2.2"},
    {Schedule::ZbH1, "zb-h1", "ZB-H1", "backward split into B and W, W delayed into the bubble: a third of 1F1B's bubble at 1F1B's memory",
     "ZB-H1/ZB-H2: Qi et al., Zero Bubble Pipeline Parallelism, ICLR 2024"},
    {Schedule::ZbH2, "zb-h2", "ZB-H2", "more warm-up forwards and W in the tail: no bubble when F = B = W, for about twice 1F1B's memory",
     "ZB-H1/ZB-H2: Qi et al., Zero Bubble Pipeline Parallelism, ICLR 2024"},
}};

} // namespace

std::span<const ScheduleInfo> schedules() { return scheduleTable; }

const ScheduleInfo& scheduleInfo(Schedule schedule)
{
    const auto it = std::find_if(scheduleTable.begin(), scheduleTable.end(), [&](const ScheduleInfo& i) { return i.schedule == schedule; });
    return *it; // every enumerator has a row (the schedule list test walks them)
}

std::vector<std::string> scheduleIds()
{
    std::vector<std::string> out;
    for (const auto& i : scheduleTable) out.emplace_back(i.id);
    return out;
}

std::string scheduleIdsText()
{
    std::string out;
    for (const auto& i : scheduleTable) out += (out.empty() ? "" : ", ") + std::string(i.id);
    return out;
}

std::string_view scheduleName(Schedule schedule) { return scheduleInfo(schedule).id; }

std::optional<Schedule> scheduleFromName(std::string_view name)
{
    for (const auto& i : scheduleTable) {
        if (i.id == name) return i.schedule;
    }
    return std::nullopt;
}

} // namespace accelscope::models::pipeline
