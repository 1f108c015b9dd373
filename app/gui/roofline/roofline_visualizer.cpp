// SPDX-License-Identifier: MIT
// Roofline chart: model calls (ceilings, kernels, LLM analysis) turned into a Scene; ImGui controls.
#include "app/gui/roofline/roofline_visualizer.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/canvas/text_flow.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/model_presets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <tuple>

namespace accelscope::gui::roofline {

using namespace models::roofline;
using models::catalog::Device;

namespace {

std::string fmt(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string tickText(int exponent)
{
    const double v = std::pow(10.0, exponent);
    if (exponent >= 4) return siText(v, "");
    if (exponent >= 0) return fmt("%.0f", v);
    return fmt("%g", v);
}

constexpr MarkerShape shapes[] = {MarkerShape::Circle, MarkerShape::Square, MarkerShape::Diamond, MarkerShape::Triangle};

std::string kernelLabel(const KernelEntry& k)
{
    char buf[96];
    switch (k.kind) {
    case KernelKind::Gemm:
        if (k.batch == k.size) std::snprintf(buf, sizeof buf, "GEMM %d^3", k.size);
        else std::snprintf(buf, sizeof buf, "GEMM M=%d N=K=%d", k.batch, k.size);
        break;
    case KernelKind::DecodeGemv: std::snprintf(buf, sizeof buf, "decode GEMV b=%d %dx%d", k.batch, k.size, k.size); break;
    default: std::snprintf(buf, sizeof buf, "%s %d/%d", kernelKindName(k.kind), k.size, k.batch);
    }
    return std::string(buf) + " " + k.dtype;
}

// A compute roof's label in the margin right of the plot ("bf16 989.5", "fp8 sparse 3958").
std::string roofLabel(const std::string& precision, const ComputeCeiling& roof, bool dense)
{
    return precision + (roof.unit == ComputeUnit::Vector ? " vector" : "") + (dense ? "" : " sparse") + fmt(" %.4g", roof.peakTflops);
}

// The measured compute ceiling's label in that margin.
std::string measuredLabel(double peakTflops) { return fmt("%.4g", peakTflops) + " meas."; }

// The first of `texts` (longest first) that fits `width` at `size`; the last one, smaller, when none does.
std::pair<std::string, float> fitted(const Scene& s, std::initializer_list<const char*> texts, float width, float size)
{
    for (const char* t : texts) {
        if (s.textWidth(t, size) <= width) return {t, size};
    }
    const std::string last = *std::prev(texts.end());
    return {last, size * width / std::max(s.textWidth(last, size), 1.0f)};
}

const char* memoryLevelTitle(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::DeviceMemory: return "device memory";
    case MemoryLevel::HostLink: return "host link";
    case MemoryLevel::ScaleUp: return "scale-up link";
    default: return "other level";
    }
}

} // namespace

const char* kernelKindName(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm: return "GEMM";
    case KernelKind::DecodeGemv: return "decode GEMV";
    case KernelKind::GemmNaive: return "naive GEMM";
    case KernelKind::DecodeAttention: return "decode attention";
    case KernelKind::FlashAttention: return "FlashAttention";
    case KernelKind::StandardAttention: return "standard attention";
    case KernelKind::Softmax: return "softmax";
    case KernelKind::RmsNorm: return "RMSNorm";
    case KernelKind::LayerNorm: return "LayerNorm";
    case KernelKind::Elementwise: return "elementwise add";
    case KernelKind::Conv2d: return "conv2d 3x3";
    }
    return "?";
}

const char* kernelSizeMeaning(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm:
    case KernelKind::GemmNaive:
    case KernelKind::DecodeGemv: return "N = K (weights)";
    case KernelKind::DecodeAttention: return "L (cached tokens)";
    case KernelKind::FlashAttention:
    case KernelKind::StandardAttention: return "S (sequence)";
    case KernelKind::Conv2d: return "C = K (channels)";
    case KernelKind::Elementwise: return "elements / batch";
    default: return "columns";
    }
}

const char* kernelBatchMeaning(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm:
    case KernelKind::GemmNaive: return "M (tokens)";
    case KernelKind::DecodeGemv: return "batch (tokens)";
    case KernelKind::Softmax:
    case KernelKind::RmsNorm:
    case KernelKind::LayerNorm: return "rows";
    default: return "batch";
    }
}

models::Result<KernelCost> kernelCost(const KernelEntry& k)
{
    const auto type = dataTypeFromName(k.dtype);
    if (!type) return std::unexpected(type.error());
    const double a = type->bytesPerElement;
    const double n = k.size;
    const double b = k.batch;
    switch (k.kind) {
    case KernelKind::Gemm: return gemm(b, n, n, a, a, a);
    case KernelKind::DecodeGemv: return k.batch == 1 ? gemv(n, n, a, a) : gemm(b, n, n, a, a, a);
    case KernelKind::GemmNaive: return gemmNaive(b, n, n, a, a);
    // Llama-3-8B-like heads: 32 query heads, 8 KV heads, head dim 128.
    case KernelKind::DecodeAttention: return decodeAttention(b, 32, 8, 128, n, a, a);
    case KernelKind::FlashAttention: return flashAttention(b, 32, n, 128, 128, a);
    case KernelKind::StandardAttention: return standardAttention(b, 32, n, 128, a);
    case KernelKind::Softmax: return softmax(b, n, a);
    case KernelKind::RmsNorm: return rmsNorm(b, n, a);
    case KernelKind::LayerNorm: return layerNorm(b, n, a);
    case KernelKind::Elementwise: return elementwise(b * n, 2, 1, a);
    case KernelKind::Conv2d: return conv2d(b, n, 56, 56, n, 3, 3, 1, 1, a);
    }
    return std::unexpected(models::Error{models::ErrorCode::InvalidArgument, "unknown kernel"});
}

