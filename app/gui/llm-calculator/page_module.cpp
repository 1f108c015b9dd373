// SPDX-License-Identifier: MIT
// The LLM calculator page's module: its id, title, tooltip, how it is made and the settings contract it binds.
#include "app/gui/llm-calculator/llm_calculator_page.hpp"
#include "app/gui/page_module.hpp"

#include <QtGlobal>

namespace accelscope::gui::pages::llm_calculator {

PageModule pageModule()
{
    return {.id = "llm-calculator",
            .title = QT_TRANSLATE_NOOP("Pages", "LLM calculator"),
            .tooltip = QT_TRANSLATE_NOOP("Pages", "Inference and training memory per device and where a model fits"),
            .make = makePage<LlmCalculatorPage>,
            .contract = "llm-calculator"};
}

} // namespace accelscope::gui::pages::llm_calculator
