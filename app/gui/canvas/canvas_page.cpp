// SPDX-License-Identifier: MIT
// CanvasPage: canvas, hint and export buttons.
#include "app/gui/canvas/canvas_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/figure_export.hpp"
#include "app/gui/plain_message_box.hpp"
#include "models/catalog/catalog_set.hpp"

#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace accelscope::gui {

CanvasPage::CanvasPage(Visualizer& visualizer, const QString& hint, std::function<std::string()> svg, QWidget* parent)
    : QWidget(parent), m_svg(std::move(svg))
{
    auto* layout = new QVBoxLayout(this);
    m_canvas = new ImGuiCanvas(this);
    m_canvas->setVisualizer(&visualizer);
    layout->addWidget(m_canvas, 1);
    // The hint has a row of its own, and the buttons wrap: at projector text sizes one row of
    // hint and buttons was wider than a 1024-pixel screen and the hint grew taller than the canvas.
    m_hint = new QLabel(hint, this);
    m_hint->setObjectName(pageHintName);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_buttons = new FlowLayout(nullptr, Qt::AlignRight);
    auto* png = new QPushButton(tr("Export PNG…"), this);
    png->setToolTip(tr("Save the chart at 2x for slides (with its legend and statistics where the page has a figure)"));
    m_buttons->addWidget(png);
    connect(png, &QPushButton::clicked, this, [this] { exportPng(); });
    if (m_svg) {
        auto* svgButton = new QPushButton(tr("Export SVG…"), this);
        svgButton->setToolTip(tr("Save the chart as SVG (vector, for slides and papers)"));
        m_buttons->addWidget(svgButton);
        connect(svgButton, &QPushButton::clicked, this, [this] { exportSvg(); });
    }
    layout->addLayout(m_buttons);
}

void CanvasPage::setFontScale(float scale) { m_canvas->setFontScale(scale); }
void CanvasPage::setDarkTheme(bool dark) { m_canvas->setDarkTheme(dark); }

void CanvasPage::setAppearance(Theme theme, double fontScale)
{
    setDarkTheme(isDark(theme));
    setFontScale(static_cast<float>(fontScale));
}

bool CanvasPage::exportPng(const QString& requested)
{
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Export PNG"), objectName() + ".png", tr("PNG (*.png)"));
        if (file.isEmpty()) return false;
    }
    if (auto* figurePage = dynamic_cast<FigurePage*>(this)) return exportFigure(*figurePage, file, !requested.isEmpty());
    const QImage image = m_canvas->grabFramebuffer();
    const QImage doubled = image.scaled(image.size() * 2, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (image.isNull() || !doubled.save(file, "PNG")) {
        if (requested.isEmpty()) plainWarningBox(tr("Export failed"), tr("Could not write %1").arg(file), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

bool CanvasPage::exportSvg(const QString& requested)
{
    if (!m_svg) return false;
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Export SVG"), objectName() + ".svg", tr("SVG (*.svg)"));
        if (file.isEmpty()) return false;
    }
    if (auto* figurePage = dynamic_cast<FigurePage*>(this)) return exportFigure(*figurePage, file, !requested.isEmpty());
    if (auto ok = models::catalog::writeFileAtomically(file.toStdString(), m_svg()); !ok) {
        if (requested.isEmpty()) plainWarningBox(tr("Export failed"), QString::fromStdString(ok.error().message), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

bool CanvasPage::exportFigure(FigurePage& page, const QString& file, bool quiet)
{
    auto figure = page.figure(false); // light: the buttons make slides; the dialog offers dark
    std::expected<void, QString> saved = figure ? saveFigure(*figure, file) : std::unexpected(figure.error());
    if (!saved) {
        emit statusMessage(saved.error());
        if (!quiet) plainWarningBox(tr("Export failed"), saved.error(), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

} // namespace accelscope::gui
