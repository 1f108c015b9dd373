// SPDX-License-Identifier: MIT
// Pipeline-parallel schedules (GPipe, 1F1B, interleaved 1F1B, zero-bubble ZB-H1/ZB-H2): per-device
// op orders, their timeline, bubbles and in-flight activations.
#pragma once

#include "models/common/result.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::pipeline {

enum class Schedule { GPipe, OneFOneB, Interleaved, ZbH1, ZbH2 };

/// F: forward; B: backward (input gradients; includes W for schedules that do not split it);
/// W: weight gradients (zero-bubble schedules only).
enum class OpKind { Forward, Backward, Weight };

/// Optional model to turn in-flight micro-batches into bytes (Korthikanti et al., "Reducing
/// Activation Recomputation in Large Transformer Models", 2022, eq. 1: s·b·h·(34 + 5·a·s/h) bytes
/// per layer, 16-bit activations, no recomputation, no tensor parallelism).
struct ActivationModel {
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int sequence = 0;
    int microBatchSize = 1;
    /// Bytes of one micro-batch's activations for one layer.
    double bytesPerLayer() const;
};

struct PipelineConfig {
    Schedule schedule = Schedule::OneFOneB;
    int stages = 4;          ///< p: devices
    int microbatches = 8;    ///< m
    int chunks = 1;          ///< v: model chunks per device (interleaved)
    double forwardTime = 1;  ///< F of a whole stage (a chunk takes F / v)
    double backwardTime = 1; ///< B: input-gradient part of the backward
    double weightTime = 1;   ///< W: weight-gradient part; non-split schedules run B + W as one op
    double commTime = 0;     ///< point-to-point time per hop between devices
    std::optional<ActivationModel> model;
};

struct PipelineOp {
    int stage = 0;       ///< device
    int chunk = 0;       ///< model chunk on that device (0 unless interleaved)
    int microbatch = 0;
    OpKind kind = OpKind::Forward;
    double start = 0;
    double end = 0;
};

struct PipelineResult {
    std::vector<PipelineOp> ops;               ///< every op, device by device in execution order
    double makespan = 0;                       ///< first op start to last op end over all devices
    double idealTime = 0;                      ///< work of one device: m · (F + B + W)
    double bubbleTime = 0;                     ///< largest idle time of a device between its first and last op
    double bubbleFractionOfTotal = 0;          ///< bubble / (ideal + bubble)   (as GPipe's paper reports it)
    double bubbleFractionOfIdeal = 0;          ///< bubble / ideal              (as Megatron's paper reports it)
    std::vector<double> peakActivations;       ///< per device, in micro-batches of a whole stage (F done, B not yet)
    std::vector<double> peakActivationBytes;   ///< per device, when a model is given
    double throughput = 0;                     ///< micro-batches per time unit: m / makespan
};

/// Checks the configuration (p, m ≥ 1; v ≥ 1; interleaving needs v ≥ 2 and m a multiple of p;
/// times positive, communication ≥ 0) and simulates the schedule. Each op starts when its device
/// is free and its input is ready (plus commTime when the input comes from another device).
Result<PipelineResult> simulatePipeline(const PipelineConfig& config);

/// The bubble time the schedule's paper gives in closed form for `config`'s p, m, v and times
/// (GPipe/1F1B (p−1)(F+B+W); interleaved (p−1)(F+B+W)/v; ZB-H1 (p−1)(F+B−W); ZB-H2
/// (p−1)(F+B−2W), never below 0). Communication is not in the formulas.
double closedFormBubbleTime(const PipelineConfig& config);
/// The formula as text ("(p-1)(F+B+W)").
std::string_view closedFormText(Schedule schedule);

/// One schedule as every face offers it: the CLI's --schedule value, the Pipeline page's combo, a
/// lesson's `schedule:` and its bubble() argument, and the figure's source line.
struct ScheduleInfo {
    Schedule schedule;
    std::string_view id;          ///< "zb-h1": the name the CLI, the page and the lessons use
    std::string_view displayName; ///< "ZB-H1"
    std::string_view description; ///< one line for tooltips and help
    std::string_view source;      ///< the paper that defines it, for the figure's sources
};

/// Every schedule, in the order the page's combo and the CLI's help list them. The one list: the
/// CLI's validators, the lesson contract's checks, the predicates' candidates and the page read it.
std::span<const ScheduleInfo> schedules();
/// The entry of `schedule`.
const ScheduleInfo& scheduleInfo(Schedule schedule);
/// The ids in list order ("gpipe", "1f1b", …), for validators and candidate lists.
std::vector<std::string> scheduleIds();
/// The ids comma-separated ("gpipe, 1f1b, interleaved, zb-h1, zb-h2"), for help and error text.
std::string scheduleIdsText();

/// The schedule's id ("1f1b").
std::string_view scheduleName(Schedule schedule);
/// The schedule with this id; nothing for an unknown one.
std::optional<Schedule> scheduleFromName(std::string_view name);

} // namespace accelscope::models::pipeline
