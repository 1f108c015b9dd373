// SPDX-License-Identifier: MIT
// Quantization lab: a tensor's histogram with a format's grid, and the error of several formats.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/precision/format_analysis.hpp"
#include "models/precision/tensor_quantizer.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::gui::precision {

class QuantizationLabView : public Visualizer {
public:
    QuantizationLabView();
    std::string id() const override { return "precision-quantization"; }
    std::string title() const override { return "Quantization lab"; }
    void draw(DrawContext& context) override;

    /// Uses a loaded tensor (from a file) instead of the generated distribution.
    void setTensor(std::vector<double> values, std::string name);
    /// Back to the generated distribution.
    void useDistribution();
    /// Generates the tensor from a named distribution (models/precision/distributions); false when unknown.
    bool setDistribution(std::string_view name);
    std::string distribution() const;
    struct Result {
        std::string scheme;
        models::precision::QuantMetrics metrics;
        std::string error; ///< non-empty when the scheme could not be applied
    };
    /// Metrics of every selected scheme on the current tensor (recomputed when inputs change).
    const std::vector<Result>& results();
    /// CSV of the results table, for export.
    std::string csv();
    std::size_t tensorSize() const { return m_tensor.size(); }

private:
    void regenerate();
    void drawControls();
    void drawHistogram();
    void drawResults();
    std::vector<double> m_tensor;
    std::string m_tensorName;
    bool m_fromFile = false;
    int m_distribution = 3; // student-t
    int m_count = 65536;
    int m_seed = 1;
    std::array<bool, 12> m_selected{};
    int m_gridFormat = 2; // index into the grid format list
    bool m_dirty = true;
    std::vector<Result> m_results;
    models::precision::Histogram m_histogram;
};

} // namespace accelscope::gui::precision
