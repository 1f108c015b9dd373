// SPDX-License-Identifier: MIT
// Memory pyramid: level widths from log capacity, figures with their basis, move-N-bytes times.
#include "models/memory/pyramid_view.hpp"

#include "models/common/number_text.hpp"
#include "models/figure/text_flow.hpp"
#include "models/memory/capacity_text.hpp"
#include "models/memory/pyramid_move.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace accelscope::models::memory {

using roofline::Basis;
using roofline::MemoryLevel;
using figure::Anchor;
using figure::ChartCanvas;
using figure::Colour;
using figure::TextFlow;

namespace {

std::string lower(std::string s)
{
    std::ranges::transform(s, s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool binarySize(double bytes) { return bytes < 1e9 && std::fmod(bytes, 1024.0) == 0.0; }

std::string bytesText(double bytes, bool binary = false)
{
    return quantityText(bytes, "B", 3, binary ? UnitPrefix::Binary : UnitPrefix::Decimal);
}

std::string secondsText(double seconds) { return quantityText(seconds, "s", 3); }

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

struct PyramidView::Column {
    std::string title;
    std::string subtitle;
    std::string measuredBy; ///< which lab measures this subject here, or why none does
    std::vector<PyramidLevel> levels;
    std::vector<PyramidRow> rows;
};

PyramidView::PyramidView(std::vector<catalog::Device> devices, std::optional<MemoryPyramid> local, std::string localProblem)
    : m_catalog(std::move(devices)), m_local(std::move(local)), m_localProblem(std::move(localProblem))
{
    // Parsed once: the chart is drawn every frame. A broken bundled file leaves the hierarchy empty
    // and every on-chip figure says why (the models tests refuse such a file before it ships).
    if (auto h = bundledMemoryHierarchy()) m_hierarchy = std::move(*h);
    else m_hierarchyProblem = h.error().message;
}

void PyramidView::setDevices(std::string first, std::string second)
{
    m_first = std::move(first);
    m_second = std::move(second);
}

std::vector<MemoryPyramid> PyramidView::pyramids() const
{
    std::vector<MemoryPyramid> out;
    for (const auto* id : {&m_first, &m_second}) {
        if (const auto* d = device(*id)) out.push_back(devicePyramid(*d, m_hierarchy));
    }
    if (m_showLocal && m_local) out.push_back(*m_local);
    return out;
}

const MeasuredLevel* PyramidView::measuredFor(const PyramidLevel& level) const
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

PyramidRow PyramidView::row(const std::string& subject, const PyramidLevel& l, bool local) const
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
    const MeasuredLevel* m = local ? measuredFor(l) : nullptr;
    const auto cap = l.capacityBytes.value;
    r.capacity = cap ? levelCapacityText(l.level, *cap) + " " + basisMark(r.capacityBasis) : std::string("size ?");
    r.bandwidth = bandwidth ? (engineeringText(*bandwidth) + " GB/s ") + basisMark(r.bandwidthBasis) : std::string("bw ?");
    r.latency = latency ? (engineeringText(*latency, 3) + " ns ") + basisMark(r.latencyBasis) : std::string("latency ?");
    if (m != nullptr && m->bandwidthGbs > 0 && !bandwidth) {
        bandwidth = m->bandwidthGbs;
        r.bandwidth = (engineeringText(*bandwidth) + " GB/s [M]");
        r.measured = true;
    }
    if (m != nullptr && m->latencyNs > 0 && !latency) {
        latency = m->latencyNs;
        r.latency = (engineeringText(*latency, 3) + " ns [M]");
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

std::vector<PyramidRow> PyramidView::rows() const
{
    std::vector<PyramidRow> out;
    for (const auto& p : pyramids()) {
        const bool local = m_local && p.subject == m_local->subject;
        for (const auto& l : p.levels) out.push_back(row(p.name, l, local));
    }
    return out;
}

std::vector<PyramidView::Column> PyramidView::columns() const
{
    std::vector<Column> out;
    for (const auto& p : pyramids()) {
        const bool local = m_local && p.subject == m_local->subject;
        const catalog::Device* chosen = local ? nullptr : device(p.subject);
        Column c{local ? "This machine: " + p.name : p.name,
                 local ? "caches from hwloc" : m_hierarchyProblem.empty() ? "catalog + data/memory/hierarchy.json" : "catalog (" + m_hierarchyProblem + ")",
                 chosen != nullptr ? measuringLab(*chosen) : std::string("on this CPU, the cpu-latency and cpu-memory-bandwidth labs measure it"),
                 p.levels, {}};
        for (const auto& l : p.levels) c.rows.push_back(row(p.name, l, local));
        out.push_back(std::move(c));
    }
    return out;
}

std::string PyramidView::levelTip(const Column& c, const PyramidLevel& l, const PyramidRow& r) const
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

figure::Chart PyramidView::chart(float width, float height, bool dark, float fontSize, figure::Measure measure) const
{
    ChartCanvas s(width, height, fontSize, std::move(measure));
    const float fs = fontSize;
    const float small = fs * 0.9f;
    const Colour ink = figure::chartInk(dark);
    const Colour muted = figure::chartMuted(dark);
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
        s.text(0, head + fs * 2, text, ink, Anchor::Start, size);
        return s.take();
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
    const auto centred = [&](float mid, float y, const std::string& text, Colour colour, float size) {
        const auto [shown, fitted] = TextFlow::fit(s, text, colW - fs * 0.3f, size);
        s.text(mid, y + (size - fitted) / 2, shown, colour, Anchor::Middle, fitted);
    };
    for (std::size_t ci = 0; ci < cols.size(); ++ci) {
        const Column& c = cols[ci];
        const float x0 = static_cast<float>(ci) * (colW + gap);
        const float mid = x0 + colW / 2;
        const Colour colour = figure::seriesColour(ci, dark);
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
            s.rect(mid - w / 2, y, mid + w / 2, y + rowH - 3, known ? colour.withAlpha(dark ? 90 : 60) : figure::chartMuted(dark).withAlpha(40));
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
            const MeasuredLevel& m = m_measured->levels[li];
            const float y = top + static_cast<float>(li) * rowH;
            s.rect(x0, y, x0 + colW, y + rowH - 3, {0, 0, 0, 0}, ink);
            centred(mid, y + 2, m.level + (m.workingSetBytes > 0 ? ", working set " + bytesText(m.workingSetBytes, binarySize(m.workingSetBytes)) : ""),
                    ink, rowText);
            const std::string figures = (m.latencyNs > 0 ? (engineeringText(m.latencyNs, 3) + " ns") : std::string("latency not measured")) + " | " +
                                        (m.bandwidthGbs > 0 ? (engineeringText(m.bandwidthGbs) + " GB/s") : std::string("bandwidth not measured"));
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
        s.text(0, height - fs * 1.4f, text, ink, Anchor::Start, size);
    }
    return s.take();
}

const catalog::Device* PyramidView::device(const std::string& id) const
{
    const auto it = std::ranges::find(m_catalog, id, &catalog::Device::id);
    return it == m_catalog.end() ? nullptr : &*it;
}

} // namespace accelscope::models::memory
