// SPDX-License-Identifier: MIT
// LessonProse: Markdown rendering and image fitting for a lesson step.
#include "app/gui/lessons/lesson_prose.hpp"

#include <QEvent>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace accelscope::gui {

LessonProse::LessonProse(const std::filesystem::path& lessonsDir, QWidget* parent) : QTextBrowser(parent)
{
    setOpenExternalLinks(true);
    setSearchPaths({QString::fromStdString(lessonsDir.string())}); // images/… in the lessons
}

void LessonProse::showMarkdown(const QString& markdown)
{
    setMarkdown(markdown);
    // Headings at most "large" (Markdown's first level is xx-large): at projector text sizes a
    // step's title would otherwise take three lines of the view.
    QTextCursor cursor(document());
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel(); // Qt gives level n the size adjustment 4 - n
        if (level == 0 || level >= 3) continue;
        cursor.setPosition(block.position());
        cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
        QTextCharFormat format;
        format.setProperty(QTextFormat::FontSizeAdjustment, 1);
        cursor.mergeCharFormat(format);
    }
    // Inline code: Qt's Markdown reader gives it the system's fixed font at that font's own point size,
    // which presenter mode's larger text leaves tiny; without a size of its own it follows the text around it.
    std::vector<std::pair<int, int>> code; // position, length (edited after the walk)
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().fontFixedPitch() && fragment.charFormat().hasProperty(QTextFormat::FontPointSize)) {
                code.emplace_back(fragment.position(), fragment.length());
            }
        }
    }
    for (const auto& [position, length] : code) {
        cursor.setPosition(position);
        cursor.setPosition(position + length, QTextCursor::KeepAnchor);
        QTextCharFormat format = cursor.charFormat();
        format.clearProperty(QTextFormat::FontPointSize);
        cursor.setCharFormat(format);
    }
    scaleImages();
}

void LessonProse::scaleImages()
{
    // Lesson schematics are drawn about 75 characters wide: keep that relation at any text size
    // (presenter mode), within the view's width and about half its height. SVGs are rendered at
    // the size shown, so they stay sharp on a projector.
    const double maxWidth = std::min(75.0 * fontMetrics().averageCharWidth(), viewport()->width() - 24.0);
    const double maxHeight = 0.55 * viewport()->height();
    std::vector<std::pair<int, QTextImageFormat>> images; // position, format (edited after the walk)
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().isImageFormat()) images.emplace_back(fragment.position(), fragment.charFormat().toImageFormat());
        }
    }
    QTextCursor cursor(document());
    for (auto& [position, image] : images) {
        // The file itself, not the document's cached copy, which may be a rendering at another size.
        const QString name = image.name().section('#', 0, 0);
        const QByteArray file = QTextBrowser::loadResource(QTextDocument::ImageResource, QUrl(name)).toByteArray();
        QSvgRenderer svg(file);
        const QSizeF natural = svg.isValid() ? QSizeF(svg.defaultSize()) : QSizeF(QImage::fromData(file).size());
        if (natural.isEmpty()) continue;
        const double scale = std::max(0.1, std::min(maxWidth / natural.width(), maxHeight / natural.height()));
        const QSizeF shown = natural * scale;
        if (std::abs(image.width() - shown.width()) < 1.0 && image.name() != name) continue;
        QString key = name;
        if (svg.isValid()) { // a raster of the SVG at the shown size (device pixels), under its own name
            const qreal ratio = devicePixelRatioF();
            QImage raster((shown * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
            raster.fill(Qt::transparent);
            QPainter painter(&raster);
            svg.render(&painter);
            painter.end();
            raster.setDevicePixelRatio(ratio);
            key = QStringLiteral("%1#%2").arg(name).arg(qRound(shown.width()));
            document()->addResource(QTextDocument::ImageResource, QUrl(key), raster);
        }
        image.setName(key);
        image.setWidth(shown.width());
        image.setHeight(shown.height());
        cursor.setPosition(position);
        cursor.setPosition(position + 1, QTextCursor::KeepAnchor); // an image is one character
        cursor.setCharFormat(image);
    }
}

void LessonProse::changeEvent(QEvent* event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::FontChange) scaleImages();
}

void LessonProse::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    scaleImages();
}

} // namespace accelscope::gui
