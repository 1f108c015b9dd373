// SPDX-License-Identifier: MIT
// The Roofline page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::roofline {

PageModule pageModule()
{
    return {.id = "roofline",
            .title = QT_TRANSLATE_NOOP("Pages", "Roofline"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Roofs of several devices with kernels and LLM ops placed by the model"),
            .make = makePage<RooflinePage>,
            .contract = "roofline"};
}

} // namespace accelscope::gui::pages::roofline
