// SPDX-License-Identifier: MIT
// The catalog commands: argument wiring here, computation in models/catalog.
#include "app/cli/catalog_commands.hpp"

#include "accelscope/config.hpp"
#include "app/cli/catalog_output.hpp"
#include "models/catalog/comparison.hpp"
#include "models/catalog/device_csv.hpp"
#include "models/catalog/device_json.hpp"
#include "models/catalog/device_query.hpp"

#include <CLI/CLI.hpp>

#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace accelscope::cli {
namespace {

using namespace models::catalog;
using nlohmann::json;

struct FilterOptions {
    std::vector<std::string> vendors;
    std::vector<std::string> kinds;
    std::optional<int> yearMin;
    std::optional<int> yearMax;
    std::optional<double> memoryMin;
    std::vector<std::string> supports;
    std::string search;
    bool userOnly = false;
    bool bundledOnly = false;
    std::vector<std::string> statuses;
    std::string asOf = std::string(lifecycleAsOf);
};

void addFilterOptions(CLI::App& command, FilterOptions& f)
{
    command.add_option("--vendor", f.vendors, "only these vendors (repeatable)");
    command.add_option("--kind", f.kinds, "only these kinds: gpu, tpu, asic, npu, cpu, soc (repeatable)")
        ->check(CLI::IsMember({"gpu", "tpu", "asic", "npu", "cpu", "soc"}));
    command.add_option("--year-min", f.yearMin, "released in or after this year");
    command.add_option("--year-max", f.yearMax, "released in or before this year");
    command.add_option("--memory-min", f.memoryMin, "at least this much memory, GiB (2^30 B, as memory is shown)")
        ->check(CLI::Range(0.0, 1.0e9));
    command.add_option("--supports", f.supports, "has tensor throughput in this precision: fp8, fp4 (repeatable)")
        ->check(CLI::IsMember({"fp8", "fp4"}));
    command.add_option("--search", f.search, "words that must all occur in id, name, vendor, architecture…");
    command.add_flag("--user", f.userOnly, "only the user's own devices");
    command.add_flag("--bundled", f.bundledOnly, "only bundled devices");
    command.add_option("--status", f.statuses, "only devices in this lifecycle status: announced, shipping, end-of-life (repeatable)")
        ->check(CLI::IsMember({"announced", "shipping", "end-of-life"}));
    command.add_option("--as-of", f.asOf, "the day (YYYY-MM-DD) lifecycle statuses are taken on")->capture_default_str();
}

// The day lifecycle statuses are taken on must be a full calendar date; empty when it is.
std::string asOfProblem(const std::string& asOf)
{
    return isLifecycleDate(asOf) && asOf.size() == 10 ? std::string() : "--as-of: '" + asOf + "' is not a calendar date YYYY-MM-DD";
}

DeviceFilter toFilter(const FilterOptions& f)
{
    DeviceFilter filter;
    filter.text = f.search;
    filter.vendors = {f.vendors.begin(), f.vendors.end()};
    for (const auto& k : f.kinds) filter.kinds.insert(*kindFromName(k));
    filter.yearMin = f.yearMin;
    filter.yearMax = f.yearMax;
    filter.memoryGibMin = f.memoryMin;
    filter.needsFp8 = std::ranges::find(f.supports, "fp8") != f.supports.end();
    filter.needsFp4 = std::ranges::find(f.supports, "fp4") != f.supports.end();
    if (f.userOnly) filter.origin = Origin::User;
    if (f.bundledOnly) filter.origin = Origin::Bundled;
    for (const auto& name : f.statuses) filter.statuses.insert(*lifecycleStatusFromName(name));
    filter.statusAsOf = f.asOf;
    return filter;
}

// Resolves each name; the first failure is reported (ambiguous names list candidates).
models::Result<std::vector<const Device*>> resolveAll(const CatalogSet& set, const std::vector<std::string>& names)
{
    std::vector<const Device*> out;
    for (const auto& name : names) {
        auto found = findDevice(set.devices, name);
        if (!found) return std::unexpected(found.error());
        out.push_back(*found);
    }
    return out;
}

json kindCounts(const std::vector<Device>& devices)
{
    std::map<std::string, int> counts;
    for (const auto& d : devices) counts[std::string(kindName(d.kind))] += 1;
    return json(counts);
}

json scopeCounts(const std::vector<Device>& devices)
{
    std::map<std::string, int> counts;
    for (const auto& d : devices) counts[std::string(scopeName(d.scope))] += 1;
    return json(counts);
}

ExitCode reportIssues(const CliContext& ctx, const std::vector<ValidationIssue>& issues, const char* what)
{
    for (const auto& issue : issues) *ctx.err << issue.format() << "\n";
    *ctx.err << "accelscope-cli: error: " << what << ": " << issues.size() << " problem"
             << (issues.size() == 1 ? "" : "s") << "\n";
    return ExitCode::Failure;
}

ExitCode runValidate(const CliContext& ctx, const std::filesystem::path& dir)
{
    auto parsed = loadCatalogDirectory(dir);
    if (!parsed) return ctx.error(parsed.error());
    int sourced = 0;
    int derived = 0;
    for (const auto& d : parsed->devices) {
        for (const auto& [key, f] : d.figures) (f.provenance == Provenance::Sourced ? sourced : derived) += 1;
    }
    if (ctx.json) {
        json issues = json::array();
        for (const auto& i : parsed->issues) {
            issues.push_back(json{{"file", i.file}, {"line", i.line}, {"field", i.field}, {"message", i.message}});
        }
        ctx.printJson(json{{"valid", parsed->issues.empty()}, {"files", parsed->fileCount},
                           {"devices", parsed->devices.size()}, {"per_kind", kindCounts(parsed->devices)},
                           {"per_scope", scopeCounts(parsed->devices)}, {"figures_sourced", sourced}, {"figures_derived", derived}, {"issues", issues}});
        return parsed->issues.empty() ? ExitCode::Ok : ExitCode::Failure;
    }
    if (!parsed->issues.empty()) return reportIssues(ctx, parsed->issues, "catalog validation failed");
    *ctx.out << "ok: " << parsed->devices.size() << " devices in " << parsed->fileCount << " files, " << sourced
             << " sourced and " << derived << " derived figures\n";
    const json counts = kindCounts(parsed->devices);
    for (const auto& [kind, count] : counts.items()) {
        *ctx.out << "  " << kind << ": " << count << "\n";
    }
    *ctx.out << "per scope:";
    const json scopes = scopeCounts(parsed->devices); // a named value: items() of a temporary dangles
    for (const auto& [scope, count] : scopes.items()) *ctx.out << " " << scope << " " << count;
    *ctx.out << "\n";
    return ExitCode::Ok;
}

ExitCode runBuild(const CliContext& ctx, const std::filesystem::path& dir, const std::filesystem::path& outPath)
{
    auto parsed = loadCatalogDirectory(dir);
    if (!parsed) return ctx.error(parsed.error());
    if (!parsed->issues.empty()) return reportIssues(ctx, parsed->issues, "catalog build failed");
    std::string content;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::ranges::sort(files);
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        content += file.filename().string() + "\n" + text.str();
    }
    CatalogInfo info{bundledSchemaVersion, fnv1aHex(content), static_cast<int>(parsed->devices.size()),
                     dir.filename().string()};
    if (auto ok = writeBundledCatalog(outPath, parsed->devices, info); !ok) return ctx.error(ok.error());
    if (ctx.json) {
        ctx.printJson(json{{"out", outPath.string()}, {"devices", parsed->devices.size()},
                           {"files", parsed->fileCount}, {"content_hash", info.contentHash},
                           {"per_kind", kindCounts(parsed->devices)}});
    } else {
        *ctx.out << "wrote " << outPath.string() << ": " << parsed->devices.size() << " devices from "
                 << parsed->fileCount << " files (content " << info.contentHash << ")\n";
    }
    return ExitCode::Ok;
}

