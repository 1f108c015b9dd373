// SPDX-License-Identifier: MIT
// Options every accelscope-cli command shares, and the one place errors are printed.
#pragma once

#include "models/catalog/catalog_set.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iosfwd>
#include <string>

namespace accelscope::cli {

/// Exit codes: 0 success, 1 bad data or a failed operation, 2 bad command-line usage.
enum class ExitCode { Ok = 0, Failure = 1, Usage = 2 };

/// Global options and the output streams (tests pass string streams).
struct CliContext {
    bool json = false;
    std::filesystem::path databasePath;     ///< --db; empty: look beside the executable
    std::filesystem::path userDatabasePath; ///< --user-db; empty: XDG data folder
    std::filesystem::path executableDir;
    std::ostream* out = nullptr;
    std::ostream* err = nullptr;

    /// Loads bundled + user devices, honouring --db and --user-db.
    models::Result<models::catalog::CatalogSet> loadCatalog() const;
    std::filesystem::path resolvedUserDatabase() const;

    /// Prints one error line to stderr ("accelscope-cli: error: …") and returns Failure.
    ExitCode error(const std::string& message) const;
    ExitCode error(const models::Error& error) const;
    /// Prints a JSON document (one, pretty) on stdout.
    void printJson(const nlohmann::json& document) const;
};

} // namespace accelscope::cli
