// SPDX-License-Identifier: MIT
// Page capture for screenshots and smoke tests.
#include "app/gui/page_capture.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/multi_view_page.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSet>
#include <QThread>

namespace accelscope::gui {
namespace {

// Lets queued paints and canvas frames happen; returns when every visible canvas drew a new frame
// or after `timeoutMs`.
void settle(QWidget* page, int timeoutMs)
{
    QList<ImGuiCanvas*> canvases = page->findChildren<ImGuiCanvas*>();
    QList<int> before;
    for (ImGuiCanvas* canvas : canvases) before << canvas->framesRendered();
    for (ImGuiCanvas* canvas : canvases) canvas->update();
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        bool done = timer.elapsed() > 150;
        for (int i = 0; i < canvases.size(); ++i) {
            if (canvases[i]->isVisible() && canvases[i]->framesRendered() <= before[i] + 1) done = false;
        }
        if (done) return;
        QThread::msleep(10);
    }
}

} // namespace

int distinctColours(const QImage& image, int step)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += step) {
        for (int x = 0; x < image.width(); x += step) {
            colours.insert(image.pixel(x, y) & 0xFFFFFFu);
            if (colours.size() > 4096) return static_cast<int>(colours.size());
        }
    }
    return static_cast<int>(colours.size());
}

namespace {

PageCapture captureWindow(MainWindow& window, QWidget* page, const QString& name, const QString& fileStem,
                          const QDir* dir)
{
    settle(page, 3000);
    PageCapture capture;
    capture.name = name;
    capture.image = window.grab().toImage();
    capture.distinctColours = distinctColours(capture.image);
    // A page with text, a table and bars has hundreds of colours; a blank or black one has 1–3.
    capture.blank = capture.distinctColours < 16;
    if (dir != nullptr) {
        capture.file = dir->filePath(fileStem + ".png");
        capture.image.save(capture.file, "PNG");
    }
    return capture;
}

} // namespace

std::vector<PageCapture> capturePages(MainWindow& window, const QDir* dir)
{
    std::vector<PageCapture> out;
    for (int i = 0; i < window.pageCount(); ++i) {
        window.showPage(i);
        QWidget* page = window.page(i);
        // Named by the page's id (the module's folder): "06-roofline.png".
        const QString stem = QStringLiteral("%1-%2").arg(i + 1, 2, 10, QChar('0')).arg(QString::fromStdString(window.pageId(i)));
        auto* views = dynamic_cast<MultiViewPage*>(page);
        if (views == nullptr) {
            out.push_back(captureWindow(window, page, window.pageName(i), stem, dir));
            continue;
        }
        for (int v = 0; v < views->viewCount(); ++v) {
            views->showView(v);
            out.push_back(captureWindow(window, page, window.pageName(i) + "/" + views->viewName(v),
                                        stem + "-" + views->viewName(v), dir));
        }
        views->showView(0);
    }
    return out;
}

} // namespace accelscope::gui
