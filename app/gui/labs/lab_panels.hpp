// SPDX-License-Identifier: MIT
// The Labs page's two side panels as toggles over the chart: the lab form (labs, parameters, Run)
// and the tabs under the chart (history, figures, how it was measured). When the page is too small
// for them and a readable chart (projector text sizes) both step aside, and the toggles bring them back.
#pragma once

#include <QWidget>

class QToolButton;

namespace accelscope::gui {

class LabPanels : public QWidget {
    Q_OBJECT
public:
    /// `form` and `details` are shown and hidden by the toggles (they stay owned by their parents).
    LabPanels(QWidget* form, QWidget* details, QWidget* parent = nullptr);

    /// Hides both panels when `compact` becomes true and shows them when it becomes false; the same
    /// value again changes nothing, so what the user toggled stays.
    void setCompact(bool compact);
    bool compact() const { return m_compact; }
    QToolButton* formToggle() const { return m_form; }
    QToolButton* detailsToggle() const { return m_details; }

private:
    QToolButton* m_form = nullptr;
    QToolButton* m_details = nullptr;
    bool m_compact = false;
};

} // namespace accelscope::gui
