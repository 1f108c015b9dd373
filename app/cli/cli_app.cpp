// SPDX-License-Identifier: MIT
// Top-level CLI: global options, version, machine description, and the command groups.
#include "app/cli/cli_app.hpp"

#include "accelscope/config.hpp"
#include "app/cli/catalog_commands.hpp"
#include "app/cli/cli_context.hpp"
#include "app/cli/chip_commands.hpp"
#include "app/cli/fabric_commands.hpp"
#include "app/cli/format_commands.hpp"
#include "app/cli/lab_commands.hpp"
#include "app/cli/classroom_commands.hpp"
#include "app/cli/lesson_commands.hpp"
#include "app/cli/memory_commands.hpp"
#include "app/cli/pipeline_commands.hpp"
#include "app/cli/roofline_commands.hpp"
#include "app/cli/serve_commands.hpp"
#include "app/cli/train_commands.hpp"
#include "app/cli/userdb_commands.hpp"
#include "app/cli/warp_commands.hpp"
#include "labs/gpu/cuda_module.hpp"
#include "labs/lab_result_json.hpp"
#include "models/precision/tensor_file.hpp"
#include "labs/machine/machine_info.hpp"
#include "models/catalog/sqlite_db.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <ostream>
#include <sstream>
#include <unistd.h>

namespace accelscope::cli {
namespace {

std::filesystem::path executableDirectory(const char* argv0)
{
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) return self.parent_path();
    return std::filesystem::absolute(argv0, ec).parent_path();
}

void addVersionCommand(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* version = app.add_subcommand("version", "versions of the program, catalog and libraries");
    version->callback([&ctx, &exitCode] {
        auto set = ctx.loadCatalog();
        nlohmann::json doc{{"version", ACCELSCOPE_VERSION}, {"sqlite", models::catalog::sqliteVersion()},
                           {"cuda_labs_in_build", ACCELSCOPE_WITH_CUDA == 1}};
        if (set) {
            doc["catalog_devices"] = set->info.deviceCount;
            doc["catalog_content_hash"] = set->info.contentHash;
            doc["catalog_path"] = set->bundledPath.string();
        } else {
            doc["catalog_error"] = set.error().message;
        }
        if (ctx.json) {
            ctx.printJson(doc);
        } else {
            *ctx.out << "accelscope-cli " << ACCELSCOPE_VERSION << "\nSQLite " << models::catalog::sqliteVersion()
                     << "\n";
            if (set) *ctx.out << "catalog: " << set->info.deviceCount << " devices (" << set->info.contentHash << ")\n";
            else *ctx.out << "catalog: " << set.error().message << "\n";
        }
        exitCode = ExitCode::Ok;
    });
}

void addMachineCommand(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* machine = app.add_subcommand("machine", "describe this machine: CPU, caches (hwloc), memory, CUDA GPUs");
    machine->callback([&ctx, &exitCode] {
        auto info = labs::machine::describeLocalMachine();
        if (!info) { exitCode = ctx.error(info.error()); return; }
        const auto cuda = labs::gpu::probeCuda(labs::gpu::cudaModuleSearchDirs(ctx.executableDir));
        nlohmann::json gpus = nlohmann::json::array();
        for (const auto& d : cuda.devices) {
            gpus.push_back({{"name", d.name}, {"compute_capability", std::to_string(d.computeCapabilityMajor) + "." +
                                                                         std::to_string(d.computeCapabilityMinor)},
                            {"sm_count", d.smCount}, {"memory_bytes", d.globalMemoryBytes},
                            {"l2_cache_bytes", d.l2CacheBytes}, {"max_clock_khz", d.maxClockKhz},
                            {"memory_clock_khz", d.memoryClockKhz}, {"memory_bus_width_bits", d.memoryBusWidthBits}});
        }
        if (ctx.json) {
            nlohmann::json doc = labs::machineJson(*info);
            doc["cuda"] = {{"availability", labs::gpu::availabilityName(cuda.availability)},
                           {"message", cuda.message}, {"driver_version", cuda.driverVersion},
                           {"runtime_version", cuda.runtimeVersion}, {"devices", gpus}};
            ctx.printJson(doc);
        } else {
            *ctx.out << "CPU: " << info->cpuModel << "\n  " << info->packages << " package(s), "
                     << info->physicalCores << " cores, " << info->logicalCpus << " logical CPUs\n  memory: "
                     << models::quantityText(static_cast<double>(info->memoryBytes), "B", 3, models::UnitPrefix::Binary) << "\n";
            for (const auto& c : info->caches) {
                *ctx.out << "  L" << c.level << " " << c.type << ": " << models::quantityText(static_cast<double>(c.sizeBytes), "B", 4, models::UnitPrefix::Binary) << " x "
                         << c.instances << "\n";
            }
            *ctx.out << "  (" << info->topologySource << "; in a VM cache sizes may be the hypervisor's)\n";
            *ctx.out << "CUDA: " << labs::gpu::availabilityName(cuda.availability) << ": " << cuda.message << "\n";
            for (const auto& d : cuda.devices) {
                *ctx.out << "  " << d.name << ": sm_" << d.computeCapabilityMajor << d.computeCapabilityMinor << ", "
                         << d.smCount << " SMs, "
                         << models::quantityText(static_cast<double>(d.globalMemoryBytes), "B", 3, models::UnitPrefix::Binary) << ", " << d.maxClockKhz / 1000 << " MHz\n";
            }
        }
        exitCode = ExitCode::Ok;
    });
}

} // namespace

