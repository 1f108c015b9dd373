// SPDX-License-Identifier: MIT
// The LLM calculator: inference or training memory per device, stacked per part, and where the model fits in the catalog.
#pragma once

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/scene.hpp"
#include "app/gui/canvas/visualizer.hpp"
#include "models/memory/training_memory.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::llm {

enum class CalcMode { Inference, Training };

/// Everything the user sets; the models turn it into bytes.
struct CalcSettings {
    std::string modelId = "llama2-70b";
    CalcMode mode = CalcMode::Inference;
    std::string weights = "bf16";     ///< weight format (training: weights and gradients)
    std::string kvCache = "bf16";
    std::string activations = "bf16";
    int batch = 1;
    int promptTokens = 4096;
    int generatedTokens = 512;
    int tensorParallel = 1;           ///< inference and training
    int dataParallel = 8;             ///< training: the ZeRO partition degree
    int pipelineParallel = 1;
    int zeroStage = 1;
    models::memory::Recompute recompute = models::memory::Recompute::Selective;
    bool sequenceParallel = false;
    int microBatch = 1;
    int sequence = 4096;
    bool operator==(const CalcSettings&) const = default;
};

/// One stacked part of the per-device bytes.
struct MemoryPart {
    std::string name;
    double bytes = 0.0;
};

/// Per-device bytes at the chosen layout, or the model's error message.
struct MemoryBreakdown {
    std::vector<MemoryPart> parts;
    double totalBytes = 0.0;
    std::string problem;
    std::string summary; ///< parameters and layout in words
};

/// One cell of the fit matrix: `degree` devices in the varied dimension (tp for inference, dp for training).
struct FitCell {
    int degree = 1;
    std::optional<double> perDeviceBytes; ///< empty: the layout is not valid (see problem)
    bool fits = false;
    std::string problem;
};

/// One catalog device across the parallel degrees.
struct FitRow {
    std::string deviceId;
    std::string name;
    double capacityBytes = 0.0;
    std::optional<int> fewest; ///< fewest devices in the varied dimension that hold the model (up to 64)
    std::vector<FitCell> cells;
};

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

    /// Per-device bytes at the chosen layout (models/memory).
    MemoryBreakdown breakdown() const;
    /// Per-device bytes at `degree` in the varied dimension, or the model's error.
    std::pair<std::optional<double>, std::string> perDeviceBytes(int degree) const;
    /// The fit matrix over every catalog device with a memory figure, ranked by models::memory::fewestDevices.
    const std::vector<FitRow>& fitMatrix();
    static constexpr std::array<int, 7> degrees{1, 2, 4, 8, 16, 32, 64};
    static constexpr std::size_t maxBars = 4;

    /// Stacked bars and the whole fit matrix as SVG.
    std::string svg();

private:
    void drawControls();
    void drawMatrix(bool dark);
    Scene bars(float width, bool dark, float fontSize, Scene::Measure measure) const;
    float addBarKey(Scene& s, const MemoryBreakdown& b, bool dark) const; ///< the colour key; returns the first bar's top
    void addMatrix(Scene& s, float top, bool dark);

    std::vector<models::catalog::Device> m_catalog;
    CalcSettings m_settings;
    std::vector<std::string> m_modelIds;
    std::vector<std::string> m_bars;
    std::array<DevicePicker, maxBars + 1> m_pickers;
    std::vector<FitRow> m_matrix;
    std::optional<CalcSettings> m_matrixFor;
    bool m_lastDark = false;
};

/// Colour of a stacked part by its name (the same part keeps its colour in every bar).
Rgba partColour(const std::string& name, bool dark);

} // namespace accelscope::gui::llm
