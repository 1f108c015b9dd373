// SPDX-License-Identifier: MIT
// The ring all-reduce, one step at a time: ranks and step controls, play/pause, and the step's figure
// (models/system/fabric/ring_allreduce: the one `accelscope-cli fabric ring --svg` writes).
#pragma once

#include "models/figure/figure.hpp"

#include <QWidget>

class QPushButton;
class QSpinBox;
class QTimer;

namespace accelscope::gui {

class FigureView;

class RingView : public QWidget {
    Q_OBJECT
public:
    explicit RingView(QWidget* parent = nullptr);

    /// One step forward (> 0) or back, clamped to 0 .. 2(N-1); pauses playback.
    void stepBy(int direction);
    /// Plays from the start when at the end; pauses when playing. Returns whether it plays now.
    bool togglePlay();
    bool playing() const;
    int step() const;
    int steps() const;
    int ranks() const;
    /// The figure of the step shown, in the light or dark theme.
    models::figure::Figure figure(bool dark) const;
    /// Redraws in the dark or light theme.
    void setDark(bool dark);
    /// The command line that writes the same figure.
    QString command() const;
    FigureView* view() const { return m_view; }
    /// "Ring all-reduce: step 3 of 14 (reduce-scatter)".
    QString stepText() const;

signals:
    /// The step or the ranks changed (the page updates its hint and status line).
    void changed();

private:
    void redraw();
    void advance();

    QSpinBox* m_ranks = nullptr;
    QSpinBox* m_step = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_play = nullptr;
    QPushButton* m_forward = nullptr;
    FigureView* m_view = nullptr;
    QTimer* m_timer = nullptr;
    bool m_dark = false;
};

} // namespace accelscope::gui
