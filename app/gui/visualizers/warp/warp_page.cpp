// SPDX-License-Identifier: MIT
// WarpPage: frames export.
#include "app/gui/visualizers/warp/warp_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>

namespace accelscope::gui {

WarpPage::WarpPage(QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Space plays/pauses, arrows step. Edit the program or the data on the left; both execution models "
                    "update at once."),
                 [this] { return m_visualizer.svg(); }, parent)
{
    setObjectName("warp-divergence");
    auto* frames = new QPushButton(tr("Export frames…"), this);
    frames->setToolTip(tr("One PNG per step of the playback, for an animated slide"));
    buttonRow()->addWidget(frames);
    connect(frames, &QPushButton::clicked, this, [this] { exportFrames(); });
}

int WarpPage::exportFrames(const QString& requested)
{
    QString folder = requested;
    if (folder.isEmpty()) {
        folder = QFileDialog::getExistingDirectory(this, tr("Folder for the frames"));
        if (folder.isEmpty()) return 0;
    }
    QDir dir(folder);
    if (!dir.mkpath(".")) return 0;
    const int saved = m_visualizer.step();
    const int steps = m_visualizer.stepCount();
    int written = 0;
    for (int step = 0; step <= steps; ++step) {
        m_visualizer.setStep(step);
        const QImage frame = canvas()->grabFramebuffer(); // renders the current state
        if (frame.save(dir.filePath(QStringLiteral("frame-%1.png").arg(step, 4, 10, QChar('0'))), "PNG")) ++written;
    }
    m_visualizer.setStep(saved);
    canvas()->update();
    emit statusMessage(tr("Saved %1 frames in %2").arg(written).arg(folder));
    return written;
}

} // namespace accelscope::gui
