// SPDX-License-Identifier: MIT
// `fabric collective | sweep | topology | ring | check | step | import`: the collective model over a catalog device's fabric.
#include "app/cli/fabric_commands.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "labs/lab_result_json.hpp"
#include "labs/measured/nccl_tests_runs.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/bounded_file.hpp"
#include "models/common/byte_size.hpp"
#include "models/common/number_text.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/system/fabric/collectives.hpp"
#include "models/system/fabric/fabric_figure.hpp"
#include "models/system/fabric/fabric_parameters.hpp"
#include "models/system/fabric/nccl_tests_output.hpp"
#include "models/system/fabric/published_check.hpp"
#include "models/system/fabric/published_data.hpp"
#include "models/system/fabric/ring_allreduce.hpp"
#include "models/system/fabric/step_collectives.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace accelscope::cli {
namespace {

using namespace models::system;
using models::quantityText;
using models::readableText;
using nlohmann::json;

struct FabricOptions {
    std::string device;
    int gpus = 0;
    int nodes = 1;
    double linkGbs = 0;
    double nicGbs = 0;
    std::string op = "all-reduce";
    std::string bytes = "1GiB";
    std::string algorithm = "auto";
    std::string protocol = "auto";
    std::string from = "1KiB";
    std::string to = "16GiB";
    int points = 25;
    std::string file;
    bool noSave = false;
    ModelOptions model;
    ParallelLayout layout;
    StepShape shape;
    int decodeBatch = 0;
    std::string svgFile;
    bool dark = false;
    std::int64_t measured = 0;
    int ranks = 8;
    int step = 0;
};

void addFabricOptions(CLI::App* cmd, FabricOptions& o)
{
    cmd->add_option("--device", o.device, "catalog device or system id (nvidia-h100-sxm, nvidia-gb200-nvl72, amd-instinct-mi300x)")->required();
    cmd->add_option("--gpus", o.gpus, "devices per scale-up domain taking part (default: the whole domain)");
    cmd->add_option("--nodes", o.nodes, "scale-up domains joined by the network")->capture_default_str();
    cmd->add_option("--link-gbs", o.linkGbs, "what-if: scale-up bandwidth per device per direction, GB/s");
    cmd->add_option("--nic-gbs", o.nicGbs, "what-if: network bandwidth per device per direction, GB/s");
}

void addCollectiveOptions(CLI::App* cmd, FabricOptions& o)
{
    cmd->add_option("--op", o.op, "all-reduce, all-gather, reduce-scatter, all-to-all, broadcast, send-recv")->capture_default_str();
    cmd->add_option("--algorithm", o.algorithm, "auto, ring, tree, nvls, nvls-tree, hierarchical, torus, direct")->capture_default_str();
    cmd->add_option("--protocol", o.protocol, "auto, ll, ll128, simple")->capture_default_str();
}

models::Result<Fabric> buildFabric(const CliContext& ctx, const FabricOptions& o)
{
    auto set = ctx.loadCatalog();
    if (!set) return std::unexpected(set.error());
    auto found = models::catalog::findDevice(set->devices, o.device);
    if (!found) return std::unexpected(found.error());
    FabricRequest request;
    if (o.gpus != 0) request.devicesPerNode = o.gpus;
    request.nodes = o.nodes;
    if (o.linkGbs != 0) request.scaleUpGBps = o.linkGbs;
    if (o.nicGbs != 0) request.scaleOutGBps = o.nicGbs;
    return fabricForDevice(**found, set->devices, request);
}

struct Choice {
    Collective op;
    Algorithm algorithm;
    std::optional<Protocol> protocol;
};

models::Result<Choice> parseChoice(const FabricOptions& o)
{
    const auto op = collectiveFromName(o.op);
    if (!op) return models::fail(models::ErrorCode::InvalidArgument, "--op '" + o.op + "' is not all-reduce, all-gather, reduce-scatter, all-to-all, broadcast or send-recv");
    const auto algorithm = algorithmFromName(o.algorithm);
    if (!algorithm) return models::fail(models::ErrorCode::InvalidArgument, "--algorithm '" + o.algorithm + "' is not auto, ring, tree, nvls, nvls-tree, hierarchical, torus or direct");
    std::optional<Protocol> protocol;
    if (o.protocol != "auto") {
        protocol = protocolFromName(o.protocol);
        if (!protocol) return models::fail(models::ErrorCode::InvalidArgument, "--protocol '" + o.protocol + "' is not auto, ll, ll128 or simple");
    }
    return Choice{*op, *algorithm, protocol};
}

json fabricJson(const Fabric& f)
{
    json figures = json::array();
    for (const auto& fig : f.figures) {
        figures.push_back({{"name", fig.name}, {"value", fig.value}, {"unit", fig.unit}, {"origin", fig.origin}, {"assumed", fig.assumed}});
    }
    return {{"device", f.deviceId}, {"scale_up", scaleUpKindName(f.scaleUp)}, {"scale_up_name", f.scaleUpName},
            {"scale_up_gbs_per_direction", f.scaleUpGBps}, {"devices_per_node", f.devicesPerNode}, {"domain_devices", f.domainDevices},
            {"nodes", f.nodes}, {"ranks", f.ranks()}, {"scale_out_gbs_per_direction", f.scaleOutGBps},
            {"in_switch_reduction", f.inSwitchReduction}, {"torus_dims", f.torusDims}, {"torus_wrap", f.torusWrap},
            {"figures", figures}, {"assumptions", f.assumptions}};
}

json estimateJson(const CollectiveEstimate& e)
{
    json terms = json::array();
    for (const auto& t : e.terms) terms.push_back({{"name", t.name}, {"value", t.value}, {"unit", t.unit}, {"meaning", t.meaning}});
    return {{"op", collectiveName(e.op)}, {"bytes", e.bytes}, {"ranks", e.ranks}, {"algorithm", algorithmName(e.algorithm)},
            {"protocol", protocolName(e.protocol)}, {"time_us", e.timeUs}, {"latency_us", e.latencyUs}, {"bandwidth_us", e.bandwidthUs},
            {"algbw_gbs", e.algbwGBps}, {"busbw_gbs", e.busbwGBps}, {"bus_factor", e.busFactor}, {"wire_gbs", e.wireGBps},
            {"link_gbs", e.linkGBps}, {"bottleneck", e.bottleneck}, {"steps", e.steps}, {"choice", e.choice}, {"terms", terms}};
}

json parametersJson(const Fabric& f)
{
    namespace fp = fabric_parameters;
    return {{"latency_source", fp::latencySource()},
            {"scale_up_link_efficiency", fp::linkEfficiency(f.scaleUpLink, f.generation)},
            {"scale_up_link_efficiency_source", fp::efficiencySource(f.scaleUpLink, f.generation)},
            {"network_efficiency", fp::linkEfficiency(LinkClass::Network, f.generation)},
            {"network_efficiency_source", fp::efficiencySource(LinkClass::Network, f.generation)},
            {"nvls_efficiency", fp::fittedNvlsEfficiency}, {"nvls_efficiency_source", fp::nvlsEfficiencySource()}};
}

void printFabric(const CliContext& ctx, const Fabric& f)
{
    *ctx.out << f.deviceName << ": " << f.ranks() << " devices (" << f.devicesPerNode << " per " << scaleUpKindName(f.scaleUp)
             << " domain x " << f.nodes << " node(s)); " << f.scaleUpName << " " << quantityText(f.scaleUpGBps * 1e9, "B/s")
             << " per direction";
    if (f.nodes > 1) *ctx.out << "; network " << quantityText(f.scaleOutGBps * 1e9, "B/s") << " per device per direction";
    *ctx.out << "\n";
    for (const auto& a : f.assumptions) *ctx.out << "  assumed: " << a << "\n";
}

/// A stored nccl-tests run (from `fabric import`) as the figure's measured points.
models::Result<MeasuredRun> measuredRun(const CliContext& ctx, std::int64_t id)
{
    auto store = models::catalog::UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return std::unexpected(store.error());
    auto stored = store->labResult(id);
    if (!stored) return std::unexpected(stored.error());
    if (!*stored) return models::fail(models::ErrorCode::NotFound, "--measured " + std::to_string(id) + ": no stored result with this id (lab history)");
    auto result = labs::labResultFromStored(**stored);
    if (!result) return std::unexpected(result.error());
    auto run = labs::measuredRunOf(*result, id);
    if (!run) return models::fail(run.error().code, "--measured " + run.error().message);
    return run;
}

ExitCode runCollective(const CliContext& ctx, const FabricOptions& o)
{
    auto fabric = buildFabric(ctx, o);
    if (!fabric) return ctx.error(fabric.error());
    auto choice = parseChoice(o);
    if (!choice) return ctx.error(choice.error());
    auto bytes = models::parseByteSize(o.bytes);
    if (!bytes) return ctx.error("--bytes " + bytes.error().message);
    auto e = estimateCollective(*fabric, choice->op, *bytes, choice->algorithm, choice->protocol);
    if (!e) return ctx.error(e.error());
    if (ctx.json) {
        json doc = estimateJson(*e);
        doc["fabric"] = fabricJson(*fabric);
        doc["parameters"] = parametersJson(*fabric);
        doc["conventions"] = "algbw = bytes / time; busbw = algbw x bus_factor (nccl-tests); GB = 10^9 B; bandwidths per direction";
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    printFabric(ctx, *fabric);
    *ctx.out << collectiveName(e->op) << " of " << quantityText(e->bytes, "B", 4, models::UnitPrefix::Binary) << ": "
             << quantityText(e->timeUs * 1e-6, "s") << " (" << algorithmName(e->algorithm) << ", " << protocolName(e->protocol) << ")\n"
             << "  algbw " << quantityText(e->algbwGBps * 1e9, "B/s") << ", busbw " << quantityText(e->busbwGBps * 1e9, "B/s")
             << " (x" << models::engineeringText(e->busFactor, 4) << "), busiest link " << e->bottleneck << " at "
             << quantityText(e->wireGBps * 1e9, "B/s") << " of " << quantityText(e->linkGBps * 1e9, "B/s") << "\n"
             << "  latency " << quantityText(e->latencyUs * 1e-6, "s") << " (" << e->steps << " steps) + bandwidth "
             << quantityText(e->bandwidthUs * 1e-6, "s") << "\n  " << e->choice << "\n";
    return ExitCode::Ok;
}

ExitCode runSweep(const CliContext& ctx, const FabricOptions& o)
{
    auto fabric = buildFabric(ctx, o);
    if (!fabric) return ctx.error(fabric.error());
    auto choice = parseChoice(o);
    if (!choice) return ctx.error(choice.error());
    auto from = models::parseByteSize(o.from);
    if (!from) return ctx.error("--from " + from.error().message);
    auto to = models::parseByteSize(o.to);
    if (!to) return ctx.error("--to " + to.error().message);
    auto sweep = sweepCollective(*fabric, choice->op, *from, *to, o.points, choice->algorithm, choice->protocol);
    if (!sweep) return ctx.error(sweep.error());
    std::optional<MeasuredRun> measured;
    if (o.measured != 0) {
        auto run = measuredRun(ctx, o.measured);
        if (!run) return ctx.error(run.error());
        measured = std::move(*run);
    }
    std::optional<MeasuredComparison> comparison;
    if (measured) {
        auto c = compareMeasured(*fabric, choice->op, choice->algorithm, *measured);
        if (!c) return ctx.error(c.error());
        comparison = *c;
    }
    std::vector<std::string> figureLines;
    if (!o.svgFile.empty()) {
        auto figure = collectiveSweepFigure(*fabric, choice->op, choice->algorithm, measured, o.dark);
        if (!figure) return ctx.error(figure.error());
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(*figure)); !ok) {
            return ctx.error("--svg " + ok.error().message);
        }
        figureLines = figure->statistics;
    }
    const SweepSummary summary = summarizeSweep(*sweep);
    if (ctx.json) {
        json points = json::array();
        for (const auto& e : *sweep) {
            points.push_back({{"bytes", e.bytes}, {"time_us", e.timeUs}, {"algbw_gbs", e.algbwGBps}, {"busbw_gbs", e.busbwGBps},
                              {"algorithm", algorithmName(e.algorithm)}, {"protocol", protocolName(e.protocol)},
                              {"latency_us", e.latencyUs}, {"bandwidth_us", e.bandwidthUs}, {"bottleneck", e.bottleneck}});
        }
        json switches = json::array();
        for (const auto& w : summary.switches) switches.push_back({{"bytes", w.bytes}, {"from", algorithmName(w.from)}, {"to", algorithmName(w.to)}});
        json doc{{"op", collectiveName(choice->op)}, {"fabric", fabricJson(*fabric)}, {"parameters", parametersJson(*fabric)}, {"points", points},
                 {"summary", {{"latency_floor_us", summary.smallest.timeUs}, {"largest_busbw_gbs", summary.largest.busbwGBps},
                              {"half_busbw_bytes", summary.halfBandwidthBytes}, {"switches", switches}}},
                 {"algorithms", json::array()}};
        for (const Algorithm a : algorithmsFor(*fabric, choice->op)) doc["algorithms"].push_back(algorithmName(a));
        if (comparison) {
            doc["measured"] = {{"label", measured->label}, {"rows", comparison->rows}, {"median_ratio", comparison->medianRatio},
                               {"lowest_ratio", comparison->lowestRatio}, {"highest_ratio", comparison->highestRatio}};
        }
        if (!o.svgFile.empty()) doc["svg"] = o.svgFile;
        ctx.printJson(doc);
        return ExitCode::Ok;
    }
    printFabric(ctx, *fabric);
    TextTable t({"size", "time", "algbw", "busbw", "algorithm", "protocol", "bound by"});
    for (const auto& e : *sweep) {
        t.addRow({quantityText(e.bytes, "B", 3, models::UnitPrefix::Binary), quantityText(e.timeUs * 1e-6, "s", 3),
                  quantityText(e.algbwGBps * 1e9, "B/s", 3), quantityText(e.busbwGBps * 1e9, "B/s", 3),
                  std::string(algorithmName(e.algorithm)), std::string(protocolName(e.protocol)),
                  e.bandwidthUs > e.latencyUs ? e.bottleneck : std::string("latency")});
    }
    *ctx.out << t.render() << "latency floor " << quantityText(summary.smallest.timeUs * 1e-6, "s", 3) << " at "
             << quantityText(summary.smallest.bytes, "B", 3, models::UnitPrefix::Binary) << "; busbw at "
             << quantityText(summary.largest.bytes, "B", 3, models::UnitPrefix::Binary) << " " << quantityText(summary.largest.busbwGBps * 1e9, "B/s", 3);
    if (summary.halfBandwidthBytes > 0) *ctx.out << "; half of it from " << quantityText(summary.halfBandwidthBytes, "B", 3, models::UnitPrefix::Binary);
    *ctx.out << "\n";
    for (const auto& w : summary.switches) {
        *ctx.out << "  " << algorithmName(w.from) << " -> " << algorithmName(w.to) << " at " << quantityText(w.bytes, "B", 3, models::UnitPrefix::Binary) << "\n";
    }
    if (comparison) {
        *ctx.out << "measured (" << measured->label << ") / model: median " << models::engineeringText(comparison->medianRatio, 3) << " over "
                 << comparison->rows << " sizes, " << models::engineeringText(comparison->lowestRatio, 3) << " to "
                 << models::engineeringText(comparison->highestRatio, 3) << "\n";
    }
    if (!o.svgFile.empty()) {
        *ctx.out << "wrote " << o.svgFile << " (1 KiB to 16 GiB, " << sweepFigurePoints << " sizes):\n";
        for (const auto& line : figureLines) *ctx.out << "  " << line << "\n";
    }
    return ExitCode::Ok;
}

