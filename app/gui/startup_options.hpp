// SPDX-License-Identifier: MIT
// Command-line options of the desktop app and the objects main() builds from them.
#pragma once

#include <QElapsedTimer>
#include <QSize>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <expected>
#include <filesystem>
#include <memory>
#include <vector>

class QApplication;
class QCoreApplication;

namespace accelscope::gui {

class MainWindow;

struct StartupOptions {
    QString catalogDb;      ///< --db
    QString userDb;         ///< --user-db
    QString settingsFile;   ///< --settings (an INI file; default: the platform's settings)
    QString page;           ///< --page NAME
    QString lesson;         ///< --lesson ID: the Lessons page, on this lesson
    QStringList compare;    ///< --compare ID,ID,…
    QString screenshotDir;  ///< --screenshots DIR: capture every page and exit
    QString theme;          ///< --theme light|dark (overrides the saved theme)
    double fontScale = 0.0; ///< --font-scale (overrides the saved scale; 0 = keep)
    bool startupProbe = false;
    QSize windowSize;       ///< --size WxH (the window's size; invalid = the saved one)
    bool presenter = false; ///< --presenter: start in presenter mode

    bool headlessTask() const { return startupProbe || !screenshotDir.isEmpty(); }
};

/// Parses the command line; `--help` and `--version` print and exit (they need no display, so main
/// parses them with a QCoreApplication before any window system is touched).
std::expected<StartupOptions, QString> parseStartupOptions(QCoreApplication& app);
/// Parses `arguments` (the program's name first) as the app does, but --help and --version
/// print nothing and exit nothing (tests; main routes them with asksForTextOnly first).
std::expected<StartupOptions, QString> parseStartupOptions(const QStringList& arguments);
/// Whether the arguments ask only for text (--help, --help-all, -h, --version, -v).
bool asksForTextOnly(int argc, char** argv);
/// The --page option's help: every page module's id, in the order of the section list.
QString pageOptionHelp();
/// On X11/Wayland systems: why no window can be opened (no DISPLAY, no WAYLAND_DISPLAY, no
/// QT_QPA_PLATFORM and no -platform argument), as one line for the user; empty when one may be.
QString noDisplayReason(int argc, char** argv);
std::vector<std::filesystem::path> catalogCandidates(const StartupOptions& options);
std::filesystem::path userDatabasePath(const StartupOptions& options);
std::unique_ptr<QSettings> makeSettings(const StartupOptions& options);

/// Prints milliseconds from main() to the first painted frame of `window` on stdout, then quits.
void armStartupProbe(QApplication& app, MainWindow& window, const QElapsedTimer& sinceMain);

} // namespace accelscope::gui