models::Result<KernelEntry> kernelEntryFromSpec(std::string_view spec)
{
    const auto cost = models::roofline::kernelFromSpec(spec);
    if (!cost) return std::unexpected(cost.error());
    auto parsed = models::roofline::parseKernelSpec(spec);
    if (!parsed) return std::unexpected(parsed.error());
    auto& keys = parsed->params;
    const std::string& name = parsed->name;
    const auto number = [&](const char* key) { return keys.contains(key) ? std::atoi(keys[key].c_str()) : 0; };
    KernelEntry e;
    if (keys.contains("dtype")) e.dtype = keys["dtype"];
    if (name == "gemm" || name == "gemm-naive") {
        e.kind = name == "gemm" ? KernelKind::Gemm : KernelKind::GemmNaive;
        e.batch = number("m");
        e.size = number("n");
    } else if (name == "gemv") {
        e.kind = KernelKind::DecodeGemv;
        e.size = number("m");
        e.batch = 1;
    } else if (name == "softmax" || name == "layernorm" || name == "rmsnorm") {
        e.kind = name == "softmax" ? KernelKind::Softmax : name == "layernorm" ? KernelKind::LayerNorm : KernelKind::RmsNorm;
        e.batch = number("rows");
        e.size = number("cols");
    } else if (name == "elementwise") {
        e.kind = KernelKind::Elementwise;
        e.size = number("n");
        e.batch = 1;
    }
    // The entry must cost exactly what the spec does (this also refuses N ≠ K, extra keys, …).
    const auto mine = e.size > 0 && e.batch > 0 ? kernelCost(e) : models::Result<KernelCost>(std::unexpected(models::Error{}));
    const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); };
    if (!mine || !same(mine->flops, cost->flops) || !same(mine->bytes, cost->bytes)) {
        return models::fail(models::ErrorCode::InvalidArgument,
                            "the chart's kernel controls cannot show '" + std::string(spec) +
                                "' (they take gemm and gemm-naive with N = K, gemv with M = K, softmax, layernorm, rmsnorm, elementwise)");
    }
    return e;
}

struct RooflineVisualizer::Axes {
    float x0, y0, x1, y1;
    double lxMin, lxMax, lyMin, lyMax;
    float px(double intensity) const
    {
        return x0 + static_cast<float>((std::log10(intensity) - lxMin) / (lxMax - lxMin)) * (x1 - x0);
    }
    float py(double tflops) const
    {
        return y1 - static_cast<float>((std::log10(tflops) - lyMin) / (lyMax - lyMin)) * (y1 - y0);
    }
    double xMin() const { return std::pow(10.0, lxMin); }
    double xMax() const { return std::pow(10.0, lxMax); }
    double yMin() const { return std::pow(10.0, lyMin); }
    double yMax() const { return std::pow(10.0, lyMax); }
    bool inside(double i, double t) const { return i >= xMin() && i <= xMax() && t >= yMin() && t <= yMax(); }
};

/// A compute roof's label in the margin right of the plot, at its line's height.
struct RooflineVisualizer::RoofLabel {
    float y;
    std::string text;
    Rgba colour;
};

RooflineVisualizer::RooflineVisualizer(std::vector<Device> devices)
{
    m_kernels.push_back({KernelKind::Gemm, 4096, 4096, "bf16", true});
    m_kernels.push_back({KernelKind::DecodeGemv, 4096, 1, "bf16", true});
    m_kernels.push_back({KernelKind::FlashAttention, 4096, 1, "bf16", false});
    if (const auto presets = modelPresets()) {
        for (const auto& p : *presets) m_modelIds.push_back(p.id);
    }
    setCatalog(std::move(devices));
    setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
}

void RooflineVisualizer::setCatalog(std::vector<Device> devices)
{
    m_catalog = std::move(devices);
    setDevices(m_deviceIds);
}

void RooflineVisualizer::setDevices(std::vector<std::string> ids)
{
    m_deviceIds.clear();
    for (auto& id : ids) {
        if (m_deviceIds.size() < maxDevices && findDevice(m_catalog, id) && std::ranges::find(m_deviceIds, id) == m_deviceIds.end()) {
            m_deviceIds.push_back(std::move(id));
        }
    }
}

void RooflineVisualizer::setPrecisionShown(const std::string& precision, bool shown)
{
    if (shown) m_precisions.insert(precision);
    else m_precisions.erase(precision);
}

void RooflineVisualizer::setLevelShown(MemoryLevel level, bool shown)
{
    if (shown) m_levels.insert(level);
    else m_levels.erase(level);
}

const Device* RooflineVisualizer::device(std::size_t index) const
{
    return index < m_deviceIds.size() ? findDevice(m_catalog, m_deviceIds[index]) : nullptr;
}

std::optional<ComputeCeiling> RooflineVisualizer::roofFor(const Device& d, const std::string& precision, Sparsity sparsity) const
{
    // Matrix work runs on tensor units; where a device has none for the precision, its vector roof is the one.
    if (auto c = computeCeiling(d, precision, ComputeUnit::Tensor, sparsity)) return *c;
    if (sparsity == Sparsity::Dense) {
        if (auto c = computeCeiling(d, precision, ComputeUnit::Vector, sparsity)) return *c;
    }
    return std::nullopt;
}

std::vector<KernelPlacement> RooflineVisualizer::placements() const
{
    std::vector<KernelPlacement> out;
    for (std::size_t k = 0; k < m_kernels.size(); ++k) {
        if (!m_kernels[k].visible) continue;
        const auto cost = kernelCost(m_kernels[k]);
        for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
            const Device* d = device(i);
            if (d == nullptr) continue;
            KernelPlacement p;
            p.kernel = k;
            p.device = i;
            if (!cost) {
                p.problem = cost.error().message;
                out.push_back(std::move(p));
                continue;
            }
            p.cost = *cost;
            const std::string precision = dataTypeFromName(m_kernels[k].dtype)->computePrecision;
            const auto roof = roofFor(*d, precision, m_sparse ? Sparsity::Sparse : Sparsity::Dense);
            const auto memory = deviceMemoryCeiling(*d);
            if (!roof) p.problem = d->name + " has no " + precision + (m_sparse ? " sparse" : "") + " compute figure";
            else if (!memory) p.problem = memory.error().message;
            else {
                p.peakTflops = roof->peakTflops;
                p.bandwidthGBps = memory->bandwidthGBps;
                p.roof = precision + " " + std::string(unitName(roof->unit)) + " " + std::string(sparsityName(roof->sparsity));
                p.bound = boundOn(p.cost, p.peakTflops, p.bandwidthGBps);
            }
            out.push_back(std::move(p));
        }
    }
    return out;
}

