// SPDX-License-Identifier: MIT
// The session's CSV and the bars as a figure.
#include "labs/classroom/classroom_export.hpp"

#include "models/catalog/comparison.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <filesystem>

namespace accelscope::labs::classroom {
namespace {

using models::catalog::csvField;
using models::figure::Anchor;
using models::figure::Colour;

std::string join(const std::vector<std::string>& parts, const std::string& separator)
{
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : separator) + part;
    return out;
}

std::string questionCells(const AskedQuestion& asked)
{
    const Question& q = asked.question;
    return std::to_string(asked.id) + "," + csvField(q.lessonId) + "," + std::to_string(q.stepNumber) + "," +
           (q.kind == guided::CheckKind::Choice ? "choice" : "number") + "," + csvField(q.text) + "," + csvField(q.unit) + "," +
           csvField(q.expectedText);
}

} // namespace

std::string sessionCsv(const std::vector<AskedQuestion>& questions, bool nicknames)
{
    std::string csv = "question,lesson,step,kind,text,unit,right_answer,answers,bin,count,right,measured,mistakes\r\n";
    for (const auto& asked : questions) {
        const Tally tally = tallyAnswers(asked.question, asked.graded(), true, asked.measured, asked.measuredLabel);
        for (const auto& bin : tally.bins) {
            csv += questionCells(asked) + "," + std::to_string(tally.answers) + "," + csvField(bin.label) + "," +
                   std::to_string(bin.count) + "," + (bin.right ? "yes" : "no") + "," + (bin.measured ? "yes" : "no") + "," +
                   csvField(join(bin.mistakes, "; ")) + "\r\n";
        }
    }
    if (!nicknames) return csv;
    csv += "\r\nquestion,nickname,answer,right,mistake\r\n";
    for (const auto& asked : questions) {
        for (const auto& [token, answer] : asked.answers) {
            const int m = answer.graded.mistake;
            csv += std::to_string(asked.id) + "," + csvField(answer.nickname) + "," + csvField(answer.graded.text) + "," +
                   (answer.graded.correct ? "yes" : "no") + "," +
                   csvField(m >= 0 ? asked.question.mistakes[static_cast<std::size_t>(m)].label : std::string()) + "\r\n";
        }
    }
    return csv;
}

models::figure::Figure tallyFigure(const Question& question, const Tally& tally, bool dark)
{
    models::figure::Figure f;
    f.dark = dark;
    f.title = question.text;
    f.subtitle = question.lessonTitle + ", step " + std::to_string(question.stepNumber) + ": " + question.stepTitle;
    const Colour ink = models::figure::inkOf(dark);
    const Colour muted = models::figure::mutedOf(dark);
    const Colour bar = dark ? Colour{110, 160, 230} : Colour{60, 110, 190};
    const Colour right = dark ? Colour{90, 200, 120} : Colour{30, 140, 60};
    const Colour mistake = dark ? Colour{255, 170, 60} : Colour{200, 90, 0};
    constexpr double size = 18;
    constexpr double noteSize = 14;
    constexpr double rowHeight = 52;
    double labelWidth = 120;
    for (const auto& bin : tally.bins) labelWidth = std::max(labelWidth, models::figure::textWidthEstimate(bin.label, size));
    labelWidth = std::min(labelWidth, 360.0);
    constexpr double barWidth = 420;
    const double x0 = labelWidth + 16;
    int most = 1;
    for (const auto& bin : tally.bins) most = std::max(most, bin.count);
    auto& d = f.chart;
    d.width = x0 + barWidth + 60;
    d.height = std::max(1.0, static_cast<double>(tally.bins.size())) * rowHeight + 8;
    double y = 4;
    for (const auto& bin : tally.bins) {
        const double w = barWidth * bin.count / most;
        d.text(labelWidth, y + 4, bin.label, bin.right ? right : ink, size, Anchor::End, false, bin.right);
        d.rect(x0, y + 2, std::max(w, 1.0), rowHeight - 22, bin.right ? right : bar);
        d.text(x0 + w + 8, y + 4, std::to_string(bin.count), ink, size, Anchor::Start, false, true);
        std::vector<std::string> notes;
        if (bin.right) notes.push_back("right: " + question.expectedText);
        if (bin.measured) notes.push_back("measured: " + models::readableText(*tally.measured) + " " + question.unit);
        for (const auto& label : bin.mistakes) notes.push_back(label);
        if (!notes.empty()) {
            const std::string note = join(notes, " · ");
            d.text(x0, y + rowHeight - 19, note, bin.mistakes.empty() ? muted : mistake, noteSize);
            d.width = std::max(d.width, x0 + models::figure::textWidthEstimate(note, noteSize) + 8);
        }
        y += rowHeight;
    }
    if (tally.bins.empty()) d.text(0, 4, "no answers yet", muted, size);
    f.legend.push_back({bar, "answers in the bin"});
    if (tally.revealed) {
        f.legend.push_back({right, "holds the right answer"});
        if (!question.mistakes.empty()) f.legend.push_back({mistake, "a declared mistake"});
    }
    f.statistics.push_back(std::to_string(tally.answers) + (tally.answers == 1 ? " answer" : " answers"));
    if (tally.revealed) {
        f.statistics.push_back("right: " + question.expectedText + " (" + std::to_string(tally.right) + " of " +
                               std::to_string(tally.answers) + ")");
        for (std::size_t i = 0; i < question.mistakes.size(); ++i) {
            f.statistics.push_back(question.mistakes[i].label + ": " + std::to_string(tally.perMistake[i]));
        }
        if (tally.measured) f.statistics.push_back("measured on this machine: " + models::readableText(*tally.measured) + " " + question.unit);
    } else {
        f.statistics.push_back("not revealed yet: counts only");
    }
    f.units = question.kind == guided::CheckKind::Choice ? "students per option"
                                                         : "students per range of answers" + std::string(tally.logScale ? " (log-spaced)" : "") +
                                                               (question.unit.empty() ? "" : ", in " + question.unit);
    f.sources.push_back("Lesson " + question.lessonId + " (" + std::filesystem::path(question.file).filename().string() + "), graded by its check's tolerance and declared mistakes");
    return f;
}

} // namespace accelscope::labs::classroom
