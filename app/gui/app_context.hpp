// SPDX-License-Identifier: MIT
// The GUI's application context: catalog (bundled + user), the user's database, settings, the lab
// registry and the lessons folder. Built once in main(); pages get these from it.
#pragma once

#include "labs/lab_registry.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"

#include <QObject>
#include <QSettings>
#include <QString>

#include <filesystem>
#include <memory>
#include <optional>

namespace accelscope::gui {

/// Built once in main() and handed to every page; there are no singletons.
class AppContext : public QObject {
    Q_OBJECT
public:
    /// `catalogCandidates`: where the bundled DB may be; `userDatabase`: the user's DB file;
    /// `settings`: where window state and preferences are kept; `executableDir`: the program's
    /// folder (lessons, CUDA module; empty: the running application's).
    AppContext(std::vector<std::filesystem::path> catalogCandidates, std::filesystem::path userDatabase,
               std::unique_ptr<QSettings> settings, std::filesystem::path executableDir = {});
    ~AppContext() override;

    /// Loads (or reloads) the catalog; on failure keeps the previous one and returns the error.
    models::Result<void> reload();

    const models::catalog::CatalogSet& catalog() const { return m_catalog; }
    const std::filesystem::path& userDatabase() const { return m_userDatabase; }
    QSettings& settings() { return *m_settings; }

    /// The user's database (lab results, lesson progress, devices): the one connection every page
    /// uses, opened on first use. On failure the error, and the next call tries again.
    models::Result<models::catalog::UserStore*> userStore();
    /// The stored lab results named by "3,4" (how pages hand results to each other), in that
    /// order; an error for a malformed list, an id that is not stored or an unreadable record.
    models::Result<std::vector<labs::LabResult>> storedResults(const std::string& ids);
    /// The labs of this build; the CUDA module is loaded on first use (a GPU run or
    /// LabRegistry::cudaUnavailableReason), not here.
    labs::LabRegistry& labRegistry() { return m_labs; }
    const labs::LabRegistry& labRegistry() const { return m_labs; }
    /// The lessons folder (labs::guided::lessonsDirectory of the program's folder).
    const std::filesystem::path& lessonsDirectory() const { return m_lessonsDirectory; }

    /// Imports a .json/.csv file into the user database (all or nothing) and reloads.
    models::Result<models::catalog::ImportReport> importDevices(const std::filesystem::path& file);
    /// Deletes user devices and reloads.
    models::Result<int> removeUserDevices(const std::vector<std::string>& ids);

signals:
    /// The device list changed (import, removal, reload). Pointers into the old list are invalid.
    void catalogChanged();

private:
    std::vector<std::filesystem::path> m_candidates;
    std::filesystem::path m_userDatabase;
    std::unique_ptr<QSettings> m_settings;
    std::filesystem::path m_executableDir;
    std::filesystem::path m_lessonsDirectory;
    models::catalog::CatalogSet m_catalog;
    std::optional<models::catalog::UserStore> m_userStore;
    labs::LabRegistry m_labs;
};

} // namespace accelscope::gui
