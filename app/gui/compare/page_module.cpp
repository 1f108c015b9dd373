// SPDX-License-Identifier: MIT
// The Compare page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::compare {

PageModule pageModule()
{
    return {.id = "compare",
            .title = QT_TRANSLATE_NOOP("Pages", "Compare"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Two to six devices side by side"),
            .make = makePage<ComparePage>,
            .contract = "compare"};
}

} // namespace accelscope::gui::pages::compare
