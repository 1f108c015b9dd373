// SPDX-License-Identifier: MIT
// Memory pyramid drawing: level widths from log capacity, figures with their basis, move-N-bytes times.
#include "app/gui/memory-pyramid/pyramid_visualizer.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/canvas/text_flow.hpp"
#include "models/memory/capacity_text.hpp"
#include "models/memory/pyramid_move.hpp"
#include "models/common/number_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace accelscope::gui::memory {

using namespace models::memory;
using models::roofline::Basis;
using models::roofline::MemoryLevel;

namespace {

std::string lower(std::string s)
{
    std::ranges::transform(s, s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool binarySize(double bytes) { return bytes < 1e9 && std::fmod(bytes, 1024.0) == 0.0; }

// The lowest point anything in the scene reaches (its rectangles and text lines).
float contentBottom(const Scene& s)
{
    float bottom = 0;
    for (const auto& r : s.rects()) bottom = std::max(bottom, r.y1);
    for (const auto& t : s.texts()) bottom = std::max(bottom, t.y + t.size);
    return bottom;
}

} // namespace

const char* basisMark(Basis basis)
{
    switch (basis) {
    case Basis::Sourced: return "[S]";
    case Basis::Derived: return "[D]";
    case Basis::Estimate: return "[E]";
    case Basis::Measured: return "[P]";
    case Basis::Unknown: return "[?]";
    }
    return "[?]";
}

struct PyramidVisualizer::Column {
    std::string title;
    std::string subtitle;
    std::string measuredBy; ///< which lab measures this subject here, or why none does
    std::vector<PyramidLevel> levels;
    std::vector<PyramidRow> rows;
};

PyramidVisualizer::PyramidVisualizer(std::vector<models::catalog::Device> devices, std::optional<MemoryPyramid> local,
                                     std::string localProblem)
    : m_catalog(std::move(devices)), m_local(std::move(local)), m_localProblem(std::move(localProblem))
{
    // Parsed once: the chart is drawn every frame. A broken bundled file leaves the hierarchy empty
    // and every on-chip figure says why (the models tests refuse such a file before it ships).
    if (auto h = bundledMemoryHierarchy()) m_hierarchy = std::move(*h);
    else m_hierarchyProblem = h.error().message;
}

void PyramidVisualizer::setDevices(std::string first, std::string second)
{
    m_first = std::move(first);
    m_second = std::move(second);
}

std::vector<MemoryPyramid> PyramidVisualizer::pyramids() const
{
    std::vector<MemoryPyramid> out;
    for (const auto* id : {&m_first, &m_second}) {
        if (const auto* d = findDevice(m_catalog, *id)) out.push_back(devicePyramid(*d, m_hierarchy));
    }
    if (m_showLocal && m_local) out.push_back(*m_local);
    return out;
}

const labs::MeasuredLevel* PyramidVisualizer::measuredFor(const PyramidLevel& level) const
{
    if (!m_measured) return nullptr;
    const std::string label = lower(level.label);
    for (const auto& m : m_measured->levels) {
        const std::string name = lower(m.level);
        if (name.empty()) continue;
        const bool memory = name.find("dram") != std::string::npos || name.find("mem") != std::string::npos;
        if ((memory && level.level == MemoryLevel::HostMemory) || (!memory && label.starts_with(name))) return &m;
    }
    return nullptr;
}

PyramidRow PyramidVisualizer::row(const std::string& subject, const PyramidLevel& l, bool local) const
{
    PyramidRow r;
    r.subject = subject;
    r.label = l.label;
    r.scope = l.scope;
    r.capacityBasis = l.capacityBytes.basis;
    r.bandwidthBasis = l.bandwidthGBps.basis;
    r.latencyBasis = l.latencyNs.basis;
    std::optional<double> bandwidth = l.bandwidthGBps.value;
    std::optional<double> latency = l.latencyNs.value;
    const labs::MeasuredLevel* m = local ? measuredFor(l) : nullptr;
    const auto cap = l.capacityBytes.value;
    r.capacity = cap ? levelCapacityText(l.level, *cap) + " " + basisMark(r.capacityBasis) : std::string("size ?");
    r.bandwidth = bandwidth ? (models::engineeringText(*bandwidth) + " GB/s ") + basisMark(r.bandwidthBasis) : std::string("bw ?");
    r.latency = latency ? (models::engineeringText(*latency, 3) + " ns ") + basisMark(r.latencyBasis) : std::string("latency ?");
    if (m != nullptr && m->bandwidthGbs > 0 && !bandwidth) {
        bandwidth = m->bandwidthGbs;
        r.bandwidth = (models::engineeringText(*bandwidth) + " GB/s [M]");
        r.measured = true;
    }
    if (m != nullptr && m->latencyNs > 0 && !latency) {
        latency = m->latencyNs;
        r.latency = (models::engineeringText(*latency, 3) + " ns [M]");
        r.measured = true;
    }
    // A measured figure stands in for an unknown one; the time itself is the model's.
    const LevelMove move = moveThrough(m_moveBytes, bandwidth, latency, cap);
    if (!move.seconds) {
        r.moveTime = "no bandwidth figure";
    } else {
        r.moveTime = secondsText(*move.seconds) + (move.latencyIncluded ? "" : " (+ latency)");
        if (move.exceedsCapacity) r.moveTime += ", more than it holds";
    }
    return r;
}

std::vector<PyramidRow> PyramidVisualizer::rows() const
{
    std::vector<PyramidRow> out;
    for (const auto& p : pyramids()) {
        const bool local = m_local && p.subject == m_local->subject;
        for (const auto& l : p.levels) out.push_back(row(p.name, l, local));
    }
    return out;
}

std::vector<PyramidVisualizer::Column> PyramidVisualizer::columns() const
{
    std::vector<Column> out;
    for (const auto& p : pyramids()) {
        const bool local = m_local && p.subject == m_local->subject;
        const auto* device = local ? nullptr : findDevice(m_catalog, p.subject);
        Column c{local ? "This machine: " + p.name : p.name,
                 local ? "caches from hwloc" : m_hierarchyProblem.empty() ? "catalog + data/memory/hierarchy.json" : "catalog (" + m_hierarchyProblem + ")",
                 device != nullptr ? measuringLab(*device) : std::string("on this CPU, the cpu-latency and cpu-memory-bandwidth labs measure it"),
                 p.levels, {}};
        for (const auto& l : p.levels) c.rows.push_back(row(p.name, l, local));
        out.push_back(std::move(c));
    }
    return out;
}

std::string PyramidVisualizer::levelTip(const Column& c, const PyramidLevel& l, const PyramidRow& r) const
{
    const auto figure = [](const char* name, const std::string& shown, const SourcedValue& v) {
        std::string text = std::string("\n") + name + ": " + shown + " - ";
        if (!v.formula.empty()) text += "= " + v.formula + "; ";
        return text + v.source;
    };
    return c.title + "\n" + l.label + " (" + l.scope + ")" + figure("capacity", r.capacity, l.capacityBytes) +
           figure("bandwidth", r.bandwidth, l.bandwidthGBps) + figure("latency", r.latency, l.latencyNs) + "\nmove " +
           bytesText(m_moveBytes) + ": " + r.moveTime + "\nmeasure it: " + c.measuredBy;
}

Scene PyramidVisualizer::chart(float width, float height, bool dark, float fontSize, Scene::Measure measure) const
{
    Scene s(width, height, fontSize, std::move(measure));
    const float fs = fontSize;
    const float small = fs * 0.9f;
    const Rgba ink = inkColour(dark);
    const Rgba muted = mutedColour(dark);
    const auto cols = columns();
    // The key wraps and every label fits its column, so nothing is cut at projector text sizes.
    TextFlow key(s, 0, 0, width, small);
    for (const char* k : {"[S] datasheet, whitepaper or hwloc", "[D] derived (hover: formula)", "[P] measured in a paper", "[E] estimate",
                          "[M] measured by a lab", "? unknown (hover: why)"}) {
        key.item(0, k, muted);
    }
    const float head = key.bottom() - key.lineHeight(); // lines the key took beyond its first
    const std::size_t n = cols.size() + (m_measured ? 1 : 0);
    if (n == 0) {
        const auto [text, size] = TextFlow::fit(s, "Choose a device above, or tick 'this machine'.", width, fs);
        s.text(0, head + fs * 2, text, ink, TextAnchor::Left, size);
        return s;
    }
    double maxLog = 1.0;
    std::size_t maxLevels = 1;
    for (const auto& c : cols) {
        maxLevels = std::max(maxLevels, c.levels.size());
        for (const auto& l : c.levels) {
            if (l.capacityBytes.value) maxLog = std::max(maxLog, std::log10(*l.capacityBytes.value));
        }
    }
    if (m_measured) maxLevels = std::max(maxLevels, m_measured->levels.size());
    const float gap = fs;
    const float colW = (width - gap * static_cast<float>(n - 1)) / static_cast<float>(n);
    const float top = head + fs * 4.2f;
    // The line under the levels that says why this machine has no pyramid keeps its own room.
    const float levelsH = height - top - (m_showLocal && !m_local ? fs * 1.8f : 0.0f);
    // Three lines per level; smaller type when the levels would not fit the height otherwise.
    const float rowText = std::max(small * 0.6f, std::min(small, levelsH / (static_cast<float>(maxLevels) * 3.6f)));
    const float rowH = std::clamp(levelsH / static_cast<float>(maxLevels), rowText * 3.6f, rowText * 6.0f);
    const auto centred = [&](float mid, float y, const std::string& text, Rgba colour, float size) {
        const auto [shown, fitted] = TextFlow::fit(s, text, colW - fs * 0.3f, size);
        s.text(mid, y + (size - fitted) / 2, shown, colour, TextAnchor::Centre, fitted);
    };
    for (std::size_t ci = 0; ci < cols.size(); ++ci) {
        const Column& c = cols[ci];
        const float x0 = static_cast<float>(ci) * (colW + gap);
        const float mid = x0 + colW / 2;
        const Rgba colour = seriesColour(ci, dark);
        centred(mid, head + fs * 1.5f, c.title, ink, fs);
        centred(mid, head + fs * 2.7f, c.subtitle, muted, small);
        float lastW = colW * 0.5f;
        for (std::size_t li = 0; li < c.levels.size(); ++li) {
            const PyramidLevel& l = c.levels[li];
            const PyramidRow& r = c.rows[li];
            const float y = top + static_cast<float>(li) * rowH;
            const bool known = l.capacityBytes.value.has_value();
            const float w = known ? std::max(colW * 0.2f, colW * static_cast<float>(std::log10(*l.capacityBytes.value) / maxLog)) : lastW;
            if (known) lastW = w;
            // Filled without an outline: labels wider than a narrow level then cross no border.
            s.rect(mid - w / 2, y, mid + w / 2, y + rowH - 3, known ? colour.withAlpha(dark ? 90 : 60) : mutedColour(dark).withAlpha(40));
            const float lineH = rowText * 1.1f;
            const float ty = y + (rowH - 3 - 3 * lineH) / 2;
            centred(mid, ty, l.label + ", " + l.scope, ink, rowText);
            centred(mid, ty + lineH, r.capacity + " | " + r.bandwidth + " | " + r.latency, ink, rowText);
            centred(mid, ty + 2 * lineH, "move " + bytesText(m_moveBytes) + ": " + r.moveTime, r.measured ? colour : muted, rowText);
            s.hit(x0, y, x0 + colW, y + rowH - 3, levelTip(c, l, r));
        }
    }
    if (m_measured) {
        const float x0 = static_cast<float>(cols.size()) * (colW + gap);
        const float mid = x0 + colW / 2;
        // The name (machine and dates) can be long: it goes in small type, cut to the column.
        centred(mid, head + fs * 1.5f, "Measured by the labs", ink, fs);
        centred(mid, head + fs * 2.7f, m_measured->name, muted, small);
        for (std::size_t li = 0; li < m_measured->levels.size(); ++li) {
            const labs::MeasuredLevel& m = m_measured->levels[li];
            const float y = top + static_cast<float>(li) * rowH;
            s.rect(x0, y, x0 + colW, y + rowH - 3, {0, 0, 0, 0}, ink);
            centred(mid, y + 2, m.level + (m.workingSetBytes > 0 ? ", working set " + bytesText(m.workingSetBytes, binarySize(m.workingSetBytes)) : ""),
                    ink, rowText);
            const std::string figures = (m.latencyNs > 0 ? (models::engineeringText(m.latencyNs, 3) + " ns") : std::string("latency not measured")) + " | " +
                                        (m.bandwidthGbs > 0 ? (models::engineeringText(m.bandwidthGbs) + " GB/s") : std::string("bandwidth not measured"));
            centred(mid, y + 2 + rowText * 1.1f, figures, ink, rowText);
            if (m.bandwidthGbs > 0) {
                const LevelMove move = moveThrough(m_moveBytes, m.bandwidthGbs, std::nullopt, std::nullopt);
                centred(mid, y + 2 + rowText * 2.2f, "move " + bytesText(m_moveBytes) + ": " + secondsText(*move.seconds), muted, rowText);
            }
            s.hit(x0, y, x0 + colW, y + rowH - 3, m_measured->name + "\n" + m.level + "\n" + figures);
        }
    }
    if (m_showLocal && !m_local) {
        const auto [text, size] = TextFlow::fit(s, "This machine: " + m_localProblem, width, fs);
        s.text(0, height - fs * 1.4f, text, ink, TextAnchor::Left, size);
    }
    return s;
}

std::string PyramidVisualizer::svg() const
{
    if (m_lastChart) return m_lastChart->svg(backgroundColour(m_lastDark));
    return chart(1200, 700, false, 13).svg(backgroundColour(false));
}

void PyramidVisualizer::drawControls()
{
    const float fs = ImGui::GetFontSize();
    // The row wraps rather than running past the canvas at projector text sizes.
    const float picker = std::min(fs * 16, ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::TextUnformatted("Devices");
    ImGui::SameLine();
    m_pickers[0].draw("##first", m_catalog, m_first, picker, true);
    sameLineIfFits(picker);
    m_pickers[1].draw("##second", m_catalog, m_second, picker, true);
    sameLineIfFits(checkWidth("this machine"));
    ImGui::Checkbox("this machine", &m_showLocal);
    if (ImGui::IsItemHovered()) wrappedTooltip("Show the local CPU's caches and memory as hwloc reports them");
    sameLineIfFits(labelledWidth(fs * 12, "##move") + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("move N bytes").x);
    ImGui::SetNextItemWidth(fs * 12);
    const auto& range = m_contract.setting("move_bytes"); // what a lesson may ask for is what this reaches
    const double minBytes = range.min;
    const double maxBytes = range.max;
    ImGui::SliderScalar("##move", ImGuiDataType_Double, &m_moveBytes, &minBytes, &maxBytes, bytesText(m_moveBytes).c_str(),
                        ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) wrappedTooltip("Bytes to move: each level shows bytes / bandwidth (+ latency when known)");
    ImGui::SameLine();
    ImGui::TextUnformatted("move N bytes");
    if (m_measured) {
        sameLineIfFits(ImGui::CalcTextSize("Clear measured").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button("Clear measured")) clearMeasured();
        if (ImGui::IsItemHovered()) wrappedTooltip("Hide the lab measurements");
    }
}

void PyramidVisualizer::draw(DrawContext& context)
{
    drawControls();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 50 || size.y < 50) return;
    const bool dark = context.darkTheme();
    const float fs = ImGui::GetFontSize();
    Scene chart = this->chart(size.x, size.y, dark, fs, Scene::imguiMeasure());
    // At projector text sizes the levels can need more height than the canvas has, even in the
    // smallest type they take: then the chart gets that height and scrolls, instead of losing levels.
    const float bottom = contentBottom(chart);
    const bool scroll = bottom > size.y + 1;
    if (scroll) {
        ImGui::BeginChild("##pyramid", size, false, ImGuiWindowFlags_AlwaysVerticalScrollbar);
        chart = this->chart(ImGui::GetContentRegionAvail().x, bottom + fs, dark, fs, Scene::imguiMeasure());
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    chart.draw(*ImGui::GetWindowDrawList(), origin.x, origin.y);
    ImGui::InvisibleButton("pyramid", ImVec2(chart.width(), chart.height()));
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = chart.tipAt(mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) wrappedTooltip(tip);
    }
    if (scroll) ImGui::EndChild();
    m_lastChart = std::move(chart);
    m_lastDark = dark;
}

} // namespace accelscope::gui::memory
