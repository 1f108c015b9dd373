// SPDX-License-Identifier: MIT
// AppContext: catalog loading and user-device changes.
#include "app/gui/app_context.hpp"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcApp, "accelscope.app")

namespace accelscope::gui {

AppContext::AppContext(std::vector<std::filesystem::path> catalogCandidates, std::filesystem::path userDatabase,
                       std::unique_ptr<QSettings> settings)
    : m_candidates(std::move(catalogCandidates)), m_userDatabase(std::move(userDatabase)),
      m_settings(std::move(settings))
{
}

models::Result<void> AppContext::reload()
{
    auto loaded = models::catalog::loadCatalogSet(m_candidates, m_userDatabase);
    if (!loaded) {
        qCWarning(lcApp) << "catalog load failed:" << QString::fromStdString(loaded.error().message);
        return std::unexpected(loaded.error());
    }
    m_catalog = std::move(*loaded);
    emit catalogChanged();
    return {};
}

models::Result<models::catalog::ImportReport> AppContext::importDevices(const std::filesystem::path& file)
{
    auto store = models::catalog::UserStore::open(m_userDatabase);
    if (!store) return std::unexpected(store.error());
    auto report = models::catalog::importDevicesFile(*store, file, m_catalog.ids(), false);
    if (report && report->issues.empty()) {
        if (auto ok = reload(); !ok) return std::unexpected(ok.error());
    }
    return report;
}

models::Result<int> AppContext::removeUserDevices(const std::vector<std::string>& ids)
{
    auto store = models::catalog::UserStore::open(m_userDatabase);
    if (!store) return std::unexpected(store.error());
    auto removed = store->removeDevices(ids);
    if (removed) {
        if (auto ok = reload(); !ok) return std::unexpected(ok.error());
    }
    return removed;
}

} // namespace accelscope::gui
