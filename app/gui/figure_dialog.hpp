// SPDX-License-Identifier: MIT
// The "Export figure" dialog: a preview of the page's figure, light or dark (light by default, for
// slides), Save PNG (2x), Save SVG and Copy caption.
#pragma once

#include "models/figure/figure.hpp"

#include <QDialog>

#include <functional>
#include <vector>
#include <expected>

class QComboBox;
class QLabel;
class QPushButton;

namespace accelscope::gui {

class FigureDialog : public QDialog {
    Q_OBJECT
public:
    /// `make` builds the figure for a theme (dark = true) at the page's current state.
    using Maker = std::function<std::expected<models::figure::Figure, QString>(bool dark)>;
    FigureDialog(Maker make, const QString& suggestedName, QWidget* parent = nullptr);

    void setDark(bool dark);
    bool dark() const;
    const models::figure::Figure& figure() const { return m_figure; }
    /// Writes the figure (PNG or SVG by the suffix); asks for a file when none is given. A failure
    /// is one line naming the file (a message box when the user chose the file).
    bool save(const QString& file = {}, const QString& suffix = "png");
    /// Puts the caption on the clipboard and returns it.
    QString copyCaption();
    /// Fits the dialog to a screen of `available` size (its title bar included): the preview
    /// shrinks so the theme row, the caption and the Save and Close buttons stay on screen, and
    /// the buttons wrap to two rows when one is too wide. The constructor fits it to its screen.
    void fitTo(QSize available);

signals:
    void statusMessage(const QString& message);

private:
    void rebuild();
    Maker m_make;
    QString m_name;
    models::figure::Figure m_figure;
    QComboBox* m_theme = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_caption = nullptr;
    QWidget* m_themeRow = nullptr;
    QWidget* m_buttons = nullptr;
    std::vector<QPushButton*> m_buttonList; ///< Save PNG, Save SVG, Copy caption, Close
    QSize m_available; ///< the screen the dialog must fit
};

} // namespace accelscope::gui
