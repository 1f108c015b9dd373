// SPDX-License-Identifier: MIT
// CatalogFilterProxy implementation.
#include "app/gui/catalog/catalog_filter_proxy.hpp"

#include "app/gui/catalog/catalog_table_model.hpp"

namespace accelscope::gui {

CatalogFilterProxy::CatalogFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(CatalogTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void CatalogFilterProxy::setFilter(models::catalog::DeviceFilter filter)
{
    m_filter = std::move(filter);
    invalidateFilter();
}

bool CatalogFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid()) return false;
    const auto* model = qobject_cast<const CatalogTableModel*>(sourceModel());
    const auto* device = model ? model->deviceAt(sourceRow) : nullptr;
    return device != nullptr && m_filter.matches(*device);
}

} // namespace accelscope::gui
