// SPDX-License-Identifier: MIT
// Screenshots of every page (README images, the GUI smoke test) with a blank-page check.
#pragma once

#include <QImage>
#include <QString>

#include <vector>

class QDir;

namespace accelscope::gui {

class MainWindow;

/// One captured page.
struct PageCapture {
    QString name;
    QString file;          ///< PNG written, empty when no folder was given
    QImage image;
    int distinctColours = 0;
    bool blank = true;     ///< fewer than a handful of colours: nothing was drawn
};

/// Shows each page in turn, waits until it has painted (and its ImGui canvases have rendered a
/// frame), grabs the whole window and, when `dir` is not null, saves `<nn>-<name>.png` there.
std::vector<PageCapture> capturePages(MainWindow& window, const QDir* dir);

/// Number of distinct RGB colours among pixels sampled every `step` pixels.
int distinctColours(const QImage& image, int step = 3);

} // namespace accelscope::gui
