// SPDX-License-Identifier: MIT
#include "app/gui/layout/figure_view.hpp"

#include "app/gui/figure_export.hpp"

#include <QPainter>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>

namespace accelscope::gui {

FigureView::FigureView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMinimumHeight(60);
}

void FigureView::setFigure(models::figure::Figure figure)
{
    figure_ = std::move(figure);
    message_.clear();
    setToolTip({});
    render();
    setMinimumHeight(heightForWidth(width()));
    updateGeometry();
    update();
}

void FigureView::setMessage(const QString& text)
{
    figure_.reset();
    message_ = text;
    image_ = QImage();
    setToolTip(text);
    setMinimumHeight(60);
    updateGeometry();
    update();
}

QSize FigureView::sizeHint() const
{
    if (!figure_) return {600, 160};
    const auto size = models::figure::figureSize(*figure_);
    return {static_cast<int>(size.width), static_cast<int>(size.height)};
}

int FigureView::heightForWidth(int width) const
{
    if (!figure_) return 160;
    const auto size = models::figure::figureSize(*figure_);
    return static_cast<int>(std::ceil(size.height * width / std::max(1.0, size.width)));
}

void FigureView::render()
{
    if (!figure_ || width() <= 0) return;
    const auto size = models::figure::figureSize(*figure_);
    // Device pixels for the widget's width: sharp at any text size and on HiDPI screens.
    const double scale = std::max(0.25, width() * devicePixelRatioF() / std::max(1.0, size.width));
    image_ = renderFigure(*figure_, scale);
    image_.setDevicePixelRatio(devicePixelRatioF());
}

void FigureView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) {
        render();
        // In a scroll area the figure keeps its aspect: as tall as its width asks, scrolled rather than shrunk.
        setMinimumHeight(figure_ ? heightForWidth(event->size().width()) : 60);
    }
}

void FigureView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    if (!message_.isEmpty()) {
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, message_);
        return;
    }
    if (image_.isNull()) return;
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(QPointF(0, 0), image_);
}

} // namespace accelscope::gui
