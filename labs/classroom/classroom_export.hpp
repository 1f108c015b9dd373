// SPDX-License-Identifier: MIT
// What a teacher takes away from a session: the questions with their answer distributions as CSV,
// and a question's bars as a figure for slides (models::figure, the same SVG as every other figure).
#pragma once

#include "labs/classroom/classroom_session.hpp"
#include "models/figure/figure.hpp"

#include <string>
#include <vector>

namespace accelscope::labs::classroom {

/// CSV (RFC 4180, text cells through models::catalog::csvField): one row per bin of every question,
/// with the question, its right answer, the bin's count and what it holds (right, declared
/// mistakes, measured), all marked whether or not the room saw the reveal. With `nicknames` (the
/// session kept them) a second table follows after an empty line: one row per student answer with
/// the nickname. Without, no name is written.
std::string sessionCsv(const std::vector<AskedQuestion>& questions, bool nicknames);

/// The bars of `tally` for `question` as a figure: one row per bin (label, bar, count), the right
/// bin and the mistakes' labels when revealed, the measured value's bin marked.
models::figure::Figure tallyFigure(const Question& question, const Tally& tally, bool dark);

} // namespace accelscope::labs::classroom
