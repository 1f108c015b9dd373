// SPDX-License-Identifier: MIT
// `accelscope-cli userdb check|reset`: what is wrong with a damaged user database, and starting over
// with the old file kept as a backup.
#include "app/cli/userdb_commands.hpp"

#include "models/catalog/user_db_repair.hpp"

#include <CLI/CLI.hpp>

namespace accelscope::cli {
namespace {

using nlohmann::json;

ExitCode runCheck(const CliContext& ctx)
{
    const auto path = ctx.resolvedUserDatabase();
    auto findings = models::catalog::checkUserDatabase(path);
    if (!findings && findings.error().code == models::ErrorCode::NotFound) {
        // Nothing saved yet is not damage: the first save makes the file.
        if (ctx.json) ctx.printJson(json{{"path", path.string()}, {"sound", true}, {"exists", false}, {"findings", json::array()}});
        else *ctx.out << path.string() << ": none yet (made on the first save)\n";
        return ExitCode::Ok;
    }
    if (!findings) return ctx.error(findings.error());
    if (ctx.json) {
        ctx.printJson(json{{"path", path.string()}, {"sound", findings->empty()}, {"exists", true}, {"findings", *findings}});
    } else if (findings->empty()) {
        *ctx.out << path.string() << ": sound (PRAGMA integrity_check: ok)\n";
    } else {
        *ctx.out << path.string() << ": damaged; `accelscope-cli userdb reset` keeps it as a backup and starts an empty one\n";
        for (const auto& line : *findings) *ctx.out << "  " << line << "\n";
    }
    return findings->empty() ? ExitCode::Ok : ExitCode::Failure;
}

ExitCode runReset(const CliContext& ctx)
{
    const auto path = ctx.resolvedUserDatabase();
    auto backup = models::catalog::resetUserDatabase(path);
    if (!backup) return ctx.error(backup.error());
    if (ctx.json) {
        ctx.printJson(json{{"path", path.string()}, {"backup", backup->string()}});
    } else {
        *ctx.out << "moved " << path.string() << " to " << backup->string()
                 << "; the next save makes an empty user database (your devices, results and progress stay in the backup)\n";
    }
    return ExitCode::Ok;
}

} // namespace

void addUserDbCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    CLI::App* userdb = app.add_subcommand("userdb", "the user database: check it, or start over keeping a backup");
    userdb->require_subcommand(1);
    userdb->add_subcommand("check", "run SQLite's integrity check on the user database; exit 1 when it is damaged")
        ->callback([&ctx, &exitCode] { exitCode = runCheck(ctx); });
    userdb->add_subcommand("reset", "move the user database aside to <file>.backup-N; the next save starts an empty one")
        ->callback([&ctx, &exitCode] { exitCode = runReset(ctx); });
}

} // namespace accelscope::cli
