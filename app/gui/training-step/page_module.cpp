// SPDX-License-Identifier: MIT
// The Training step page's module: its id, title, tooltip and how it is made.
#include "app/gui/page_module.hpp"
#include "app/gui/training-step/training_step_page.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::training_step {

PageModule pageModule()
{
    return {.id = "training-step",
            .title = QT_TRANSLATE_NOOP("Pages", "Training step"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "One training step on the physical step model: operators, collectives, bubble, MFU; the best layouts of N devices"),
            .make = makePage<TrainingStepPage>,
            .contract = "training-step"};
}

} // namespace accelscope::gui::pages::training_step
