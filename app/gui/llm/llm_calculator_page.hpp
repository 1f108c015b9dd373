// SPDX-License-Identifier: MIT
// The LLM calculator page.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/llm/llm_calculator.hpp"

namespace accelscope::gui {

class LlmCalculatorPage : public CanvasPage {
    Q_OBJECT
public:
    explicit LlmCalculatorPage(AppContext& context, QWidget* parent = nullptr);
    llm::LlmCalculator& calculator() { return m_calculator; }

private:
    llm::LlmCalculator m_calculator;
};

} // namespace accelscope::gui
