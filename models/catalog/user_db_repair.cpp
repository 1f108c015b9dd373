// SPDX-License-Identifier: MIT
// A damaged user database: what is wrong with it, and starting over while keeping it as a backup.
#include "models/catalog/user_db_repair.hpp"

#include "models/catalog/sqlite_db.hpp"

namespace accelscope::models::catalog {

Result<std::vector<std::string>> checkUserDatabase(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return fail(ErrorCode::NotFound, path.string() + ": no user database here (it is made on the first save)");
    }
    auto db = Database::open(path, OpenMode::ReadOnly);
    if (!db) return std::unexpected(db.error());
    auto check = db->prepare("PRAGMA integrity_check(20)");
    if (!check) return std::unexpected(check.error());
    std::vector<std::string> findings;
    for (;;) {
        auto row = check->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        if (std::string line = check->text(0); line != "ok") findings.push_back(std::move(line));
    }
    return findings;
}

Result<std::filesystem::path> resetUserDatabase(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return fail(ErrorCode::NotFound, path.string() + ": no user database to reset");
    std::filesystem::path backup;
    for (int n = 1;; ++n) {
        backup = path.string() + ".backup-" + std::to_string(n);
        if (!std::filesystem::exists(backup, ec) && !std::filesystem::exists(backup.string() + "-wal", ec)) break;
    }
    // The -wal file holds committed changes not yet in the main file: it moves with it, under the
    // matching name, so the backup opens with everything that was saved.
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::filesystem::path side = path.string() + suffix;
        if (!std::filesystem::exists(side, ec)) continue;
        std::filesystem::rename(side, backup.string() + suffix, ec);
        if (ec) return fail(ErrorCode::Io, side.string() + ": cannot move it aside: " + ec.message());
    }
    std::filesystem::rename(path, backup, ec);
    if (ec) return fail(ErrorCode::Io, path.string() + ": cannot move it aside: " + ec.message());
    return backup;
}

} // namespace accelscope::models::catalog
