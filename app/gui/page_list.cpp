// SPDX-License-Identifier: MIT
// The order of the section list: one page id per line. A page's module is its folder
// (app/gui/<id>/page_module.cpp); a test fails when an id here has no module or a module is missing.
#include "app/gui/page_module.hpp"

namespace accelscope::gui {

std::vector<std::string_view> pageOrder()
{
    return {
        "catalog",
        "compare",
        "precision",
        "warp-divergence",
        "pipeline-bubbles",
        "inside-the-chip",
        "roofline",
        "memory-pyramid",
        "llm-calculator",
        "labs",
        "serving-planner",
        "interconnects",
        "training-step",
        "lessons",
    };
}

} // namespace accelscope::gui
