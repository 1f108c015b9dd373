// SPDX-License-Identifier: MIT
// MemoryPyramidPage: the local machine from hwloc, catalog updates, measurements.
#include "app/gui/memory/memory_pyramid_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "labs/machine/machine_info.hpp"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPyramid, "accelscope.pyramid")

namespace accelscope::gui {
namespace {

std::pair<std::optional<models::memory::MemoryPyramid>, std::string> localPyramid()
{
    const auto info = labs::machine::describeLocalMachine();
    if (!info) {
        qCWarning(lcPyramid) << "hwloc:" << QString::fromStdString(info.error().message);
        return {std::nullopt, "hwloc could not read the topology: " + info.error().message};
    }
    models::memory::LocalMachine m{info->cpuModel, {}, info->memoryBytes, info->topologySource};
    for (const auto& c : info->caches) m.caches.push_back({c.level, c.type, c.sizeBytes, c.instances});
    return {models::memory::localPyramid(m), {}};
}

} // namespace

MemoryPyramidPage::MemoryPyramidPage(AppContext& context, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Levels from registers to the network; width grows with log capacity. Drag 'move N bytes' to see the "
                    "time at every level. Unknown figures say why; the labs measure this machine's."),
                 [this] { return m_visualizer.svg(); }, parent),
      m_visualizer(context.catalog().devices, std::nullopt, {})
{
    setObjectName("memory-pyramid");
    auto [local, problem] = localPyramid();
    m_visualizer = memory::PyramidVisualizer(context.catalog().devices, std::move(local), std::move(problem));
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_visualizer.setCatalog(context.catalog().devices);
        canvas()->update();
    });
}

void MemoryPyramidPage::showMeasured(const labs::MeasuredPyramid& measured)
{
    m_visualizer.showMeasured(measured);
    canvas()->update();
    emit statusMessage(tr("Memory pyramid: showing %1").arg(QString::fromStdString(measured.name)));
}

void MemoryPyramidPage::clearMeasured()
{
    m_visualizer.clearMeasured();
    canvas()->update();
}

} // namespace accelscope::gui
