// SPDX-License-Identifier: MIT
// The Precision page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/precision/precision_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::precision {

PageModule pageModule()
{
    return {.id = "precision",
            .title = QT_TRANSLATE_NOOP("Pages", "Precision"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Number formats from FP32 to FP4, MX and NVFP4: bits, ranges, error"),
            .make = makePage<PrecisionPage>,
            .contract = "precision"};
}

} // namespace accelscope::gui::pages::precision