std::vector<LlmDeviceAnalysis> RooflineVisualizer::llmAnalyses() const
{
    std::vector<LlmDeviceAnalysis> out;
    const auto config = findModelPreset(m_llm.modelId);
    const auto act = dataTypeFromName(m_llm.workload.activations);
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        const Device* d = device(i);
        if (d == nullptr) continue;
        LlmDeviceAnalysis a;
        a.deviceId = d->id;
        if (!config) a.problem = config.error().message;
        else if (!act) a.problem = act.error().message;
        else if (const auto hw = llmHardware(*d, act->computePrecision, m_sparse ? Sparsity::Sparse : Sparsity::Dense); !hw) {
            a.problem = hw.error().message;
        } else if (auto r = analyzeLlm(*config, m_llm.workload, *hw); !r) {
            a.problem = r.error().message;
        } else {
            a.analysis = std::move(*r);
        }
        out.push_back(std::move(a));
    }
    return out;
}

RooflineVisualizer::Axes RooflineVisualizer::axes(float width, float height, float fontSize, float top, float right) const
{
    std::vector<double> xs;
    std::vector<double> ys;
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        const Device* d = device(i);
        if (d == nullptr) continue;
        const auto memory = deviceMemoryCeiling(*d);
        for (const auto& p : m_precisions) {
            const auto roof = roofFor(*d, p, Sparsity::Dense);
            if (!roof) continue;
            ys.push_back(roof->peakTflops);
            if (memory) xs.push_back(ridgeFlopPerByte(roof->peakTflops, memory->bandwidthGBps));
        }
    }
    if (m_mode == ChartMode::Kernels) {
        for (const auto& p : placements()) {
            if (!p.bound) continue;
            xs.push_back(p.bound->intensityFlopPerByte);
            ys.push_back(p.bound->attainableTflops);
        }
    } else {
        for (const auto& a : llmAnalyses()) {
            if (!a.analysis) continue;
            for (const auto* phase : {&a.analysis->prefill, &a.analysis->decode}) {
                for (const auto& op : phase->ops) {
                    if (op.cost.bytes <= 0 || op.cost.flops <= 0) continue;
                    xs.push_back(op.bound.intensityFlopPerByte);
                    ys.push_back(op.bound.attainableTflops);
                }
            }
        }
    }
    if (m_measured) {
        if (m_measured->computeGflops > 0) ys.push_back(m_measured->computeGflops / 1000);
        for (const auto& [i, g] : m_measured->points) {
            if (i > 0 && g > 0) {
                xs.push_back(i);
                ys.push_back(g / 1000);
            }
        }
    }
    Axes a{};
    const float left = fontSize * 4.0f;
    a.x0 = left;
    a.y0 = top + fontSize * 0.5f;
    a.x1 = width - right; // compute-roof labels sit right of the plot, by their line ends
    a.y1 = height - fontSize * 3.0f;
    const auto [xMin, xMax] = xs.empty() ? std::pair(0.1, 1000.0) : std::pair(*std::ranges::min_element(xs), *std::ranges::max_element(xs));
    const auto [yMin, yMax] = ys.empty() ? std::pair(0.1, 1000.0) : std::pair(*std::ranges::min_element(ys), *std::ranges::max_element(ys));
    a.lxMin = std::floor(std::log10(xMin / 3));
    a.lxMax = std::max(std::ceil(std::log10(xMax * 3)), a.lxMin + 3);
    // Room above the highest roof for the legend, and at most seven decades down.
    a.lyMax = std::ceil(std::log10(yMax * 1.3));
    a.lyMin = std::clamp(std::floor(std::log10(yMin / 2)), a.lyMax - 7, a.lyMax - 3);
    return a;
}

void RooflineVisualizer::addRoofs(Scene& s, const Axes& a, bool dark, std::vector<RoofLabel>& labels) const
{
    const float fs = s.fontSize();
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        const Device* d = device(i);
        if (d == nullptr) continue;
        const Rgba colour = seriesColour(i, dark);
        const DeviceRoofline roofs = deviceRoofline(*d, m_sparse);
        const auto memory = deviceMemoryCeiling(*d);
        double topPeak = 0.0;
        for (const auto& p : m_precisions) {
            if (const auto r = roofFor(*d, p, Sparsity::Dense)) topPeak = std::max(topPeak, r->peakTflops);
        }
        const double roofTop = topPeak > 0 ? topPeak : a.yMax();
        // Slanted roofs: bandwidth × intensity, from the bottom of the chart up to the highest shown compute roof.
        for (const auto& b : roofs.bandwidth) {
            if (!m_levels.contains(b.level)) continue;
            const double iStart = std::max(a.xMin(), 1000.0 * a.yMin() / b.bandwidthGBps);
            const double iEnd = std::min(a.xMax(), 1000.0 * roofTop / b.bandwidthGBps);
            if (iStart >= iEnd) continue;
            const bool main = b.level == MemoryLevel::DeviceMemory;
            const float xA = a.px(iStart), yA = a.py(b.bandwidthGBps * iStart / 1000);
            const float xB = a.px(iEnd), yB = a.py(b.bandwidthGBps * iEnd / 1000);
            s.line(xA, yA, xB, yB, main ? colour : colour.withAlpha(150), main ? 2.5f : 1.5f);
            const std::string tip = d->name + "\n" + memoryLevelTitle(b.level) + ": " + b.label + ", " + fmt("%.4g GB/s", b.bandwidthGBps) +
                                    " (" + std::string(basisName(b.basis)) + ": " + b.source + ")\nattainable = bandwidth x intensity";
            for (float t = 0; t <= 1.0f; t += 0.04f) {
                const float x = xA + (xB - xA) * t, y = yA + (yB - yA) * t;
                s.hit(x - 5, y - 5, x + 5, y + 5, tip);
            }
            if (!main) s.textFree(xA + (xB - xA) * 0.25f + 4, yA + (yB - yA) * 0.25f, b.label, colour, TextAnchor::Left, fs * 0.85f);
        }
        // Flat roofs: one per shown precision, from the device-memory ridge to the right edge.
        for (const auto& p : m_precisions) {
            for (const Sparsity sp : {Sparsity::Dense, Sparsity::Sparse}) {
                if (sp == Sparsity::Sparse && !m_sparse) continue;
                const auto r = roofFor(*d, p, sp);
                if (!r || r->peakTflops > a.yMax() || r->peakTflops < a.yMin()) continue;
                const double ridge = memory ? ridgeFlopPerByte(r->peakTflops, memory->bandwidthGBps) : a.xMin();
                const float x0 = a.px(std::clamp(ridge, a.xMin(), a.xMax()));
                const float y = a.py(r->peakTflops);
                const bool dense = sp == Sparsity::Dense;
                s.line(x0, y, a.x1, y, dense ? colour : colour.withAlpha(140), dense ? 2.5f : 1.5f);
                const std::string name = p + (r->unit == ComputeUnit::Vector ? " vector" : "") + (dense ? "" : " sparse");
                std::string tip = d->name + "\n" + name + fmt(": %.4g TFLOP/s", r->peakTflops) + " (" + r->figureKey +
                                  (r->derivedInCatalog ? ", derived in the catalog)" : ", datasheet)");
                if (memory) tip += fmt("\nridge point %.3g FLOP/byte with device memory", ridge);
                s.hit(x0, y - 5, a.x1, y + 5, tip);
                labels.push_back({y, roofLabel(p, *r, dense), colour});
            }
        }
    }
}

