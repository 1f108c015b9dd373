// SPDX-License-Identifier: MIT
// "Export figure…": the current page's figure in the export dialog.
#include "app/gui/figure_action.hpp"

#include "app/gui/figure_dialog.hpp"
#include "app/gui/figure_export.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/section_list.hpp"

#include <QAction>
#include <QMenu>
#include <QStackedWidget>

namespace accelscope::gui {
namespace {

QWidget* currentPage(MainWindow& window) { return window.page(window.currentPageId()); }

void update(MainWindow& window, QAction& action)
{
    // A page not made yet is not made for this (pages are built on first show); the action
    // stays enabled and says why when pressed, and the menu updates it when it opens.
    const std::string id = window.currentPageId();
    if (!window.pageMade(window.pageIndex(id))) return;
    const auto figure = figureOfPage(currentPage(window), false);
    action.setEnabled(figure.has_value());
    action.setToolTip(figure ? QObject::tr("The chart alone with title, legend, statistics and sources, as PNG (2x) or SVG (Ctrl+Shift+E)")
                             : figure.error());
    action.setStatusTip(action.toolTip());
}

} // namespace

QAction* addFigureAction(MainWindow& window, QMenu& menu)
{
    // Ctrl+E is the Catalog's export and Ctrl+Shift+S "Export view as PNG".
    QAction* action = menu.addAction(QObject::tr("Export &figure…"));
    action->setShortcut(QKeySequence(QObject::tr("Ctrl+Shift+E")));
    action->setObjectName("exportFigure");
    menu.setToolTipsVisible(true); // a disabled entry says why
    window.addAction(action);      // the shortcut works with the menu bar hidden (presenter mode)
    QObject::connect(action, &QAction::triggered, &window, [&window, action] {
        QWidget* page = currentPage(window);
        if (auto figure = figureOfPage(page, false); !figure) {
            window.showStatusMessage(figure.error());
            return update(window, *action);
        }
        FigureDialog dialog([page](bool dark) { return figureOfPage(page, dark); },
                            QString::fromStdString(window.currentPageId()), &window);
        QObject::connect(&dialog, &FigureDialog::statusMessage, &window, &MainWindow::showStatusMessage);
        dialog.exec();
    });
    QObject::connect(&menu, &QMenu::aboutToShow, action, [&window, action] { update(window, *action); });
    // A page made on first show replaces its stand-in in the stack: the state follows it.
    if (auto* pages = window.findChild<QStackedWidget*>("pages")) {
        QObject::connect(pages, &QStackedWidget::currentChanged, action, [&window, action] { update(window, *action); });
    }
    if (auto* sections = window.findChild<SectionList*>()) {
        QObject::connect(sections, &QListWidget::currentRowChanged, action, [&window, action] { update(window, *action); });
    }
    return action;
}

} // namespace accelscope::gui
