// SPDX-License-Identifier: MIT
// Bundled + user catalog loading, user imports and atomic file writes.
#include "models/catalog/catalog_set.hpp"

#include "models/catalog/device_csv.hpp"
#include "models/catalog/system_check.hpp"
#include "models/common/bounded_file.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
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
        if (!userPath.empty() && std::filesystem::exists(userPath, ec)) {
            // Reading needs no writable folder: when the database cannot be opened for writing, its
            // devices are read from a snapshot, and only a save reports the read-only folder (issue #29).
            auto user = UserStore::open(userPath);
            auto own = user ? user->devices() : UserStore::devicesReadOnly(userPath);
            if (!own) return std::unexpected(user ? own.error() : user.error());
            std::ranges::move(*own, std::back_inserter(set.devices));
        }
        return set;
    }
    return fail(ErrorCode::NotFound, "no bundled catalog found (looked for " + tried +
                                         "); build it with `accelscope-cli catalog build` or pass --db");
}

namespace {

void checkUserDeviceCount(ParsedCatalog& parsed, const std::string& name, std::span<const Device> existingDevices)
{
    const auto own = static_cast<std::size_t>(
        std::ranges::count_if(existingDevices, [](const Device& d) { return d.origin == Origin::User; }));
    if (own + parsed.devices.size() <= maxUserDevices) return;
    parsed.issues.push_back({name, 1, "devices",
                             "too many devices (" + readableText(double(parsed.devices.size())) + " in the file, " +
                                 readableText(double(own)) + " already imported; at most " +
                                 readableText(double(maxUserDevices)) + " of your own)"});
}

} // namespace

Result<ImportReport> importDevicesFile(UserStore& store, const std::filesystem::path& file,
                                       const std::vector<std::string>& existingIds, bool dryRun,
                                       std::span<const Device> existingDevices)
{
    auto text = readFileWithLimit(file, inputLimits::catalogFileBytes);
    if (!text) return std::unexpected(text.error());
    const std::string name = file.filename().string();
    const std::string extension = file.extension().string();
    ParsedCatalog parsed;
    if (extension == ".csv") {
        parsed = parseDevicesCsv(*text, name, Origin::User);
    } else if (extension == ".json") {
        parsed = parseCatalogText(*text, name, Origin::User);
    } else {
        return fail(ErrorCode::InvalidArgument, file.string() + ": unknown file type '" + extension +
                                                    "' (expected .json or .csv)");
    }
    if (parsed.issues.empty() && parsed.devices.empty()) {
        parsed.issues.push_back({name, 1, "devices", "the file holds no devices"});
    }
    checkUserDeviceCount(parsed, name, existingDevices);
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

namespace {

/// Where a write to `path` should land: the file a symlink chain ends at (absolute), else `path` itself.
Result<std::filesystem::path> writeTarget(const std::filesystem::path& path)
{
    namespace fs = std::filesystem;
    fs::path target = path;
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        const auto status = fs::symlink_status(target, ec);
        if (ec || status.type() != fs::file_type::symlink) return target;
        const fs::path next = fs::read_symlink(target, ec);
        if (ec) return fail(ErrorCode::Io, path.string() + ": cannot read the link: " + ec.message());
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return fail(ErrorCode::Io, path.string() + ": too many levels of symbolic links");
}

} // namespace

Result<std::filesystem::path> writableFileTarget(const std::filesystem::path& path)
{
    namespace fs = std::filesystem;
    // A symlink is followed and its target written (the link stays a link); anything that is not a regular
    // file is refused before it is opened: a FIFO would block or feed a reader, a device node would be
    // replaced by a file, a directory cannot be one.
    auto resolved = writeTarget(path);
    if (!resolved) return std::unexpected(resolved.error());
    std::error_code ec;
    const auto status = fs::status(*resolved, ec);
    const bool exists = !ec && status.type() != fs::file_type::not_found;
    if (exists && status.type() != fs::file_type::regular) {
        return fail(ErrorCode::Io, path.string() + ": " + std::string(fileKindName(status.type())) + ", not a file to write: give a file name");
    }
    if (exists && (status.permissions() & fs::perms::owner_write) == fs::perms::none) {
        return fail(ErrorCode::Io, path.string() + ": read-only file: not replaced");
    }
    return *resolved;
}

Result<void> writeFileAtomically(const std::filesystem::path& path, std::string_view content)
{
    namespace fs = std::filesystem;
    auto resolved = writableFileTarget(path);
    if (!resolved) return std::unexpected(resolved.error());
    const fs::path target = *resolved;
    std::error_code ec;
    const auto status = fs::status(target, ec);
    const bool exists = !ec && status.type() != fs::file_type::not_found;
    fs::path temporary = target;
    temporary += ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return fail(ErrorCode::Io, path.string() + ": cannot write");
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            return fail(ErrorCode::Io, path.string() + ": write failed");
        }
    }
    if (exists) fs::permissions(temporary, status.permissions(), ec); // the replaced file keeps its mode
    fs::rename(temporary, target, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return fail(ErrorCode::Io, path.string() + ": " + ec.message());
    }
    return {};
}

} // namespace accelscope::models::catalog
