// SPDX-License-Identifier: MIT
// Lab commands: options → labs/ → output.
#include "app/cli/lab_commands.hpp"

#include "app/cli/model_options.hpp"

#include "app/cli/lab_decode_output.hpp"
#include "app/cli/lab_measured_output.hpp"
#include "app/cli/text_table.hpp"
#include "labs/lab_registry.hpp"
#include "labs/lab_result_json.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/precision/tensor_file.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

namespace accelscope::cli {
namespace {

using nlohmann::json;

struct RunOptions {
    std::string id;
    std::vector<std::string> params;
    bool quick = false;
    bool noSave = false;
    std::string out;
};

models::Result<models::catalog::UserStore> openStore(const CliContext& ctx)
{
    return models::catalog::UserStore::open(ctx.resolvedUserDatabase());
}

std::string renderResult(const labs::LabResult& r)
{
    std::string text = r.title + " (" + r.labId + "), " + r.startedAt + ", " + models::engineeringText(r.durationSeconds) + " s\n";
    TextTable table({"figure", "value", "unit", "note"});
    for (const auto& f : r.summary) {
        table.addRow({f.key, models::engineeringText(f.value), f.unit, f.note});
    }
    text += table.render();
    for (const auto& s : r.series) {
        text += s.name + " [" + s.xUnit + " -> " + s.yUnit + "]:";
        for (const auto& p : s.points) {
            text += " " + models::engineeringText(p.x) + ":" + models::engineeringText(p.y);
        }
        text += "\n";
    }
    for (const auto& n : r.notes) text += "note: " + n + "\n";
    return text;
}

ExitCode runLab(const CliContext& ctx, const labs::LabRegistry& registry, const RunOptions& o)
{
    labs::Lab* lab = registry.find(o.id);
    if (lab == nullptr) return ctx.error("unknown lab '" + o.id + "' (see `accelscope-cli lab list`)");
    labs::RunConfig config;
    config.quick = o.quick;
    for (const auto& kv : o.params) {
        const auto eq = kv.find('=');
        const auto value = eq == std::string::npos ? std::nullopt : models::precision::parseNumber(kv.substr(eq + 1));
        if (!value) return ctx.error("--param '" + kv + "' is not NAME=NUMBER");
        config.parameters[kv.substr(0, eq)] = *value;
    }
    config.progress = [&ctx](double fraction, const std::string& what) {
        char line[128];
        std::snprintf(line, sizeof line, "[%3d%%] %s\n", static_cast<int>(fraction * 100), what.c_str());
        *ctx.err << line << std::flush;
    };
    // GPU labs compare their device with the catalog; without one the result says so.
    if (auto set = ctx.loadCatalog()) {
        config.catalog = std::make_shared<const std::vector<models::catalog::Device>>(std::move(set->devices));
    }
    // Open the database first: a run that cannot be stored should not start.
    std::optional<models::catalog::UserStore> store;
    if (!o.noSave) {
        auto opened = openStore(ctx);
        if (!opened) return ctx.error(opened.error());
        store.emplace(std::move(*opened));
    }
    auto result = lab->run(config);
    if (!result) return ctx.error(result.error());
    const json doc = labs::labResultJson(*result);
    if (!o.out.empty()) {
        if (auto ok = models::catalog::writeFileAtomically(o.out, doc.dump(2) + "\n"); !ok) return ctx.error(ok.error());
    }
    if (store) {
        auto id = store->addLabResult(labs::storedLabResult(*result, "local"));
        if (!id) return ctx.error(id.error());
        *ctx.err << "saved as result #" << *id << " in " << store->path().string() << "\n";
    }
    if (ctx.json) ctx.printJson(doc);
    else *ctx.out << renderResult(*result);
    return ExitCode::Ok;
}

ExitCode importResult(const CliContext& ctx, const std::string& file)
{
    auto result = labs::labResultFromFile(file);
    if (!result) return ctx.error(result.error());
    auto store = openStore(ctx);
    if (!store) return ctx.error(store.error());
    auto id = store->addLabResult(labs::storedLabResult(*result, "imported", std::filesystem::path(file).filename().string()));
    if (!id) return ctx.error(id.error());
    if (ctx.json) ctx.printJson(json{{"id", *id}, {"lab", result->labId}, {"started_at", result->startedAt}});
    else *ctx.out << "imported " << result->labId << " (" << result->startedAt << ") as result #" << *id << "\n";
    return ExitCode::Ok;
}

ExitCode exportResult(const CliContext& ctx, std::int64_t id, const std::string& out)
{
    auto store = openStore(ctx);
    if (!store) return ctx.error(store.error());
    auto stored = store->labResult(id);
    if (!stored) return ctx.error(stored.error());
    if (!*stored) return ctx.error("no stored result #" + std::to_string(id) + " (see `accelscope-cli lab history`)");
    auto result = labs::labResultFromStored(**stored);
    if (!result) return ctx.error(result.error());
    const std::string text = labs::labResultJson(*result).dump(2) + "\n";
    if (out.empty()) {
        *ctx.out << text;
        return ExitCode::Ok;
    }
    if (auto ok = models::catalog::writeFileAtomically(out, text); !ok) return ctx.error(ok.error());
    *ctx.err << "wrote result #" << id << " to " << out << "\n";
    return ExitCode::Ok;
}

// The first summary figure, as the headline of a history row.
std::string headline(const models::catalog::StoredLabResult& stored)
{
    auto result = labs::labResultFromStored(stored);
    if (!result) return "damaged: " + result.error().message; // listed, so it can be deleted
    if (result->summary.empty()) return {};
    const auto& f = result->summary.front();
    return f.key + " " + models::engineeringText(f.value) + " " + f.unit;
}

ExitCode listHistory(const CliContext& ctx)
{
    // A listing creates nothing: with no user database yet there are no results (before, a --user-db in a
    // missing folder got the folder and an empty database).
    const auto path = ctx.resolvedUserDatabase();
    std::error_code ec;
    std::vector<models::catalog::StoredLabResult> results;
    if (std::filesystem::exists(path, ec)) {
        auto store = openStore(ctx);
        if (!store) return ctx.error(store.error());
        auto stored = store->labResults();
        if (!stored) return ctx.error(stored.error());
        results = std::move(*stored);
    }
    json list = json::array();
    TextTable table({"id", "lab", "started (UTC)", "machine", "origin", "headline"});
    for (const auto& r : results) {
        list.push_back(json{{"id", r.id}, {"lab", r.labId}, {"title", r.title}, {"started_at", r.startedAt}, {"machine", r.machine},
                            {"origin", r.origin}, {"source_file", r.sourceFile}});
        table.addRow({"#" + std::to_string(r.id), r.labId, r.startedAt, r.machine,
                      r.origin == "imported" ? "imported from " + r.sourceFile : r.origin, headline(r)});
    }
    if (ctx.json) ctx.printJson(list);
    else if (results.empty()) *ctx.out << "no stored results in " << path.string() << " (run one: `accelscope-cli lab run ID`)\n";
    else *ctx.out << table.render();
    return ExitCode::Ok;
}

ExitCode deleteResults(const CliContext& ctx, const std::vector<std::int64_t>& ids)
{
    auto store = openStore(ctx);
    if (!store) return ctx.error(store.error());
    for (const std::int64_t id : ids) { // all known, or nothing is deleted
        auto stored = store->labResult(id);
        if (!stored) return ctx.error(stored.error());
        if (!*stored) return ctx.error("no stored result #" + std::to_string(id) + "; nothing was deleted");
    }
    auto removed = store->removeLabResults(ids);
    if (!removed) return ctx.error(removed.error());
    if (ctx.json) ctx.printJson(json{{"deleted", *removed}});
    else *ctx.out << "deleted " << *removed << " result(s)\n";
    return ExitCode::Ok;
}

struct ShowOptions {
    std::vector<std::string> results;
    bool roofline = false;
    bool pyramid = false;
    bool decode = false;
    double moveBytes = 1e9;
    std::string device;             ///< with --roofline: compare the points with this catalog device
    std::string precision = "fp32"; ///< the device's roof for this precision
};

// A stored result's id (all digits, and no such file) or a result file.
models::Result<labs::LabResult> loadResult(const CliContext& ctx, const std::string& idOrFile)
{
    std::error_code ec;
    const bool digits = !idOrFile.empty() && idOrFile.find_first_not_of("0123456789") == std::string::npos;
    if (digits && !std::filesystem::exists(idOrFile, ec)) {
        auto store = openStore(ctx);
        if (!store) return std::unexpected(store.error());
        auto stored = store->labResult(std::strtoll(idOrFile.c_str(), nullptr, 10));
        if (!stored) return std::unexpected(stored.error());
        if (!*stored) return models::fail(models::ErrorCode::NotFound, "no stored result #" + idOrFile + " (see `accelscope-cli lab history`)");
        return labs::labResultFromStored(**stored);
    }
    return labs::labResultFromFile(idOrFile);
}

ExitCode showResults(const CliContext& ctx, const ShowOptions& o)
{
    std::vector<labs::LabResult> results;
    for (const auto& r : o.results) {
        auto result = loadResult(ctx, r);
        if (!result) return ctx.error(result.error());
        results.push_back(std::move(*result));
    }
    if (int(o.roofline) + int(o.pyramid) + int(o.decode) > 1) return ctx.error("--roofline, --pyramid and --decode: choose one");
    if (o.decode) {
        if (results.size() != 1) return ctx.error("lab show --decode: one cpu-kernels result at a time");
        const std::string& arg = o.results.front();
        std::error_code ec;
        std::optional<std::int64_t> id;
        if (arg.find_first_not_of("0123456789") == std::string::npos && !std::filesystem::exists(arg, ec)) {
            id = std::strtoll(arg.c_str(), nullptr, 10);
        }
        const auto decode = labs::machineDecode(results.front(), id);
        if (!decode) return ctx.error("lab show " + arg + " --decode: " + decode.error().message);
        if (ctx.json) ctx.printJson(machineDecodeJson(*decode));
        else *ctx.out << renderMachineDecode(*decode);
        return ExitCode::Ok;
    }
    if (o.roofline) {
        const auto roofline = labs::firstMeasuredRoofline(results);
        if (!roofline) return ctx.error("no measured roofline in these results (needs a cpu-roofline, cuda-roofline or cpu-kernels result with both ceilings)");
        std::optional<models::catalog::Device> device;
        if (!o.device.empty()) {
            auto found = resolveDevice(ctx, o.device);
            if (!found) return ctx.error(found.error());
            device = std::move(*found);
        }
        const models::catalog::Device* d = device ? &*device : nullptr;
        if (ctx.json) ctx.printJson(measuredRooflineJson(*roofline, d, o.precision));
        else *ctx.out << renderMeasuredRoofline(*roofline, d, o.precision);
        return ExitCode::Ok;
    }
    if (o.pyramid) {
        const auto pyramid = labs::measuredPyramid(results);
        if (!pyramid) return ctx.error("no measured pyramid in these results (needs cpu-latency or cpu-memory-bandwidth results)");
        if (ctx.json) ctx.printJson(measuredPyramidJson(*pyramid, o.moveBytes));
        else *ctx.out << renderMeasuredPyramid(*pyramid, o.moveBytes);
        return ExitCode::Ok;
    }
    if (results.size() != 1) return ctx.error("lab show: one result at a time (several only with --roofline or --pyramid)");
    if (ctx.json) ctx.printJson(labs::labResultJson(results.front()));
    else *ctx.out << renderResult(results.front());
    return ExitCode::Ok;
}

} // namespace

void addLabCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto registry = std::make_shared<labs::LabRegistry>(labs::LabRegistry::withAllLabs(ctx.executableDir));
    CLI::App* lab = app.add_subcommand("lab", "micro-labs that measure this machine");
    lab->require_subcommand(1);

