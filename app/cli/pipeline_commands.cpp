// SPDX-License-Identifier: MIT
// Pipeline command: options → models/pipeline → text or JSON.
#include "app/cli/pipeline_commands.hpp"

#include "app/cli/text_table.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/pipeline/pipeline_figure.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <optional>

namespace accelscope::cli {
namespace {

using namespace models::pipeline;
using nlohmann::json;

struct PipelineOptions {
    std::string schedule = "1f1b";
    PipelineConfig config;
    ActivationModel model;
    std::string svgFile;  ///< the slide figure
    std::string compare;  ///< a second schedule in the figure, as the page's "compare with"
    int svgStep = -1;
    bool dark = false;
};

const char* kindName(OpKind kind) { return kind == OpKind::Forward ? "F" : kind == OpKind::Backward ? "B" : "W"; }

// The compared schedule runs with the same p, m and times; v as the page sets it (1 unless interleaved).
ExitCode writePipelineSvg(const CliContext& ctx, const PipelineOptions& o, const PipelineResult& first)
{
    PipelineFigureInput input;
    input.charts.push_back({o.config.schedule, o.config, &first});
    std::optional<PipelineResult> second;
    if (!o.compare.empty()) {
        PipelineConfig config = o.config;
        config.schedule = *scheduleFromName(o.compare);
        config.chunks = config.schedule == Schedule::Interleaved ? std::max(config.chunks, 2) : 1;
        auto result = simulatePipeline(config);
        if (!result) return ctx.error("--compare " + o.compare + ": " + result.error().message);
        second = std::move(*result);
        input.charts.push_back({config.schedule, config, &*second});
    }
    std::vector<const PipelineResult*> results;
    for (const auto& c : input.charts) results.push_back(c.result);
    const auto steps = static_cast<int>(pipelineStepTimes(results).size());
    if (o.svgStep > steps) {
        return ctx.error("--step " + std::to_string(o.svgStep) + ": these schedules have " + std::to_string(steps) + " steps (0 to " +
                         std::to_string(steps) + ", or -1 for the whole schedule)");
    }
    input.step = o.svgStep;
    input.dark = o.dark;
    if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(pipelineFigure(input))); !ok) {
        return ctx.error("--svg " + ok.error().message);
    }
    return ExitCode::Ok;
}

