// SPDX-License-Identifier: MIT
// The LLM calculator's chart as a pure function: one stacked bar per chosen device (the parts of models/memory's
// breakdown) with its verdict, and the page's figure. The page rasterises the chart; `memory infer|train … --svg`
// writes the figure.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/figure/chart_canvas.hpp"
#include "models/memory/llm_memory_plan.hpp"

#include <string>
#include <vector>

namespace accelscope::models::memory {

/// Colour of a stacked part by its name (the same part keeps its colour in every bar).
figure::Colour partColour(const std::string& name, bool dark);

/// The colour key and one stacked bar per device of `bars` (in order), or the model's refusal as one
/// line, `width` wide at text size `fontSize`; `measure` gives text widths (textWidthEstimate when empty).
figure::Chart llmMemoryChart(const Result<MemoryBreakdown>& breakdown, const std::vector<catalog::Device>& bars, float width, bool dark,
                             float fontSize, figure::Measure measure = {});

/// The page's figure: the bars 1300 px wide at 15 px text (no verdict cut short), the breakdown and each
/// device's verdict as statistics. Error: the model's, when the settings give no breakdown.
Result<figure::Figure> llmMemoryFigure(const LlmMemorySettings& settings, const std::vector<catalog::Device>& bars, bool dark);

} // namespace accelscope::models::memory