void RooflineVisualizer::addKernels(Scene& s, const Axes& a, bool dark) const
{
    const float fs = s.fontSize();
    std::vector<bool> labelled(m_kernels.size(), false);
    for (const auto& p : placements()) {
        if (!p.bound) continue;
        const double i = p.bound->intensityFlopPerByte;
        const double t = p.bound->attainableTflops;
        if (!a.inside(i, t)) continue;
        const float x = a.px(i), y = a.py(t);
        s.marker(x, y, fs * 0.45f, seriesColour(p.device, dark), shapes[p.kernel % 4]);
        const Device* d = device(p.device);
        const KernelEntry& k = m_kernels[p.kernel];
        std::string tip = kernelLabel(k) + " on " + d->name + "\n" + p.cost.shape + "\n" + siText(p.cost.flops, "FLOP") + ", " +
                          bytesText(p.cost.bytes) + " -> " + fmt("%.4g FLOP/byte", i) + "\nroof: " + p.roof +
                          fmt(" %.4g TFLOP/s", p.peakTflops) + fmt(", device memory %.4g GB/s", p.bandwidthGBps) +
                          fmt(", ridge %.3g FLOP/byte", ridgeFlopPerByte(p.peakTflops, p.bandwidthGBps)) +
                          fmt("\nattainable %.4g TFLOP/s", t) + ", time >= " + secondsText(p.bound->timeS) + ", " +
                          std::string(boundName(p.bound->bound)) + " bound";
        if (!p.cost.assumptions.empty()) tip += "\n" + p.cost.assumptions;
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
        if (!labelled[p.kernel]) {
            // Under the roof the chart is empty: the label goes below a dot on a flat roof and right of one on a slanted roof.
            const float ly = p.bound->bound == Bound::Compute ? y + fs * 0.6f : y - fs * 0.1f;
            // Inside the plot: the margin on the right holds the roof labels.
            const std::string label = kernelLabel(k);
            const float w = s.textWidth(label, fs * 0.9f);
            labelled[p.kernel] =
                (x + fs * 0.6f + w <= a.x1 && s.textFree(x + fs * 0.6f, ly, label, inkColour(dark), TextAnchor::Left, fs * 0.9f)) ||
                (x - fs * 0.6f - w >= a.x0 && s.textFree(x - fs * 0.6f, ly, label, inkColour(dark), TextAnchor::Right, fs * 0.9f));
        }
    }
}

void RooflineVisualizer::addLlm(Scene& s, const Axes& a, bool dark) const
{
    const float fs = s.fontSize();
    const auto analyses = llmAnalyses();
    std::vector<std::tuple<std::string, float, float>> labelled; // one label for ops that land on the same spot
    for (std::size_t di = 0; di < analyses.size(); ++di) {
        if (!analyses[di].analysis) continue;
        const auto& an = *analyses[di].analysis;
        const Device* d = findDevice(m_catalog, analyses[di].deviceId);
        for (const bool prefill : {true, false}) {
            for (const auto& op : (prefill ? an.prefill : an.decode).ops) {
                if (op.cost.bytes <= 0 || op.cost.flops <= 0) continue; // all-reduces are time on the link, not on the roofs
                const double i = op.bound.intensityFlopPerByte;
                const double t = op.bound.attainableTflops;
                if (!a.inside(i, t)) continue;
                const float x = a.px(i), y = a.py(t);
                const Rgba colour = seriesColour(di, dark);
                s.marker(x, y, fs * 0.4f, colour, prefill ? MarkerShape::Circle : MarkerShape::Triangle, !prefill);
                const std::string tip = std::string(prefill ? "prefill " : "decode ") + op.name + " x" + std::to_string(op.count) +
                                        " on " + d->name + "\n" + op.cost.shape + "\n" + siText(op.cost.flops, "FLOP") + ", " +
                                        bytesText(op.cost.bytes) + fmt(" -> %.4g FLOP/byte", i) +
                                        fmt("\nattainable %.4g TFLOP/s", t) + ", " + std::string(boundName(op.bound.bound)) +
                                        " bound\ntime >= " + secondsText(op.bound.timeS) + " each, " + secondsText(op.totalTimeS) + " per step";
                s.hit(x - 6, y - 6, x + 6, y + 6, tip);
                const bool near = std::ranges::any_of(labelled, [&](const auto& l) {
                    return std::get<0>(l) == op.name && std::abs(std::get<1>(l) - x) < fs * 1.5f && std::abs(std::get<2>(l) - y) < fs * 1.5f;
                });
                const bool fits = x + fs * 0.6f + s.textWidth(op.name, fs * 0.8f) <= a.x1;
                if (di == 0 && !near && fits &&
                    s.textFree(x + fs * 0.6f, y - fs * 0.45f, op.name, mutedColour(dark), TextAnchor::Left, fs * 0.8f, fs * 0.8f)) {
                    labelled.emplace_back(op.name, x, y);
                }
            }
        }
    }
}

