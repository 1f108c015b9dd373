// SPDX-License-Identifier: MIT
// Facet filtering of the catalog table through models::catalog::DeviceFilter.
#pragma once

#include "models/catalog/device_query.hpp"

#include <QSortFilterProxyModel>

namespace accelscope::gui {

/// Filters rows with a DeviceFilter (the same code `accelscope-cli catalog list` uses) and sorts
/// by CatalogTableModel::SortRole, so numbers sort as numbers.
class CatalogFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CatalogFilterProxy(QObject* parent = nullptr);
    void setFilter(models::catalog::DeviceFilter filter);
    const models::catalog::DeviceFilter& filter() const { return m_filter; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    models::catalog::DeviceFilter m_filter;
};

} // namespace accelscope::gui
