// SPDX-License-Identifier: MIT
// AppContext: catalog loading, the user's database, user-device changes, shared services.
#include "app/gui/app_context.hpp"

#include "labs/measured/stored_results.hpp"

#include "labs/guided/lessons_directory.hpp"

#include <QCoreApplication>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcApp, "accelscope.app")

namespace accelscope::gui {
namespace {

std::filesystem::path applicationDir(std::filesystem::path given)
{
    if (!given.empty()) return given;
    return QCoreApplication::applicationDirPath().toStdString();
}

} // namespace

AppContext::AppContext(std::vector<std::filesystem::path> catalogCandidates, std::filesystem::path userDatabase,
                       std::unique_ptr<QSettings> settings, std::filesystem::path executableDir)
    : m_candidates(std::move(catalogCandidates)), m_userDatabase(std::move(userDatabase)),
      m_settings(std::move(settings)), m_executableDir(applicationDir(std::move(executableDir))),
      m_lessonsDirectory(labs::guided::lessonsDirectory(m_executableDir)),
      m_labs(labs::LabRegistry::withAllLabs(m_executableDir))
{
}

AppContext::~AppContext() = default;

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

models::Result<models::catalog::UserStore*> AppContext::userStore()
{
    if (!m_userStore) {
        auto opened = models::catalog::UserStore::open(m_userDatabase);
        if (!opened) {
            qCWarning(lcApp) << "user database:" << QString::fromStdString(opened.error().message);
            return std::unexpected(opened.error());
        }
        m_userStore.emplace(std::move(*opened));
    }
    return &*m_userStore;
}

models::Result<std::vector<labs::LabResult>> AppContext::storedResults(const std::string& ids)
{
    const auto parsed = labs::parseResultIds(ids);
    if (!parsed) return models::fail(models::ErrorCode::InvalidArgument, "'" + ids + "' is not a list of stored result ids");
    auto store = userStore();
    if (!store) return std::unexpected(store.error());
    return labs::loadStoredResults(**store, *parsed);
}

models::Result<models::catalog::ImportReport> AppContext::importDevices(const std::filesystem::path& file)
{
    auto store = userStore();
    if (!store) return std::unexpected(store.error());
    auto report = models::catalog::importDevicesFile(**store, file, m_catalog.ids(), false, m_catalog.devices);
    if (report && report->issues.empty()) {
        if (auto ok = reload(); !ok) return std::unexpected(ok.error());
    }
    return report;
}

models::Result<int> AppContext::removeUserDevices(const std::vector<std::string>& ids)
{
    auto store = userStore();
    if (!store) return std::unexpected(store.error());
    auto removed = (*store)->removeDevices(ids);
    if (removed) {
        if (auto ok = reload(); !ok) return std::unexpected(ok.error());
    }
    return removed;
}

} // namespace accelscope::gui
