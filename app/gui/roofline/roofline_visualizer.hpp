// SPDX-License-Identifier: MIT
// The roofline page's canvas: ties the state, its chart (models/roofline/roofline_chart) and its control panel together.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "app/gui/roofline/roofline_controls.hpp"
#include "app/gui/roofline/roofline_state.hpp"
#include "models/figure/chart_canvas.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::roofline {

// The kernel vocabulary and the placements moved to models/roofline; these names keep the callers
// of the page (roofline_page, main_window_lessons, the GUI tests) compiling unchanged.
using models::roofline::KernelEntry;
using models::roofline::KernelKind;
using models::roofline::KernelPlacement;
using models::roofline::LlmChartSettings;
using models::roofline::LlmDeviceAnalysis;
using models::roofline::kernelCost;
using models::roofline::kernelEntryFromSpec;

/// The roofline visualizer: log-log roofs of several devices, kernels or LLM ops placed by
/// models/roofline, measured roofs. It only draws; the numbers come from RooflineState.
class RooflineVisualizer : public Visualizer {
public:
    explicit RooflineVisualizer(std::vector<models::catalog::Device> devices = {}) : m_state(std::move(devices)) {}
    std::string id() const override { return "roofline"; }
    std::string title() const override { return "Roofline"; }
    void draw(DrawContext& context) override;

    RooflineState& state() { return m_state; }
    const RooflineState& state() const { return m_state; }

    void setCatalog(std::vector<models::catalog::Device> devices) { m_state.setCatalog(std::move(devices)); }
    /// Devices on the chart (unknown ids are kept out; at most maxDevices).
    void setDevices(std::vector<std::string> ids) { m_state.setDevices(std::move(ids)); }
    const std::vector<std::string>& deviceIds() const { return m_state.deviceIds(); }
    void setPrecisionShown(const std::string& precision, bool shown) { m_state.setPrecisionShown(precision, shown); }
    /// Shows this precision's roofs and no other.
    void showOnlyPrecision(const std::string& precision) { m_state.showOnlyPrecision(precision); }
    void setSparse(bool sparse) { m_state.setSparse(sparse); }
    bool sparse() const { return m_state.sparse(); }
    bool precisionShown(const std::string& precision) const { return m_state.precisionShown(precision); }
    void setLevelShown(models::roofline::MemoryLevel level, bool shown) { m_state.setLevelShown(level, shown); }
    bool levelShown(models::roofline::MemoryLevel level) const { return m_state.levelShown(level); }
    /// Only the device-memory roof and kernels placed against it (the classic roofline).
    void setDramOnly(bool dramOnly) { m_state.setDramOnly(dramOnly); }
    bool dramOnly() const { return m_state.dramOnly(); }
    std::vector<KernelEntry>& kernels() { return m_state.kernels(); }
    void setMode(ChartMode mode) { m_state.setMode(mode); }
    ChartMode mode() const { return m_state.mode(); }
    LlmChartSettings& llm() { return m_state.llm(); }

    /// Every visible kernel on every chosen device (the dots of the kernel mode).
    std::vector<KernelPlacement> placements() const { return m_state.placements(); }
    /// The LLM mode's analyses, one per chosen device.
    std::vector<LlmDeviceAnalysis> llmAnalyses() const { return m_state.llmAnalyses(); }

    void showMeasured(labs::MeasuredRoofline measured) { m_state.showMeasured(std::move(measured)); }
    void clearMeasured() { m_state.clearMeasured(); }
    const std::optional<labs::MeasuredRoofline>& measured() const { return m_state.measured(); }

    /// The chart (models/roofline/roofline_chart) on a `width` × `height` area (what tests inspect).
    models::figure::Chart chart(float width, float height, bool dark, float fontSize, models::figure::Measure measure = {}) const;
    /// The page's figure as SVG in the theme last drawn (what `roofline --svg` writes); empty without a device.
    std::string svg() const;
    /// The chart as last drawn (none before the first frame).
    const std::optional<models::figure::Chart>& lastChart() const { return m_lastChart; }
    /// The tooltip at (x, y) of the last drawn chart, chart coordinates.
    std::string tipAt(float x, float y) const { return m_lastChart ? models::figure::tipAt(*m_lastChart, x, y) : std::string(); }
    /// Width of `text` at `size` in the font the last chart was laid out with (the estimate before the first frame).
    float chartTextWidth(const std::string& text, float size) const
    {
        return m_lastMeasure ? m_lastMeasure(text, size) : static_cast<float>(models::figure::textWidthEstimate(text, size));
    }

    static constexpr std::size_t maxDevices = RooflineState::maxDevices;

private:
    RooflineState m_state;
    RooflineControls m_controls;
    std::optional<models::figure::Chart> m_lastChart;
    models::figure::Measure m_lastMeasure;
    bool m_lastDark = false;
};

} // namespace accelscope::gui::roofline
