// SPDX-License-Identifier: MIT
// The LLM calculator's chart without ImGui: stacked per-device bars and the fit matrix as a Scene.
#pragma once

#include "app/gui/canvas/scene.hpp"
#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/memory/llm_memory_plan.hpp"

#include <string>
#include <vector>

namespace accelscope::gui::llm {

/// Colour of a stacked part by its name (the same part keeps its colour in every bar).
Rgba partColour(const std::string& name, bool dark);

/// Draws what models/memory computed: one bar per chosen device with its verdict, and the matrix.
class LlmChart {
public:
    /// `catalog` and `barIds` must outlive the chart (it is made for one frame or one export).
    LlmChart(const std::vector<models::catalog::Device>& catalog, const std::vector<std::string>& barIds);

    /// The colour key and one stacked bar per bar device, or the model's refusal as one line.
    Scene bars(const models::Result<models::memory::MemoryBreakdown>& breakdown, float width, bool dark, float fontSize,
               Scene::Measure measure) const;
    /// The fit matrix as text and coloured cells from `top` down.
    static void addMatrix(Scene& s, float top, bool dark, models::memory::LlmMode mode, const std::vector<models::memory::FitRow>& matrix);
    /// Bars and the whole matrix as SVG.
    std::string svg(const models::Result<models::memory::MemoryBreakdown>& breakdown, models::memory::LlmMode mode,
                    const std::vector<models::memory::FitRow>& matrix, bool dark) const;

private:
    float addBarKey(Scene& s, const models::memory::MemoryBreakdown& b, bool dark) const; ///< returns the first bar's top

    const std::vector<models::catalog::Device>& m_catalog;
    const std::vector<std::string>& m_bars;
};

} // namespace accelscope::gui::llm
