// SPDX-License-Identifier: MIT
// Figure rendering and saving.
#include "app/gui/figure_export.hpp"

#include "app/gui/page.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>

#include <cmath>

namespace accelscope::gui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("FigureExport", text); }

} // namespace

QImage renderFigure(const models::figure::Figure& figure, double scale)
{
    const models::figure::FigureSize size = models::figure::figureSize(figure);
    const QByteArray svg = QByteArray::fromStdString(models::figure::figureSvg(figure));
    QSvgRenderer renderer(svg);
    QImage image(static_cast<int>(std::ceil(size.width * scale)), static_cast<int>(std::ceil(size.height * scale)), QImage::Format_ARGB32);
    const models::figure::Colour bg = models::figure::backgroundOf(figure.dark);
    image.fill(QColor(bg.r, bg.g, bg.b));
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    renderer.render(&painter, QRectF(0, 0, size.width * scale, size.height * scale));
    return image;
}

std::expected<void, QString> saveFigure(const models::figure::Figure& figure, const QString& file)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix != "png" && suffix != "svg") return std::unexpected(tr("%1: the file name must end in .png or .svg").arg(file));
    QByteArray bytes;
    if (suffix == "svg") {
        bytes = QByteArray::fromStdString(models::figure::figureSvg(figure));
    } else {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!renderFigure(figure).save(&buffer, "PNG")) return std::unexpected(tr("%1: could not encode the PNG").arg(file));
    }
    QSaveFile out(file); // a temporary file renamed on commit: nothing half-written on failure
    if (!out.open(QIODevice::WriteOnly)) return std::unexpected(tr("%1: cannot write (%2)").arg(file, out.errorString()));
    if (out.write(bytes) != bytes.size() || !out.commit()) return std::unexpected(tr("%1: write failed (%2)").arg(file, out.errorString()));
    return {};
}

QString figureCaptionText(const models::figure::Figure& figure)
{
    return QString::fromStdString(models::figure::figureCaption(figure));
}

std::expected<models::figure::Figure, QString> figureOfPage(QWidget* page, bool dark)
{
    auto* source = dynamic_cast<FigurePage*>(page);
    if (source == nullptr) return std::unexpected(tr("This page has no figure to export (title, chart, legend, sources); Export view as PNG (Ctrl+Shift+S) saves a screenshot"));
    return source->figure(dark);
}

} // namespace accelscope::gui
