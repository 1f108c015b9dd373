// SPDX-License-Identifier: MIT
// The room's answers to one question as bins: one per option, or a histogram of the numbers; counts
// only until the reveal, then the right answer, the declared mistakes and a measured value marked.
#pragma once

#include "labs/classroom/classroom_question.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs::classroom {

/// Most bins of a number histogram, the two outlier bins included.
inline constexpr std::size_t maxNumberBins = 12;

/// One bar.
struct Bin {
    std::string label;  ///< the option's text, or the range of numbers in the question's unit ("120 – 180", "below 12")
    double low = 0;     ///< number: the bin's range [low, high); choice: the option's number twice
    double high = 0;
    int count = 0;
    bool right = false;                 ///< revealed only: holds the right answer
    bool measured = false;              ///< revealed only: holds the measured value
    std::vector<std::string> mistakes;  ///< revealed only: labels of the declared mistakes it holds
};

/// The bars of one question.
struct Tally {
    int answers = 0;
    bool revealed = false;
    bool logScale = false; ///< number bins are equal in log10 (values over more than a factor 20)
    std::vector<Bin> bins;
    /// Revealed only: the answers graded right, each declared mistake's count, and the rest.
    int right = 0;
    std::vector<int> perMistake;
    int other = 0;
    std::optional<double> measured;
    std::string measuredLabel;
};

/// Bins `answers` to `question`. Before the reveal the bins come from the answers alone (their
/// ranges give nothing away); after it the range takes in the right answer, the mistakes and the
/// measured value too, and those are marked. Number bins span the answers between the 5th and 95th
/// percentile and those within one such width of it (in log10 when all are positive), plus the
/// marks after the reveal, in up to maxNumberBins − 2 equal steps, linear or in log10 when every
/// value is positive and they spread over more than a factor 20; the outliers go to a "below" and
/// an "above" bin. After the reveal the grid is shifted (by less than a step, one step added) so
/// that the right answer sits in the middle of its bin.
Tally tallyAnswers(const Question& question, const std::vector<GradedAnswer>& answers, bool revealed,
                   std::optional<double> measured = std::nullopt, const std::string& measuredLabel = {});

} // namespace accelscope::labs::classroom
