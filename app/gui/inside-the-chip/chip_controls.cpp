// SPDX-License-Identifier: MIT
// The Inside-the-chip page's shared control helpers and panel layout.
#include "app/gui/inside-the-chip/chip_controls.hpp"

#include "app/gui/layout/figure_view.hpp"
#include "app/gui/layout/flow_layout.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace accelscope::gui {

QSpinBox* chipSpin(QWidget* parent, int low, int high, int value, int step, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setValue(value);
    box->setSingleStep(step);
    box->setToolTip(tip);
    box->setAccelerated(true);
    box->setGroupSeparatorShown(true);
    return box;
}

QLabel* makeSummaryLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

void buildChipPanelLayout(QWidget* panel, const std::vector<ChipFormRows>& forms, const ChipFormRows& sliders, QLabel* summary, QLabel* hint,
                          FigureView* view)
{
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    // Each label and its control is one item of a flow, so the controls take one or two rows on a wide window and
    // wrap at a large text size; the figure below scrolls.
    auto* controls = new QWidget(panel);
    auto* flow = new FlowLayout(controls);
    for (const auto& rows : forms) {
        for (const auto& [label, widget] : rows) {
            auto* box = new QWidget;
            auto* pair = new QHBoxLayout(box);
            pair->setContentsMargins(0, 0, 12, 0);
            auto* text = new QLabel(label, box);
            text->setBuddy(widget);
            pair->addWidget(text);
            pair->addWidget(widget);
            flow->addWidget(box);
        }
    }
    layout->addWidget(controls);
    for (const auto& [label, widget] : sliders) {
        auto* row = new QHBoxLayout;
        auto* text = new QLabel(label, panel);
        text->setBuddy(widget);
        row->addWidget(text);
        row->addWidget(widget, 1);
        layout->addLayout(row);
    }

    auto* result = new QWidget;
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    resultLayout->addWidget(summary);
    resultLayout->addWidget(hint);
    resultLayout->addWidget(view);
    resultLayout->addStretch();
    auto* scroll = new QScrollArea(panel);
    scroll->setWidget(result);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(60);
    layout->addWidget(scroll, 1);
}

} // namespace accelscope::gui
