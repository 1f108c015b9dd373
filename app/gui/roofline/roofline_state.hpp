// SPDX-License-Identifier: MIT
// What the roofline page shows: the chart's state (models/roofline/roofline_state) and what the page's
// "This machine" controls do. No ImGui, no Qt.
#pragma once

#include "labs/measured/measured_roofline.hpp"
#include "models/roofline/roofline_state.hpp"

#include <functional>
#include <string>

namespace accelscope::gui::roofline {

using models::roofline::ChartMode;

/// The chart's settings plus the page's "This machine" actions.
class RooflineState : public models::roofline::RooflineState {
public:
    using models::roofline::RooflineState::RooflineState;

    /// "This machine": what the page does when the controls ask for it (load the latest saved
    /// cpu-kernels run; open the Labs page on that lab). Unset: the controls offer neither.
    struct MachineActions {
        std::function<void()> showThisMachine;
        std::function<void()> openKernelsLab;
    };
    void setMachineActions(MachineActions actions) { m_machineActions = std::move(actions); }
    const MachineActions& machineActions() const { return m_machineActions; }
    /// Why this machine has no measured kernels to show (no saved run, an old run); empty when it has.
    void setMachineProblem(std::string problem) { m_machineProblem = std::move(problem); }
    const std::string& machineProblem() const { return m_machineProblem; }

private:
    MachineActions m_machineActions;
    std::string m_machineProblem;
};

} // namespace accelscope::gui::roofline