    lab->add_subcommand("list", "the labs, what each teaches and its parameters")->callback([&ctx, &exitCode, registry] {
        json list = json::array();
        TextTable table({"id", "title", "parameters", "runs here"});
        for (const auto& l : registry->labs()) {
            const auto d = l->describe();
            // The registry probes CUDA once, on the first lab that needs it.
            const std::string why = registry->canRun(d) ? "" : "needs CUDA: " + registry->cudaUnavailableReason();
            json params = json::array();
            std::string names;
            for (const auto& p : d.parameters) {
                params.push_back(json{{"name", p.name}, {"description", p.description}, {"unit", p.unit}, {"min", p.minValue},
                                      {"max", p.maxValue}, {"default", p.defaultValue}});
                names += (names.empty() ? "" : ", ") + p.name;
            }
            list.push_back(json{{"id", d.id}, {"title", d.title}, {"teaches", d.teaches}, {"needs_cuda", d.needsCuda},
                                {"available", why.empty()}, {"unavailable_reason", why}, {"parameters", params}});
            table.addRow({d.id, d.title, names, why.empty() ? "yes" : why});
        }
        if (ctx.json) ctx.printJson(list);
        else *ctx.out << table.render();
        exitCode = ExitCode::Ok;
    });

    auto o = std::make_shared<RunOptions>();
    CLI::App* run = lab->add_subcommand("run", "run a lab: progress on stderr, the result record on stdout");
    run->add_option("id", o->id, "lab id (see `lab list`)")->required();
    run->add_option("--param", o->params, "NAME=VALUE (repeatable)");
    run->add_flag("--quick", o->quick, "tiny sizes, for tests: checks correctness, not speed");
    run->add_option("--out", o->out, "also write the result record (JSON) to this file");
    run->add_flag("--no-save", o->noSave, "do not keep the result in the user database");
    run->callback([&ctx, &exitCode, registry, o] { exitCode = runLab(ctx, *registry, *o); });

