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

} // namespace

void applyTheme(QApplication& app, Theme theme, double fontScale)
{
    app.setStyle(QStyleFactory::create("Fusion"));
    app.setPalette(theme == Theme::Dark ? darkPalette() : app.style()->standardPalette());
    QFont font = app.font();
    // 10 pt is Qt's usual default; scaling the point size keeps layouts proportional.
    font.setPointSizeF(10.0 * std::clamp(fontScale, minFontScale, maxFontScale));
    app.setFont(font);
}

QColor bestValueColour(Theme theme) { return theme == Theme::Dark ? QColor(30, 110, 60) : QColor(200, 240, 205); }
QColor userDeviceColour(Theme theme) { return theme == Theme::Dark ? QColor(70, 60, 20) : QColor(255, 248, 220); }

QString themeName(Theme theme) { return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"); }
Theme themeFromName(const QString& name) { return name == QLatin1String("dark") ? Theme::Dark : Theme::Light; }

} // namespace accelscope::gui
