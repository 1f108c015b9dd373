// SPDX-License-Identifier: MIT
// InsideTheChipPage: the two panels in tabs; the figure is the visible tab's.
#include "app/gui/inside-the-chip/inside_the_chip_page.hpp"

#include "app/gui/app_context.hpp"
#include "app/gui/inside-the-chip/gemm_panel.hpp"
#include "app/gui/inside-the-chip/occupancy_panel.hpp"

#include <QTabWidget>
#include <QVBoxLayout>

namespace accelscope::gui {

InsideTheChipPage::InsideTheChipPage(const PageServices& services, QWidget* parent) : QWidget(parent)
{
    setObjectName("inside-the-chip");
    auto* layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_gemm = new GemmPanel(services.context, m_tabs);
    m_occupancy = new OccupancyPanel(m_tabs);
    m_tabs->addTab(m_gemm, tr("GEMM waves"));
    m_tabs->setTabToolTip(0, tr("A GEMM's output tiles in waves over the cores: the last wave's idle cores and the TFLOP/s sawtooth"));
    m_tabs->addTab(m_occupancy, tr("Occupancy"));
    m_tabs->setTabToolTip(1, tr("Blocks per SM (workgroups per CU) each resource allows, the one that binds and the next cliff"));
    layout->addWidget(m_tabs);
    // The status line speaks for the tab shown.
    connect(m_gemm, &GemmPanel::statusMessage, this, [this](const QString& message) {
        if (m_tabs->currentWidget() == m_gemm) emit statusMessage(message);
    });
    connect(m_occupancy, &OccupancyPanel::statusMessage, this, [this](const QString& message) {
        if (m_tabs->currentWidget() == m_occupancy) emit statusMessage(message);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_gemm) {
            m_gemm->evaluate();
        } else {
            m_occupancy->evaluate();
        }
    });
}

QString InsideTheChipPage::viewName(int index) const
{
    if (index < 0 || index >= m_tabs->count()) return {};
    return m_tabs->widget(index)->objectName();
}

void InsideTheChipPage::showView(int index) { m_tabs->setCurrentIndex(index); }

std::expected<models::figure::Figure, QString> InsideTheChipPage::figure(bool dark)
{
    return m_tabs->currentWidget() == m_occupancy ? m_occupancy->figure(dark) : m_gemm->figure(dark);
}

} // namespace accelscope::gui