ExitCode runRing(const CliContext& ctx, const FabricOptions& o)
{
    auto state = ringAllReduceState(o.ranks, o.step);
    if (!state) return ctx.error(state.error());
    auto bytes = models::parseByteSize(o.bytes);
    if (!bytes) return ctx.error("--bytes " + bytes.error().message);
    const models::figure::Figure figure = ringAllReduceFigure(*state, *bytes, o.dark);
    if (!o.svgFile.empty()) {
        if (auto ok = models::catalog::writeFileAtomically(o.svgFile, models::figure::figureSvg(figure)); !ok) return ctx.error("--svg " + ok.error().message);
    }
    if (ctx.json) {
        json sends = json::array();
        for (const auto& e : state->sends) sends.push_back({{"from", e.from}, {"to", e.to}, {"chunk", e.chunk}});
        ctx.printJson({{"ranks", state->ranks}, {"step", state->step}, {"steps", state->steps}, {"phase", state->phase},
                       {"phase_step", state->phaseStep}, {"contributions", state->contributions}, {"sends", sends},
                       {"sent_bytes_per_rank", state->sentFraction * *bytes},
                       {"total_bytes_per_rank", ringBytesPerRank(Collective::AllReduce, state->ranks, *bytes)},
                       {"bus_factor", busBandwidthFactor(Collective::AllReduce, state->ranks)}, {"buffer_bytes", *bytes}});
        return ExitCode::Ok;
    }
    *ctx.out << figure.title << "\n" << figure.subtitle << "\n";
    std::vector<std::string> header{"rank"};
    for (int c = 0; c < state->ranks; ++c) header.push_back("chunk " + std::to_string(c));
    header.push_back("sends");
    TextTable t(header);
    for (int r = 0; r < state->ranks; ++r) {
        std::vector<std::string> cells{std::to_string(r)};
        for (const int count : state->contributions[r]) cells.push_back(std::to_string(count) + (count == state->ranks ? " (all)" : ""));
        std::string send = "-";
        for (const auto& e : state->sends) {
            if (e.from == r) send = "chunk " + std::to_string(e.chunk) + " -> rank " + std::to_string(e.to);
        }
        cells.push_back(send);
        t.addRow(std::move(cells));
    }
    *ctx.out << "ranks' data summed in each chunk:\n" << t.render();
    for (const auto& line : figure.statistics) *ctx.out << "  " << line << "\n";
    if (!o.svgFile.empty()) *ctx.out << "wrote " << o.svgFile << "\n";
    return ExitCode::Ok;
}

