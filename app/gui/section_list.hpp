// SPDX-License-Identifier: MIT
// The list of pages down the window's side. It follows the text size, and at projector sizes its
// names wrap onto two lines (no name is cut) so that the page beside it keeps its width.
#pragma once

#include <QListWidget>

namespace accelscope::gui {

class SectionList : public QListWidget {
    Q_OBJECT
public:
    explicit SectionList(QWidget* parent = nullptr);
    /// Sizes the list and its rows for the current font (call after the text size changes).
    void fitToFont();
    /// Widest the list gets with names on one line; wider names wrap at word boundaries.
    static constexpr int oneLineWidthLimit = 220;
};

} // namespace accelscope::gui