int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err)
{
    std::istringstream noInput;
    return runCli(argc, argv, noInput, out, err);
}

int runCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err)
{
    CliContext ctx;
    ctx.out = &out;
    ctx.err = &err;
    ctx.executableDir = executableDirectory(argc > 0 ? argv[0] : "accelscope-cli");
    ExitCode exitCode = ExitCode::Ok;

    CLI::App app{"accelscope-cli: the AI hardware catalog, calculators and labs, headless", "accelscope-cli"};
    app.set_version_flag("--version", std::string("accelscope-cli ") + ACCELSCOPE_VERSION);
    app.require_subcommand(1);
    app.fallthrough();
    app.add_flag("--json", ctx.json, "print exactly one JSON document on stdout");
    app.add_option("--db", ctx.databasePath, "bundled catalog database (default: beside the executable)");
    app.add_option("--user-db", ctx.userDatabasePath, "user database (default: $XDG_DATA_HOME/accelscope/user.db)");
    addCatalogCommands(app, ctx, exitCode);
    addFormatCommands(app, ctx, exitCode, in);
    addWarpCommands(app, ctx, exitCode);
    addPipelineCommand(app, ctx, exitCode);
    addLabCommands(app, ctx, exitCode);
    addLessonCommands(app, ctx, exitCode);
    addClassroomCommands(app, ctx, exitCode);
    addRooflineCommands(app, ctx, exitCode);
    addMemoryCommands(app, ctx, exitCode);
    addServeCommands(app, ctx, exitCode);
    addTrainCommands(app, ctx, exitCode);
    addFabricCommands(app, ctx, exitCode);
    addChipCommands(app, ctx, exitCode);
    addUserDbCommands(app, ctx, exitCode);
    addVersionCommand(app, ctx, exitCode);
    addMachineCommand(app, ctx, exitCode);
    // "-inf" or "-0x1p3" would look like options to the parser: a leading space keeps such
    // numbers positional (parseNumber skips it), so `format encode fp8 1 -inf` works.
    std::vector<std::string> args(argv, argv + argc);
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i].size() > 1 && args[i][0] == '-' && args[i][1] != '-' && models::precision::parseNumber(args[i])) {
            args[i].insert(0, " ");
        }
    }
    std::vector<const char*> adjusted;
    for (const auto& a : args) adjusted.push_back(a.c_str());
    try {
        app.parse(static_cast<int>(adjusted.size()), adjusted.data());
    } catch (const CLI::CallForHelp& e) {
        out << app.help();
        return 0;
    } catch (const CLI::CallForAllHelp& e) {
        out << app.help("", CLI::AppFormatMode::All);
        return 0;
    } catch (const CLI::CallForVersion& e) {
        out << app.version() << "\n";
        return 0;
    } catch (const CLI::ParseError& e) {
        err << "accelscope-cli: error: " << e.what() << " (see --help)\n";
        return static_cast<int>(ExitCode::Usage);
    }
    return static_cast<int>(exitCode);
}

} // namespace accelscope::cli
