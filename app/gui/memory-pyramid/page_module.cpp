// SPDX-License-Identifier: MIT
// The Memory pyramid page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/memory-pyramid/memory_pyramid_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::memory_pyramid {

PageModule pageModule()
{
    return {.id = "memory-pyramid",
            .title = QT_TRANSLATE_NOOP("Pages", "Memory pyramid"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Capacity, bandwidth and latency per level, beside this machine's caches"),
            .make = makePage<MemoryPyramidPage>,
            .contract = "memory-pyramid"};
}

} // namespace accelscope::gui::pages::memory_pyramid
