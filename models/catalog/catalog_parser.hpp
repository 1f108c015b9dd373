// SPDX-License-Identifier: MIT
// Turns catalog data files (JSON, see data/catalog/SCHEMA.md) into validated devices.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::catalog {

/// One thing wrong with a data file, located as `file:line: field: message`.
struct ValidationIssue {
    std::string file;
    int line = 0;
    std::string field;   ///< data-file key or figure key; "(syntax)" for JSON syntax errors
    std::string message;

    /// "file:line: field: message".
    std::string format() const;
};

/// Devices that passed validation and every issue found (a file with issues contributes no devices).
struct ParsedCatalog {
    std::vector<Device> devices;
    std::vector<ValidationIssue> issues;
    int fileCount = 0;
};

/// Parses and validates one catalog document. `fileName` is used in issues and Device::sourceFile.
ParsedCatalog parseCatalogText(std::string_view text, const std::string& fileName, Origin origin);

struct LocatedJson;

/// Validates an already-parsed document (a data file, or a CSV import turned into one).
ParsedCatalog parseCatalogDocument(const LocatedJson& document, const std::string& fileName, Origin origin);

/// Reads every `*.json` file of `directory` (sorted by name), validates each, then checks ids are
/// unique across files. Errors only when the directory cannot be read; data problems are issues.
Result<ParsedCatalog> loadCatalogDirectory(const std::filesystem::path& directory);

/// Reads and validates one file.
Result<ParsedCatalog> loadCatalogFile(const std::filesystem::path& file);

/// Adds an issue for every device whose id appears earlier in `devices` or in `existingIds`.
void checkUniqueIds(ParsedCatalog& catalog, const std::vector<std::string>& existingIds = {});

/// The first `limit` issues, one per line, plus "… and N more".
std::string formatIssues(const std::vector<ValidationIssue>& issues, std::size_t limit = 50);

/// True when `url` is https and not on a secondary-list domain (spec aggregators, encyclopedias,
/// news sites), which the catalog does not accept as sources.
bool isAcceptableSourceUrl(std::string_view url);

} // namespace accelscope::models::catalog
