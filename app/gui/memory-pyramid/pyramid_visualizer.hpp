// SPDX-License-Identifier: MIT
// Memory pyramids of one or two catalog devices and the local CPU, with "move N bytes" times per level.
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/scene.hpp"
#include "app/gui/canvas/visualizer.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "models/memory/memory_pyramid.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::memory {

/// One level as the page shows it: every figure as text with its basis mark.
struct PyramidRow {
    std::string subject;    ///< the pyramid's name
    std::string label;
    std::string scope;
    std::string capacity;   ///< "50 MiB [S]", "? (a link has no capacity)"
    std::string bandwidth;
    std::string latency;
    std::string moveTime;   ///< time to move the chosen bytes through this level, or why there is none
    models::roofline::Basis capacityBasis = models::roofline::Basis::Unknown;
    models::roofline::Basis bandwidthBasis = models::roofline::Basis::Unknown;
    models::roofline::Basis latencyBasis = models::roofline::Basis::Unknown;
    bool measured = false;  ///< a lab figure replaced an unknown one
};

/// "[S]" sourced, "[D]" derived, "[P]" measured in a paper, "[E]" estimate, "[?]" unknown.
const char* basisMark(models::roofline::Basis basis);

class PyramidVisualizer : public Visualizer {
public:
    /// `local` is the local CPU's pyramid (from hwloc), or empty with `localProblem` saying why.
    PyramidVisualizer(std::vector<models::catalog::Device> devices, std::optional<models::memory::MemoryPyramid> local,
                      std::string localProblem);
    std::string id() const override { return "memory-pyramid"; }
    std::string title() const override { return "Memory pyramid"; }
    void draw(DrawContext& context) override;

    void setCatalog(std::vector<models::catalog::Device> devices) { m_catalog = std::move(devices); }
    /// First and second device (the second may be empty).
    void setDevices(std::string first, std::string second);
    void setShowLocal(bool show) { m_showLocal = show; }
    bool showLocal() const { return m_showLocal; }
    const std::string& firstDevice() const { return m_first; }
    const std::string& secondDevice() const { return m_second; }
    void setMoveBytes(double bytes) { m_moveBytes = bytes; }
    double moveBytes() const { return m_moveBytes; }

    /// The pyramids shown, left to right.
    std::vector<models::memory::MemoryPyramid> pyramids() const;
    /// One row per level of every pyramid shown (measured figures filled in on the local one).
    std::vector<PyramidRow> rows() const;

    void showMeasured(labs::MeasuredPyramid measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<labs::MeasuredPyramid>& measured() const { return m_measured; }

    Scene chart(float width, float height, bool dark, float fontSize, Scene::Measure measure = {}) const;
    std::string svg() const;
    std::string tipAt(float x, float y) const { return m_lastChart ? m_lastChart->tipAt(x, y) : std::string(); }

private:
    /// The lesson settings contract: the move slider's range comes from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("memory-pyramid");
    struct Column;
    std::vector<Column> columns() const;
    /// The hover text of one level: every figure with its formula and source, the move time and the lab that measures it.
    std::string levelTip(const Column& column, const models::memory::PyramidLevel& level, const PyramidRow& row) const;
    const labs::MeasuredLevel* measuredFor(const models::memory::PyramidLevel& level) const;
    PyramidRow row(const std::string& subject, const models::memory::PyramidLevel& level, bool local) const;
    void drawControls();

    std::vector<models::catalog::Device> m_catalog;
    models::memory::MemoryHierarchy m_hierarchy;
    std::string m_hierarchyProblem; ///< why the bundled hierarchy did not load, or empty
    std::optional<models::memory::MemoryPyramid> m_local;
    std::string m_localProblem;
    std::string m_first = "nvidia-h100-sxm";
    std::string m_second = "amd-instinct-mi300x";
    bool m_showLocal = true;
    double m_moveBytes = 1e9;
    std::optional<labs::MeasuredPyramid> m_measured;
    std::array<DevicePicker, 2> m_pickers;
    std::optional<Scene> m_lastChart;
    bool m_lastDark = false;
};

} // namespace accelscope::gui::memory