ExitCode runTopology(const CliContext& ctx, const FabricOptions& o)
{
    auto fabric = buildFabric(ctx, o);
    if (!fabric) return ctx.error(fabric.error());
    const Topology t = topologyOf(*fabric);
    if (ctx.json) {
        json nodes = json::array();
        for (const auto& n : t.nodes) nodes.push_back({{"id", n.id}, {"kind", n.kind}, {"label", n.label}, {"node", n.node}});
        json links = json::array();
        for (const auto& l : t.links) links.push_back({{"from", l.from}, {"to", l.to}, {"gbs_per_direction", l.gbpsPerDirection}, {"label", l.label}});
        ctx.printJson({{"fabric", fabricJson(*fabric)}, {"nodes", nodes}, {"links", links}});
        return ExitCode::Ok;
    }
    printFabric(ctx, *fabric);
    *ctx.out << t.nodes.size() << " vertices, " << t.links.size() << " links";
    if (fabric->nodes > 4) *ctx.out << " (the first 4 of " << fabric->nodes << " nodes drawn)";
    *ctx.out << "\n";
    TextTable table({"from", "to", "per direction", "link"});
    for (const auto& l : t.links) table.addRow({l.from, l.to, quantityText(l.gbpsPerDirection * 1e9, "B/s", 4), l.label});
    *ctx.out << table.render();
    return ExitCode::Ok;
}

