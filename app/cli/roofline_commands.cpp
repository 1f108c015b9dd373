// SPDX-License-Identifier: MIT
// Roofline and LLM commands: options → models/roofline → text or JSON.
#include "app/cli/roofline_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/roofline_hierarchy_output.hpp"
#include "app/cli/text_table.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernels.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/roofline/placements.hpp"
#include "models/roofline/roof_selection.hpp"
#include "models/roofline/roofline_figure.hpp"
#include "models/roofline/roofline_state.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/figure/figure.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <memory>

namespace accelscope::cli {
namespace {

using namespace models::roofline;
using nlohmann::json;

std::string num(double v) { return models::engineeringText(v); }

struct RooflineOptions {
    std::vector<std::string> devices;
    std::string precision = "bf16";
    std::string unit = "auto";
    bool sparse = false;
    std::vector<std::string> kernels;
    std::vector<std::string> chartKernels;
    bool hierarchical = false;
    std::string svgFile;                   ///< the Roofline page's figure of the chart state below
    bool dark = false;
    std::vector<std::string> chartPrecisions; ///< roofs on the chart (default: the page's bf16 and fp8)
    bool dramOnly = false;
    std::string chartLlm;                  ///< LLM mode: this model preset's ops instead of the kernels
};

/// The Roofline page's state for these options: the devices in order, the page's kernels unless
/// --chart-kernel names others, --chart-precision roofs (the page's bf16 and fp8 when none), --sparse,
/// --dram-only, --chart-llm (LLM mode, the page's workload). The page in that state exports the same figure.
models::Result<RooflineState> chartState(const std::vector<models::catalog::Device>& devices, const RooflineOptions& o,
                                 std::vector<KernelEntry> entries)
{
    RooflineState state(devices);
    std::vector<std::string> ids;
    for (const auto& d : devices) ids.push_back(d.id);
    if (ids.size() > RooflineState::maxDevices) {
        return models::fail(models::ErrorCode::InvalidArgument, "--svg: the chart holds at most " + std::to_string(RooflineState::maxDevices) + " devices");
    }
    state.setDevices(ids);
    if (!o.chartPrecisions.empty()) {
        const std::vector<std::string> shown(state.precisions().begin(), state.precisions().end());
        for (const auto& p : shown) state.setPrecisionShown(p, false);
        const auto known = knownPrecisions();
        for (const auto& p : o.chartPrecisions) {
            if (std::ranges::find(known, p) == known.end()) {
                return models::fail(models::ErrorCode::InvalidArgument, "--chart-precision '" + p + "': not a precision (fp64 … int4)");
            }
            state.setPrecisionShown(p, true);
        }
    }
    state.setSparse(o.sparse);
    state.setDramOnly(o.dramOnly);
    if (!entries.empty()) state.kernels() = std::move(entries);
    if (!o.chartLlm.empty()) {
        if (auto preset = findModelPreset(o.chartLlm); !preset) return std::unexpected(preset.error());
        state.setMode(ChartMode::Llm);
        state.llm().modelId = o.chartLlm;
    }
    return state;
}

json ceilingsJson(const DeviceRoofline& roof, double computeTflops)
{
    json compute = json::array();
    for (const auto& c : roof.compute) {
        compute.push_back({{"precision", c.precision}, {"unit", unitName(c.unit)}, {"sparsity", sparsityName(c.sparsity)},
                           {"peak_tflops", c.peakTflops}, {"figure", c.figureKey}, {"derived_in_catalog", c.derivedInCatalog}});
    }
    json bandwidth = json::array();
    for (const auto& b : roof.bandwidth) {
        bandwidth.push_back({{"level", memoryLevelName(b.level)}, {"label", b.label}, {"bandwidth_gbs", b.bandwidthGBps},
                             {"basis", basisName(b.basis)}, {"source", b.source},
                             {"ridge_flop_per_byte", ridgeFlopPerByte(computeTflops, b.bandwidthGBps)}});
    }
    return {{"compute", compute}, {"bandwidth", bandwidth}};
}

/// One device's roofs and the --kernel specs placed under the roof selectRoof picks.
struct DeviceReport {
    models::catalog::Device device;
    ComputeCeiling compute;
    BandwidthCeiling memory;
    DeviceRoofline roofs;
    double ridge = 0.0;
    std::optional<models::memory::DeviceHierarchy> hierarchy; ///< with --hierarchical
};

models::Result<DeviceReport> deviceReport(const CliContext& ctx, const RooflineOptions& o, const std::string& query)
{
    auto device = resolveDevice(ctx, query);
    if (!device) return std::unexpected(device.error());
    const auto unit = unitChoiceFromName(o.unit);
    if (!unit) return std::unexpected(unit.error());
    auto compute = selectRoof(*device, o.precision, o.sparse ? Sparsity::Sparse : Sparsity::Dense, *unit);
    if (!compute) return std::unexpected(compute.error());
    auto memory = deviceMemoryCeiling(*device);
    if (!memory) return std::unexpected(memory.error());
    DeviceReport r{std::move(*device), std::move(*compute), std::move(*memory), {}, 0.0, std::nullopt};
    r.roofs = deviceRoofline(r.device, o.sparse);
    r.ridge = ridgeFlopPerByte(r.compute.peakTflops, r.memory.bandwidthGBps);
    if (o.hierarchical) {
        auto h = models::memory::deviceHierarchy(r.device, o.precision, o.sparse ? Sparsity::Sparse : Sparsity::Dense, *unit);
        if (!h) return std::unexpected(h.error());
        r.hierarchy = std::move(*h);
    }
    return r;
}

json deviceJson(const DeviceReport& r, const RooflineOptions& o, const std::vector<KernelCost>& kernels)
{
    json ks = json::array();
    for (const auto& k : kernels) {
        const KernelBound b = boundOn(k, r.compute.peakTflops, r.memory.bandwidthGBps);
        ks.push_back({{"kernel", k.name}, {"shape", k.shape}, {"flops", k.flops}, {"bytes", k.bytes},
                      {"intensity_flop_per_byte", b.intensityFlopPerByte}, {"attainable_tflops", b.attainableTflops},
                      {"time_s", b.timeS}, {"bound", boundName(b.bound)}, {"assumptions", k.assumptions}});
    }
    json doc{{"device", r.device.id}, {"name", r.device.name}, {"precision", o.precision}, {"unit", unitName(r.compute.unit)},
             {"sparsity", o.sparse ? "sparse" : "dense"}, {"compute_tflops", r.compute.peakTflops},
             {"compute_figure", r.compute.figureKey}, {"memory_bw_gbs", r.memory.bandwidthGBps},
             {"ridge_flop_per_byte", r.ridge}, {"ceilings", ceilingsJson(r.roofs, r.compute.peakTflops)}, {"kernels", ks}};
    if (r.hierarchy) doc["hierarchy"] = hierarchyJson(*r.hierarchy, kernels);
    return doc;
}

json placementsJson(const std::vector<KernelPlacement>& placements, const std::vector<KernelEntry>& entries,
                    const std::vector<DeviceReport>& reports)
{
    json out = json::array();
    for (const auto& p : placements) {
        json j{{"kernel", kernelLabel(entries[p.kernel])}, {"kernel_index", p.kernel}, {"device", reports[p.device].device.id},
               {"flops", p.cost.flops}, {"bytes", p.cost.bytes}, {"shape", p.cost.shape}};
        if (p.bound) {
            j.update({{"roof", p.roof}, {"unit", unitName(p.unit)}, {"compute_tflops", p.peakTflops},
                      {"memory_bw_gbs", p.bandwidthGBps}, {"ridge_flop_per_byte", ridgeFlopPerByte(p.peakTflops, p.bandwidthGBps)},
                      {"intensity_flop_per_byte", p.bound->intensityFlopPerByte}, {"attainable_tflops", p.bound->attainableTflops},
                      {"time_s", p.bound->timeS}, {"bound", boundName(p.bound->bound)}});
        } else {
            j["problem"] = p.problem;
        }
        out.push_back(std::move(j));
    }
    return out;
}

void printDeviceText(const CliContext& ctx, const DeviceReport& r, const RooflineOptions& o, const std::vector<KernelCost>& kernels)
{
    *ctx.out << r.device.name << ": " << o.precision << " " << unitName(r.compute.unit) << (o.sparse ? " sparse" : " dense") << " "
             << num(r.compute.peakTflops) << " TFLOP/s, memory " << num(r.memory.bandwidthGBps) << " GB/s, ridge "
             << models::decimalText(r.ridge, 1) << " FLOP/byte\n";
    TextTable roofs({"roof", "value", "basis"});
    for (const auto& c : r.roofs.compute) {
        roofs.addRow({c.precision + " " + std::string(unitName(c.unit)) + " " + std::string(sparsityName(c.sparsity)),
                      num(c.peakTflops) + " TFLOP/s", c.derivedInCatalog ? "derived" : "sourced"});
    }
    for (const auto& b : r.roofs.bandwidth) roofs.addRow({b.label, num(b.bandwidthGBps) + " GB/s", std::string(basisName(b.basis))});
    *ctx.out << roofs.render();
    if (kernels.empty()) return;
    TextTable table({"kernel", "GFLOP", "MB", "FLOP/byte", "TFLOP/s", "time [us]", "bound"});
    for (const auto& k : kernels) {
        const KernelBound b = boundOn(k, r.compute.peakTflops, r.memory.bandwidthGBps);
        table.addRow({k.name + ":" + k.shape, num(k.flops / 1e9), num(k.bytes / 1e6), num(b.intensityFlopPerByte),
                      num(b.attainableTflops), num(b.timeS * 1e6), std::string(boundName(b.bound))});
    }
    *ctx.out << table.render();
}

void printPlacementsText(const CliContext& ctx, const std::vector<KernelPlacement>& placements, const std::vector<KernelEntry>& entries,
                         const std::vector<DeviceReport>& reports)
{
    TextTable table({"kernel", "device", "roof", "FLOP/byte", "TFLOP/s", "time [us]", "bound"});
    for (const auto& p : placements) {
        const std::string& id = reports[p.device].device.id;
        if (!p.bound) {
            table.addRow({kernelLabel(entries[p.kernel]), id, p.problem, "", "", "", ""});
            continue;
        }
        table.addRow({kernelLabel(entries[p.kernel]), id, p.roof + " " + num(p.peakTflops), num(p.bound->intensityFlopPerByte),
                      num(p.bound->attainableTflops), num(p.bound->timeS * 1e6), std::string(boundName(p.bound->bound))});
    }
    *ctx.out << "chart kernels (each under its own format's roof):\n" << table.render();
}

ExitCode runRoofline(const CliContext& ctx, const RooflineOptions& o)
{
    std::vector<DeviceReport> reports;
    for (const auto& query : o.devices) {
        auto r = deviceReport(ctx, o, query);
        if (!r) return ctx.error(r.error());
        reports.push_back(std::move(*r));
    }
    std::vector<KernelCost> kernels;
    for (const auto& spec : o.kernels) {
        auto k = kernelFromSpec(spec, o.precision == "tf32" ? "fp32" : o.precision);
        if (!k) return ctx.error("--kernel: " + k.error().message);
        kernels.push_back(std::move(*k));
    }
    std::vector<KernelEntry> entries;
    for (const auto& text : o.chartKernels) {
        auto e = parseKernelEntry(text);
        if (!e) return ctx.error("--chart-kernel: " + e.error().message);
        entries.push_back(std::move(*e));
    }
    std::vector<const models::catalog::Device*> devices;
    for (const auto& r : reports) devices.push_back(&r.device);
    const auto placements = placeKernels(entries, devices, o.sparse ? Sparsity::Sparse : Sparsity::Dense);
    if (!o.svgFile.empty()) {
        std::vector<models::catalog::Device> chosen;
        for (const auto& r : reports) chosen.push_back(r.device);
        auto state = chartState(chosen, o, entries);
        if (!state) return ctx.error(state.error());
        const auto figure = rooflineFigure(*state, o.dark);
        if (!figure) return ctx.error("--svg: " + figure.error().message);
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(*figure)); !ok) {
            return ctx.error("--svg " + ok.error().message);
        }
    }
    if (ctx.json) {
        // One device: its document (as before several could be named); several: {"devices": [...]}.
        json doc;
        if (reports.size() == 1) doc = deviceJson(reports[0], o, kernels);
        else {
            doc["devices"] = json::array();
            for (const auto& r : reports) doc["devices"].push_back(deviceJson(r, o, kernels));
        }
        doc["placements"] = placementsJson(placements, entries, reports);
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    for (const auto& r : reports) {
        printDeviceText(ctx, r, o, kernels);
        if (r.hierarchy) *ctx.out << renderHierarchy(*r.hierarchy, kernels);
    }
    if (!entries.empty()) printPlacementsText(ctx, placements, entries, reports);
    return ExitCode::Ok;
}

struct LlmOptions {
    ModelOptions model;
    std::vector<std::string> devices;
    LlmWorkload workload;
    std::string compute;
    bool sparse = false;
};

json phaseJson(const LlmPhase& p)
{
    json ops = json::array();
    for (const auto& op : p.ops) {
        ops.push_back({{"op", op.name}, {"count", op.count}, {"flops", op.cost.flops}, {"bytes", op.cost.bytes},
                       {"intensity_flop_per_byte", op.bound.intensityFlopPerByte},
                       {"attainable_tflops", op.bound.attainableTflops}, {"time_s", op.bound.timeS},
                       {"total_time_s", op.totalTimeS}, {"bound", op.name == "allreduce" ? "communication" : boundName(op.bound.bound)}});
    }
    return {{"flops", p.flops}, {"bytes", p.bytes}, {"compute_time_s", p.computeTimeS}, {"memory_time_s", p.memoryTimeS},
            {"comm_time_s", p.commTimeS}, {"time_s", p.timeS}, {"ops", ops}};
}

std::string phaseTable(const char* title, const LlmPhase& p)
{
    TextTable t({"op", "x", "GFLOP", "MB", "FLOP/byte", "time [us]", "total [ms]", "bound"});
    for (const auto& op : p.ops) {
        t.addRow({op.name, std::to_string(op.count), num(op.cost.flops / 1e9), num(op.cost.bytes / 1e6),
                  num(op.bound.intensityFlopPerByte), num(op.bound.timeS * 1e6), num(op.totalTimeS * 1e3),
                  op.name == "allreduce" ? "comm" : std::string(boundName(op.bound.bound))});
    }
    return std::string(title) + " (per device): " + num(p.timeS * 1e3) + " ms\n" + t.render();
}

/// The analysis of one device: the roof selectRoof picks for the compute precision, then analyzeLlm.
struct LlmReport {
    models::catalog::Device device;
    std::string compute;
    LlmHardware hw;
    LlmAnalysis analysis;
    models::memory::LlmFit fit; ///< no throughput is printed when it does not fit
};

models::Result<LlmReport> llmReport(const CliContext& ctx, const LlmOptions& o, const TransformerConfig& config, const std::string& query)
{
    auto device = resolveDevice(ctx, query);
    if (!device) return std::unexpected(device.error());
    std::string compute = o.compute;
    if (compute.empty()) {
        const auto act = dataTypeFromName(o.workload.activations);
        if (!act) return models::fail(act.error().code, "--act: " + act.error().message);
        compute = act->computePrecision;
    }
    auto hw = llmHardware(*device, compute, o.sparse ? Sparsity::Sparse : Sparsity::Dense);
    if (!hw) return std::unexpected(hw.error());
    auto a = analyzeLlm(config, o.workload, *hw);
    if (!a) return std::unexpected(a.error());
    const auto& w = o.workload;
    auto fit = models::memory::llmFitOnDevice(
        config, {w.batch, w.promptTokens, w.generatedTokens, w.weights, w.activations, w.kvCache, w.tensorParallel, 0.0}, *device);
    if (!fit) return std::unexpected(fit.error());
    return LlmReport{std::move(*device), std::move(compute), std::move(*hw), std::move(*a), std::move(*fit)};
}

json llmJson(const LlmReport& r, const LlmOptions& o, const TransformerConfig& config)
{
    const auto& w = o.workload;
    const auto& a = r.analysis;
    return {{"model", modelJson(config)}, {"device", r.device.id}, {"compute_precision", r.compute},
            {"compute_unit", unitName(r.hw.computeUnit)}, {"compute_tflops", r.hw.peakTflops},
            {"memory_bw_gbs", r.hw.memoryBandwidthGBps}, {"link_bw_gbs_per_direction", r.hw.linkBandwidthGBps},
            {"tp", w.tensorParallel}, {"batch", w.batch}, {"prompt", w.promptTokens}, {"gen", w.generatedTokens},
            {"weights", w.weights}, {"kv", w.kvCache}, {"act", w.activations}, {"weights_bytes", a.weightBytes},
            {"weights_bytes_per_device", a.weightBytesPerDevice}, {"kv_bytes_per_token", a.kvBytesPerToken},
            {"kv_cache_bytes", a.kvCacheBytes}, {"decode_context_tokens", a.decodeContextTokens}, {"ttft_s", a.ttftS},
            {"tpot_s", a.tpotS}, {"tokens_per_s", a.tokensPerS}, {"prefill_tokens_per_s", a.prefillTokensPerS},
            {"decode_compute_bound_batch", a.decodeComputeBoundBatch ? json(*a.decodeComputeBoundBatch) : json(nullptr)},
            {"prefill", phaseJson(a.prefill)}, {"decode", phaseJson(a.decode)}, {"assumptions", a.assumptions},
            {"fits", r.fit.fits}, {"memory_bytes_per_device", r.fit.needBytes}, {"capacity_bytes", r.fit.capacityBytes}};
}

/// A configuration that does not fit gets no time or throughput: the figures become null and
/// "problem" says what it needs and has.
json llmJsonChecked(const LlmReport& r, const LlmOptions& o, const TransformerConfig& config)
{
    json j = llmJson(r, o, config);
    if (r.fit.fits) return j;
    for (const char* key : {"ttft_s", "tpot_s", "tokens_per_s", "prefill_tokens_per_s", "decode_compute_bound_batch"}) j[key] = nullptr;
    j.erase("prefill");
    j.erase("decode");
    j["problem"] = r.fit.text;
    return j;
}

void printLlmText(const CliContext& ctx, const LlmReport& r, const LlmOptions& o, const TransformerConfig& config)
{
    const auto& a = r.analysis;
    *ctx.out << config.name << " on " << o.workload.tensorParallel << " x " << r.device.name << " (" << r.compute << " "
             << unitName(r.hw.computeUnit) << " " << num(r.hw.peakTflops) << " TFLOP/s, " << num(r.hw.memoryBandwidthGBps) << " GB/s)\n"
             << "parameters " << num(a.parameters.total / 1e9) << " B; weights " << num(a.weightBytes / 1e9) << " GB ("
             << num(a.weightBytesPerDevice / 1e9) << " GB per device); KV cache " << num(a.kvCacheBytes / 1e9)
             << " GB (" << num(a.kvBytesPerToken) << " bytes per token)\n";
    if (!r.fit.fits) {
        *ctx.out << r.fit.text << "\n";
        return;
    }
    *ctx.out << "lower bounds: TTFT " << num(a.ttftS * 1e3) << " ms, per token " << num(a.tpotS * 1e3) << " ms, "
             << num(a.tokensPerS) << " tokens/s; decode compute bound from batch "
             << (a.decodeComputeBoundBatch ? std::to_string(*a.decodeComputeBoundBatch) : std::string("never")) << "\n\n"
             << phaseTable("prefill", a.prefill) << "\n" << phaseTable("decode step", a.decode);
}

ExitCode runLlmAnalyze(const CliContext& ctx, const LlmOptions& o)
{
    const auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    if (o.devices.size() == 1) {
        const auto r = llmReport(ctx, o, *config, o.devices[0]);
        if (!r) return ctx.error(r.error());
        if (ctx.json) ctx.printJson(llmJsonChecked(*r, o, *config));
        else printLlmText(ctx, *r, o, *config);
        return ExitCode::Ok;
    }
    // Several devices, as the Roofline page's LLM mode compares them: a device without the
    // figures the analysis needs gets its problem instead of an analysis (unknown ids still fail).
    json analyses = json::array();
    for (const auto& query : o.devices) {
        const auto d = resolveDevice(ctx, query);
        if (!d) return ctx.error(d.error());
        const auto r = llmReport(ctx, o, *config, d->id);
        if (ctx.json) {
            analyses.push_back(r ? llmJsonChecked(*r, o, *config) : json{{"device", d->id}, {"problem", r.error().message}});
            continue;
        }
        if (r) printLlmText(ctx, *r, o, *config);
        else *ctx.out << d->name << ": no LLM analysis: " << r.error().message << "\n";
        *ctx.out << "\n";
    }
    if (ctx.json) ctx.printJson({{"analyses", analyses}});
    return ExitCode::Ok;
}

ExitCode runLlmList(const CliContext& ctx)
{
    const auto presets = modelPresets();
    if (!presets) return ctx.error(presets.error());
    if (ctx.json) {
        json list = json::array();
        for (const auto& c : *presets) list.push_back(modelJson(c));
        ctx.printJson(list);
        return ExitCode::Ok;
    }
    TextTable t({"id", "name", "params [B]", "layers", "hidden", "heads/kv", "source"});
    for (const auto& c : *presets) {
        t.addRow({c.id, c.name, num(countParameters(c).total / 1e9), std::to_string(c.layers), std::to_string(c.hidden),
                  std::to_string(c.heads) + "/" + std::to_string(c.kvHeads), c.sourceUrl});
    }
    *ctx.out << t.render();
    return ExitCode::Ok;
}

} // namespace

void addRooflineCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto r = std::make_shared<RooflineOptions>();
    CLI::App* roofline = app.add_subcommand("roofline", "a device's roofs, ridge point and kernels placed on them");
    roofline->add_option("--device", r->devices, "catalog device (id, name or unique part), repeatable")->required();
    roofline->add_option("--precision", r->precision, "compute precision of the roof (fp64 … int4)")->capture_default_str();
    roofline->add_option("--unit", r->unit, "tensor, vector, or auto: tensor units where the device has a tensor figure for the "
                                            "precision, else vector units (the chart's rule)")
        ->check(CLI::IsMember({"tensor", "vector", "auto"}))
        ->capture_default_str();
    roofline->add_flag("--sparse", r->sparse, "use the 2:4-sparse tensor roof (and list sparse roofs)");
    roofline->add_option("--kernel", r->kernels, "kernel spec, repeatable: gemm:M=4096,N=4096,K=4096 (kernels: gemm, "
                                                 "gemm-naive, gemv, decode-attention, elementwise, softmax, layernorm, "
                                                 "rmsnorm, conv2d, attention, flash-attention)");
    roofline->add_option("--chart-kernel", r->chartKernels,
                         "a kernel of the Roofline page, repeatable: kind:size:batch[:dtype] (decode-gemv:4096:1:bf16), "
                         "placed on every --device under its format's roof as the page does");
    roofline->add_flag("--hierarchical", r->hierarchical,
                       "also one bandwidth roof per memory level that has a bandwidth (L1/shared, L2, device memory, host "
                       "link, scale-up) with its ridge point, and each --kernel placed on the level its working set lives in");
    roofline->add_option("--svg", r->svgFile, "also write the Roofline page's figure (its Export figure) of --device, --chart-kernel "
                                              "(the page's kernels when none), --chart-precision, --sparse, --dram-only, --chart-llm as SVG");
    roofline->add_flag("--dark", r->dark, "with --svg: the dark theme");
    roofline->add_option("--chart-precision", r->chartPrecisions, "with --svg: a precision whose roofs the chart shows, repeatable "
                                                                  "(default: bf16 and fp8, as the page)");
    roofline->add_flag("--dram-only", r->dramOnly, "with --svg: only the device-memory roof (the page's \"DRAM only\")");
    roofline->add_option("--chart-llm", r->chartLlm, "with --svg: LLM mode, this model preset's prefill and decode ops (llm list) "
                                                    "at the page's workload");
    roofline->callback([&ctx, &exitCode, r] { exitCode = runRoofline(ctx, *r); });

    CLI::App* llm = app.add_subcommand("llm", "LLM inference on the roofline: per-op bounds, TTFT, per-token time");
    llm->require_subcommand(1);
    llm->add_subcommand("list", "model presets with their sources")->callback([&ctx, &exitCode] { exitCode = runLlmList(ctx); });
    auto o = std::make_shared<LlmOptions>();
    CLI::App* analyze = llm->add_subcommand("analyze", "every op of prefill and decode, lower bounds");
    addModelOptions(*analyze, o->model);
    analyze->add_option("--device", o->devices, "catalog device, repeatable (several: {\"analyses\": [...]}, one per device)")->required();
    analyze->add_option("--tp", o->workload.tensorParallel, "tensor-parallel devices")->capture_default_str();
    analyze->add_option("--batch", o->workload.batch, "sequences")->capture_default_str();
    analyze->add_option("--prompt", o->workload.promptTokens, "prompt tokens per sequence")->capture_default_str();
    analyze->add_option("--gen", o->workload.generatedTokens, "generated tokens per sequence")->capture_default_str();
    analyze->add_option("--weights", o->workload.weights, "weight format (" + models::roofline::llmStorageFormatsText() + ", …)")->capture_default_str();
    analyze->add_option("--kv", o->workload.kvCache, "KV-cache format")->capture_default_str();
    analyze->add_option("--act", o->workload.activations, "activation format")->capture_default_str();
    analyze->add_option("--compute", o->compute, "compute roof precision (default: the activation format's)");
    analyze->add_flag("--sparse", o->sparse, "use the sparse tensor roof");
    analyze->add_option("--link-latency-us", o->workload.linkLatencyUs, "all-reduce alpha per step, microseconds (default 0)");
    analyze->callback([&ctx, &exitCode, o] { exitCode = runLlmAnalyze(ctx, *o); });
}

} // namespace accelscope::cli
