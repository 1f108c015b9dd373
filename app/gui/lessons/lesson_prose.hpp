// SPDX-License-Identifier: MIT
// The prose of a lesson step: Markdown with its images sized to the text and the view.
#pragma once

#include <QTextBrowser>

#include <filesystem>

namespace accelscope::gui {

/// Shows a step's Markdown. Images (`images/…` beside the lesson files) are drawn about 75
/// characters wide at any text size (presenter mode), within the view's width and about half its
/// height, and re-fitted when the font or the view's size changes.
class LessonProse : public QTextBrowser {
    Q_OBJECT
public:
    /// `lessonsDir`: the folder the lessons' relative image paths start from.
    explicit LessonProse(const std::filesystem::path& lessonsDir, QWidget* parent = nullptr);

    /// Replaces the text with `markdown` and fits its images.
    void showMarkdown(const QString& markdown);

protected:
    void changeEvent(QEvent* event) override;
    /// QAbstractScrollArea sends the viewport's resizes here.
    void resizeEvent(QResizeEvent* event) override;

private:
    void scaleImages();
};

} // namespace accelscope::gui