models::Result<std::string> readText(const std::string& path)
{
    return models::readFileWithLimit(path, models::inputLimits::toolOutputBytes);
}

ExitCode runCheck(const CliContext& ctx, const FabricOptions& o)
{
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto rows = readPublishedRows(bundledPublishedRowsCsv());
    if (!rows) return ctx.error("data/fabric/nccl-tests-published.csv " + rows.error().message);
    auto platforms = readPublishedPlatforms(bundledPublishedPlatformsCsv());
    if (!platforms) return ctx.error("data/fabric/platforms.csv " + platforms.error().message);
    auto check = checkPublished(*rows, *platforms, set->devices);
    if (!check) return ctx.error(check.error());
    if (ctx.json) {
        json platformsJson = json::array();
        for (const auto& p : check->platforms) {
            platformsJson.push_back({{"platform", p.platform}, {"role", p.role}, {"rows_ge_64mib", p.rowsLarge},
                                     {"median_error_ge_64mib", p.medianErrorLarge}, {"median_ratio_ge_64mib", p.medianRatioLarge},
                                     {"rows_1_to_64mib", p.rowsMid}, {"median_error_1_to_64mib", p.medianErrorMid}});
        }
        json rowsJson = json::array();
        if (o.points > 0) {
            for (const auto& r : check->rows) {
                rowsJson.push_back({{"platform", r.row.platform}, {"bytes", r.row.bytes}, {"measured_busbw_gbs", r.row.busbwGBps},
                                    {"predicted_busbw_gbs", r.predictedBusbwGBps}, {"ratio", r.ratio}, {"algorithm", r.algorithm},
                                    {"protocol", r.protocol}, {"role", r.role}, {"data_line", r.row.line}});
            }
        }
        ctx.printJson({{"check_rows_ge_64mib", check->checkRowsLarge}, {"check_median_error_ge_64mib", check->checkMedianErrorLarge},
                       {"check_rows_1_to_64mib", check->checkRowsMid}, {"check_median_error_1_to_64mib", check->checkMedianErrorMid},
                       {"platforms", platformsJson}, {"skipped", check->skipped}, {"rows", rowsJson},
                       {"convention", "error = |predicted busbw / measured busbw - 1|; fit rows are excluded from the check medians"}});
        return ExitCode::Ok;
    }
    TextTable t({"platform", "role", "rows >= 64 MiB", "median error", "median ratio", "rows 1-64 MiB", "median error"});
    auto pct = [](double v) { return models::decimalText(100 * v, 1) + " %"; };
    for (const auto& p : check->platforms) {
        t.addRow({p.platform, p.role, std::to_string(p.rowsLarge), p.rowsLarge ? pct(p.medianErrorLarge) : "-",
                  p.rowsLarge ? readableText(p.medianRatioLarge, 3) : "-", std::to_string(p.rowsMid), p.rowsMid ? pct(p.medianErrorMid) : "-"});
    }
    *ctx.out << t.render() << "check rows (fit rows excluded): >= 64 MiB median error " << pct(check->checkMedianErrorLarge) << " over "
             << check->checkRowsLarge << " rows; 1-64 MiB " << pct(check->checkMedianErrorMid) << " over " << check->checkRowsMid << " rows\n";
    for (const auto& s : check->skipped) *ctx.out << "  skipped: " << s << "\n";
    return ExitCode::Ok;
}

