// SPDX-License-Identifier: MIT
// The LLM calculator page.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/canvas/canvas_page.hpp"
#include "app/gui/llm-calculator/llm_calculator.hpp"

namespace accelscope::gui {

class LlmCalculatorPage : public CanvasPage, public LessonTarget, public FigurePage {
    Q_OBJECT
public:
    LlmCalculatorPage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: the keys of its contract; the state adds activations.
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    // FigurePage: the stacked bars per device
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    llm::LlmCalculator& calculator() { return m_calculator; }
    /// Reads the newest saved cpu-kernels run into the "This machine" panel (labs::latestMachineDecode);
    /// true when it has a decode to show. Also done when the page is shown.
    bool showThisMachine();

protected:
    void showEvent(QShowEvent* event) override;

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    AppContext& m_context;
    llm::LlmCalculator m_calculator;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("llm-calculator")};
};

} // namespace accelscope::gui
