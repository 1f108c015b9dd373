// SPDX-License-Identifier: MIT
// CliContext: catalog lookup and output.
#include "app/cli/cli_context.hpp"

#include "models/common/utf8_text.hpp"

#include <cstdlib>
#include <ostream>

namespace accelscope::cli {
namespace {

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value == nullptr ? std::string{} : std::string(value);
}

} // namespace

std::filesystem::path CliContext::resolvedUserDatabase() const
{
    if (!userDatabasePath.empty()) return userDatabasePath;
    if (const std::string over = environment("ACCELSCOPE_USER_DB"); !over.empty()) return over;
    return models::catalog::defaultUserDatabasePath(environment("XDG_DATA_HOME"), environment("HOME"));
}

models::Result<models::catalog::CatalogSet> CliContext::loadCatalog() const
{
    std::vector<std::filesystem::path> candidates;
    if (!databasePath.empty()) {
        candidates.push_back(databasePath);
    } else if (const std::string over = environment("ACCELSCOPE_CATALOG_DB"); !over.empty()) {
        candidates.emplace_back(over);
    } else {
        candidates = models::catalog::bundledCatalogCandidates(executableDir);
    }
    return models::catalog::loadCatalogSet(candidates, resolvedUserDatabase());
}

ExitCode CliContext::error(const std::string& message) const
{
    // One line whatever the message quotes: a user's argument with a line break ("no device matches
    // 'a\nb'") or another control character is written escaped (\n, \xNN), never cut.
    *err << "accelscope-cli: error: " << models::quotedExcerpt(message, message.size()) << "\n";
    return ExitCode::Failure;
}

ExitCode CliContext::error(const models::Error& e) const { return error(e.message); }

void CliContext::printJson(const nlohmann::json& document) const
{
    // Imports refuse text that is not UTF-8, but a database written by an older version may hold
    // some: such bytes print as U+FFFD instead of making every --json listing fail (issue #17).
    *out << document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

} // namespace accelscope::cli
