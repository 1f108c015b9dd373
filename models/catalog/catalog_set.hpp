// SPDX-License-Identifier: MIT
// The catalog both faces work with: bundled devices plus the user's own, and importing into it.
#pragma once

#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_store.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// Where the bundled catalog may be, in lookup order: beside the executable (build tree), then
/// `<prefix>/share/accelscope/` (installed).
std::vector<std::filesystem::path> bundledCatalogCandidates(const std::filesystem::path& executableDir);

/// The user database path: `$XDG_DATA_HOME/accelscope/user.db`, else `$HOME/.local/share/accelscope/user.db`.
/// Pass the environment values (empty when unset) so the function stays pure.
std::filesystem::path defaultUserDatabasePath(const std::string& xdgDataHome, const std::string& home);

/// Bundled and user devices in one list (bundled first), with the catalog's own description.
struct CatalogSet {
    CatalogInfo info;
    std::filesystem::path bundledPath;
    std::filesystem::path userPath;
    std::vector<Device> devices;

    std::vector<std::string> ids() const;
};

/// Opens the first existing bundled catalog of `candidates` and, when `userPath` is not empty,
/// the user database, and loads every device.
Result<CatalogSet> loadCatalogSet(const std::vector<std::filesystem::path>& candidates,
                                  const std::filesystem::path& userPath);

/// What an import did (or, with dryRun, would do).
struct ImportReport {
    std::vector<std::string> addedIds;
    std::vector<ValidationIssue> issues; ///< non-empty means nothing was written
};

/// The most devices of the user's own (all imports together): both faces load every one at start, and a
/// 170,000-device import made each GUI start take 97 s (issue #29). With the Debug build `catalog list`
/// loaded 5,000 in 2.2 s and importing them took 16 s, so the cap stays well below that.
constexpr std::size_t maxUserDevices = 2000;

/// Reads a `.json` (data-file format) or `.csv` file of devices, validates every row against the
/// data rules and against `existingIds`, then adds all of them to `store` in one transaction, or
/// none when any row has an issue (or when dryRun). A system's parts may be devices of the file or of
/// `existingDevices` (the catalog imported into); their totals are checked (system_check.hpp).
/// The user's own devices together may number at most `maxUserDevices` (an issue names the file).
/// An Error only for I/O or database failures, or a file over `inputLimits::catalogFileBytes`.
Result<ImportReport> importDevicesFile(UserStore& store, const std::filesystem::path& file,
                                       const std::vector<std::string>& existingIds, bool dryRun,
                                       std::span<const Device> existingDevices = {});

/// Where a write to `path` goes, checked before anything is opened: a symlink's final target; an error
/// naming `path` for a FIFO, device, socket or directory ("…, not a file to write: give a file name") and
/// for a read-only file. A path that does not exist yet is returned as is.
Result<std::filesystem::path> writableFileTarget(const std::filesystem::path& path);

/// Writes `content` to `path` atomically: a temporary file beside the target, then rename. A symlink is
/// followed (its target is written, the link stays); a FIFO, device, socket or directory is refused before
/// it is opened, and so is a read-only file; a replaced file keeps its permissions.
Result<void> writeFileAtomically(const std::filesystem::path& path, std::string_view content);

} // namespace accelscope::models::catalog
