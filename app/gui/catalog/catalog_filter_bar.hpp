// SPDX-License-Identifier: MIT
// The Catalog page's filter row: search text and facets applied to the table's filter proxy.
#pragma once

#include "models/catalog/device.hpp"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace accelscope::gui {

class CatalogFilterProxy;

/// Search field, vendor, kind, release years, minimum memory and FP8/FP4 filters, a Reset button
/// and the "n of m devices" count. Every change becomes a models::catalog::DeviceFilter on `proxy`.
class CatalogFilterBar : public QWidget {
    Q_OBJECT
public:
    explicit CatalogFilterBar(CatalogFilterProxy& proxy, QWidget* parent = nullptr);

    QLineEdit* searchField() const { return m_search; }
    /// Refills the vendor list from `devices`, keeping the chosen vendor when it is still there.
    void reloadFacets(const std::vector<models::catalog::Device>& devices);

public slots:
    /// Sets the proxy's filter from the controls and updates the count.
    void applyFilter();
    /// Clears every filter, then applies once.
    void resetFilters();
    void focusSearch();

protected:
    void changeEvent(QEvent* event) override;

private:
    QList<QWidget*> filterControls() const;

    CatalogFilterProxy& m_proxy;
    QLineEdit* m_search = nullptr;
    QComboBox* m_vendor = nullptr;
    QComboBox* m_kind = nullptr;
    QSpinBox* m_yearMin = nullptr;
    QSpinBox* m_yearMax = nullptr;
    QDoubleSpinBox* m_memoryMin = nullptr;
    QCheckBox* m_fp8 = nullptr;
    QCheckBox* m_fp4 = nullptr;
    QLabel* m_count = nullptr;
};

} // namespace accelscope::gui
