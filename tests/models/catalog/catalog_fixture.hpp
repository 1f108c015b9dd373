// SPDX-License-Identifier: MIT
// A small valid catalog document with known line numbers, for validation tests.
#pragma once

#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::tests {

// Line numbers matter: tests expect issues on these lines (see the comments on the right).
inline std::string validCatalogText()
{
    return R"json({
  "sources": {
    "ds": {"title": "Acme X1 datasheet", "publisher": "Acme", "kind": "datasheet", "url": "https://acme.example/x1.pdf", "date": "2024-05"}
  },
  "devices": [
    {
      "id": "acme-x1",
      "name": "Acme X1 80GB",
      "vendor": "Acme",
      "kind": "gpu",
      "form_factor": "PCIe",
      "scope": "card", "scope_note": "one card",
      "primary_sources": ["ds"],
      "figures": {
        "memory_gb": {"value": "80 GiB", "label": "80 GB", "source": "ds", "where": "table 1, row Memory"},
        "memory_bw_gbs": {"value": "2 TB/s", "source": "ds", "where": "table 1, row Bandwidth"},
        "bf16_tflops_sparse": {"value": "800 TFLOPS", "source": "ds", "where": "table 1, row BF16 (with sparsity)"},
        "bf16_tflops_dense": {"derived": "bf16_tflops_sparse / 2", "note": "footnote: sparsity doubles"},
        "tdp_w": {"value": 350, "source": "ds", "where": "table 1, row TDP"}
      }
    }
  ]
}
)json";
}

/// `text` with the first occurrence of `from` replaced by `to` (throws when absent, so a
/// test cannot silently run against the unmodified document).
inline std::string replaced(std::string text, std::string_view from, std::string_view to)
{
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::logic_error("fixture does not contain: " + std::string(from));
    text.replace(at, from.size(), to);
    return text;
}

/// A figure with only a value (and provenance), for hand-built test devices.
inline models::catalog::Figure figureOf(double value,
                                        models::catalog::Provenance provenance = models::catalog::Provenance::Sourced)
{
    models::catalog::Figure f;
    f.value = value;
    f.provenance = provenance;
    return f;
}

/// A user database at `path` as an older version wrote it: the devices of `catalogJson` imported as a user
/// would (written to `dir`), then `downgradeSql` run on it (the tables and columns that version lacked dropped,
/// its PRAGMA user_version set). Closed again, for UserStore::open to migrate.
inline void oldUserDatabase(TempDir& dir, const std::filesystem::path& path, const std::string& catalogJson, const std::string& downgradeSql)
{
    using namespace models::catalog;
    {
        auto store = UserStore::open(path);
        REQUIRE(store.has_value());
        const auto imported = importDevicesFile(*store, dir.write("mine.json", catalogJson), {}, false);
        REQUIRE(imported.has_value());
        REQUIRE(imported->issues.empty());
    }
    auto db = Database::open(path, OpenMode::ReadWriteCreate);
    REQUIRE(db.has_value());
    REQUIRE(db->execute(downgradeSql).has_value());
}

/// The devices of oldUserDatabase(dir, path, catalogJson, downgradeSql) once UserStore::open has migrated it to the
/// current schema.
inline std::vector<models::catalog::Device> migratedDevices(TempDir& dir, const std::filesystem::path& path, const std::string& catalogJson,
                                                            const std::string& downgradeSql)
{
    using namespace models::catalog;
    oldUserDatabase(dir, path, catalogJson, downgradeSql);
    auto store = UserStore::open(path);
    REQUIRE(store.has_value());
    CHECK(store->schemaVersion() == userSchemaVersion);
    auto devices = store->devices();
    REQUIRE(devices.has_value());
    return std::move(*devices);
}

} // namespace accelscope::tests
