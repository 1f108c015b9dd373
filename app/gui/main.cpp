// SPDX-License-Identifier: MIT
// accelscope: the desktop app. Builds the application context and the main window.
#include "app/gui/app_context.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/page_capture.hpp"
#include "app/gui/plain_message_box.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "app/gui/startup_options.hpp"

#include "accelscope/config.hpp"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QOpenGLContext>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

Q_LOGGING_CATEGORY(lcMain, "accelscope.main")

namespace {

using namespace accelscope::gui;

// --help and --version print text and exit; they work without a display (no QApplication).
int printText(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("accelscope");
    QCoreApplication::setApplicationVersion(ACCELSCOPE_VERSION);
    if (auto options = parseStartupOptions(app); !options) { // prints the text and exits when asked to
        std::fprintf(stderr, "accelscope: error: %s\n", qPrintable(options.error()));
        return 2;
    }
    return 0;
}

int run(int argc, char** argv, const QElapsedTimer& sinceMain)
{
    if (asksForTextOnly(argc, argv)) return printText(argc, argv);
    if (const QString reason = noDisplayReason(argc, argv); !reason.isEmpty()) {
        std::fprintf(stderr, "accelscope: error: %s\n", qPrintable(reason)); // rather than Qt's abort
        return 1;
    }
    // What each step of the start costs, printed by --startup-probe before the first-frame time.
    std::vector<std::pair<const char*, double>> phases;
    const auto phaseDone = [&](const char* name) { phases.emplace_back(name, static_cast<double>(sinceMain.nsecsElapsed()) / 1e6); };
    QApplication app(argc, argv);
    phaseDone("application");
    QApplication::setApplicationName("accelscope");
    QApplication::setApplicationDisplayName("Accelscope");
    QApplication::setApplicationVersion(ACCELSCOPE_VERSION);
    QApplication::setWindowIcon(QIcon(":/icons/accelscope.svg"));

    auto options = parseStartupOptions(app);
    if (!options) {
        std::fprintf(stderr, "accelscope: error: %s\n", qPrintable(options.error()));
        return 2;
    }
    // The visualizers draw with OpenGL (QOpenGLWidget). A platform without it (offscreen, some
    // remote displays) is told so, instead of crashing when the first canvas appears.
    // Platforms whose windows cannot host a QOpenGLWidget even when a context can be made
    // (offscreen borrows GLX when DISPLAY is set, but still has no GL surfaces for widgets).
    const QStringList noGlWidgets{"offscreen", "minimal", "linuxfb", "vnc"};
    if (QOpenGLContext probe; noGlWidgets.contains(QGuiApplication::platformName()) || !probe.create()) {
        const QString message = QStringLiteral("this display (platform '%1') offers no OpenGL context; Accelscope's "
                                               "visualizers need one. Use an X11 or Wayland display (or xvfb-run), or "
                                               "accelscope-cli for everything headless.")
                                    .arg(QGuiApplication::platformName());
        std::fprintf(stderr, "accelscope: error: %s\n", qPrintable(message));
        return 1;
    }
    phaseDone("opengl_check");
    AppContext context(catalogCandidates(*options), userDatabasePath(*options), makeSettings(*options));
    if (auto loaded = context.reload(); !loaded) {
        const QString message = QString::fromStdString(loaded.error().message);
        std::fprintf(stderr, "accelscope: error: %s\n", qPrintable(message));
        if (!options->headlessTask()) plainMessageBox(QMessageBox::Critical, "Accelscope", message)->exec();
        return 1;
    }
    phaseDone("catalog");
    MainWindow window(context);
    phaseDone("window");
    if (!options->page.isEmpty()) {
        const int index = window.pageIndex(resolvePageId(options->page.toStdString()));
        if (index < 0) {
            QStringList ids;
            for (int i = 0; i < window.pageCount(); ++i) ids << QString::fromStdString(window.pageId(i));
            std::fprintf(stderr, "accelscope: error: --page: no page '%s' (pages: %s)\n", qPrintable(options->page), qPrintable(ids.join(", ")));
            return 2;
        }
        window.showPage(index);
    }
    if (!options->lesson.isEmpty()) {
        const int index = window.pageIndex("lessons");
        window.showPage(index);
        auto* lessons = qobject_cast<LessonsPage*>(window.page(index));
        if (lessons == nullptr || !lessons->openLesson(options->lesson)) {
            std::fprintf(stderr, "accelscope: error: --lesson: no lesson '%s' (accelscope-cli lesson list shows the ids)\n",
                         qPrintable(options->lesson));
            return 2;
        }
    }
    if (options->compare.size() >= 2) window.openPage("compare", {{"devices", options->compare.join(',').toStdString()}});
    if (!options->theme.isEmpty()) window.setTheme(themeFromName(options->theme));
    if (options->fontScale > 0) window.setFontScale(options->fontScale);
    if (options->windowSize.isValid()) window.resize(options->windowSize);
    window.show();
    if (options->presenter) window.presenter()->setActive(true);
    phaseDone("show");

    if (options->startupProbe) {
        // Milliseconds since main() at the end of each step; startup_ms follows at the first frame.
        for (const auto& [name, ms] : phases) std::printf("startup_phase %s %.1f\n", name, ms);
        armStartupProbe(app, window, sinceMain);
    } else if (!options->screenshotDir.isEmpty()) {
        QTimer::singleShot(0, &window, [&] {
            QDir dir(options->screenshotDir);
            dir.mkpath(".");
            int blank = 0;
            for (const auto& capture : capturePages(window, &dir)) {
                std::printf("%s: %s (%d colours)%s\n", qPrintable(capture.name), qPrintable(capture.file),
                            capture.distinctColours, capture.blank ? " BLANK" : "");
                blank += capture.blank ? 1 : 0;
            }
            QApplication::exit(blank == 0 ? 0 : 3);
        });
    }
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv)
{
    QElapsedTimer sinceMain;
    sinceMain.start();
    Q_INIT_RESOURCE(accelscope); // resources live in the static GUI library

    try {
        return run(argc, argv, sinceMain);
    } catch (const std::exception& e) {
        qCCritical(lcMain) << "unhandled exception:" << e.what();
    } catch (...) {
        qCCritical(lcMain) << "unhandled exception";
    }
    return 1;
}