void RooflineVisualizer::addMeasured(Scene& s, const Axes& a, bool dark, std::vector<RoofLabel>& labels) const
{
    if (!m_measured) return;
    const auto& m = *m_measured;
    const float fs = s.fontSize();
    const Rgba ink = inkColour(dark);
    const double peak = m.computeGflops / 1000;
    if (m.memoryGbs > 0) {
        const double top = peak > 0 ? peak : a.yMax();
        const double iStart = std::max(a.xMin(), 1000.0 * a.yMin() / m.memoryGbs);
        const double iEnd = std::min(a.xMax(), 1000.0 * top / m.memoryGbs);
        if (iStart < iEnd) {
            const float xA = a.px(iStart), yA = a.py(m.memoryGbs * iStart / 1000), xB = a.px(iEnd), yB = a.py(m.memoryGbs * iEnd / 1000);
            s.line(xA, yA, xB, yB, ink, 2.0f, true);
            const std::string tip = m.name + " (measured)\nmemory " + fmt("%.4g GB/s", m.memoryGbs) + "\n" + m.source;
            for (float t = 0; t <= 1.0f; t += 0.05f) s.hit(xA + (xB - xA) * t - 5, yA + (yB - yA) * t - 5, xA + (xB - xA) * t + 5, yA + (yB - yA) * t + 5, tip);
        }
    }
    if (peak > 0 && peak >= a.yMin() && peak <= a.yMax()) {
        const double ridge = m.memoryGbs > 0 ? ridgeFlopPerByte(peak, m.memoryGbs) : a.xMin();
        const float x0 = a.px(std::clamp(ridge, a.xMin(), a.xMax())), y = a.py(peak);
        s.line(x0, y, a.x1, y, ink, 2.0f, true);
        s.hit(x0, y - 5, a.x1, y + 5, m.name + " (measured)\ncompute " + fmt("%.4g GFLOP/s", m.computeGflops) + "\n" + m.source);
        s.textFree(a.x1 - 4, y - fs * 1.1f, m.name + " measured " + fmt("%.4g GFLOP/s", m.computeGflops), ink, TextAnchor::Right, fs * 0.9f, fs * 2);
        labels.push_back({y, measuredLabel(peak), ink});
    }
    const std::string firstPrecision = m_precisions.empty() ? std::string("fp32") : *m_precisions.begin();
    for (const auto& [i, g] : m.points) {
        if (i <= 0 || g <= 0 || !a.inside(i, g / 1000)) continue;
        const float x = a.px(i), y = a.py(g / 1000);
        s.marker(x, y, fs * 0.45f, ink, MarkerShape::Diamond, true);
        std::string tip = m.name + fmt(" (measured)\n%.4g FLOP/byte", i) + fmt(", %.4g GFLOP/s", g);
        if (m.computeGflops > 0) tip += fmt("\n%.1f%% of its measured compute ceiling", 100 * g / m.computeGflops);
        for (std::size_t di = 0; di < m_deviceIds.size(); ++di) {
            const Device* d = device(di);
            if (d == nullptr) continue;
            std::string precision = firstPrecision;
            auto roof = roofFor(*d, precision, Sparsity::Dense);
            const auto memory = deviceMemoryCeiling(*d);
            if (!roof || !memory) {
                tip += "\n" + d->name + ": no " + precision + " datasheet roof";
                continue;
            }
            const double attainable = attainableTflops(roof->peakTflops, memory->bandwidthGBps, i) * 1000;
            tip += "\n" + d->name + fmt(": %.2f%% of its ", 100 * g / (roof->peakTflops * 1000)) + precision +
                   fmt(" datasheet peak, %.2f%% of its roof at this intensity", 100 * g / attainable);
        }
        s.hit(x - 7, y - 7, x + 7, y + 7, tip);
    }
}

float RooflineVisualizer::addLegend(Scene& s, bool dark, LegendStyle style) const
{
    // Every line wraps within the chart's width (projector text sizes make the device lines
    // longer than the chart); chart() picks the style so that the legend leaves room for the plot.
    const float size = style.size;
    TextFlow flow(s, size * 0.2f, 2, s.width() - size * 0.4f, size);
    const float indent = size * 1.2f;
    const Rgba ink = inkColour(dark);
    const Rgba muted = mutedColour(dark);
    const auto analyses = m_mode == ChartMode::Llm ? llmAnalyses() : std::vector<LlmDeviceAnalysis>{};
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        const Device* d = device(i);
        if (d == nullptr) continue;
        std::string tip;
        for (const auto& p : deviceLegend(*d, false)) tip += (tip.empty() ? "" : " ") + p;
        const float top = flow.paragraph(deviceLegend(*d, style.compact), ink, indent, tip);
        s.rect(size * 0.2f, top + size * 0.15f, size * 1.0f, top + size * 0.95f, seriesColour(i, dark));
        if (m_mode == ChartMode::Llm && i < analyses.size()) {
            const auto& an = analyses[i];
            std::vector<std::string> llm =
                an.analysis ? std::vector<std::string>{"lower bounds:", "time to first token " + secondsText(an.analysis->ttftS) + ",",
                                                       "per output token " + secondsText(an.analysis->tpotS) + ",",
                                                       fmt("at most %.4g tokens/s", an.analysis->tokensPerS)}
                            : std::vector<std::string>{"no LLM analysis:", an.problem};
            if (style.compact && an.analysis) {
                llm = {"first token >= " + secondsText(an.analysis->ttftS) + ",", "per token >= " + secondsText(an.analysis->tpotS)};
            }
            flow.paragraph(llm, an.analysis ? muted : Rgba{213, 60, 30}, indent);
        }
    }
    if (m_deviceIds.empty()) flow.paragraph({"No device chosen:", "add one on the left."}, ink);
    const float marker = size * 0.4f;
    if (m_mode == ChartMode::Kernels) {
        for (std::size_t k = 0; k < m_kernels.size(); ++k) {
            if (!m_kernels[k].visible) continue;
            const float x = flow.item(size * 1.0f, kernelLabel(m_kernels[k]), muted);
            s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, shapes[k % 4]);
        }
    } else {
        float x = flow.item(size * 1.0f, "prefill op", muted);
        s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, MarkerShape::Circle);
        x = flow.item(size * 1.0f, style.compact ? "decode op" : "decode op (one step at the mean context)", muted);
        s.marker(x + marker, flow.rowTop() + size * 0.55f, marker, muted, MarkerShape::Triangle, true);
        if (!style.compact) flow.item(0, "hover a point for its numbers", muted);
    }
    flow.endRow();
    if (m_measured) {
        std::vector<std::string> phrases{m_measured->name + " (measured)" + (style.compact ? "" : ":")};
        if (!style.compact) {
            phrases.push_back(m_measured->computeGflops > 0 ? fmt("%.4g GFLOP/s,", m_measured->computeGflops) : "compute not measured,");
            phrases.push_back(m_measured->memoryGbs > 0 ? fmt("%.4g GB/s,", m_measured->memoryGbs) : "memory not measured,");
            phrases.push_back(fmt("%.0f points", static_cast<double>(m_measured->points.size())));
        }
        const float top = flow.paragraph(phrases, ink, indent);
        s.line(size * 0.2f, top + size * 0.55f, size * 1.2f, top + size * 0.55f, ink, 2.0f, true);
    }
    return flow.bottom();
}

