// SPDX-License-Identifier: MIT
// The Inside-the-chip page's shared control helpers and panel layout.
#include "app/gui/inside-the-chip/chip_controls.hpp"

#include "app/gui/layout/figure_view.hpp"
#include "app/gui/layout/flow_layout.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
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

namespace {

QScrollArea* scrolling(QWidget* panel, QWidget* content)
{
    auto* scroll = new QScrollArea(panel);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(60);
    return scroll;
}

} // namespace

void buildChipPanelLayout(QWidget* panel, const std::vector<ChipFormRows>& forms, const ChipFormRows& sliders, QLabel* summary, QLabel* hint,
                          FigureView* view)
{
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QWidget;
    auto* flow = new FlowLayout(controls);
    for (const auto& rows : forms) {
        auto* box = new QWidget;
        auto* form = new QFormLayout(box);
        form->setContentsMargins(0, 0, 12, 0);
        for (const auto& [label, widget] : rows) form->addRow(label, widget);
        flow->addWidget(box);
    }
    topLayout->addWidget(controls);
    auto* sliderForm = new QFormLayout;
    sliderForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const auto& [label, widget] : sliders) sliderForm->addRow(label, widget);
    topLayout->addLayout(sliderForm);

    auto* result = new QWidget;
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    resultLayout->addWidget(summary);
    resultLayout->addWidget(hint);
    resultLayout->addWidget(view);
    resultLayout->addStretch();

    // The controls wrap; at a large text size they scroll in their pane rather than push the figure out.
    auto* split = new QSplitter(Qt::Vertical, panel);
    split->addWidget(scrolling(panel, top));
    split->addWidget(scrolling(panel, result));
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    layout->addWidget(split);
}

} // namespace accelscope::gui
