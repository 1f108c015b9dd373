// SPDX-License-Identifier: MIT
// The LLM calculator's "This machine" panel: the newest saved cpu-kernels run's decode of its small
// model, predicted by the serving model from the run's ceilings beside what the run measured.
#pragma once

#include "labs/measured/machine_decode.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::llm {

class MachineDecodePanel {
public:
    /// What the panel's buttons do (the page connects them): read the newest saved run again, open
    /// the Labs page at the CPU kernels lab.
    struct Actions {
        std::function<void()> reload;
        std::function<void()> openKernelsLab;
    };
    void setActions(Actions actions) { m_actions = std::move(actions); }
    const Actions& actions() const { return m_actions; }

    /// The decode to show, or none with why (no saved run, an older run, a store error).
    void setDecode(std::optional<labs::MachineDecode> decode, std::string problem);
    const std::optional<labs::MachineDecode>& decode() const { return m_decode; }
    const std::string& problem() const { return m_problem; }

    /// One row per weight format as drawn: the label and labs::decodeComparisonText (the CLI's
    /// `lab show ID --decode` cells).
    struct Row {
        std::string label;
        labs::DecodeComparisonText text;
    };
    std::vector<Row> rows() const;
    /// "Source: cpu-kernels lab, <date> (result #N), <machine>, one core" (empty without a decode).
    std::string sourceLine() const;

    /// Draws the panel (ImGui): a header, the table and measured-vs-predicted bars, or the problem
    /// with the lab's button.
    void draw();

private:
    void drawTable();
    void drawBars();

    Actions m_actions;
    std::optional<labs::MachineDecode> m_decode;
    std::string m_problem = "No saved CPU kernels run yet.";
};

} // namespace accelscope::gui::llm
