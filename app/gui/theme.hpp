// SPDX-License-Identifier: MIT
// Light and dark themes and the font scale (for projectors), applied to the whole application.
#pragma once

#include <QColor>
#include <QString>

class QApplication;

namespace accelscope::gui {

/// HighContrast: white on black with yellow selection, for projectors and presenter mode.
enum class Theme { Light, Dark, HighContrast };

/// True for the themes with a dark background (visualizers draw their dark variant).
inline bool isDark(Theme theme) { return theme != Theme::Light; }

/// Applies the Fusion style with the theme's palette and scales the base font.
void applyTheme(QApplication& app, Theme theme, double fontScale);

/// Colour used to mark the best value in comparison tables (readable on both themes).
QColor bestValueColour(Theme theme);
/// Background tint of the user's own devices in tables.
QColor userDeviceColour(Theme theme);

QString themeName(Theme theme);
Theme themeFromName(const QString& name);

/// The UI font's size at text scale 1 (Qt's usual default); the ImGui canvases match it.
constexpr double baseFontPointSize = 10.0;
/// Allowed font scales and their step.
constexpr double minFontScale = 0.8;
constexpr double maxFontScale = 2.5;
constexpr double fontScaleStep = 0.1;

} // namespace accelscope::gui
