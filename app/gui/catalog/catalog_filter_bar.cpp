// SPDX-License-Identifier: MIT
// CatalogFilterBar: builds the filter controls and turns them into a DeviceFilter.
#include "app/gui/catalog/catalog_filter_bar.hpp"

#include "app/gui/catalog/catalog_filter_proxy.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "models/catalog/device_query.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>
#include <initializer_list>

namespace accelscope::gui {

using namespace models::catalog;

CatalogFilterBar::CatalogFilterBar(CatalogFilterProxy& proxy, QWidget* parent) : QWidget(parent), m_proxy(proxy)
{
    // The filters wrap onto a second row when the window is narrow or the text large; the search
    // box takes the rest of its row and never shrinks below a readable width.
    auto* row = new FlowLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search name, vendor, architecture… (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_vendor = new QComboBox(this);
    m_vendor->setToolTip(tr("Vendor"));
    m_kind = new QComboBox(this);
    m_kind->setToolTip(tr("Kind of processor"));
    m_kind->addItem(tr("All kinds"), QString());
    for (const DeviceKind kind : allKinds()) {
        const QString name = QString::fromStdString(std::string(kindName(kind)));
        m_kind->addItem(name.toUpper(), name);
    }
    m_yearMin = new QSpinBox(this);
    m_yearMax = new QSpinBox(this);
    for (QSpinBox* box : {m_yearMin, m_yearMax}) {
        box->setRange(2009, 2035);
        box->setSpecialValueText(tr("any"));
    }
    m_yearMin->setPrefix(tr("from "));
    m_yearMax->setPrefix(tr("to "));
    m_yearMin->setSpecialValueText(tr("from any year"));
    m_yearMax->setSpecialValueText(tr("to any year"));
    m_yearMin->setToolTip(tr("Released in or after this year"));
    m_yearMax->setToolTip(tr("Released in or before this year"));
    m_memoryMin = new QDoubleSpinBox(this);
    m_memoryMin->setRange(0, 100000);
    m_memoryMin->setDecimals(0);
    m_memoryMin->setSingleStep(8);
    m_memoryMin->setPrefix(tr("memory ≥ "));
    m_memoryMin->setSuffix(tr(" GiB"));
    m_memoryMin->setSpecialValueText(tr("any memory"));
    m_memoryMin->setToolTip(tr("At least this much device memory, in GB (10^9 bytes)"));
    m_fp8 = new QCheckBox(tr("FP8"), this);
    m_fp8->setToolTip(tr("Only devices with FP8 tensor throughput"));
    m_fp4 = new QCheckBox(tr("FP4"), this);
    m_fp4->setToolTip(tr("Only devices with FP4 tensor throughput"));
    auto* reset = new QPushButton(tr("Reset"), this);
    reset->setToolTip(tr("Clear every filter"));
    m_count = new QLabel(this);
    m_count->setObjectName("catalogCount");
    m_search->setObjectName("catalogSearch");
    row->addWidget(m_search);
    row->setStretchItem(m_search);
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 30);
    for (QWidget* w : std::initializer_list<QWidget*>{m_vendor, m_kind, m_yearMin, m_yearMax, m_memoryMin, m_fp8, m_fp4,
                                                      reset, m_count}) {
        row->addWidget(w);
    }
    connect(m_search, &QLineEdit::textChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_vendor, &QComboBox::currentIndexChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_yearMin, &QSpinBox::valueChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_yearMax, &QSpinBox::valueChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_memoryMin, &QDoubleSpinBox::valueChanged, this, &CatalogFilterBar::applyFilter);
    connect(m_fp8, &QCheckBox::toggled, this, &CatalogFilterBar::applyFilter);
    connect(m_fp4, &QCheckBox::toggled, this, &CatalogFilterBar::applyFilter);
    connect(reset, &QPushButton::clicked, this, &CatalogFilterBar::resetFilters);
}

void CatalogFilterBar::reloadFacets(const std::vector<Device>& devices)
{
    const QString current = m_vendor->currentData().toString();
    const QSignalBlocker block(m_vendor);
    m_vendor->clear();
    m_vendor->addItem(tr("All vendors"), QString());
    for (const auto& vendor : vendorsOf(devices)) {
        m_vendor->addItem(QString::fromStdString(vendor), QString::fromStdString(vendor));
    }
    m_vendor->setCurrentIndex(std::max(0, m_vendor->findData(current)));
}

void CatalogFilterBar::applyFilter()
{
    DeviceFilter filter;
    filter.text = m_search->text().toStdString();
    if (const QString vendor = m_vendor->currentData().toString(); !vendor.isEmpty()) {
        filter.vendors.insert(vendor.toStdString());
    }
    if (const QString kind = m_kind->currentData().toString(); !kind.isEmpty()) {
        filter.kinds.insert(*kindFromName(kind.toStdString()));
    }
    if (m_yearMin->value() != m_yearMin->minimum()) filter.yearMin = m_yearMin->value();
    if (m_yearMax->value() != m_yearMax->minimum()) filter.yearMax = m_yearMax->value();
    if (m_memoryMin->value() > 0) filter.memoryGibMin = m_memoryMin->value();
    filter.needsFp8 = m_fp8->isChecked();
    filter.needsFp4 = m_fp4->isChecked();
    m_proxy.setFilter(std::move(filter));
    const int total = m_proxy.sourceModel() != nullptr ? m_proxy.sourceModel()->rowCount() : 0;
    m_count->setText(tr("%1 of %2 devices").arg(m_proxy.rowCount()).arg(total));
}

void CatalogFilterBar::resetFilters()
{
    // One filter pass for the whole reset, not one per control.
    for (QWidget* w : filterControls()) w->blockSignals(true);
    m_search->clear();
    m_vendor->setCurrentIndex(0);
    m_kind->setCurrentIndex(0);
    m_yearMin->setValue(m_yearMin->minimum());
    m_yearMax->setValue(m_yearMax->minimum());
    m_memoryMin->setValue(0);
    m_fp8->setChecked(false);
    m_fp4->setChecked(false);
    for (QWidget* w : filterControls()) w->blockSignals(false);
    applyFilter();
}

void CatalogFilterBar::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Wide enough for its placeholder's first words at every text size ("Search name, vendor, architec…").
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange) m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 30);
}

void CatalogFilterBar::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

QList<QWidget*> CatalogFilterBar::filterControls() const
{
    return {m_search, m_vendor, m_kind, m_yearMin, m_yearMax, m_memoryMin, m_fp8, m_fp4};
}

} // namespace accelscope::gui
