// SPDX-License-Identifier: MIT
// LabPanels: the form and details toggles of the Labs page.
#include "app/gui/labs/lab_panels.hpp"

#include <QHBoxLayout>
#include <QToolButton>

namespace accelscope::gui {

LabPanels::LabPanels(QWidget* form, QWidget* details, QWidget* parent) : QWidget(parent)
{
    const auto toggle = [this](const QString& text, const QString& tip, QWidget* panel, const char* name) {
        auto* button = new QToolButton(this);
        button->setObjectName(name);
        button->setText(text);
        button->setToolTip(tip);
        button->setCheckable(true);
        button->setChecked(true);
        connect(button, &QToolButton::toggled, panel, &QWidget::setVisible);
        return button;
    };
    m_form = toggle(tr("Lab settings"), tr("Show or hide the labs, their parameters and Run beside the chart"), form, "labFormToggle");
    m_details = toggle(tr("History and figures"), tr("Show or hide the stored results, the figures and how they were measured under the chart"),
                       details, "labDetailsToggle");
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_form);
    row->addWidget(m_details);
    row->addStretch(1);
}

void LabPanels::setCompact(bool compact)
{
    if (compact == m_compact) return;
    m_compact = compact;
    m_form->setChecked(!compact);
    m_details->setChecked(!compact);
}

} // namespace accelscope::gui
