// SPDX-License-Identifier: MIT
// The room's answers to one question as bins.
#include "labs/classroom/answer_tally.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::labs::classroom {
namespace {

// Four significant digits: an edge such as 1365.5 must not read as the 1,370 of its neighbour bin.
std::string numberText(double value) { return models::readableText(value, 4); }

/// The value at fraction `p` (0..1) of sorted `values` (nearest rank).
double percentile(const std::vector<double>& sorted, double p)
{
    const auto index = static_cast<std::size_t>(std::lround(p * static_cast<double>(sorted.size() - 1)));
    return sorted[index];
}

struct Scale {
    bool log = false;
    double low = 0;
    double high = 0;
    std::size_t steps = 1;
    /// Shifts the grid by less than a step so that `value` sits in the middle of its bin, adding a
    /// step on the side the shift uncovered: the right answer's bin then holds the answers around it.
    void centreOn(double value)
    {
        const auto space = [this](double v) { return log ? std::log10(v) : v; };
        const auto back = [this](double v) { return log ? std::pow(10.0, v) : v; };
        const double lo = space(low);
        const double width = (space(high) - lo) / static_cast<double>(steps);
        const double k = std::floor((space(value) - lo) / width);
        const double shift = space(value) - (lo + (k + 0.5) * width);
        if (shift == 0) return;
        // The shift is under half a step: one more step on the uncovered side keeps every value inside.
        low = back(lo + shift - (shift > 0 ? width : 0));
        high = back(space(high) + shift + (shift < 0 ? width : 0));
        ++steps;
    }
    double edge(std::size_t i) const
    {
        const double f = static_cast<double>(i) / static_cast<double>(steps);
        return log ? std::pow(10.0, std::log10(low) + f * (std::log10(high) - std::log10(low))) : low + f * (high - low);
    }
};

/// The bin index of `value` in number bins laid out as in tallyAnswers: a "below" bin holds what is
/// under the range, an "above" bin what is over it, and the last bin of the range its top edge.
std::size_t binOf(const std::vector<Bin>& bins, double value)
{
    for (std::size_t i = 0; i < bins.size(); ++i) {
        const Bin& bin = bins[i];
        if (std::isinf(bin.low)) {
            if (value < bin.high) return i;
            continue;
        }
        if (std::isinf(bin.high)) return i; // only reached by a value over the range
        const bool lastInRange = i + 1 == bins.size() || std::isinf(bins[i + 1].high);
        if (value >= bin.low && (value < bin.high || (lastInRange && value <= bin.high))) return i;
    }
    return bins.size() - 1;
}

/// The range the bins span: the answers between the 5th and 95th percentile and those within one
/// such width of it (in log10 when every answer is positive), so that only an outlier (1e300 typed
/// for 1365) lands in "below" or "above".
std::pair<double, double> coreRange(const std::vector<double>& sorted)
{
    const bool positive = sorted.front() > 0;
    const auto space = [positive](double v) { return positive ? std::log10(v) : v; };
    const double p5 = space(percentile(sorted, 0.05));
    const double p95 = space(percentile(sorted, 0.95));
    const double width = p95 - p5;
    double low = sorted.back();
    double high = sorted.front();
    for (const double v : sorted) {
        if (space(v) >= p5 - width && space(v) <= p95 + width) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    }
    return {low, high};
}

std::vector<Bin> numberBins(const std::vector<double>& values, const std::vector<double>& marks, std::optional<double> centre,
                            bool& logScale)
{
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    std::vector<double> span = marks;
    if (!sorted.empty()) {
        const auto [low, high] = coreRange(sorted);
        span.push_back(low);
        span.push_back(high);
    }
    if (span.empty()) return {};
    Scale scale;
    scale.low = *std::min_element(span.begin(), span.end());
    scale.high = *std::max_element(span.begin(), span.end());
    const bool positive = scale.low > 0 && (sorted.empty() || sorted.front() > 0);
    scale.log = positive && scale.high / scale.low > 20;
    logScale = scale.log;
    std::vector<Bin> bins;
    if (scale.low == scale.high) {
        bins.push_back({numberText(scale.low), scale.low, scale.high, 0, false, false, {}});
    } else {
        scale.steps = std::min<std::size_t>(maxNumberBins - 3, std::max<std::size_t>(4, values.size()));
        if (centre) scale.centreOn(*centre);
        for (std::size_t i = 0; i < scale.steps; ++i) {
            const double low = scale.edge(i);
            const double high = scale.edge(i + 1);
            bins.push_back({numberText(low) + " – " + numberText(high), low, high, 0, false, false, {}});
        }
    }
    const bool below = !sorted.empty() && sorted.front() < scale.low;
    const bool above = !sorted.empty() && sorted.back() > scale.high;
    if (below) bins.insert(bins.begin(), Bin{"below " + numberText(scale.low), -HUGE_VAL, scale.low, 0, false, false, {}});
    if (above) bins.push_back(Bin{"above " + numberText(scale.high), scale.high, HUGE_VAL, 0, false, false, {}});
    return bins;
}

} // namespace

Tally tallyAnswers(const Question& question, const std::vector<GradedAnswer>& answers, bool revealed,
                   std::optional<double> measured, const std::string& measuredLabel)
{
    Tally tally;
    tally.answers = static_cast<int>(answers.size());
    tally.revealed = revealed;
    if (revealed) {
        tally.measured = measured;
        tally.measuredLabel = measuredLabel;
        tally.perMistake.assign(question.mistakes.size(), 0);
        for (const auto& answer : answers) {
            if (answer.correct) ++tally.right;
            else if (answer.mistake >= 0) ++tally.perMistake[static_cast<std::size_t>(answer.mistake)];
            else ++tally.other;
        }
    }
    if (question.kind == guided::CheckKind::Choice) {
        for (std::size_t i = 0; i < question.options.size(); ++i) {
            const double number = static_cast<double>(i + 1);
            tally.bins.push_back({question.options[i], number, number, 0, false, false, {}});
        }
        for (const auto& answer : answers) {
            const auto index = static_cast<std::size_t>(answer.value) - 1;
            if (answer.value >= 1 && index < tally.bins.size()) ++tally.bins[index].count;
        }
        if (!revealed) return tally;
        tally.bins[static_cast<std::size_t>(question.expectedValue) - 1].right = true;
        for (const auto& mistake : question.mistakes) {
            const auto index = static_cast<std::size_t>(mistake.value) - 1;
            if (mistake.value >= 1 && index < tally.bins.size()) tally.bins[index].mistakes.push_back(mistake.label);
        }
        return tally;
    }
    std::vector<double> values;
    for (const auto& answer : answers) values.push_back(answer.value);
    std::vector<double> marks;
    if (revealed) {
        marks.push_back(question.expectedValue);
        for (const auto& mistake : question.mistakes) marks.push_back(mistake.value);
        if (measured) marks.push_back(*measured);
    }
    tally.bins = numberBins(values, marks, revealed ? std::optional<double>(question.expectedValue) : std::nullopt, tally.logScale);
    if (tally.bins.empty()) return tally;
    for (const double value : values) ++tally.bins[binOf(tally.bins, value)].count;
    if (!revealed) return tally;
    tally.bins[binOf(tally.bins, question.expectedValue)].right = true;
    for (const auto& mistake : question.mistakes) tally.bins[binOf(tally.bins, mistake.value)].mistakes.push_back(mistake.label);
    if (measured) tally.bins[binOf(tally.bins, *measured)].measured = true;
    return tally;
}

} // namespace accelscope::labs::classroom
