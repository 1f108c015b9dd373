// SPDX-License-Identifier: MIT
// The Inside-the-chip page's module: its id, title, tooltip and how it is made.
#include "app/gui/inside-the-chip/inside_the_chip_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::inside_the_chip {

PageModule pageModule()
{
    return {.id = "inside-the-chip",
            .title = QT_TRANSLATE_NOOP("Pages", "Inside the chip"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "A GEMM's tiles in waves over the cores (the wave-quantization sawtooth) and a launch's occupancy: "
                                                  "the resource that binds and the next cliff"),
            .make = makePage<InsideTheChipPage>};
}

} // namespace accelscope::gui::pages::inside_the_chip
