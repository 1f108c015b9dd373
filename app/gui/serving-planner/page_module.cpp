// SPDX-License-Identifier: MIT
// The Serving planner page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/serving-planner/serving_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::serving_planner {

PageModule pageModule()
{
    return {.id = "serving-planner",
            .title = QT_TRANSLATE_NOOP("Pages", "Serving planner"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Which accelerators, how many, at what tokens/s and cost: ranked layouts calibrated on MLPerf"),
            .make = makePage<ServingPage>,
            .contract = "serving-planner"};
}

} // namespace accelscope::gui::pages::serving_planner