ExitCode runStep(const CliContext& ctx, FabricOptions o)
{
    auto config = resolveModel(o.model);
    if (!config) return ctx.error(config.error());
    auto fabric = buildFabric(ctx, o);
    if (!fabric) return ctx.error(fabric.error());
    if (o.decodeBatch > 0) {
        o.shape.training = false;
        o.shape.microBatchSequences = o.decodeBatch;
    }
    auto list = stepCollectives(*fabric, *config, o.layout, o.shape);
    if (!list) return ctx.error(list.error());
    double total = 0;
    for (const auto& c : *list) total += c.timeUsPerStep;
    if (ctx.json) {
        json rows = json::array();
        for (const auto& c : *list) {
            rows.push_back({{"name", c.name}, {"parallelism", c.parallelism}, {"op", collectiveName(c.op)}, {"group_size", c.groupSize},
                            {"bytes_per_call", c.bytesPerCall}, {"calls_per_step", c.callsPerStep}, {"crosses_nodes", c.crossesNodes},
                            {"link", c.link}, {"time_us_per_call", c.estimate.timeUs}, {"time_us_per_step", c.timeUsPerStep},
                            {"algorithm", algorithmName(c.estimate.algorithm)}, {"busbw_gbs", c.estimate.busbwGBps}, {"flags", c.flags}});
        }
        ctx.printJson({{"model", modelJson(*config)}, {"fabric", fabricJson(*fabric)},
                       {"layout", {{"tp", o.layout.tp}, {"cp", o.layout.cp}, {"ep", o.layout.ep}, {"dp", o.layout.dp}, {"pp", o.layout.pp},
                                   {"sequence_parallel", o.layout.sequenceParallel}, {"zero", o.layout.zero}}},
                       {"step", o.shape.training ? "training" : "decode"}, {"collectives", rows}, {"total_us_before_overlap", total},
                       {"convention", "per device; bytes_per_call is nccl-tests' size; times are each collective alone, before any overlap with compute"}});
        return ExitCode::Ok;
    }
    printFabric(ctx, *fabric);
    *ctx.out << (o.shape.training ? "one training step" : "one decode step") << " of " << config->name << ": TP " << o.layout.tp << " CP "
             << o.layout.cp << " EP " << o.layout.ep << " DP " << o.layout.dp << " PP " << o.layout.pp << "\n";
    TextTable t({"collective", "group", "over", "size per call", "calls", "per call", "per step"});
    for (const auto& c : *list) {
        t.addRow({c.name, std::to_string(c.groupSize), c.link, quantityText(c.bytesPerCall, "B", 3, models::UnitPrefix::Binary),
                  std::to_string(c.callsPerStep), quantityText(c.estimate.timeUs * 1e-6, "s", 3), quantityText(c.timeUsPerStep * 1e-6, "s", 3)});
    }
    *ctx.out << t.render() << "total before overlap: " << quantityText(total * 1e-6, "s", 4) << "\n";
    for (const auto& c : *list) {
        for (const auto& flag : c.flags) *ctx.out << "  ! " << flag << "\n";
    }
    return ExitCode::Ok;
}