std::vector<std::string> RooflineVisualizer::deviceLegend(const Device& d, bool compact) const
{
    // "NVIDIA H100 SXM5 80GB: | bf16 989.5 | fp8 1979 TFLOP/s, | HBM3 3350 GB/s" (| = where a line may break);
    // compact leaves out the compute peaks, which the labels right of the plot show too.
    std::vector<std::string> phrases{d.name + ":"};
    std::vector<std::string> missing;
    for (const auto& p : m_precisions) {
        if (compact) break;
        const auto r = roofFor(d, p, m_sparse ? Sparsity::Sparse : Sparsity::Dense);
        if (r) phrases.push_back(p + (r->unit == ComputeUnit::Vector ? " (vector)" : "") + fmt(" %.4g", r->peakTflops));
        else missing.push_back(p);
    }
    if (phrases.size() > 1) phrases.back() += " TFLOP/s,";
    if (const auto m = deviceMemoryCeiling(d)) phrases.push_back(m->label + fmt(" %.4g GB/s", m->bandwidthGBps));
    else phrases.push_back("no memory bandwidth figure");
    if (!missing.empty()) {
        phrases.back() += ";";
        std::string none = "no ";
        for (std::size_t k = 0; k < missing.size(); ++k) none += (k ? "/" : "") + missing[k];
        phrases.push_back(none + (m_sparse ? " sparse" : "") + " figure");
    }
    return phrases;
}

void RooflineVisualizer::addGrid(Scene& s, const Axes& a, bool dark) const
{
    const Rgba grid = gridColour(dark);
    const Rgba ink = inkColour(dark);
    const float fs = s.fontSize();
    s.rect(a.x0, a.y0, a.x1, a.y1, {0, 0, 0, 0}, mutedColour(dark));
    // A line per decade, a number on every decade that leaves room for it (every second or third
    // one when the plot is narrow at large text).
    const float decadeW = (a.x1 - a.x0) / static_cast<float>(std::max(a.lxMax - a.lxMin, 1.0));
    const int strideX = std::max(1, static_cast<int>(std::ceil((s.textWidth("1000") + fs * 0.6f) / std::max(decadeW, 1.0f))));
    for (int e = static_cast<int>(a.lxMin); e <= static_cast<int>(a.lxMax); ++e) {
        const float x = a.px(std::pow(10.0, e));
        s.line(x, a.y0, x, a.y1, grid);
        if ((e - static_cast<int>(a.lxMin)) % strideX == 0) s.text(x, a.y1 + fs * 0.3f, tickText(e), ink, TextAnchor::Centre);
    }
    const float decadeH = (a.y1 - a.y0) / static_cast<float>(std::max(a.lyMax - a.lyMin, 1.0));
    const int strideY = std::max(1, static_cast<int>(std::ceil(fs * 1.1f / std::max(decadeH, 1.0f))));
    for (int e = static_cast<int>(a.lyMin); e <= static_cast<int>(a.lyMax); ++e) {
        const float y = a.py(std::pow(10.0, e));
        s.line(a.x0, y, a.x1, y, grid);
        if ((static_cast<int>(a.lyMax) - e) % strideY == 0) s.text(a.x0 - fs * 0.3f, y - fs * 0.5f, tickText(e), ink, TextAnchor::Right);
    }
    // The axis title shortens (then shrinks) to stay within the chart at projector text sizes.
    const float room = std::min(a.x1 - a.x0 + fs * 2, s.width() - fs * 0.4f);
    const auto [title, size] = fitted(s, {"arithmetic intensity [FLOP/byte], log scale", "intensity [FLOP/byte], log scale", "FLOP/byte (log)"}, room, fs);
    s.text(std::clamp((a.x0 + a.x1) / 2, room / 2, s.width() - room / 2), a.y1 + fs * 1.5f, title, ink, TextAnchor::Centre, size);
    s.text(a.x0 + fs * 0.3f, a.y0 + fs * 0.2f, "TFLOP/s (log)", mutedColour(dark));
}

