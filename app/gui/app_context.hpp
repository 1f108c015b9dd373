// SPDX-License-Identifier: MIT
// The GUI's application context: catalog (bundled + user), user database path, settings.
#pragma once

#include "models/catalog/catalog_set.hpp"

#include <QObject>
#include <QSettings>
#include <QString>

#include <filesystem>
#include <memory>

namespace accelscope::gui {

/// Built once in main() and handed to every page; there are no singletons.
class AppContext : public QObject {
    Q_OBJECT
public:
    /// `catalogCandidates`: where the bundled DB may be; `userDatabase`: the user's DB file;
    /// `settings`: where window state and preferences are kept.
    AppContext(std::vector<std::filesystem::path> catalogCandidates, std::filesystem::path userDatabase,
               std::unique_ptr<QSettings> settings);

    /// Loads (or reloads) the catalog; on failure keeps the previous one and returns the error.
    models::Result<void> reload();

    const models::catalog::CatalogSet& catalog() const { return m_catalog; }
    const std::filesystem::path& userDatabase() const { return m_userDatabase; }
    QSettings& settings() { return *m_settings; }

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
    models::catalog::CatalogSet m_catalog;
};

} // namespace accelscope::gui
