// SPDX-License-Identifier: MIT
// FigureDialog.
#include "app/gui/figure_dialog.hpp"

#include "app/gui/figure_export.hpp"
#include "app/gui/plain_message_box.hpp"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QGridLayout>
#include <QGuiApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {
namespace {

/// The size of the screen `widget` is on (the primary one without a widget), less nothing: the
/// dialog's title bar is counted where the dialog is laid out.
QSize availableSize(const QWidget* widget)
{
    const QScreen* screen = widget != nullptr && widget->screen() != nullptr ? widget->screen() : QGuiApplication::primaryScreen();
    return screen != nullptr ? screen->availableGeometry().size() : QSize(1024, 768);
}

} // namespace

FigureDialog::FigureDialog(Maker make, const QString& suggestedName, QWidget* parent)
    : QDialog(parent), m_make(std::move(make)), m_name(suggestedName)
{
    setWindowTitle(tr("Export figure"));
    auto* layout = new QVBoxLayout(this);
    m_themeRow = new QWidget(this);
    auto* row = new QHBoxLayout(m_themeRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Theme:"), this));
    m_theme = new QComboBox(this);
    m_theme->addItems({tr("Light (slides, print)"), tr("Dark")});
    m_theme->setToolTip(tr("The figure's colours; the app's own theme is not changed"));
    row->addWidget(m_theme);
    row->addStretch(1);
    layout->addWidget(m_themeRow);
    m_preview = new QLabel(this);
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setObjectName("figurePreview");
    layout->addWidget(m_preview, 1);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_caption);
    // The buttons in a grid of two columns: at text size 2.5 four in one row are wider than a
    // 1024-px screen.
    m_buttons = new QWidget(this);
    auto* grid = new QGridLayout(m_buttons);
    grid->setContentsMargins(0, 0, 0, 0);
    auto* png = new QPushButton(tr("Save PNG (2x)…"), this);
    png->setToolTip(tr("The figure alone, at twice its size, for slides"));
    auto* svg = new QPushButton(tr("Save SVG…"), this);
    svg->setToolTip(tr("The figure as vector graphics (slides, papers)"));
    auto* caption = new QPushButton(tr("Copy caption"), this);
    caption->setToolTip(tr("Copy a short caption with the figure's sources"));
    auto* close = new QPushButton(tr("Close"), this);
    close->setObjectName("figureClose");
    m_buttonList = {png, svg, caption, close};
    layout->addWidget(m_buttons);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    connect(png, &QPushButton::clicked, this, [this] { save({}, "png"); });
    connect(svg, &QPushButton::clicked, this, [this] { save({}, "svg"); });
    connect(caption, &QPushButton::clicked, this, [this] { copyCaption(); });
    connect(m_theme, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    fitTo(availableSize(parent));
}

void FigureDialog::fitTo(QSize available)
{
    m_available = available;
    auto* grid = static_cast<QGridLayout*>(m_buttons->layout());
    int wide = 0;
    for (QPushButton* b : m_buttonList) {
        grid->removeWidget(b);
        wide += b->sizeHint().width() + std::max(0, grid->horizontalSpacing());
    }
    const int perRow = wide + 64 <= available.width() ? 4 : 2;
    for (int i = 0; i < static_cast<int>(m_buttonList.size()); ++i) grid->addWidget(m_buttonList[static_cast<std::size_t>(i)], i / perRow, i % perRow);
    rebuild();
    adjustSize();
}

void FigureDialog::setDark(bool dark) { m_theme->setCurrentIndex(dark ? 1 : 0); }
bool FigureDialog::dark() const { return m_theme->currentIndex() == 1; }

void FigureDialog::rebuild()
{
    auto made = m_make(dark());
    if (!made) {
        m_preview->setText(made.error());
        m_caption->clear();
        return;
    }
    m_figure = std::move(*made);
    m_caption->setText(figureCaptionText(m_figure));
    // The preview gets what the screen leaves after the title bar, the margins, the theme row, the
    // caption at the dialog's width and the buttons (the Export dialog was 963-1032 px tall on an
    // 800-px screen at text size 2.5, Save SVG and Close off screen).
    const QMargins margins = layout()->contentsMargins();
    const int spacing = std::max(0, layout()->spacing());
    const int titleBar = style()->pixelMetric(QStyle::PM_TitleBarHeight) + 16;
    const int width = std::min(900, m_available.width() - margins.left() - margins.right() - 32);
    m_caption->setMinimumWidth(width); // the dialog is this wide, so the caption's height below is the one it gets
    const int chrome = titleBar + margins.top() + margins.bottom() + 3 * spacing + m_themeRow->sizeHint().height() +
                       m_caption->heightForWidth(width) + m_buttons->sizeHint().height();
    const QSize room(std::max(120, width), std::max(120, m_available.height() - chrome));
    const QImage image = renderFigure(m_figure, 1.0);
    const bool fits = image.width() <= room.width() && image.height() <= room.height();
    m_preview->setPixmap(QPixmap::fromImage(fits ? image : image.scaled(room, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

bool FigureDialog::save(const QString& requested, const QString& suffix)
{
    QString file = requested;
    if (file.isEmpty()) {
        const QString filter = suffix == "svg" ? tr("SVG (*.svg)") : tr("PNG (*.png)");
        file = QFileDialog::getSaveFileName(this, tr("Export figure"), m_name + "." + suffix, filter);
        if (file.isEmpty()) return false;
    }
    if (auto ok = saveFigure(m_figure, file); !ok) {
        emit statusMessage(ok.error());
        if (requested.isEmpty()) plainWarningBox(tr("Export failed"), ok.error(), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

QString FigureDialog::copyCaption()
{
    const QString caption = figureCaptionText(m_figure);
    QApplication::clipboard()->setText(caption);
    emit statusMessage(tr("Caption copied"));
    return caption;
}

} // namespace accelscope::gui
