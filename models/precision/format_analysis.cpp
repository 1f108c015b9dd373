// SPDX-License-Identifier: MIT
// Format analysis for the Precision page.
#include "models/precision/format_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace accelscope::models::precision {

std::vector<double> representableValues(ElementFormat format)
{
    const FormatInfo& f = formatInfo(format);
    std::vector<double> out;
    if (f.bits > 16) return out;
    for (std::uint32_t code = 0; code < codeCount(f); ++code) {
        const double v = decode(format, code);
        if (std::isfinite(v)) out.push_back(v == 0.0 ? 0.0 : v);
    }
    std::ranges::sort(out);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<BinadeCount> valuesPerBinade(ElementFormat format)
{
    std::map<int, int> counts;
    for (const double v : representableValues(format)) {
        if (v <= 0.0) continue;
        int exponent = 0;
        std::frexp(v, &exponent);
        counts[exponent - 1] += 1;
    }
    std::vector<BinadeCount> out;
    for (const auto& [exponent, n] : counts) out.push_back({exponent, n});
    return out;
}

std::size_t Histogram::maxCount() const { return counts.empty() ? 0 : *std::ranges::max_element(counts); }

Histogram symmetricHistogram(std::span<const double> values, std::size_t bins, double percentile)
{
    Histogram h;
    h.counts.assign(std::max<std::size_t>(bins, 1), 0);
    if (values.empty()) return h;
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (const double v : values) {
        if (std::isfinite(v)) magnitudes.push_back(std::fabs(v));
    }
    if (magnitudes.empty()) return h;
    const auto rank = static_cast<std::size_t>(std::clamp(percentile, 0.0, 1.0) * static_cast<double>(magnitudes.size() - 1));
    std::nth_element(magnitudes.begin(), magnitudes.begin() + static_cast<long>(rank), magnitudes.end());
    const double range = magnitudes[rank] > 0.0 ? magnitudes[rank] : 1.0;
    h.lo = -range;
    h.hi = range;
    const double width = (h.hi - h.lo) / static_cast<double>(h.counts.size());
    for (const double v : values) {
        if (!std::isfinite(v)) continue;
        if (v < h.lo) { ++h.below; continue; }
        if (v > h.hi) { ++h.above; continue; }
        const auto bin = std::min(static_cast<std::size_t>((v - h.lo) / width), h.counts.size() - 1);
        ++h.counts[bin];
    }
    return h;
}

double storageGigabytes(double parameters, double bytesPerElement) { return parameters * bytesPerElement / 1e9; }

} // namespace accelscope::models::precision
