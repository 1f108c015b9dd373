// SPDX-License-Identifier: MIT
// The Lessons page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::lessons {

PageModule pageModule()
{
    return {.id = "lessons",
            .title = QT_TRANSLATE_NOOP("Pages", "Lessons"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "A guided course: each step explains, shows the page and checks your answer"),
            .make = makePage<LessonsPage>,
            .pinnedF1 = true};
}

} // namespace accelscope::gui::pages::lessons
