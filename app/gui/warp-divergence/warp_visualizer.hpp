// SPDX-License-Identifier: MIT
// Warp divergence: the lanes × cycles grid of both execution models side by side, the program
// with the current instruction, playback, statistics, and editing of the program and data.
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/visualizer.hpp"
#include "models/figure/figure.hpp"
#include "models/simt/warp_simulator.hpp"

#include <array>
#include <expected>
#include <optional>
#include <string>

namespace accelscope::gui::warp {

class WarpVisualizer : public Visualizer {
public:
    WarpVisualizer();
    std::string id() const override { return "warp-divergence"; }
    std::string title() const override { return "Warp divergence"; }
    void draw(DrawContext& context) override;

    /// Loads a preset (program and data pattern); false for an unknown name.
    bool loadPreset(std::string_view name);
    /// Replaces the program text; the runs update (or show the parse error).
    void setProgram(const std::string& source);
    /// Comma- or space-separated data values; empty = the preset's pattern.
    void setCustomData(const std::string& text);
    void setWidth(int width) { m_width = width; m_dirty = true; }
    void setWarps(int warps) { m_warps = warps; m_dirty = true; }
    void setDataPattern(models::simt::DataPattern pattern) { m_pattern = pattern; m_dirty = true; }
    const std::string& preset() const { return m_preset; }
    int width() const { return m_width; }
    int warps() const { return m_warps; }
    models::simt::DataPattern dataPattern() const { return m_pattern; }
    /// A panel to point at (a lesson step's `model`): framed and labelled; loadPreset clears it.
    void setHighlightedModel(std::optional<models::simt::ExecutionModel> model) { m_highlight = model; }
    std::optional<models::simt::ExecutionModel> highlightedModel() const { return m_highlight; }

    /// Playback position: number of costed issues of warp 0 shown (per model); −1 = all.
    void setStep(int step) { m_step = step; }
    int step() const { return m_step; }
    /// Issues of warp 0 with a cost in the longer of the two runs (the playback length).
    int stepCount();
    void togglePlay() { m_playing = !m_playing; }
    bool playing() const { return m_playing; }

    /// Results of the last update (recomputed when inputs change).
    const std::optional<models::simt::WarpRun>& run(models::simt::ExecutionModel model);
    const std::string& error() { refresh(); return m_error; }
    /// The slide figure at the current step (models::simt::warpFigure); why not when the program
    /// does not run.
    std::expected<models::figure::Figure, std::string> figure(bool dark);
    /// The light figure as SVG (empty when the program does not run).
    std::string svg();

private:
    /// The lesson settings contract: the controls' ranges come from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("warp-divergence");
    void refresh();
    void drawControls();
    void drawGrid(models::simt::ExecutionModel model, float width, float height, bool dark);
    void drawProgram(int highlightLine);
    unsigned int colourOfLine(int line) const;
    std::array<char, 4096> m_source{};
    std::array<char, 1024> m_dataText{};
    std::string m_preset = "nested-ifs";
    models::simt::DataPattern m_pattern = models::simt::DataPattern::Identity;
    int m_width = 32;
    int m_warps = 1;
    int m_seed = 1;
    int m_step = -1;
    std::optional<models::simt::ExecutionModel> m_highlight;
    bool m_playing = false;
    float m_speed = 4.0f; ///< issues per second while playing
    double m_lastAdvance = 0.0;
    bool m_dirty = true;
    std::string m_error;
    std::optional<models::simt::WarpRun> m_preVolta;
    std::optional<models::simt::WarpRun> m_its;
    models::simt::WarpProgram m_program;
};

} // namespace accelscope::gui::warp