Scene RooflineVisualizer::chart(float width, float height, bool dark, float fontSize, Scene::Measure measure) const
{
    Scene s(width, height, fontSize, measure);
    const float legend = addLegend(s, dark, legendStyle(width, height, dark, fontSize, measure));
    const Axes a = axes(width, height, fontSize, legend, roofLabelMargin(s));
    addGrid(s, a, dark);
    std::vector<RoofLabel> labels;
    addRoofs(s, a, dark, labels);
    if (m_mode == ChartMode::Kernels) addKernels(s, a, dark);
    else addLlm(s, a, dark);
    addMeasured(s, a, dark, labels);
    // Stack the margin labels top-down in the order of their roofs, never on top of each other,
    // then push them back up from the bottom of the chart (a short plot, many roofs); any that
    // would then start above the chart are left out (the roofs' tips still give them).
    std::ranges::sort(labels, {}, &RoofLabel::y);
    std::vector<float> ys;
    float next = 0;
    for (const auto& l : labels) {
        ys.push_back(std::max(l.y - fontSize * 0.45f, next));
        next = ys.back() + fontSize * 0.95f;
    }
    float limit = height - fontSize * 0.95f;
    for (std::size_t i = ys.size(); i-- > 0;) {
        ys[i] = std::min(ys[i], limit);
        limit = ys[i] - fontSize * 0.95f;
    }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (ys[i] >= 0) s.text(a.x1 + fontSize * 0.3f, ys[i], labels[i].text, labels[i].colour, TextAnchor::Left, fontSize * 0.9f);
    }
    return s;
}

RooflineVisualizer::LegendStyle RooflineVisualizer::legendStyle(float width, float height, bool dark, float fontSize,
                                                                const Scene::Measure& measure) const
{
    // The chart's text size unless the wrapped legend would take more than 30 % of the height
    // (projector sizes on a laptop screen); then smaller, down to 60 % but never below normal
    // text, and at that size without the compute peaks (the margin labels show them) if need be.
    const float smallest = std::max(fontSize * 0.6f, std::min(fontSize, 13.0f));
    const auto fits = [&](LegendStyle style) {
        Scene trial(width, height, fontSize, measure);
        return addLegend(trial, dark, style) <= height * 0.3f;
    };
    for (const float f : {1.0f, 0.9f, 0.8f, 0.7f, 0.6f}) {
        const LegendStyle style{std::max(fontSize * f, smallest), false};
        if (fits(style)) return style;
        if (style.size <= smallest) break;
    }
    return {smallest, !fits({smallest, false})};
}

float RooflineVisualizer::roofLabelMargin(const Scene& s) const
{
    // As wide as the widest compute-roof label (at 0.9 of the text size), so the plot keeps the rest.
    const float fs = s.fontSize();
    float widest = s.textWidth("10 k") / 2; // the last intensity tick is centred on the plot's edge
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        const Device* d = device(i);
        if (d == nullptr) continue;
        for (const auto& p : m_precisions) {
            for (const Sparsity sp : {Sparsity::Dense, Sparsity::Sparse}) {
                if (sp == Sparsity::Sparse && !m_sparse) continue;
                if (const auto r = roofFor(*d, p, sp)) widest = std::max(widest, s.textWidth(roofLabel(p, *r, sp == Sparsity::Dense), fs * 0.9f));
            }
        }
    }
    if (m_measured && m_measured->computeGflops > 0) widest = std::max(widest, s.textWidth(measuredLabel(m_measured->computeGflops / 1000), fs * 0.9f));
    return std::min(widest + fs * 0.6f, s.width() * 0.35f);
}

std::string RooflineVisualizer::svg() const
{
    if (m_lastChart) return m_lastChart->svg(backgroundColour(m_lastDark));
    return chart(900, 600, false, 13).svg(backgroundColour(false));
}

