// SPDX-License-Identifier: MIT
// The roofline chart: log-log roofs of several devices, kernels placed by models/roofline, an LLM mode, measured roofs.
#pragma once

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/scene.hpp"
#include "app/gui/canvas/visualizer.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "models/roofline/llm_analysis.hpp"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace accelscope::gui::roofline {

/// Kernels the chart offers; `size` and `batch` map onto each kernel's shape (see kernelCost).
enum class KernelKind { Gemm, DecodeGemv, GemmNaive, DecodeAttention, FlashAttention, StandardAttention, Softmax, RmsNorm,
                        LayerNorm, Elementwise, Conv2d };

/// One kernel on the chart.
struct KernelEntry {
    KernelKind kind = KernelKind::Gemm;
    int size = 4096;
    int batch = 4096;
    std::string dtype = "bf16";
    bool visible = true;
};

/// "GEMM", "decode GEMV", …
const char* kernelKindName(KernelKind kind);
/// What `size` and `batch` mean for the kind ("N = K", "M (tokens)").
const char* kernelSizeMeaning(KernelKind kind);
const char* kernelBatchMeaning(KernelKind kind);
/// FLOPs and bytes of the entry from models/roofline/kernels (Error for an unknown dtype).
models::Result<models::roofline::KernelCost> kernelCost(const KernelEntry& entry);
/// The chart entry for a kernel spec ("gemm:M=256,N=256,K=256", see kernelFromSpec), so its size
/// stays adjustable with the chart's controls. Error when the spec is invalid or the controls
/// cannot express it (a GEMM with N ≠ K, conv2d, …); the entry's cost equals the spec's.
models::Result<KernelEntry> kernelEntryFromSpec(std::string_view spec);

/// One kernel on one device's roofs. `bound` is empty when the device lacks a figure; `problem` says which.
struct KernelPlacement {
    std::size_t kernel = 0;
    std::size_t device = 0;
    models::roofline::KernelCost cost;
    std::optional<models::roofline::KernelBound> bound;
    double peakTflops = 0.0;
    double bandwidthGBps = 0.0;
    std::string roof;     ///< "bf16 tensor dense"
    std::string problem;
};

/// The LLM mode's settings (a subset of models::roofline::LlmWorkload plus the model).
struct LlmChartSettings {
    std::string modelId = "llama3.1-8b";
    models::roofline::LlmWorkload workload;
};

/// The LLM analysis of one chosen device, or why there is none.
struct LlmDeviceAnalysis {
    std::string deviceId;
    std::optional<models::roofline::LlmAnalysis> analysis;
    std::string problem;
};

enum class ChartMode { Kernels, Llm };

class RooflineVisualizer : public Visualizer {
public:
    explicit RooflineVisualizer(std::vector<models::catalog::Device> devices = {});
    std::string id() const override { return "roofline"; }
    std::string title() const override { return "Roofline"; }
    void draw(DrawContext& context) override;

    void setCatalog(std::vector<models::catalog::Device> devices);
    /// Devices on the chart (unknown ids are kept out; at most maxDevices).
    void setDevices(std::vector<std::string> ids);
    const std::vector<std::string>& deviceIds() const { return m_deviceIds; }
    void setPrecisionShown(const std::string& precision, bool shown);
    /// Shows this precision's roofs and no other.
    void showOnlyPrecision(const std::string& precision) { m_precisions = {precision}; }
    void setSparse(bool sparse) { m_sparse = sparse; }
    bool sparse() const { return m_sparse; }
    bool precisionShown(const std::string& precision) const { return m_precisions.contains(precision); }
    void setLevelShown(models::roofline::MemoryLevel level, bool shown);
    bool levelShown(models::roofline::MemoryLevel level) const { return m_levels.contains(level); }
    std::vector<KernelEntry>& kernels() { return m_kernels; }
    void setMode(ChartMode mode) { m_mode = mode; }
    ChartMode mode() const { return m_mode; }
    LlmChartSettings& llm() { return m_llm; }

    /// Every visible kernel on every chosen device (the dots of the kernel mode).
    std::vector<KernelPlacement> placements() const;
    /// The LLM mode's analyses, one per chosen device; `error` is the workload's own error, if any.
    std::vector<LlmDeviceAnalysis> llmAnalyses() const;

    void showMeasured(labs::MeasuredRoofline measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<labs::MeasuredRoofline>& measured() const { return m_measured; }

    /// Builds the chart as drawn on a `width` × `height` area (also used by tests and the SVG export).
    Scene chart(float width, float height, bool dark, float fontSize, Scene::Measure measure = {}) const;
    /// The chart as SVG at the size last drawn (900 × 600 before the first frame).
    std::string svg() const;
    /// The chart as last drawn (none before the first frame).
    const std::optional<Scene>& lastChart() const { return m_lastChart; }
    /// The tooltip at (x, y) of the last drawn chart, chart coordinates.
    std::string tipAt(float x, float y) const { return m_lastChart ? m_lastChart->tipAt(x, y) : std::string(); }

    static constexpr std::size_t maxDevices = 4;

private:
    struct Axes;
    struct RoofLabel;
    void drawControls();
    void drawKernelControls();
    void drawLlmControls();
    Axes axes(float width, float height, float fontSize, float top, float right) const;
    void addRoofs(Scene& scene, const Axes& a, bool dark, std::vector<RoofLabel>& labels) const;
    void addKernels(Scene& scene, const Axes& a, bool dark) const;
    void addLlm(Scene& scene, const Axes& a, bool dark) const;
    void addMeasured(Scene& scene, const Axes& a, bool dark, std::vector<RoofLabel>& labels) const;
    /// How the legend is drawn: its text size in pixels; compact = devices without their compute peaks.
    struct LegendStyle {
        float size;
        bool compact;
    };
    float addLegend(Scene& scene, bool dark, LegendStyle style) const; ///< returns its height
    std::vector<std::string> deviceLegend(const models::catalog::Device& d, bool compact) const; ///< a device's legend phrases
    LegendStyle legendStyle(float width, float height, bool dark, float fontSize, const Scene::Measure& measure) const;
    float roofLabelMargin(const Scene& scene) const;
    void addGrid(Scene& scene, const Axes& a, bool dark) const;
    const models::catalog::Device* device(std::size_t index) const;
    std::optional<models::roofline::ComputeCeiling> roofFor(const models::catalog::Device& d, const std::string& precision,
                                                            models::roofline::Sparsity sparsity) const;

    std::vector<models::catalog::Device> m_catalog;
    std::vector<std::string> m_deviceIds;
    std::set<std::string> m_precisions{"bf16", "fp8"};
    std::set<models::roofline::MemoryLevel> m_levels{models::roofline::MemoryLevel::DeviceMemory};
    bool m_sparse = false;
    std::vector<KernelEntry> m_kernels;
    ChartMode m_mode = ChartMode::Kernels;
    LlmChartSettings m_llm;
    std::vector<std::string> m_modelIds;
    std::optional<labs::MeasuredRoofline> m_measured;
    std::array<DevicePicker, maxDevices + 1> m_pickers;
    std::optional<Scene> m_lastChart;
    bool m_lastDark = false;
};

} // namespace accelscope::gui::roofline
