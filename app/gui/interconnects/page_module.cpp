// SPDX-License-Identifier: MIT
// The Interconnects page's module: its id, title, tooltip and how it is made.
#include "app/gui/interconnects/interconnects_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::interconnects {

PageModule pageModule()
{
    return {.id = "interconnects",
            .title = QT_TRANSLATE_NOOP("Pages", "Interconnects"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Collectives on a fabric: busbw and time by size for every algorithm, your nccl-tests run beside them, "
                                                  "and the ring all-reduce step by step"),
            .make = makePage<InterconnectsPage>};
}

} // namespace accelscope::gui::pages::interconnects
