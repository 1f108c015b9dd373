// SPDX-License-Identifier: MIT
// A damaged user database: what is wrong with it, and starting over while keeping it as a backup.
#pragma once

#include "models/common/result.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace accelscope::models::catalog {

/// What `PRAGMA integrity_check` finds in the user database at `path`, opened read-only: an empty
/// list when it is sound, else SQLite's findings (at most 20 lines). An Error when the file is
/// missing or is not an SQLite database at all (the message says so and names `userdb reset`).
Result<std::vector<std::string>> checkUserDatabase(const std::filesystem::path& path);

/// Moves the user database at `path` (and its -wal and -shm files) aside to the first free
/// `<name>.backup-N` (N = 1, 2, …) so that the next start makes an empty one; returns the backup's
/// path. Nothing is deleted. An Error (naming the path) when there is no file or it cannot be moved.
Result<std::filesystem::path> resetUserDatabase(const std::filesystem::path& path);

} // namespace accelscope::models::catalog
