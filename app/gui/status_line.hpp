// SPDX-License-Identifier: MIT
// The window's status bar: its messages wrap onto more lines instead of being cut at the window's
// edge (long file names, presenter key hints at projector text sizes), and the permanent widgets
// step aside while a message shows.
#pragma once

#include <QStatusBar>

class QLabel;

namespace accelscope::gui {

class StatusLine : public QStatusBar {
    Q_OBJECT
public:
    explicit StatusLine(QWidget* parent = nullptr);
    /// The label that shows the current message (empty and hidden when there is none).
    QLabel* messageLabel() const { return m_message; }
    /// Adds a widget shown at the right while no message shows (the catalog count).
    void addInfoWidget(QWidget* widget);
    /// Hides the info widgets even when no message shows (presenter mode), or lets them show.
    void setInfoHidden(bool hidden);

protected:
    void changeEvent(QEvent* event) override;
    /// Paints nothing of its own: QStatusBar would draw the message on one line, cut at the edge.
    void paintEvent(QPaintEvent* event) override;

private:
    void messageChanged(const QString& message);

    QLabel* m_message = nullptr;
    QList<QWidget*> m_info;
    bool m_infoHidden = false;
};

} // namespace accelscope::gui
