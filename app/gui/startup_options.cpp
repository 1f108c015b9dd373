// SPDX-License-Identifier: MIT
// Startup options, paths and the startup-time probe.
#include "app/gui/startup_options.hpp"

#include "app/gui/first_paint_probe.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/page_module.hpp"
#include "models/catalog/catalog_set.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QStandardPaths>

#include <string_view>

namespace accelscope::gui {

bool asksForTextOnly(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--help" || arg == "--help-all" || arg == "-h" || arg == "--version" || arg == "-v") return true;
    }
    return false;
}

QString noDisplayReason(int argc, char** argv)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "-platform") return {};
    }
    if (!qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
        !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        return {};
    }
    return QStringLiteral("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); start it in a "
                          "desktop session or under xvfb-run, or use accelscope-cli for everything headless");
#else
    Q_UNUSED(argc);
    Q_UNUSED(argv);
    return {};
#endif
}

QString pageOptionHelp()
{
    QStringList ids;
    for (const auto& module : pageList()) ids << QString::fromStdString(module.id);
    return QStringLiteral("Open this page: its id (%1) or title.").arg(ids.join(", "));
}

namespace {

// `printTextOptions`: --help and --version print and exit the process (the app); otherwise they
// are ignored (the caller decided before, with asksForTextOnly).
std::expected<StartupOptions, QString> parseArguments(const QStringList& arguments, bool printTextOptions)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Accelscope: explorer and hands-on lab for AI hardware");
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db("db", "Bundled catalog database.", "file");
    const QCommandLineOption userDb("user-db", "User database (your devices).", "file");
    const QCommandLineOption settings("settings", "Settings file (INI) instead of the platform default.", "file");
    const QCommandLineOption page("page", pageOptionHelp(), "name");
    const QCommandLineOption lesson("lesson", "Open the Lessons page on this lesson (its id, as `accelscope-cli lesson list` prints it).", "id");
    const QCommandLineOption compare("compare", "Devices to compare, comma-separated ids.", "ids");
    const QCommandLineOption screenshots("screenshots", "Save a PNG of every page into a folder and exit.", "dir");
    const QCommandLineOption theme("theme", "Colour theme: light, dark or high-contrast.", "name");
    const QCommandLineOption fontScale("font-scale", "Text size factor, 0.8 to 2.5 (projectors: 1.5-2.5).", "factor");
    const QCommandLineOption probe("startup-probe", "Print milliseconds from main to the first painted frame and exit.");
    const QCommandLineOption size("size", "Window size in pixels, WIDTHxHEIGHT (e.g. 1024x768, as a projector).", "WxH");
    const QCommandLineOption presenter("presenter", "Start in presenter mode (full screen, large text; Esc leaves).");
    parser.addOptions({db, userDb, settings, page, lesson, compare, screenshots, theme, fontScale, probe, size, presenter});
    if (!parser.parse(arguments)) return std::unexpected(parser.errorText());
    if (printTextOptions && parser.isSet("help")) parser.showHelp(0);
    if (printTextOptions && parser.isSet("version")) parser.showVersion();
    StartupOptions options;
    options.catalogDb = parser.value(db);
    options.userDb = parser.value(userDb);
    if (parser.isSet(settings)) {
        // QSettings replaces its file by rename: a symlink would become a plain file and a FIFO or a
        // device would be replaced. Write the link's target, and refuse what is not a regular file.
        auto target = models::catalog::writableFileTarget(parser.value(settings).toStdString());
        if (!target) return std::unexpected(QStringLiteral("--settings %1").arg(QString::fromStdString(target.error().message)));
        options.settingsFile = QString::fromStdString(target->string());
    }
    options.page = parser.value(page);
    options.lesson = parser.value(lesson);
    options.compare = parser.value(compare).split(',', Qt::SkipEmptyParts);
    options.screenshotDir = parser.value(screenshots);
    options.startupProbe = parser.isSet(probe);
    options.theme = parser.value(theme);
    if (!options.theme.isEmpty() && options.theme != "light" && options.theme != "dark" && options.theme != "high-contrast") {
        return std::unexpected(QStringLiteral("--theme must be light, dark or high-contrast, not '%1'").arg(options.theme));
    }
    if (parser.isSet(fontScale)) {
        bool ok = false;
        options.fontScale = parser.value(fontScale).toDouble(&ok);
        if (!ok || !(options.fontScale >= 0.8 && options.fontScale <= 2.5)) { // NaN fails both comparisons
            return std::unexpected(QStringLiteral("--font-scale must be a number from 0.8 to 2.5, not '%1'")
                                       .arg(parser.value(fontScale)));
        }
    }
    options.presenter = parser.isSet(presenter);
    if (parser.isSet(size)) {
        const QStringList parts = parser.value(size).split('x');
        bool okW = false, okH = false;
        const int w = parts.size() == 2 ? parts[0].toInt(&okW) : 0;
        const int h = parts.size() == 2 ? parts[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 640 || h < 480 || w > 7680 || h > 4320) {
            return std::unexpected(QStringLiteral("--size must be WIDTHxHEIGHT from 640x480 to 7680x4320, not '%1'").arg(parser.value(size)));
        }
        options.windowSize = QSize(w, h);
    }
    return options;
}

} // namespace

std::expected<StartupOptions, QString> parseStartupOptions(QCoreApplication& app)
{
    return parseArguments(app.arguments(), true);
}

std::expected<StartupOptions, QString> parseStartupOptions(const QStringList& arguments)
{
    return parseArguments(arguments, false);
}

std::vector<std::filesystem::path> catalogCandidates(const StartupOptions& options)
{
    if (!options.catalogDb.isEmpty()) return {options.catalogDb.toStdString()};
    if (const QByteArray over = qgetenv("ACCELSCOPE_CATALOG_DB"); !over.isEmpty()) return {over.toStdString()};
    return models::catalog::bundledCatalogCandidates(QApplication::applicationDirPath().toStdString());
}

std::filesystem::path userDatabasePath(const StartupOptions& options)
{
    if (!options.userDb.isEmpty()) return options.userDb.toStdString();
    if (const QByteArray over = qgetenv("ACCELSCOPE_USER_DB"); !over.isEmpty()) return over.toStdString();
    // AppDataLocation is ~/.local/share/accelscope on Linux: the same file the CLI uses.
    return (QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/user.db").toStdString();
}

std::unique_ptr<QSettings> makeSettings(const StartupOptions& options)
{
    if (!options.settingsFile.isEmpty()) return std::make_unique<QSettings>(options.settingsFile, QSettings::IniFormat);
    return std::make_unique<QSettings>(QStringLiteral("accelscope"), QStringLiteral("accelscope"));
}

void armStartupProbe(QApplication& app, MainWindow& window, const QElapsedTimer& sinceMain)
{
    app.installEventFilter(new FirstPaintProbe(&window, sinceMain, &app));
}

} // namespace accelscope::gui