ExitCode runImport(const CliContext& ctx, const std::filesystem::path& file, bool dryRun)
{
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto store = UserStore::open(set->userPath);
    if (!store) return ctx.error(store.error());
    auto report = importDevicesFile(*store, file, set->ids(), dryRun, set->devices);
    if (!report) return ctx.error(report.error());
    if (!report->issues.empty()) {
        if (ctx.json) {
            json issues = json::array();
            for (const auto& i : report->issues) issues.push_back(i.format());
            *ctx.err << "accelscope-cli: error: import of " << file.string() << " rejected; user database unchanged\n";
            ctx.printJson(json{{"imported", json::array()}, {"issues", issues}, {"written", false}});
            return ExitCode::Failure;
        }
        return reportIssues(ctx, report->issues, "import rejected, user database unchanged");
    }
    if (ctx.json) {
        ctx.printJson(json{{"imported", report->addedIds}, {"issues", json::array()}, {"written", !dryRun},
                           {"user_db", set->userPath.string()}});
    } else {
        *ctx.out << (dryRun ? "would import " : "imported ") << report->addedIds.size() << " device(s) into "
                 << set->userPath.string() << "\n";
        for (const auto& id : report->addedIds) *ctx.out << "  " << id << "\n";
    }
    return ExitCode::Ok;
}

} // namespace

void addCatalogCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* catalog = app.add_subcommand("catalog", "the hardware catalog: browse, compare, validate, import");
    catalog->require_subcommand(1);

    auto listFilters = std::make_shared<FilterOptions>();
    CLI::App* list = catalog->add_subcommand("list", "list devices, with facet filters");
    addFilterOptions(*list, *listFilters);
    list->callback([&ctx, &exitCode, listFilters] {
        if (const auto problem = asOfProblem(listFilters->asOf); !problem.empty()) { exitCode = ctx.error(problem); return; }
        auto set = ctx.loadCatalog();
        if (!set) { exitCode = ctx.error(set.error()); return; }
        const auto found = filterDevices(set->devices, toFilter(*listFilters));
        if (ctx.json) {
            json array = json::array();
            for (const Device* d : found) array.push_back(deviceListJson(*d, listFilters->asOf));
            ctx.printJson(array);
        } else {
            *ctx.out << renderDeviceList(found, listFilters->asOf) << found.size() << " of " << set->devices.size() << " devices\n";
        }
        exitCode = ExitCode::Ok;
    });

    auto showName = std::make_shared<std::string>();
    auto showAsOf = std::make_shared<std::string>(lifecycleAsOf);
    CLI::App* show = catalog->add_subcommand("show", "every figure of one device, with its source");
    show->add_option("device", *showName, "device id or a unique part of its name")->required();
    show->add_option("--as-of", *showAsOf, "the day (YYYY-MM-DD) the lifecycle status is taken on")->capture_default_str();
    show->callback([&ctx, &exitCode, showName, showAsOf] {
        if (const auto problem = asOfProblem(*showAsOf); !problem.empty()) { exitCode = ctx.error(problem); return; }
        auto set = ctx.loadCatalog();
        if (!set) { exitCode = ctx.error(set.error()); return; }
        auto device = findDevice(set->devices, *showName);
        if (!device) { exitCode = ctx.error(device.error()); return; }
        if (ctx.json) ctx.printJson(deviceJson(**device, *showAsOf));
        else *ctx.out << renderDeviceDetail(**device, *showAsOf);
        exitCode = ExitCode::Ok;
    });

    auto compareNames = std::make_shared<std::vector<std::string>>();
    auto compareCsv = std::make_shared<std::string>();
    CLI::App* compare = catalog->add_subcommand("compare", "devices side by side with derived figures");
    compare->add_option("devices", *compareNames, "2 or more device ids or names")->required()->expected(2, 16);
    compare->add_option("--csv", *compareCsv, "also write the comparison as CSV to this file");
    compare->callback([&ctx, &exitCode, compareNames, compareCsv] {
        auto set = ctx.loadCatalog();
        if (!set) { exitCode = ctx.error(set.error()); return; }
        auto devices = resolveAll(*set, *compareNames);
        if (!devices) { exitCode = ctx.error(devices.error()); return; }
        const Comparison comparison = compareDevices(*devices);
        if (!compareCsv->empty()) {
            if (auto ok = writeFileAtomically(*compareCsv, comparisonCsv(comparison)); !ok) {
                exitCode = ctx.error(ok.error());
                return;
            }
        }
        if (ctx.json) ctx.printJson(comparisonJson(comparison));
        else *ctx.out << renderComparison(comparison);
        exitCode = ExitCode::Ok;
    });

    auto dataDir = std::make_shared<std::string>(ACCELSCOPE_DATA_DIR);
    CLI::App* validate = catalog->add_subcommand("validate", "check catalog data files (file:line: field: problem)");
    validate->add_option("dir", *dataDir, "folder of *.json data files")->capture_default_str();
    validate->callback([&ctx, &exitCode, dataDir] { exitCode = runValidate(ctx, *dataDir); });

    auto buildDir = std::make_shared<std::string>(ACCELSCOPE_DATA_DIR);
    auto buildOut = std::make_shared<std::string>();
    CLI::App* build = catalog->add_subcommand("build", "validate data files and write the read-only catalog DB");
    build->add_option("--data", *buildDir, "folder of *.json data files")->capture_default_str();
    build->add_option("--out", *buildOut, "catalog database to write")->required();
    build->callback([&ctx, &exitCode, buildDir, buildOut] { exitCode = runBuild(ctx, *buildDir, *buildOut); });

    auto importFile = std::make_shared<std::string>();
    auto importDry = std::make_shared<bool>(false);
    CLI::App* import = catalog->add_subcommand("import", "add your own devices from a .json or .csv file (all or nothing)");
    import->add_option("file", *importFile, "devices file (.json in the data-file format, or .csv)")->required();
    import->add_flag("--dry-run", *importDry, "validate only; write nothing");
    import->callback([&ctx, &exitCode, importFile, importDry] { exitCode = runImport(ctx, *importFile, *importDry); });

    auto exportFilters = std::make_shared<FilterOptions>();
    auto exportNames = std::make_shared<std::vector<std::string>>();
    auto exportFormat = std::make_shared<std::string>("json");
    auto exportOut = std::make_shared<std::string>();
    CLI::App* exportCmd = catalog->add_subcommand("export", "write devices as JSON (lossless) or CSV");
    addFilterOptions(*exportCmd, *exportFilters);
    exportCmd->add_option("devices", *exportNames, "device ids or names (default: all that pass the filters)");
    exportCmd->add_option("--format", *exportFormat, "json or csv")->check(CLI::IsMember({"json", "csv"}))
        ->capture_default_str();
    exportCmd->add_option("--out", *exportOut, "file to write (default: standard output)");
    exportCmd->callback([&ctx, &exitCode, exportFilters, exportNames, exportFormat, exportOut] {
        if (const auto problem = asOfProblem(exportFilters->asOf); !problem.empty()) { exitCode = ctx.error(problem); return; }
        auto set = ctx.loadCatalog();
        if (!set) { exitCode = ctx.error(set.error()); return; }
        std::vector<const Device*> chosen;
        if (exportNames->empty()) {
            chosen = filterDevices(set->devices, toFilter(*exportFilters));
        } else {
            auto resolved = resolveAll(*set, *exportNames);
            if (!resolved) { exitCode = ctx.error(resolved.error()); return; }
            chosen = *resolved;
        }
        const std::string text = *exportFormat == "csv" ? devicesCsv(chosen) : catalogDocumentJson(chosen).dump(2) + "\n";
        if (exportOut->empty()) {
            *ctx.out << text;
        } else if (auto ok = writeFileAtomically(*exportOut, text); !ok) {
            exitCode = ctx.error(ok.error());
            return;
        } else if (ctx.json) {
            ctx.printJson(json{{"out", *exportOut}, {"devices", chosen.size()}, {"format", *exportFormat}});
        } else {
            *ctx.out << "wrote " << chosen.size() << " devices to " << *exportOut << "\n";
        }
        exitCode = ExitCode::Ok;
    });

    auto removeIds = std::make_shared<std::vector<std::string>>();
    CLI::App* remove = catalog->add_subcommand("remove", "delete your own (imported) devices by id");
    remove->add_option("ids", *removeIds, "ids of user devices")->required();
    remove->callback([&ctx, &exitCode, removeIds] {
        auto store = UserStore::open(ctx.resolvedUserDatabase());
        if (!store) { exitCode = ctx.error(store.error()); return; }
        auto own = store->devices();
        if (!own) { exitCode = ctx.error(own.error()); return; }
        for (const auto& id : *removeIds) {
            if (std::ranges::none_of(*own, [&](const Device& d) { return d.id == id; })) {
                exitCode = ctx.error("'" + id + "' is not one of your devices (bundled devices cannot be removed)");
                return;
            }
        }
        auto removed = store->removeDevices(*removeIds);
        if (!removed) { exitCode = ctx.error(removed.error()); return; }
        if (ctx.json) ctx.printJson(json{{"removed", *removeIds}});
        else *ctx.out << "removed " << *removed << " device(s)\n";
        exitCode = ExitCode::Ok;
    });
}

} // namespace accelscope::cli