void RooflineVisualizer::draw(DrawContext& context)
{
    const float fs = ImGui::GetFontSize();
    // 25 em, but at projector text sizes no more than 38 % of the canvas: the chart is the point.
    const float panel = std::min(fs * 25, std::max(fs * 10, ImGui::GetContentRegionAvail().x * 0.38f));
    ImGui::BeginChild("controls", ImVec2(panel, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    drawControls();
    ImGui::EndChild();
    ImGui::SameLine();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 50 || size.y < 50) return;
    const bool dark = context.darkTheme();
    m_lastChart = chart(size.x, size.y, dark, fs, Scene::imguiMeasure());
    m_lastDark = dark;
    m_lastChart->draw(*ImGui::GetWindowDrawList(), origin.x, origin.y);
    ImGui::InvisibleButton("chart", size);
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = m_lastChart->tipAt(mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
}

void RooflineVisualizer::drawControls()
{
    const float fs = ImGui::GetFontSize();
    int mode = m_mode == ChartMode::Kernels ? 0 : 1;
    ImGui::RadioButton("Kernels", &mode, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Place kernels from the kernel library on the roofs (Ctrl+L toggles)");
    sameLineIfFits(checkWidth("LLM ops"));
    ImGui::RadioButton("LLM ops", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every prefill and decode op of a model, placed by the LLM analysis (Ctrl+L toggles)");
    m_mode = mode == 0 ? ChartMode::Kernels : ChartMode::Llm;

    ImGui::Separator();
    ImGui::TextUnformatted("Devices");
    for (std::size_t i = 0; i < m_deviceIds.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        const Rgba c = seriesColour(i, false);
        ImGui::ColorButton("##colour", ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, 1), ImGuiColorEditFlags_NoTooltip, ImVec2(fs, fs));
        ImGui::SameLine();
        std::string id = m_deviceIds[i];
        if (m_pickers[i].draw("##device", m_catalog, id, ImGui::GetContentRegionAvail().x - fs * 2.2f)) {
            if (std::ranges::find(m_deviceIds, id) == m_deviceIds.end()) m_deviceIds[i] = id;
        }
        ImGui::SameLine();
        if (ImGui::Button("x")) {
            m_deviceIds.erase(m_deviceIds.begin() + static_cast<std::ptrdiff_t>(i));
            ImGui::PopID();
            break;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this device from the chart");
        ImGui::PopID();
    }
    if (m_deviceIds.size() < maxDevices) {
        std::string added;
        if (m_pickers[maxDevices].draw("##add", m_catalog, added, ImGui::GetContentRegionAvail().x, true, "+ add a device") && !added.empty()) {
            auto ids = m_deviceIds;
            ids.push_back(added);
            setDevices(std::move(ids));
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add a device (up to %d)", static_cast<int>(maxDevices));
    }

    ImGui::Separator();
    ImGui::TextUnformatted("Compute roofs");
    const int columns = std::clamp(static_cast<int>(ImGui::GetContentRegionAvail().x / (fs * 4.2f)), 1, 5);
    int column = 0;
    for (const auto p : knownPrecisions()) {
        const std::string name(p);
        bool shown = precisionShown(name);
        if (column++ % columns != 0) ImGui::SameLine(static_cast<float>((column - 1) % columns) * fs * 4.2f + ImGui::GetStyle().WindowPadding.x);
        if (ImGui::Checkbox(name.c_str(), &shown)) setPrecisionShown(name, shown);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the %s roof (tensor units; vector units where there are none)", name.c_str());
    }
    ImGui::Checkbox("2:4 sparse", &m_sparse);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add the structured-sparsity roofs and place kernels under them");
    ImGui::TextUnformatted("Bandwidth roofs");
    for (const auto& [level, name] : {std::pair{MemoryLevel::DeviceMemory, "memory"}, std::pair{MemoryLevel::HostLink, "host link"},
                                     std::pair{MemoryLevel::ScaleUp, "scale-up"}}) {
        bool shown = levelShown(level);
        if (level != MemoryLevel::DeviceMemory) sameLineIfFits(checkWidth(name));
        if (ImGui::Checkbox(name, &shown)) setLevelShown(level, shown);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the %s bandwidth roof of every device that has one", name);
    }
    ImGui::Separator();
    if (m_mode == ChartMode::Kernels) drawKernelControls();
    else drawLlmControls();
    if (m_measured) {
        ImGui::Separator();
        ImGui::TextWrapped("Measured: %s (%s)", m_measured->name.c_str(), m_measured->source.c_str());
        if (ImGui::Button("Clear measured")) clearMeasured();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove the measured roofs and points from the chart");
    }
}

void RooflineVisualizer::drawKernelControls()
{
    const float fs = ImGui::GetFontSize();
    constexpr const char* dtypes[] = {"fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8"};
    // The kind combo and the sliders give up width first when the panel is narrow (large text).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float fixed = ImGui::GetFrameHeight() * 2 + fs * 4.5f + style.FramePadding.x * 2 + ImGui::CalcTextSize("x").x + style.ItemSpacing.x * 3;
    const float kindW = std::clamp(ImGui::GetContentRegionAvail().x - fixed, fs * 5, fs * 9);
    for (std::size_t k = 0; k < m_kernels.size(); ++k) {
        KernelEntry& e = m_kernels[k];
        ImGui::PushID(static_cast<int>(k) + 100);
        ImGui::Checkbox("##visible", &e.visible);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show this kernel on the chart");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(kindW);
        if (ImGui::BeginCombo("##kind", kernelKindName(e.kind))) {
            for (int i = 0; i <= static_cast<int>(KernelKind::Conv2d); ++i) {
                const auto kind = static_cast<KernelKind>(i);
                if (ImGui::Selectable(kernelKindName(kind), kind == e.kind)) e.kind = kind;
            }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(fs * 4.5f);
        if (ImGui::BeginCombo("##dtype", e.dtype.c_str())) {
            for (const char* t : dtypes) {
                if (ImGui::Selectable(t, e.dtype == t)) e.dtype = t;
            }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Element format: sets bytes per element and which compute roof applies");
        ImGui::SameLine();
        if (ImGui::Button("x") && m_kernels.size() > 1) {
            m_kernels.erase(m_kernels.begin() + static_cast<std::ptrdiff_t>(k));
            ImGui::PopID();
            break;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this kernel (the last one stays)");
        ImGui::SetNextItemWidth(kindW);
        ImGui::SliderInt("##size", &e.size, 1, 65536, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        sameLineIfFits(ImGui::CalcTextSize(kernelSizeMeaning(e.kind)).x);
        ImGui::TextDisabled("%s", kernelSizeMeaning(e.kind));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("size: drag the slider and watch the dot move");
        ImGui::SetNextItemWidth(kindW);
        ImGui::SliderInt("##batch", &e.batch, 1, 16384, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        sameLineIfFits(ImGui::CalcTextSize(kernelBatchMeaning(e.kind)).x);
        ImGui::TextDisabled("%s", kernelBatchMeaning(e.kind));
        ImGui::PopID();
    }
    if (m_kernels.size() < 8 && ImGui::Button("Add kernel")) m_kernels.push_back({KernelKind::Softmax, 4096, 4096, "bf16", true});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add a kernel (up to 8); change its kind in its combo (Ctrl+K)");
}

void RooflineVisualizer::drawLlmControls()
{
    const float fs = ImGui::GetFontSize();
    // As wide as leaves room for the longest label beside it, at most 9 em.
    const float w = std::clamp(ImGui::GetContentRegionAvail().x - labelledWidth(0, "generated tokens"), fs * 4, fs * 9);
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo("model", m_llm.modelId.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const auto& id : m_modelIds) {
            if (ImGui::Selectable(id.c_str(), id == m_llm.modelId)) m_llm.modelId = id;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Model preset (data/models/presets.json)");
    auto& w8 = m_llm.workload;
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("batch", &w8.batch, 1, 1024, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("prompt tokens", &w8.promptTokens, 1, 131072, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("generated tokens", &w8.generatedTokens, 1, 32768, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("tensor parallel", &w8.tensorParallel, 1, 16, "%d", ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Devices the model is split over (Megatron style); the model says when it does not divide");
    constexpr const char* formats[] = {"bf16", "fp16", "fp8", "int8", "int4", "mxfp4", "nvfp4", "fp32"};
    for (auto [label, value] : {std::pair{"weights", &w8.weights}, std::pair{"KV cache", &w8.kvCache}, std::pair{"activations", &w8.activations}}) {
        ImGui::SetNextItemWidth(w);
        if (ImGui::BeginCombo(label, value->c_str())) {
            for (const char* f : formats) {
                if (ImGui::Selectable(f, *value == f)) *value = f;
            }
            ImGui::EndCombo();
        }
    }
    ImGui::TextDisabled("The activation format picks the compute roof.");
}

} // namespace accelscope::gui::roofline
