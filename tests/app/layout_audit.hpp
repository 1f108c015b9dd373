// SPDX-License-Identifier: MIT
// Walks a shown window's widgets and lists what a viewer would see cut off: widgets that leave the
// window or their parent, widgets squeezed below their minimum size, labels and buttons whose text
// is wider (or, wrapped, taller) than they are, and canvases whose content ran past an edge.
#pragma once

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTextDocument>

#include <string>
#include <vector>

namespace accelscope::tests {

namespace detail {

inline std::string describe(const QWidget* w)
{
    std::string out = w->metaObject()->className();
    if (!w->objectName().isEmpty()) out += " '" + w->objectName().toStdString() + "'";
    if (const auto* label = qobject_cast<const QLabel*>(w); label != nullptr && !label->text().isEmpty()) {
        out += " \"" + label->text().left(60).toStdString() + "\"";
    } else if (const auto* button = qobject_cast<const QAbstractButton*>(w); button != nullptr && !button->text().isEmpty()) {
        out += " \"" + button->text().left(60).toStdString() + "\"";
    }
    for (const QWidget* p = w->parentWidget(); p != nullptr && !p->isWindow(); p = p->parentWidget()) {
        if (!p->objectName().isEmpty() && !p->objectName().startsWith("qt_")) {
            out += " in '" + p->objectName().toStdString() + "'";
            break;
        }
    }
    return out;
}

inline std::string rectText(const QRect& r)
{
    return std::to_string(r.x()) + "," + std::to_string(r.y()) + " " + std::to_string(r.width()) + "x" + std::to_string(r.height());
}

/// Inside a scroll area's viewport (the area scrolls: being partly out of view is its job), or in
/// a splitter pane the user collapsed to nothing.
inline bool scrolledOrCollapsed(const QWidget* w, const QWidget* window)
{
    for (const QWidget* p = w->parentWidget(); p != nullptr && p != window; p = p->parentWidget()) {
        if (const auto* area = qobject_cast<const QAbstractScrollArea*>(p->parentWidget()); area != nullptr && area->viewport() == p) return true;
        if (p->width() == 0 || p->height() == 0) return true;
    }
    return false;
}

/// The width the label's text needs on one line (plain or rich text).
inline int labelTextWidth(const QLabel* label)
{
    if (label->textFormat() == Qt::PlainText || (label->textFormat() == Qt::AutoText && !Qt::mightBeRichText(label->text()))) {
        int widest = 0;
        for (const QString& line : label->text().split('\n')) widest = std::max(widest, label->fontMetrics().horizontalAdvance(line));
        return widest;
    }
    QTextDocument doc;
    doc.setDefaultFont(label->font());
    doc.setDocumentMargin(0);
    doc.setHtml(label->text());
    return qCeil(doc.idealWidth());
}

} // namespace detail

/// Everything cut off in `window` as it is shown now; empty when all fits.
inline std::vector<std::string> layoutProblems(const QWidget& window)
{
    using namespace detail;
    std::vector<std::string> problems;
    const QRect bounds = window.rect();
    for (const QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisible() || w->window() != &window || w->width() == 0 || w->height() == 0) continue;
        if (scrolledOrCollapsed(w, &window)) continue;
        // A scroll area that never scrolls sideways must be as wide as its content.
        if (const auto* area = qobject_cast<const QScrollArea*>(w); area != nullptr && area->widget() != nullptr &&
                                                                    area->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff &&
                                                                    area->widget()->width() > area->viewport()->width() + 1) {
            problems.push_back(describe(w) + ": its content is " + std::to_string(area->widget()->width()) + " px wide in a " +
                               std::to_string(area->viewport()->width()) + " px view that does not scroll sideways");
        }
        const QRect inWindow(w->mapTo(&window, QPoint(0, 0)), w->size());
        if (!bounds.contains(inWindow)) {
            problems.push_back(describe(w) + " at " + rectText(inWindow) + " leaves the window " + rectText(bounds));
            continue;
        }
        const QWidget* parent = w->parentWidget();
        if (parent != nullptr && !parent->isWindow() && !parent->rect().contains(w->geometry())) {
            problems.push_back(describe(w) + " at " + rectText(w->geometry()) + " leaves its parent " + rectText(parent->rect()));
            continue;
        }
        // A layout gives every widget at least its minimum size unless the window is smaller than
        // its own minimum; a widget that says its size does not matter (Ignored) is exempt.
        // Scroll areas scroll, and the parts of a spin box or combo box are placed by their owner,
        // not a layout; a few pixels under the hint (a line edit's frame) cut nothing visible.
        const bool exempt = qobject_cast<const QAbstractScrollArea*>(w) != nullptr || qobject_cast<const QAbstractSpinBox*>(parent) != nullptr ||
                            qobject_cast<const QComboBox*>(parent) != nullptr || qobject_cast<const QTabBar*>(parent) != nullptr;
        const QSize least = w->minimumSizeHint().expandedTo(w->minimumSize());
        const QSizePolicy policy = w->sizePolicy();
        constexpr int slack = 4;
        const bool squeezedX = !exempt && policy.horizontalPolicy() != QSizePolicy::Ignored && w->width() + slack < least.width();
        const bool squeezedY = !exempt && policy.verticalPolicy() != QSizePolicy::Ignored && w->height() + slack < least.height();
        if (squeezedX || squeezedY) {
            problems.push_back(describe(w) + " is " + std::to_string(w->width()) + "x" + std::to_string(w->height()) + ", less than its minimum " +
                               std::to_string(least.width()) + "x" + std::to_string(least.height()));
            continue;
        }
        if (const auto* label = qobject_cast<const QLabel*>(w); label != nullptr && !label->text().isEmpty()) {
            const int room = label->contentsRect().width() - 2 * label->margin() - (label->indent() > 0 ? label->indent() : 0);
            if (label->wordWrap()) {
                const int needed = label->heightForWidth(label->width());
                if (needed > label->height() + 1) {
                    problems.push_back(describe(w) + " needs " + std::to_string(needed) + " px of height, has " + std::to_string(label->height()));
                }
            } else if (const int needed = labelTextWidth(label); needed > room + 1) {
                problems.push_back(describe(w) + " needs " + std::to_string(needed) + " px on one line, has " + std::to_string(room));
            }
        } else if (const auto* button = qobject_cast<const QAbstractButton*>(w); button != nullptr && !button->text().isEmpty()) {
            if (button->sizeHint().width() > button->width() + 1) {
                problems.push_back(describe(w) + " needs " + std::to_string(button->sizeHint().width()) + " px, has " + std::to_string(button->width()));
            }
        } else if (const auto* canvas = qobject_cast<const gui::ImGuiCanvas*>(w); canvas != nullptr) {
            const QSizeF over = canvas->contentOverflow();
            if (over.width() > 1.0 || over.height() > 1.0) {
                problems.push_back(describe(w) + " " + rectText(inWindow) + ": its controls run " + std::to_string(qRound(over.width())) + " px past the right and " +
                                   std::to_string(qRound(over.height())) + " px past the bottom");
            }
        }
    }
    return problems;
}

} // namespace accelscope::tests