    auto file = std::make_shared<std::string>();
    auto show = std::make_shared<ShowOptions>();
    CLI::App* showCommand = lab->add_subcommand("show", "print stored results or result files (made here or on another machine)");
    showCommand->add_option("results", show->results, "stored result ids (see `lab history`) or result records (JSON)")->required();
    showCommand->add_flag("--roofline", show->roofline, "the measured roofline: ceilings, ridge point and points (cpu-roofline, cuda-roofline)");
    showCommand->add_flag("--pyramid", show->pyramid, "the measured pyramid: per-level latency and bandwidth (cpu-latency, cpu-memory-bandwidth)");
    showCommand->add_flag("--decode", show->decode, "a cpu-kernels result's decode step: the serving model's tokens/s from the run's ceilings, the measured tokens/s, their ratio, the bound and the lab's own prediction");
    showCommand->add_option("--device", show->device, "with --roofline: also each point's share of this device's datasheet peak and roof (the page's tooltip)");
    showCommand->add_option("--precision", show->precision, "with --device: the precision of the device's roof (default fp32)");
    showCommand->add_option("--move-bytes", show->moveBytes, "with --pyramid: bytes each level's move time is for (the page's \"move\", default 1e9)")
        ->check(CLI::PositiveNumber);
    showCommand->callback([&ctx, &exitCode, show] { exitCode = showResults(ctx, *show); });

