// SPDX-License-Identifier: MIT
// The Warp divergence page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/warp-divergence/warp_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::warp_divergence {

PageModule pageModule()
{
    return {.id = "warp-divergence",
            .title = QT_TRANSLATE_NOOP("Pages", "Warp divergence"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "SIMT execution: divergent branches under a reconvergence stack and ITS"),
            .make = makePage<WarpPage>,
            .contract = "warp-divergence"};
}

} // namespace accelscope::gui::pages::warp_divergence
