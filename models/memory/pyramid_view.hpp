// SPDX-License-Identifier: MIT
// The Memory pyramid page's state and chart: pyramids of one or two catalog devices and the local CPU, with
// "move N bytes" times per level, as rows of text and as a figure Drawing with hover tips (a pure function
// of the state). The page rasterises the chart; its figure and `memory pyramid … --svg` write it.
#pragma once

#include "models/catalog/device.hpp"
#include "models/figure/chart_canvas.hpp"
#include "models/memory/measured_levels.hpp"
#include "models/memory/memory_hierarchy.hpp"
#include "models/memory/memory_pyramid.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::memory {

/// One level as the page shows it: every figure as text with its basis mark.
struct PyramidRow {
    std::string subject;    ///< the pyramid's name
    std::string label;
    std::string scope;
    std::string capacity;   ///< "50 MiB [S]", "? (a link has no capacity)"
    std::string bandwidth;
    std::string latency;
    std::string moveTime;   ///< time to move the chosen bytes through this level, or why there is none
    roofline::Basis capacityBasis = roofline::Basis::Unknown;
    roofline::Basis bandwidthBasis = roofline::Basis::Unknown;
    roofline::Basis latencyBasis = roofline::Basis::Unknown;
    bool measured = false;  ///< a lab figure replaced an unknown one
};

/// "[S]" sourced, "[D]" derived, "[P]" measured in a paper, "[E]" estimate, "[?]" unknown.
const char* basisMark(roofline::Basis basis);

class PyramidView {
public:
    /// `local` is the local CPU's pyramid (from hwloc), or empty with `localProblem` saying why.
    PyramidView(std::vector<catalog::Device> devices, std::optional<MemoryPyramid> local, std::string localProblem);

    void setCatalog(std::vector<catalog::Device> devices) { m_catalog = std::move(devices); }
    const std::vector<catalog::Device>& catalog() const { return m_catalog; }
    /// First and second device by id (either may be empty).
    void setDevices(std::string first, std::string second);
    void setShowLocal(bool show) { m_showLocal = show; }
    bool showLocal() const { return m_showLocal; }
    const std::string& firstDevice() const { return m_first; }
    const std::string& secondDevice() const { return m_second; }
    void setMoveBytes(double bytes) { m_moveBytes = bytes; }
    double moveBytes() const { return m_moveBytes; }

    /// The pyramids shown, left to right.
    std::vector<MemoryPyramid> pyramids() const;
    /// One row per level of every pyramid shown (measured figures filled in on the local one).
    std::vector<PyramidRow> rows() const;

    void showMeasured(MeasuredPyramid measured) { m_measured = std::move(measured); }
    void clearMeasured() { m_measured.reset(); }
    const std::optional<MeasuredPyramid>& measured() const { return m_measured; }

    /// The chart (drawing and hover tips) on a `width` × `height` area at text size `fontSize`; `measure` gives text widths
    /// (the screen's font; textWidthEstimate when empty, as the figure and the CLI use).
    figure::Chart chart(float width, float height, bool dark, float fontSize, figure::Measure measure = {}) const;

protected:
    std::vector<catalog::Device> m_catalog;
    std::string m_first = "nvidia-h100-sxm";
    std::string m_second = "amd-instinct-mi300x";
    bool m_showLocal = true;
    double m_moveBytes = 1e9;

private:
    struct Column;
    std::vector<Column> columns() const;
    /// The hover text of one level: every figure with its formula and source, the move time and the lab that measures it.
    std::string levelTip(const Column& column, const PyramidLevel& level, const PyramidRow& row) const;
    const MeasuredLevel* measuredFor(const PyramidLevel& level) const;
    PyramidRow row(const std::string& subject, const PyramidLevel& level, bool local) const;
    const catalog::Device* device(const std::string& id) const;

    MemoryHierarchy m_hierarchy;
    std::string m_hierarchyProblem; ///< why the bundled hierarchy did not load, or empty
    std::optional<MemoryPyramid> m_local;
    std::string m_localProblem;
    std::optional<MeasuredPyramid> m_measured;
};

} // namespace accelscope::models::memory
