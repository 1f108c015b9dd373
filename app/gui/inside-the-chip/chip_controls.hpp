// SPDX-License-Identifier: MIT
// What both parts of the Inside-the-chip page build the same way: spin boxes, the summary and hint labels,
// and the panel's layout (controls above, wrapping; the figure below, scrolling).
#pragma once

#include <QPalette>
#include <QString>

#include <utility>
#include <vector>

class QLabel;
class QSpinBox;
class QWidget;

namespace accelscope::gui {

class FigureView;

/// Rows of one form: label and control.
using ChipFormRows = std::vector<std::pair<QString, QWidget*>>;

/// A spin box from `low` to `high` at `value`, stepping by `step`, with `tip`.
QSpinBox* chipSpin(QWidget* parent, int low, int high, int value, int step, const QString& tip);
/// A word-wrapped, selectable plain-text label.
QLabel* makeSummaryLabel(QWidget* parent);
/// Whether `palette` is a dark theme's (the figure is drawn for it).
bool isDarkPalette(const QPalette& palette);
/// Lays `panel` out: every label and control of `forms` in a wrapping row, `sliders` full width below them,
/// then `summary`, `hint` and `view` in a pane that scrolls.
void buildChipPanelLayout(QWidget* panel, const std::vector<ChipFormRows>& forms, const ChipFormRows& sliders, QLabel* summary, QLabel* hint,
                          FigureView* view);

} // namespace accelscope::gui
