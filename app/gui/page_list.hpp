// SPDX-License-Identifier: MIT
// The one list of the window's pages: stable id, title, tooltip and how to make each page.
#pragma once

#include "app/gui/page.hpp"

#include <QWidget>

#include <functional>
#include <string>
#include <vector>

namespace accelscope::gui {

/// One page of the window. Titles and tooltips are source texts of the "Pages" translation
/// context. Shortcuts come from the order (Ctrl+1 … Ctrl+9); a page with `pinnedF1` gets F1.
struct PageEntry {
    std::string id;      ///< stable: settings, lessons, the command line and tests name pages by it
    const char* title;   ///< "Roofline"
    const char* tooltip; ///< what the page is for (the shortcut is added by the window)
    std::function<QWidget*(const PageServices&, QWidget* parent)> make;
    bool pinnedF1 = false;
};

/// Every page, in the order of the section list. Adding a page = one line here.
std::vector<PageEntry> pageList();

/// Makes a page whose constructor takes (PageServices&, QWidget* parent).
template <class Page>
QWidget* makePage(const PageServices& services, QWidget* parent)
{
    return new Page(services, parent);
}

} // namespace accelscope::gui