    CLI::App* import = lab->add_subcommand("import", "keep a result file (e.g. made by `lab run --out` on a GPU server) in the user database");
    import->add_option("file", *file, "result record (JSON)")->required();
    import->callback([&ctx, &exitCode, file] { exitCode = importResult(ctx, *file); });

    auto ids = std::make_shared<std::vector<std::int64_t>>();
    auto out = std::make_shared<std::string>();
    CLI::App* exportCommand = lab->add_subcommand("export", "print a stored result as a JSON record, or write it to a file");
    exportCommand->add_option("id", *ids, "stored result id (see `lab history`)")->required()->expected(1);
    exportCommand->add_option("--out", *out, "write the record to this file instead of stdout");
    exportCommand->callback([&ctx, &exitCode, ids, out] { exitCode = exportResult(ctx, ids->front(), *out); });

    lab->add_subcommand("history", "the results kept in the user database, newest first")->callback([&ctx, &exitCode] {
        exitCode = listHistory(ctx);
    });

    CLI::App* remove = lab->add_subcommand("delete", "delete stored results (all of the ids, or none when one is unknown)");
    remove->add_option("ids", *ids, "stored result ids")->required();
    remove->callback([&ctx, &exitCode, ids] { exitCode = deleteResults(ctx, *ids); });
}

} // namespace accelscope::cli