/// The run as a lab result (lab "nccl-tests"), with the model's curve and the ratio per size when a device was given.
labs::LabResult importedResult(const NcclTestsRun& run, const std::string& file, const std::vector<CollectiveEstimate>& model,
                               const std::optional<Fabric>& fabric)
{
    labs::LabResult r;
    r.labId = "nccl-tests";
    r.title = "nccl-tests " + std::string(run.collective ? collectiveName(*run.collective) : "collective") + " (imported " +
              std::filesystem::path(file).filename().string() + ")";
    r.machine = json{{"source", "nccl-tests or rccl-tests output"}, {"ranks", run.ranks}, {"devices", run.devices}};
    r.parameters["ranks"] = run.ranks;
    labs::Series measured{"measured bus bandwidth", "size", "B", "busbw", "GB/s", {}};
    labs::Series algbw{"measured algorithm bandwidth", "size", "B", "algbw", "GB/s", {}};
    for (const auto& row : run.rows) {
        measured.points.push_back({row.bytes, row.outOfPlace.busbwGBps});
        algbw.points.push_back({row.bytes, row.outOfPlace.algbwGBps});
    }
    r.series = {measured, algbw};
    if (fabric && !model.empty()) {
        labs::Series predicted{"model bus bandwidth (" + fabric->deviceId + ")", "size", "B", "busbw", "GB/s", {}};
        labs::Series ratio{"measured / model", "size", "B", "ratio", "x", {}};
        for (std::size_t i = 0; i < model.size(); ++i) {
            predicted.points.push_back({model[i].bytes, model[i].busbwGBps});
            if (model[i].busbwGBps > 0 && run.rows[i].outOfPlace.busbwGBps > 0) {
                ratio.points.push_back({model[i].bytes, run.rows[i].outOfPlace.busbwGBps / model[i].busbwGBps});
            }
        }
        r.series.push_back(std::move(predicted));
        r.series.push_back(std::move(ratio));
        r.notes.push_back("model: " + std::to_string(fabric->ranks()) + " x " + fabric->deviceId + " (" + std::to_string(fabric->devicesPerNode) +
                          " per node x " + std::to_string(fabric->nodes) + " nodes), the algorithm the library would pick at each size");
    }
    if (!run.rows.empty()) {
        r.summary.push_back({"largest_busbw_gbs", run.rows.back().outOfPlace.busbwGBps, "GB/s",
                             "out-of-place, at " + quantityText(run.rows.back().bytes, "B", 3, models::UnitPrefix::Binary)});
    }
    r.notes.push_back("out-of-place columns; busbw = algbw x nccl-tests' bus factor; GB = 10^9 B");
    return r;
}

