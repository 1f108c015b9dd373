// SPDX-License-Identifier: MIT
// FigureDialog.
#include "app/gui/figure_dialog.hpp"

#include "app/gui/figure_export.hpp"
#include "app/gui/plain_message_box.hpp"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace accelscope::gui {

FigureDialog::FigureDialog(Maker make, const QString& suggestedName, QWidget* parent)
    : QDialog(parent), m_make(std::move(make)), m_name(suggestedName)
{
    setWindowTitle(tr("Export figure"));
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Theme:"), this));
    m_theme = new QComboBox(this);
    m_theme->addItems({tr("Light (slides, print)"), tr("Dark")});
    m_theme->setToolTip(tr("The figure's colours; the app's own theme is not changed"));
    row->addWidget(m_theme);
    row->addStretch(1);
    layout->addLayout(row);
    m_preview = new QLabel(this);
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setObjectName("figurePreview");
    layout->addWidget(m_preview, 1);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_caption);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* png = buttons->addButton(tr("Save PNG (2x)…"), QDialogButtonBox::ActionRole);
    png->setToolTip(tr("The figure alone, at twice its size, for slides"));
    QPushButton* svg = buttons->addButton(tr("Save SVG…"), QDialogButtonBox::ActionRole);
    svg->setToolTip(tr("The figure as vector graphics (slides, papers)"));
    QPushButton* caption = buttons->addButton(tr("Copy caption"), QDialogButtonBox::ActionRole);
    caption->setToolTip(tr("Copy a short caption with the figure's sources"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(png, &QPushButton::clicked, this, [this] { save({}, "png"); });
    connect(svg, &QPushButton::clicked, this, [this] { save({}, "svg"); });
    connect(caption, &QPushButton::clicked, this, [this] { copyCaption(); });
    connect(m_theme, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    rebuild();
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
    const QImage image = renderFigure(m_figure, 1.0);
    m_preview->setPixmap(QPixmap::fromImage(image.width() > 900 ? image.scaledToWidth(900, Qt::SmoothTransformation) : image));
    m_caption->setText(figureCaptionText(m_figure));
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
