// SPDX-License-Identifier: MIT
// The start-up reference: a bare Qt 6 window with one QOpenGLWidget, timed from main() to its
// first painted frame by the same probe as `accelscope --startup-probe` (scripts/startup-compare.sh
// runs both, interleaved). Not installed; not a ctest entry.
#include "app/gui/first_paint_probe.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>
#include <QStringList>
#include <QVBoxLayout>
#include <QWidget>

#include <cstdio>

namespace {

// Clears to a colour, so its first frame is a real OpenGL frame like the app's canvases.
class ClearedCanvas : public QOpenGLWidget, protected QOpenGLFunctions {
public:
    using QOpenGLWidget::QOpenGLWidget;

protected:
    void initializeGL() override { initializeOpenGLFunctions(); }
    void paintGL() override
    {
        glClearColor(0.2f, 0.3f, 0.4f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
};

} // namespace

int main(int argc, char** argv)
{
    QElapsedTimer sinceMain;
    sinceMain.start();
    QApplication app(argc, argv);
    // --size WxH, as accelscope takes it (the compare script gives both the same size).
    int width = 1280;
    int height = 800;
    const QStringList args = QApplication::arguments();
    if (const qsizetype at = args.indexOf("--size"); at >= 0) {
        const QStringList parts = at + 1 < args.size() ? args[at + 1].split('x') : QStringList();
        bool okW = false;
        bool okH = false;
        if (parts.size() == 2) {
            width = parts[0].toInt(&okW);
            height = parts[1].toInt(&okH);
        }
        if (!okW || !okH || width < 1 || height < 1) {
            std::fprintf(stderr, "bare_qt_window: error: --size must be WIDTHxHEIGHT\n");
            return 2;
        }
    }
    QWidget window;
    window.setWindowTitle("bare Qt window");
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(new ClearedCanvas(&window));
    window.resize(width, height);
    window.show();
    app.installEventFilter(new accelscope::gui::FirstPaintProbe(&window, sinceMain, &app));
    return QApplication::exec();
}
