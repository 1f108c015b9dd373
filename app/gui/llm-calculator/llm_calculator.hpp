// SPDX-License-Identifier: MIT
// The LLM calculator: inference or training memory per device, stacked per part, and where the model fits in the catalog.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/figure/figure.hpp"
#include "app/gui/llm-calculator/llm_controls.hpp"
#include "app/gui/llm-calculator/machine_decode_panel.hpp"
#include "app/gui/llm-calculator/training_layouts.hpp"
#include "models/memory/llm_memory_plan.hpp"

#include <array>
#include <expected>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::llm {

/// The settings live in models/memory (the CLI and the lesson predicates read the same struct).
using CalcMode = models::memory::LlmMode;
using CalcSettings = models::memory::LlmMemorySettings;
using models::memory::FitCell;
using models::memory::FitRow;
using models::memory::MemoryBreakdown;
using models::memory::MemoryPart;

class LlmCalculator : public Visualizer {
public:
    explicit LlmCalculator(std::vector<models::catalog::Device> devices = {});
    std::string id() const override { return "llm-calculator"; }
    std::string title() const override { return "LLM calculator"; }
    void draw(DrawContext& context) override;

    void setCatalog(std::vector<models::catalog::Device> devices);
    CalcSettings& settings() { return m_settings; }
    /// Devices drawn as stacked bars (up to maxBars).
    void setBarDevices(std::vector<std::string> ids);
    const std::vector<std::string>& barDevices() const { return m_bars; }

    /// Per-device bytes at the chosen layout (models::memory::memoryBreakdown), or the model's error.
    models::Result<MemoryBreakdown> breakdown() const { return models::memory::memoryBreakdown(m_settings); }
    /// The fit matrix over every catalog device with a memory figure (models::memory::fitMatrix), cached per settings.
    const std::vector<FitRow>& fitMatrix();
    static constexpr std::array<int, 7> degrees = models::memory::fitMatrixDegrees;
    static constexpr std::size_t maxBars = LlmControls::maxBars;

    /// "This machine": the newest saved cpu-kernels run's decode, drawn under the bars in inference mode.
    MachineDecodePanel& machineDecode() { return m_machine; }

    /// The page's figure as SVG in the theme last drawn (what `memory infer|train --svg` writes); empty when the model refuses.
    std::string svg();
    /// The slide figure (models/memory/llm_memory_chart): the stacked bars with their key, the breakdown as
    /// statistics; the model's error when the settings give none.
    std::expected<models::figure::Figure, std::string> figure(bool dark);

private:
    void drawMatrix(bool dark);
    /// The catalog entries of the bar devices, in order.
    std::vector<models::catalog::Device> barEntries() const;

    std::vector<models::catalog::Device> m_catalog;
    CalcSettings m_settings;
    std::vector<std::string> m_bars;
    LlmControls m_controls;
    TrainingLayouts m_training; ///< training mode: the layout search on the first bar device
    MachineDecodePanel m_machine;
    std::vector<FitRow> m_matrix;
    std::optional<CalcSettings> m_matrixFor;
    bool m_lastDark = false;
};

} // namespace accelscope::gui::llm