ExitCode runImport(const CliContext& ctx, const FabricOptions& o)
{
    auto text = readText(o.file);
    if (!text) return ctx.error(text.error());
    auto run = parseNcclTestsOutput(*text);
    if (!run) return ctx.error(o.file + ": " + run.error().message);
    // With --device, the model at every size of the run (its ranks must match the fabric's).
    std::optional<Fabric> fabric;
    std::vector<CollectiveEstimate> model;
    if (!o.device.empty()) {
        auto f = buildFabric(ctx, o);
        if (!f) return ctx.error(f.error());
        if (run->ranks > 0 && run->ranks != f->ranks()) {
            return ctx.error(o.file + " lists " + std::to_string(run->ranks) + " ranks, the fabric has " + std::to_string(f->ranks()) +
                             " (--gpus, --nodes)");
        }
        const Collective op = run->collective.value_or(Collective::AllReduce);
        for (const auto& row : run->rows) {
            auto e = estimateCollective(*f, op, std::max(row.bytes, 1.0));
            if (!e) return ctx.error(e.error());
            model.push_back(*e);
        }
        fabric = std::move(*f);
    }
    std::optional<std::int64_t> storedId;
    if (!o.noSave) {
        auto store = models::catalog::UserStore::open(ctx.resolvedUserDatabase());
        if (!store) return ctx.error(store.error());
        auto id = store->addLabResult(labs::storedLabResult(importedResult(*run, o.file, model, fabric), "imported",
                                                            std::filesystem::path(o.file).filename().string()));
        if (!id) return ctx.error(id.error());
        storedId = *id;
    }
    if (ctx.json) {
        json rows = json::array();
        for (std::size_t i = 0; i < run->rows.size(); ++i) {
            const auto& r = run->rows[i];
            json row{{"bytes", r.bytes}, {"count", r.count}, {"type", r.type}, {"time_us", r.outOfPlace.timeUs},
                     {"algbw_gbs", r.outOfPlace.algbwGBps}, {"busbw_gbs", r.outOfPlace.busbwGBps}, {"line", r.line}};
            if (r.inPlace) row["in_place"] = {{"time_us", r.inPlace->timeUs}, {"algbw_gbs", r.inPlace->algbwGBps}, {"busbw_gbs", r.inPlace->busbwGBps}};
            if (!model.empty()) {
                row["model_busbw_gbs"] = model[i].busbwGBps;
                row["model_algorithm"] = algorithmName(model[i].algorithm);
                row["ratio"] = model[i].busbwGBps > 0 ? json(r.outOfPlace.busbwGBps / model[i].busbwGBps) : json();
            }
            rows.push_back(std::move(row));
        }
        ctx.printJson({{"file", o.file}, {"collective", run->collective ? json(collectiveName(*run->collective)) : json()},
                       {"ranks", run->ranks}, {"devices", run->devices},
                       {"average_busbw_gbs", run->averageBusbwGBps ? json(*run->averageBusbwGBps) : json()},
                       {"stored_as", storedId ? json(*storedId) : json()}, {"rows", rows}});
        return ExitCode::Ok;
    }
    *ctx.out << o.file << ": " << run->rows.size() << " rows"
             << (run->collective ? ", " + std::string(collectiveName(*run->collective)) : std::string(", collective not named"))
             << (run->ranks ? ", " + std::to_string(run->ranks) + " ranks" : std::string())
             << (storedId ? "; stored as result #" + std::to_string(*storedId) : std::string()) << "\n";
    std::vector<std::string> header{"size", "time", "algbw", "busbw"};
    if (!model.empty()) header.insert(header.end(), {"model busbw", "measured / model"});
    TextTable t(header);
    for (std::size_t i = 0; i < run->rows.size(); ++i) {
        const auto& r = run->rows[i];
        std::vector<std::string> cells{quantityText(r.bytes, "B", 3, models::UnitPrefix::Binary), quantityText(r.outOfPlace.timeUs * 1e-6, "s", 3),
                                       quantityText(r.outOfPlace.algbwGBps * 1e9, "B/s", 3), quantityText(r.outOfPlace.busbwGBps * 1e9, "B/s", 3)};
        if (!model.empty()) {
            cells.push_back(quantityText(model[i].busbwGBps * 1e9, "B/s", 3));
            cells.push_back(model[i].busbwGBps > 0 && r.outOfPlace.busbwGBps > 0 ? models::engineeringText(r.outOfPlace.busbwGBps / model[i].busbwGBps, 3) : "-");
        }
        t.addRow(std::move(cells));
    }
    *ctx.out << t.render();
    return ExitCode::Ok;
}

} // namespace

void addFabricCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* fabric = app.add_subcommand("fabric", "interconnects and collectives: time, algbw and busbw on a device's fabric");
    fabric->require_subcommand(1);
    auto o = std::make_shared<FabricOptions>();

    CLI::App* collective = fabric->add_subcommand("collective", "one collective of one size: time, algbw, busbw, algorithm, terms");
    addFabricOptions(collective, *o);
    addCollectiveOptions(collective, *o);
    collective->add_option("--bytes", o->bytes, "size per rank as nccl-tests counts it (4096, 64MiB, 1GB, 8G)")->capture_default_str();
    collective->callback([&ctx, &exitCode, o] { exitCode = runCollective(ctx, *o); });

    CLI::App* sweep = fabric->add_subcommand("sweep", "a size sweep, log-spaced, like nccl-tests -b FROM -e TO");
    addFabricOptions(sweep, *o);
    addCollectiveOptions(sweep, *o);
    sweep->add_option("--from", o->from, "smallest size")->capture_default_str();
    sweep->add_option("--to", o->to, "largest size")->capture_default_str();
    sweep->add_option("--points", o->points, "sizes, 2 to 10,000")->capture_default_str();
    sweep->add_option("--measured", o->measured, "a stored nccl-tests run (fabric import; lab history lists ids): its rows beside the model");
    sweep->add_option("--svg", o->svgFile, "also write the slide figure (busbw and time by size, 1 KiB to 16 GiB, every algorithm) as SVG");
    sweep->add_flag("--dark", o->dark, "with --svg: the dark theme");
    sweep->callback([&ctx, &exitCode, o] { exitCode = runSweep(ctx, *o); });

    CLI::App* ring = fabric->add_subcommand("ring", "the ring all-reduce step by step: whose data each rank's chunks hold, and this step's sends");
    ring->add_option("--ranks", o->ranks, "ranks on the ring, 2 to 12")->capture_default_str();
    ring->add_option("--step", o->step, "0 (before the first) to 2(ranks-1)")->capture_default_str();
    ring->add_option("--bytes", o->bytes, "the buffer each rank holds (nccl-tests' size)")->capture_default_str();
    ring->add_option("--svg", o->svgFile, "also write the step as a slide figure (SVG)");
    ring->add_flag("--dark", o->dark, "with --svg: the dark theme");
    ring->callback([&ctx, &exitCode, o] { exitCode = runRing(ctx, *o); });

    CLI::App* topology = fabric->add_subcommand("topology", "the fabric's graph: devices, switches, NICs, links per direction");
    addFabricOptions(topology, *o);
    topology->callback([&ctx, &exitCode, o] { exitCode = runTopology(ctx, *o); });

    CLI::App* check = fabric->add_subcommand("check", "the model against published nccl-tests rows (data/fabric/), per platform");
    check->add_option("--rows", o->points, "with --json: 1 lists every row, 0 only the summaries")->capture_default_str();
    check->callback([&ctx, &exitCode, o] { exitCode = runCheck(ctx, *o); });

    CLI::App* step = fabric->add_subcommand("step", "every collective of one training or decode step on a layout, and where it bites");
    addFabricOptions(step, *o);
    addModelOptions(*step, o->model);
    step->add_option("--tp", o->layout.tp, "tensor parallel")->capture_default_str();
    step->add_option("--cp", o->layout.cp, "context parallel")->capture_default_str();
    step->add_option("--ep", o->layout.ep, "expert parallel (divides --dp)")->capture_default_str();
    step->add_option("--dp", o->layout.dp, "data parallel")->capture_default_str();
    step->add_option("--pp", o->layout.pp, "pipeline stages")->capture_default_str();
    step->add_flag("--sp", o->layout.sequenceParallel, "sequence parallelism with TP");
    step->add_option("--zero", o->layout.zero, "ZeRO stage 0-3")->capture_default_str()->check(CLI::Range(0, 3));
    step->add_option("--seq", o->shape.sequenceTokens, "tokens per sequence")->capture_default_str();
    step->add_option("--micro-batch", o->shape.microBatchSequences, "sequences per micro-batch")->capture_default_str();
    step->add_option("--micro-batches", o->shape.microBatches, "micro-batches per step")->capture_default_str();
    step->add_option("--decode-batch", o->decodeBatch, "instead of training: one decode step of this many sequences");
    step->callback([&ctx, &exitCode, o] { exitCode = runStep(ctx, *o); });

    CLI::App* import = fabric->add_subcommand("import", "read nccl-tests/rccl-tests output, keep it in the user database, and with --device set the model beside it");
    import->add_option("file", o->file, "the text nccl-tests printed")->required();
    import->add_option("--device", o->device, "catalog device or system: the model at every size, and the ratio");
    import->add_option("--gpus", o->gpus, "devices per scale-up domain in the run");
    import->add_option("--nodes", o->nodes, "nodes in the run")->capture_default_str();
    import->add_option("--nic-gbs", o->nicGbs, "network bandwidth per device per direction, GB/s");
    import->add_flag("--no-save", o->noSave, "print only; keep nothing in the user database");
    import->callback([&ctx, &exitCode, o] { exitCode = runImport(ctx, *o); });
}

} // namespace accelscope::cli
