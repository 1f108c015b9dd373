// SPDX-License-Identifier: MIT
// Bundled + user catalog loading, user imports and atomic file writes.
#include "models/catalog/catalog_set.hpp"

#include "models/catalog/device_csv.hpp"
#include "models/catalog/system_check.hpp"

#include <fstream>
#include <sstream>

namespace accelscope::models::catalog {

std::vector<std::filesystem::path> bundledCatalogCandidates(const std::filesystem::path& executableDir)
{
    return {executableDir / "accelscope.db", executableDir.parent_path() / "share" / "accelscope" / "accelscope.db"};
}

std::filesystem::path defaultUserDatabasePath(const std::string& xdgDataHome, const std::string& home)
{
    if (!xdgDataHome.empty()) return std::filesystem::path(xdgDataHome) / "accelscope" / "user.db";
    return std::filesystem::path(home.empty() ? "." : home) / ".local" / "share" / "accelscope" / "user.db";
}

std::vector<std::string> CatalogSet::ids() const
{
    std::vector<std::string> out;
    out.reserve(devices.size());
    for (const auto& d : devices) out.push_back(d.id);
    return out;
}

Result<CatalogSet> loadCatalogSet(const std::vector<std::filesystem::path>& candidates,
                                  const std::filesystem::path& userPath)
{
    std::string tried;
    for (const auto& candidate : candidates) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            tried += (tried.empty() ? "" : ", ") + candidate.string();
            continue;
        }
        auto bundled = BundledCatalog::open(candidate);
        if (!bundled) return std::unexpected(bundled.error());
        auto devices = bundled->loadAll();
        if (!devices) return std::unexpected(devices.error());
        CatalogSet set{bundled->info(), candidate, userPath, std::move(*devices)};
        if (!userPath.empty()) {
            auto user = UserStore::open(userPath);
            if (!user) return std::unexpected(user.error());
            auto own = user->devices();
            if (!own) return std::unexpected(own.error());
            std::ranges::move(*own, std::back_inserter(set.devices));
        }
        return set;
    }
    return fail(ErrorCode::NotFound, "no bundled catalog found (looked for " + tried +
                                         "); build it with `accelscope-cli catalog build` or pass --db");
}

Result<ImportReport> importDevicesFile(UserStore& store, const std::filesystem::path& file,
                                       const std::vector<std::string>& existingIds, bool dryRun,
                                       std::span<const Device> existingDevices)
{
    std::ifstream in(file, std::ios::binary);
    if (!in) return fail(ErrorCode::Io, file.string() + ": cannot open file");
    std::ostringstream text;
    text << in.rdbuf();
    const std::string name = file.filename().string();
    const std::string extension = file.extension().string();
    ParsedCatalog parsed;
    if (extension == ".csv") {
        parsed = parseDevicesCsv(text.str(), name, Origin::User);
    } else if (extension == ".json") {
        parsed = parseCatalogText(text.str(), name, Origin::User);
    } else {
        return fail(ErrorCode::InvalidArgument, file.string() + ": unknown file type '" + extension +
                                                    "' (expected .json or .csv)");
    }
    if (parsed.issues.empty() && parsed.devices.empty()) {
        parsed.issues.push_back({name, 1, "devices", "the file holds no devices"});
    }
    checkUniqueIds(parsed, existingIds);
    checkSystems(parsed, existingDevices);
    ImportReport report;
    report.issues = std::move(parsed.issues);
    if (!report.issues.empty()) return report;
    for (const auto& d : parsed.devices) report.addedIds.push_back(d.id);
    if (!dryRun) {
        if (auto ok = store.addDevices(parsed.devices); !ok) return std::unexpected(ok.error());
    }
    return report;
}

Result<void> writeFileAtomically(const std::filesystem::path& path, std::string_view content)
{
    std::filesystem::path temporary = path;
    temporary += ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return fail(ErrorCode::Io, path.string() + ": cannot write");
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return fail(ErrorCode::Io, path.string() + ": write failed");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) return fail(ErrorCode::Io, path.string() + ": " + ec.message());
    return {};
}

} // namespace accelscope::models::catalog