ExitCode runPipeline(const CliContext& ctx, PipelineOptions o)
{
    const auto schedule = scheduleFromName(o.schedule);
    o.config.schedule = *schedule;
    if (o.model.layers > 0) {
        if (o.model.hidden <= 0 || o.model.heads <= 0 || o.model.sequence <= 0 || o.model.microBatchSize <= 0) {
            return ctx.error("--layers needs --hidden, --heads, --seq and --mbs (all positive)");
        }
        o.config.model = o.model;
    }
    const auto result = simulatePipeline(o.config);
    if (!result) return ctx.error(result.error());
    const auto& r = *result;
    if (!o.svgFile.empty()) {
        if (const ExitCode svg = writePipelineSvg(ctx, o, r); svg != ExitCode::Ok) return svg;
    }
    if (ctx.json) {
        json ops = json::array();
        for (const auto& op : r.ops) {
            ops.push_back(json{{"stage", op.stage}, {"chunk", op.chunk}, {"microbatch", op.microbatch},
                               {"kind", kindName(op.kind)}, {"start", op.start}, {"end", op.end}});
        }
        ctx.printJson(json{{"schedule", o.schedule}, {"p", o.config.stages}, {"m", o.config.microbatches},
                           {"v", o.config.chunks}, {"makespan", r.makespan}, {"ideal_time", r.idealTime},
                           {"bubble_time", r.bubbleTime}, {"bubble_fraction_total", r.bubbleFractionOfTotal},
                           {"bubble_fraction_ideal", r.bubbleFractionOfIdeal}, {"peak_activations", r.peakActivations},
                           {"peak_activation_bytes", r.peakActivationBytes.empty() ? json(nullptr) : json(r.peakActivationBytes)},
                           {"throughput_microbatches_per_time", r.throughput}, {"closed_form", closedFormText(*schedule)},
                           {"closed_form_bubble_time", closedFormBubbleTime(o.config)},
                           {"ops", ops}});
        return ExitCode::Ok;
    }
    using models::engineeringText;
    std::string text = o.schedule + ", p=" + std::to_string(o.config.stages) + ", m=" + std::to_string(o.config.microbatches) +
                       ", v=" + std::to_string(o.config.chunks) + ": makespan " + engineeringText(r.makespan) + ", ideal " +
                       engineeringText(r.idealTime) + ", bubble " + engineeringText(r.bubbleTime) + " = " +
                       models::decimalText(100 * r.bubbleFractionOfTotal, 2) + "% of total, " +
                       models::decimalText(100 * r.bubbleFractionOfIdeal, 2) + "% of ideal\n";
    text += "closed form: bubble = " + std::string(closedFormText(*schedule)) + " = " + engineeringText(closedFormBubbleTime(o.config)) + "\n";
    TextTable table({"stage", "peak activations [micro-batches]", "peak activations [GB]"});
    for (std::size_t d = 0; d < r.peakActivations.size(); ++d) {
        const std::string bytes = r.peakActivationBytes.empty() ? "-" : models::decimalText(r.peakActivationBytes[d] / 1e9, 3);
        table.addRow({std::to_string(d), models::engineeringText(r.peakActivations[d], 3), bytes});
    }
    *ctx.out << text << table.render();
    return ExitCode::Ok;
}

} // namespace

void addPipelineCommand(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<PipelineOptions>();
    CLI::App* cmd = app.add_subcommand("pipeline", "simulate a pipeline-parallel schedule: timeline, bubble, activations");
    cmd->add_option("--schedule", o->schedule, scheduleIdsText())->check(CLI::IsMember(scheduleIds()))->capture_default_str();
    cmd->add_option("-p,--stages", o->config.stages, "pipeline stages (devices)")->capture_default_str();
    cmd->add_option("-m,--microbatches", o->config.microbatches, "micro-batches per batch")->capture_default_str();
    cmd->add_option("-v,--chunks", o->config.chunks, "model chunks per device (interleaved)")->capture_default_str();
    cmd->add_option("--f", o->config.forwardTime, "forward time of a stage")->capture_default_str();
    cmd->add_option("--b", o->config.backwardTime, "backward (input-gradient) time of a stage")->capture_default_str();
    cmd->add_option("--w", o->config.weightTime, "weight-gradient time of a stage (0: B includes W)")->capture_default_str();
    cmd->add_option("--comm", o->config.commTime, "point-to-point time per hop")->capture_default_str();
    cmd->add_option("--layers", o->model.layers, "transformer layers (turns activations into bytes)");
    cmd->add_option("--hidden", o->model.hidden, "hidden size");
    cmd->add_option("--heads", o->model.heads, "attention heads");
    cmd->add_option("--seq", o->model.sequence, "sequence length");
    cmd->add_option("--mbs", o->model.microBatchSize, "micro-batch size (sequences)");
    cmd->add_option("--svg", o->svgFile, "also write the slide figure (Gantt, legend, bubble statistics) as SVG");
    cmd->add_option("--compare", o->compare, "a second schedule in the figure, on the same time axis")
        ->check(CLI::IsMember(scheduleIds()));
    cmd->add_option("--step", o->svgStep, "playback step of the figure: moments an op starts, in either chart (-1: the whole schedule)")
        ->check(CLI::Range(-1, 100000000))->capture_default_str();
    cmd->add_flag("--dark", o->dark, "figure in the dark theme (default light, for slides)");
    cmd->callback([&ctx, &exitCode, o] { exitCode = runPipeline(ctx, *o); });
}

} // namespace accelscope::cli
