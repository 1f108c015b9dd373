// SPDX-License-Identifier: MIT
// The Labs page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/labs/labs_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::labs {

PageModule pageModule()
{
    return {.id = "labs",
            .title = QT_TRANSLATE_NOOP("Pages", "Labs"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Measure this machine: bandwidth, latency, compute peak, roofline; stored results"),
            .make = makePage<LabsPage>,
            .contract = "labs"};
}

} // namespace accelscope::gui::pages::labs
