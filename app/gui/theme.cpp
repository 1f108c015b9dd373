// SPDX-License-Identifier: MIT
// Palettes for the Fusion style.
#include "app/gui/theme.hpp"

#include <QApplication>
#include <QFont>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>

namespace accelscope::gui {
namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(37, 37, 40);
    const QColor base(28, 28, 30);
    const QColor text(230, 230, 230);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(44, 44, 48));
    p.setColor(QPalette::ToolTipBase, QColor(50, 50, 54));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(110, 170, 255));
    p.setColor(QPalette::Highlight, QColor(42, 110, 200));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(140, 140, 140));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 120, 120));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
    return p;
}

// White on black, yellow for what is selected or focused: the contrast a projector needs.
QPalette highContrastPalette()
{
    QPalette p;
    const QColor black(0, 0, 0);
    const QColor white(255, 255, 255);
    const QColor yellow(255, 214, 0);
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::ToolTipBase}) p.setColor(role, black);
    p.setColor(QPalette::AlternateBase, QColor(24, 24, 24));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText}) p.setColor(role, white);
    p.setColor(QPalette::BrightText, yellow);
    p.setColor(QPalette::Link, QColor(0, 230, 255));
    p.setColor(QPalette::Highlight, yellow);
    p.setColor(QPalette::HighlightedText, black);
    p.setColor(QPalette::PlaceholderText, QColor(190, 190, 190));
    for (const auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(150, 150, 150));
    }
    return p;
}

} // namespace

void applyTheme(QApplication& app, Theme theme, double fontScale)
{
    app.setStyle(QStyleFactory::create("Fusion"));
    app.setPalette(theme == Theme::Dark           ? darkPalette()
                   : theme == Theme::HighContrast ? highContrastPalette()
                                                  : app.style()->standardPalette());
    QFont font = app.font();
    // 10 pt is Qt's usual default; scaling the point size keeps layouts proportional.
    font.setPointSizeF(baseFontPointSize * std::clamp(fontScale, minFontScale, maxFontScale));
    app.setFont(font);
}

QColor bestValueColour(Theme theme) { return isDark(theme) ? QColor(30, 110, 60) : QColor(200, 240, 205); }
QColor userDeviceColour(Theme theme) { return isDark(theme) ? QColor(70, 60, 20) : QColor(255, 248, 220); }

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::HighContrast: return QStringLiteral("high-contrast");
    default: return QStringLiteral("light");
    }
}

Theme themeFromName(const QString& name)
{
    if (name == QLatin1String("dark")) return Theme::Dark;
    if (name == QLatin1String("high-contrast")) return Theme::HighContrast;
    return Theme::Light;
}

} // namespace accelscope::gui
