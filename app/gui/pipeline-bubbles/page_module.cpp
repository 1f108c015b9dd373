// SPDX-License-Identifier: MIT
// The Pipeline bubbles page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/pipeline-bubbles/pipeline_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::pipeline_bubbles {

PageModule pageModule()
{
    return {.id = "pipeline-bubbles",
            .title = QT_TRANSLATE_NOOP("Pages", "Pipeline bubbles"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Pipeline-parallel schedules, bubbles and activation memory"),
            .make = makePage<PipelinePage>,
            .contract = "pipeline-bubbles"};
}

} // namespace accelscope::gui::pages::pipeline_bubbles
